import Foundation
import TestSupport
import Testing

/// A smoke run of the benchmark driver (`Benchmarks/driver.py`): one iteration of
/// `tooltip-tui` against the C baseline under a pseudo-terminal. It checks that every figure
/// gets measured, never how fast anything is: speed is the benchmarks' business, not a test's.
@Suite("Benchmark driver smoke run", .serialized)
struct BenchmarkDriverSmokeTests {
  @Test("the minimal-encoding arithmetic matches screens worked out by hand")
  func minimalEncodingSelfTest() throws {
    let result = try BenchmarkTools.run(BenchmarkTools.python, [BenchmarkTools.driver, "--self-test"])
    #expect(result.status == 0, "driver self-test: \(result.output)")
  }

  @Test("the start-up order lists small sections' functions before a large section's")
  func startupOrderSelfTest() throws {
    let script = Repository.path("Benchmarks/startup_order.py")
    let result = try BenchmarkTools.run(BenchmarkTools.python, [script, "--self-test"])
    #expect(result.status == 0, "startup_order.py self-test: \(result.output)")
  }

  @Test("one iteration measures both programs: first frame, bytes, round trips, idle, memory")
  func oneIteration() throws {
    let scratch = try TemporaryDirectory()
    let baseline = scratch.path("baseline")
    let source = Repository.path("Benchmarks/baseline/baseline.c")
    let compiled = try BenchmarkTools.run(
      try BenchmarkTools.cCompiler(), ["-O2", "-o", baseline, source, "-lncursesw"])
    try #require(compiled.status == 0, "compiling the baseline: \(compiled.output)")

    let json = scratch.path("results.json")
    let driven = try BenchmarkTools.run(
      BenchmarkTools.python,
      [
        BenchmarkTools.driver, "--tui", BenchmarkTools.tui, "--baseline", baseline, "-n", "1",
        "--idle", "0.2", "--repeats", "1", "--json", json,
      ])
    try #require(driven.status == 0, "driver: \(driven.output)")

    let record = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
    #expect((record["failures"] as? [Any])?.isEmpty == true)
    let runs = try #require(record["runs"] as? [String: [[String: Any]]])
    for side in ["A", "B"] {
      let run = try #require(runs[side]?.first, "no run of \(side)")
      for figure in [
        "first_frame_ms", "first_frame_bytes", "open_bytes", "open_rt_ms", "close_bytes", "close_rt_ms",
        "tab_bytes", "tab_rt_ms", "click_open_bytes", "click_close_bytes", "peak_rss_kb",
      ] {
        let value = (run[figure] as? NSNumber)?.doubleValue
        #expect((value ?? 0) > 0, "\(side) \(figure) = \(String(describing: value))")
      }
      for figure in ["idle_closed_ticks", "idle_closed_wakeups", "idle_open_ticks", "idle_open_wakeups"] {
        #expect(run[figure] is NSNumber, "\(side) \(figure) missing")
      }
      #expect((run["exit_status"] as? NSNumber)?.intValue == 0, "\(side) did not quit cleanly on q")
    }

    // The byte budget (BENCHMARKS.md): what the writer's optimisations that stayed buy
    // (`TerminalOutput`: a Tab 1.33x the minimal encoding without deleting characters, the first
    // open 1.22x without erasing blanks). Bytes are exact, not timings: the same on any machine.
    let minimal = try #require(
      record["minimal_encoding"] as? [String: [String: Any]], "no minimal encoding: \(driven.output)")
    let tui = try #require(runs["A"]?.first)
    for (figure, bound) in [
      ("open_cold_bytes", "open_first"), ("open_bytes", "open"), ("close_bytes", "close"), ("tab_bytes", "tab"),
    ] {
      let bytes = try #require((tui[figure] as? NSNumber)?.doubleValue, "\(figure)")
      let least = try #require((minimal[bound]?["bytes"] as? NSNumber)?.doubleValue, "minimal \(bound)")
      #expect(bytes <= 1.2 * least, "\(figure): \(bytes) B, more than 1.2x the minimal \(least) B")
    }
  }
}

extension BenchmarkDriverSmokeTests {
  @Test("the scale run measures many anchors, long copy and snapshot memory")
  func scaleRun() throws {
    let record = try #require(
      try BenchmarkTools.record(
        "scale.py",
        [
          "--tui", BenchmarkTools.tui, "-n", "1", "--keys", "2", "--anchors", "300", "--copy-mb", "0.05",
          "--snapshot-mb", "0.05",
        ]) as? [String: Any])
    let anchors = try #require(record["anchors"] as? [String: [String: Double]])
    for figure in ["tab_ms", "arrow_ms", "click_ms", "peak_rss_kb"] {
      #expect((anchors[figure]?["many"] ?? 0) > 0, "anchors \(figure)")
      #expect((anchors[figure]?["few"] ?? 0) > 0, "anchors \(figure)")
    }
    let copy = try #require(record["copy"] as? [String: [String: Double]])
    for figure in ["open_ms", "key_open_ms"] {
      #expect((copy[figure]?["long"] ?? 0) > 0, "copy \(figure)")
    }
    let snapshots = try #require(record["snapshot"] as? [[String: Double]])
    #expect(snapshots.count == 2)
    #expect(snapshots.allSatisfy { ($0["peak_rss_kb"] ?? 0) > 0 })
  }
}

extension BenchmarkDriverSmokeTests {
  @Test("the scene file run measures the built-in scene, a 1 KB and a 100 KB file")
  func sceneFileRun() throws {
    let record = try #require(
      try BenchmarkTools.record("scenefile.py", [BenchmarkTools.tui, "--names", "tui", "-n", "1", "--no-callgrind"])
        as? [String: [String: [String: Any]]])
    let cases = try #require(record["tui"])
    #expect(cases.count == 3)
    #expect(cases.keys.contains("built-in"))
    for (scene, figures) in cases {
      for figure in ["peak_rss_kb", "wall_ms", "cpu_ms", "faults"] {
        let value = (figures[figure] as? NSNumber)?.doubleValue
        #expect((value ?? 0) > 0, "\(scene) \(figure) = \(String(describing: value))")
      }
    }
  }
}

extension BenchmarkDriverSmokeTests {
  @Test("the fault count reads each build's first frame, in turn")
  func faultsRun() throws {
    let record = try #require(
      try BenchmarkTools.record("faults.py", ["a=\(BenchmarkTools.tui)", "b=\(BenchmarkTools.tui)", "-n", "2"])
        as? [String: [Int]])
    #expect(record.keys.sorted() == ["a", "b"])
    for (build, counts) in record {
      #expect(counts.count == 2, "\(build): \(counts)")
      // A Swift program that starts curses and draws a frame takes a few hundred faults.
      #expect(counts.allSatisfy { $0 > 100 }, "\(build): \(counts)")
    }
  }

  @Test("the in-program run measures both examples that own ncurses, each figure of both builds")
  func inProgramRun() throws {
    // The build as it is stands for both sides here: the smoke run checks that every figure gets
    // measured, not what the component adds.
    let folder = URL(fileURLWithPath: Binary.sibling("job-monitor")).deletingLastPathComponent().path
    let record = try #require(
      try BenchmarkTools.record(
        "inprogram.py",
        ["--with", folder, "--without", folder, "-n", "1", "--repeats", "1", "--idle", "1.2", "--no-callgrind"])
        as? [String: [String: Any]])
    for (program, periodic) in [("job-monitor", "tick_bytes"), ("toolbar-own-curses", "idle_bytes")] {
      let wall = try #require(record[program]?["wall"] as? [String: [String: Double]], "no figures of \(program)")
      for figure in ["first_frame_ms", "first_frame_cpu_ms", "first_frame_rss_kb", "peak_rss_kb", "Down bytes"] {
        for build in ["with", "without"] {
          #expect((wall[figure]?[build] ?? 0) > 0, "\(program) \(figure) \(build)")
        }
      }
      #expect(wall[periodic]?["with"] != nil, "\(program) \(periodic)")
      #expect((wall["bubble_rss_kb"]?["with"] ?? 0) > 0, "\(program) peak RSS after a bubble")
    }
  }
}

/// Paths and a process runner for the smoke run.
private enum BenchmarkTools {
  static let driver = Repository.path("Benchmarks/driver.py")
  static let tui = Binary.path
  static let python = Binary.onPath("python3") ?? "/usr/bin/python3"

  /// `cc`, else the `clang` that comes with the Swift toolchain.
  static func cCompiler() throws -> String {
    guard let compiler = Binary.onPath("cc") ?? Binary.onPath("clang") else {
      throw SpawnError(message: "no cc or clang on PATH")
    }
    return compiler
  }

  /// Runs `program` to its end (killing it after 60 s) and returns its status and its
  /// stdout and stderr together (the last 2,000 characters).
  static func run(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=no"
    let result = try runProcess(
      program, arguments, environment: environment, mergingStderr: true, timeout: .seconds(60))
    return (result.status, String(result.text.suffix(2000)))
  }

  /// Runs `Benchmarks/SCRIPT` with `arguments` and `--json FILE`, requires it to end with
  /// status 0, and returns what it wrote to FILE: each smoke run's figures.
  static func record(_ script: String, _ arguments: [String]) throws -> Any {
    let scratch = try TemporaryDirectory()
    let json = scratch.path("record.json")
    let ran = try run(python, [Repository.path("Benchmarks/\(script)")] + arguments + ["--json", json])
    try #require(ran.status == 0, "\(script): \(ran.output)")
    return try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json)))
  }
}
