print("tooltip-tui 0.1.0")
