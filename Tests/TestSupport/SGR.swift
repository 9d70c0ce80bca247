/// `text` without its SGR sequences (`ESC [ ... m`): what a terminal shows of SGR output.
public func stripSGR(_ text: String) -> String {
  var out = String.UnicodeScalarView()
  var inside = false
  for scalar in text.unicodeScalars {
    if inside {
      if scalar == "m" { inside = false }
    } else if scalar == "\u{1B}" {
      inside = true
    } else {
      out.append(scalar)
    }
  }
  return String(out)
}
