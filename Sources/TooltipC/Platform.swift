// TooltipC builds on Linux with glibc only, as TooltipCurses does (the README's "Platforms" says
// why, and what a port to another system would need); anywhere else the build stops here with
// one clear line.
#if !os(Linux) || !canImport(Glibc)
  #error("TooltipKit builds on Linux with glibc only (see the README's \"Platforms\")")
#endif
