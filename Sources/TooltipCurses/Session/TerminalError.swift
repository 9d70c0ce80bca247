import TooltipKit

/// Why a terminal session could not start: the program is not in a usable terminal.
///
/// Each case reads as one line for stderr; a program exits 2 on any of them.
public enum TerminalError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Standard input or output is not a terminal (a pipe, a file, /dev/null).
  case notATerminal(stream: String)
  /// Standard input is a terminal opened for writing only: nothing could ever be read.
  case notReadable(stream: String)
  /// `TERM` is unset or empty.
  case termUnset
  /// No terminfo entry for `TERM`.
  case unknownTerminal(String)
  /// No terminfo database could be found at all.
  case noTerminfoDatabase
  /// The terminal cannot address the cursor (`dumb`, hard-copy, no `cup`).
  case noCursorAddressing(String)
  /// ncurses refused to start on this terminal.
  case startFailed(String)
  /// Another session of this process has not ended: one terminal, one session (a second would
  /// save the first one's curses modes as the shell's, and leave them behind).
  case sessionActive

  /// The problem in a few words.
  public var description: String {
    switch self {
    case .notATerminal(let stream): "\(stream) is not a terminal"
    case .notReadable(let stream): "\(stream) is a terminal open for writing only"
    case .termUnset: "TERM is not set"
    case .unknownTerminal(let name): "unknown terminal type '\(Self.shown(name))' (TERM)"
    case .noTerminfoDatabase: "no terminfo database found"
    case .noCursorAddressing(let name): "terminal type '\(Self.shown(name))' cannot move the cursor (TERM)"
    case .startFailed(let name): "cannot start curses on terminal type '\(Self.shown(name))'"
    case .sessionActive: "a terminal session is already running in this process"
    }
  }

  /// A terminal name as a message shows it: sanitized, and cut after 40 characters (a TERM
  /// of 100,000 characters must not make the one line 100,000 characters long).
  static func shown(_ name: String) -> String {
    let clean = Text.sanitize(name)
    guard clean.count > 40 else { return clean }
    return String(clean.prefix(40)) + "... (\(name.utf8.count) bytes)"
  }

  /// The longest terminal name terminfo can hold: an entry is a file named after it, and a
  /// file name has at most 255 bytes (NAME_MAX). ncurses answers a longer name as if there
  /// were no database at all.
  static let maxNameBytes = 255
}
