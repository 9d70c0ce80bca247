import TooltipKit

/// Text from a file or a command line quoted in a one-line error: an id, an option, a file's
/// name.
///
/// Such text is anyone's: it is sanitized, so no byte of it reaches the terminal as a control
/// sequence, and cut, so the error stays one readable line.
enum ErrorText {
  /// The most columns of quoted text an error line shows; longer text is cut with `…`.
  static let maxColumns = 80

  /// `text` sanitized and, when longer than ``maxColumns`` display columns, cut to them and
  /// ended in `…`.
  static func display(_ text: String) -> String {
    Text.truncate(text, to: maxColumns + 1)
  }
}
