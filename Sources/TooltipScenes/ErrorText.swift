import TooltipKit

/// Text from a file or a command line quoted in a one-line error: an id, a JSON key, a file's
/// name.
///
/// Such text is anyone's: it is sanitized, so no byte of it reaches the terminal as a control
/// sequence, and cut, so the error stays one readable line.
public enum ErrorText {
  /// The most columns of quoted text an error line shows; longer text is cut with `…`.
  public static let maxColumns = 80

  /// `text` sanitized and cut to ``maxColumns`` display columns, ending in `…` when cut.
  public static func display(_ text: String) -> String {
    let clean = Text.sanitize(text)
    let units = Text.units(clean)
    var out = ""
    var width = 0
    for unit in units {
      if width + unit.width > maxColumns { return out + "…" }
      out += unit.text
      width += unit.width
    }
    return out
  }
}
