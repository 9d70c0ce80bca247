import TooltipKit

/// Text from a file or a command line quoted in a one-line error: an id, a JSON key, a file's
/// name.
///
/// Such text is anyone's: it is sanitized, so no byte of it reaches the terminal as a control
/// sequence, and cut, so the error stays one readable line.
@available(
  *, deprecated, message: "a demo's helper, to go in 0.3: use Text.truncate(_:to:ellipsis:) (sanitizes and cuts)"
)
public enum ErrorText {
  /// The most columns of quoted text an error line shows; longer text is cut with `…`.
  public static let maxColumns = 80

  /// `text` sanitized and, when longer than ``maxColumns`` display columns, cut to them and
  /// ended in `…`.
  public static func display(_ text: String) -> String {
    Text.truncate(text, to: maxColumns + 1)
  }
}
