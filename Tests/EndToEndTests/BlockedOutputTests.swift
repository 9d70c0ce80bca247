import Foundation
import TestSupport
import Testing

extension EndToEnd.StreamFuzz {
  /// A terminal that stops reading: the program's frame write blocks (the pty's queue is full),
  /// and SIGTERM must still end it within the fuzzer's signal deadline (2 s), exit status 143,
  /// terminal restored. Before, the program sat in `write` until the terminal read again.
  @Test func sigtermEndsTheDemoWhileItsOutputIsBlocked() throws {
    let files = try TemporaryDirectory()
    // One bubble filling a 300 x 80 screen: every Ctrl-L repaints some 30 KB, so a few of them
    // fill the queue between the program and a terminal that does not read.
    let words = Array(repeating: "lorem ipsum dolor sit amet", count: 1200).joined(separator: " ")
    try files.write(
      "big.json",
      #"{"maxTextWidth": 280, "anchors": [{"id": "big", "x": 150, "y": 1, "placement": "bottom", "#
        + #""headline": "Big", "supporting": "\#(words)"}]}"#)
    let scene = files.url.appendingPathComponent("big.json").path
    var actions = [#"["sleep", 300]"#, #"["stall"]"#]
    for _ in 0..<40 { actions += [#"["write", "0c"]"#, #"["sleep", 40]"#] }
    actions += [#"["sleep", 300]"#, #"["signal", \#(SIGTERM)]"#]
    let stream = """
      {"seed": 0, "index": 0, "args": ["--scene", "\(scene)", "--open", "big"], "early": false,
       "size": [300, 80], "env": {"TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"},
       "actions": [\(actions.joined(separator: ", "))]}
      """
    try files.write("stall.json", stream)
    let result = try fuzz(["--replay", files.url.appendingPathComponent("stall.json").path])
    #expect(result.status == 0, "\(result.text)\(result.stderr)")
    #expect(result.text.contains(": ok ("), "\(result.text)")
    // The case the test is for: the program was inside write(2) when the signal came.
    #expect(result.text.contains("blocked writing its output when the signal came"), "\(result.text)")
  }
}

extension EndToEnd.StreamFuzz {
  /// Stream 42 of the fuzzer's seed 1211: keys, mouse reports (some malformed), and SIGPROF right
  /// after the last release. The signal lands while curses is busy with that input, which it
  /// then waits out, and the read that follows waited for a key that never came: the program
  /// hung in 6 of 10 replays. Replayed five times, it must end each time with 155 within 2 s.
  @Test func aSignalArrivingAsInputIsReadEndsTheDemo() throws {
    let files = try TemporaryDirectory()
    let actions = """
      [["sleep", 30], ["write", "0c3164"], ["write", "1b5b3c36343b3235351b3b374d"], ["write", "000000"],
       ["write", "1b5b4d203136"], ["sleep", 0], ["write", "1b5b4d233136"], ["write", "1b5b4d20cc33"],
       ["write", "1b4f420c0c3f203f"], ["write", "854a4af86dac1f50"], ["write", "6c"], ["write", "c3a9e282ac"],
       ["write", "32323232"], ["write", "1b"], ["sleep", 30], ["write", "1b5b3c303b35363b31314d"], ["sleep", 0],
       ["write", "1b5b3c303b35363b31316d"], ["sleep", 5], ["write", "32"], ["write", "74"],
       ["write", "1b5b3c313b313a323b306d"], ["write", "1b5b3c323b37343b31304d"],
       ["write", "1b5b3c303b38303b31374d"], ["sleep", 20], ["write", "1b5b3c303b38303b31376d"],
       ["signal", \(SIGPROF)]]
      """
    try files.write(
      "stream.json",
      """
      {"seed": 1211, "index": 42, "args": ["--scene", "form", "--dismiss", "pass-through", "--fidelity", "file"],
       "early": false, "size": [100, 30],
       "env": {"TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "NO_COLOR": "1"},
       "actions": \(actions)}
      """)
    for _ in 0..<5 {
      let result = try fuzz(["--replay", files.url.appendingPathComponent("stream.json").path])
      #expect(result.status == 0 && result.text.contains(": ok ("), "\(result.text)\(result.stderr)")
    }
  }
}
