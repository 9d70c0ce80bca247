import Foundation
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
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains(": ok ("), "\(result.stdout)")
    // The case the test is for: the program was inside write(2) when the signal came.
    #expect(result.stdout.contains("blocked writing its output when the signal came"), "\(result.stdout)")
  }
}
