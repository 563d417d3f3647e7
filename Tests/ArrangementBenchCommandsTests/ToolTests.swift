import ArrangementBenchCommands
import BenchmarkCommands
import Foundation
import Testing

/// What one run of the tool printed and returned.
struct ToolRun {
  var status: Int32
  var standardOutput: String
  var standardError: String

  /// Standard output with the terminal's folded prose lines (120 columns,
  /// continued with two spaces) joined again, for a sentence that may break.
  var unfoldedOutput: String { standardOutput.replacingOccurrences(of: "\n  ", with: " ") }
}

/// Runs the tool in-process with captured streams and `input` on standard input;
/// `reportsToTerminal` makes standard error look like a terminal.
func runTool(_ arguments: [String], input: String = "", reportsToTerminal: Bool = false) -> ToolRun {
  final class Capture: @unchecked Sendable {
    var output = ""
    var error = ""
    var unread: ArraySlice<UInt8> = []
  }
  let capture = Capture()
  capture.unread = Array(input.utf8)[...]
  var terminal = Terminal(
    write: { capture.output += $0 }, report: { capture.error += $0 },
    readStandardInput: { limit in
      defer { capture.unread = capture.unread.dropFirst(limit) }
      return Array(capture.unread.prefix(limit))
    })
  terminal.reportsToTerminal = reportsToTerminal
  let status = Tool.main(arguments, terminal: terminal)
  return ToolRun(status: status, standardOutput: capture.output, standardError: capture.error)
}

let examplePath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().appendingPathComponent("Examples/book-posture.json").path

@Suite("The arrangement-bench command line")
struct ToolTests {
  @Test("solve reads a file and prints the answer of RULES.md §8")
  func solveFile() {
    let run = runTool(["solve", examplePath])
    #expect(run.status == 0)
    #expect(run.standardError.isEmpty)
    #expect(
      run.standardOutput.contains(
        #""secondary": {"visible": true, "zIndex": 0, "frame": {"x": 475, "y": 0, "width": 391, "height": 760}"#))
  }

  @Test("solve reads standard input for - and for no file")
  func solveStandardInput() {
    let scene = #"{"container": {"x": 0, "y": 0, "width": 300, "height": 300}}"#
    #expect(runTool(["solve", "-"], input: scene).status == 0)
    #expect(runTool(["solve"], input: scene).standardOutput.hasPrefix("{\n  \"splitAxis\": null"))
  }

  static let badInputs: [(String, String)] = [
    ("{", "$: malformed JSON at line 1, column 2: unexpected end of input, expected a string key"),
    (#"{"container": 3}"#, "$.container: expected an object, found a number"),
    (
      #"{"container": {"x": 0, "y": 0, "width": 1, "height": 1}, "layoutDirection": "upward"}"#,
      #"$.layoutDirection: unknown value "upward" (expected one of: "leftToRight", "rightToLeft")"#
    ),
    (
      #"[{"container": {"x": 0, "y": 0, "width": 1, "height": 1}}, {"container": {"x": 0, "y": 1e999, "width": 1, "height": 1}}]"#,
      "$[1].container.y: 1e999 is not a finite number"
    ),
    (#"{"safeArea": {}}"#, "$.container: required field is missing"),
  ]

  @Test("Bad input exits 2 with one line naming the field and prints no partial answer", arguments: badInputs)
  func badInput(input: String, message: String) {
    for subcommand in ["solve"] {
      let run = runTool([subcommand, "-"], input: input)
      #expect(run.status == 2)
      #expect(run.standardOutput.isEmpty)
      #expect(run.standardError == "arrangement-bench: \(message)\n")
    }
  }

  @Test("regions answers a query and refuses a bad one with status 2")
  func regions() {
    let query =
      #"{"view": {"x": 0, "y": 0, "width": 10, "height": 10}, "kind": "occlusion", "regions": [{"id": 4, "kind": "occlusion", "frame": {"x": 1, "y": 1, "width": 2, "height": 2}}]}"#
    let run = runTool(["regions"], input: query)
    #expect(run.status == 0)
    #expect(run.standardOutput.contains(#""id": 4"#))
    let bad = runTool(["regions"], input: #"{"view": {"x": 0, "y": 0, "width": 10, "height": 10}, "kind": "hinge"}"#)
    #expect(bad.status == 2 && bad.standardOutput.isEmpty)
    #expect(bad.standardError.contains("$.kind: unknown value \"hinge\""))
  }

  @Test("Each request's --help shows an error that request really gives")
  func helpExamples() {
    for (command, input) in [
      (
        "solve",
        #"{"container": {"x": 0, "y": 0, "width": 9, "height": 9}, "primary": {"width": {"preferred": {"fraction": 1.5}}}}"#
      ),
      ("regions", #"{"view": {"x": 0, "y": 0, "width": -1, "height": 9}, "kind": "division"}"#),
      (
        "displace",
        #"{"view": {"x": 0, "y": 0, "width": 9, "height": -9}, "purpose": "control", "elements": [{"x": 0, "y": 0, "width": 1, "height": 1}]}"#
      ),
      ("grid", #"{"frame": {"x": 0, "y": 0, "width": 900, "height": 9}, "minimumCellWidth": 0}"#),
    ] {
      let message = runTool([command, "-"], input: input).standardError
        .replacingOccurrences(of: "arrangement-bench: ", with: "").trimmingCharacters(in: .newlines)
      let help = runTool([command, "--help"]).standardOutput.replacingOccurrences(of: "\n", with: " ")
      #expect(!message.isEmpty && help.contains("`\(message)`"), "\(command): \(message)")
    }
  }

  @Test(
    "A scene file that cannot be read exits 1 (tool error, as the status table says); an unknown option or subcommand, 64 (usage)"
  )
  func usageErrors() {
    for (arguments, status) in [
      (["solve", "/nonexistent/scene.json"], Int32(1)), (["solve", "/"], 1), (["solve", "--fast"], 64),
      (["solve", "a", "b"], 64),
      (["fold"], 64), (["check", "--no-such-option"], 64), (["scenes", "--random", "0"], 64),
    ] {
      let run = runTool(arguments)
      #expect(run.status == status, "\(arguments)")
      #expect(run.standardOutput.isEmpty)
      #expect(run.standardError.hasPrefix("arrangement-bench: "))
    }
  }

  @Test(
    "--help works on the tool and on every subcommand",
    arguments: [
      ["help"], ["--help"], ["solve", "--help"], ["regions", "-h"], ["run", "--help"], ["check", "-h"],
      ["baseline", "--help"], ["compare", "--help"], ["merge", "--help"], ["list", "--help"],
    ])
  func help(arguments: [String]) {
    let run = runTool(arguments)
    #expect(run.status == 0)
    #expect(run.standardOutput.contains("USAGE: arrangement-bench"))
  }
}

@Suite("The displace and grid subcommands (RULES.md §6)")
struct DisplaceAndGridToolTests {
  static let book = #"""
    "regions": [{"id": 1, "kind": "division", "frame": {"x": 463.5, "y": 0, "width": 24, "height": 669},
                 "margins": {"left": 8, "right": 8}}]
    """#

  @Test("R25: displace moves an alert to the trailing side of a book and answers its frames")
  func displaceAlert() throws {
    let request = """
      {"view": {"x": 0, "y": 0, "width": 951, "height": 669}, "purpose": "transient",
       "elements": [{"x": 100, "y": 200, "width": 270, "height": 150}], \(Self.book)}
      """
    let run = runTool(["displace"], input: request)
    #expect(run.status == 0)
    #expect(run.standardOutput.contains(#"{"x": 487.5, "y": 200, "width": 270, "height": 150}"#))
    #expect(run.standardOutput.contains(#""area": {"x": 487.5, "y": 0, "width": 463.5, "height": 669}"#))
    #expect(run.standardOutput.contains(#""offset": {"dx": 387.5, "dy": 0}"#))
  }

  @Test("R28: grid answers an even column count around the fold")
  func gridColumns() {
    let request = """
      {"frame": {"x": 0, "y": 0, "width": 951, "height": 669}, "minimumCellWidth": 200, "spacing": 16, "margin": 20,
       \(Self.book)}
      """
    let run = runTool(["grid", "-"], input: request)
    #expect(run.status == 0)
    #expect(run.standardOutput.contains(#""columnCount": 4"#))
    #expect(run.standardOutput.contains(#"{"x": 487.5, "y": 0, "width": 213.75, "height": 669}"#))
  }

  static let badInputs: [(String, [String], String)] = [
    (
      "displace",
      [
        #"{"view": {"x": 0, "y": 0, "width": 9, "height": 9}, "purpose": "float", "elements": [{"x": 0, "y": 0, "width": 1, "height": 1}]}"#
      ],
      #"$.purpose: unknown value "float" (expected one of: "transient", "control", "distantContent", "contextual", "scrolling")"#
    ),
    (
      "displace", [#"{"view": {"x": 0, "y": 0, "width": 9, "height": 9}, "purpose": "control", "elements": []}"#],
      "$.elements: 0 elements; a group has 1 to 8"
    ),
    (
      "displace",
      [
        #"{"view": {"x": 0, "y": 0, "width": 9, "height": -9}, "purpose": "control", "elements": [{"x": 0, "y": 0, "width": 1, "height": 1}]}"#
      ],
      "$.view.height: -9 is negative"
    ),
    (
      "grid", [#"{"frame": {"x": 0, "y": 0, "width": 900, "height": 9}, "minimumCellWidth": 0}"#],
      "$.minimumCellWidth: 0 is not positive"
    ),
    (
      "grid", [#"{"frame": {"x": 0, "y": 0, "width": 1e9, "height": 9}, "minimumCellWidth": 1}"#],
      "$.minimumCellWidth: gives more than the 1024 columns supported"
    ),
    (
      // The solver caps the count at 10^6; the message no longer quotes the capped figure as the count.
      "grid", [#"{"frame": {"x": 0, "y": 0, "width": 900, "height": 9}, "minimumCellWidth": 1e-300}"#],
      "$.minimumCellWidth: gives more than the 1024 columns supported"
    ),
    (
      "grid", [#"{"frame": {"x": 0, "y": 0, "width": 900, "height": 9}, "minimumCellWidth": 10, "spacing": -1}"#],
      "$.spacing: -1 is negative"
    ),
  ]

  @Test("Bad displace and grid requests exit 2 naming the field", arguments: badInputs)
  func badInput(command: String, input: [String], message: String) {
    let run = runTool([command], input: input[0])
    #expect(run.status == 2)
    #expect(run.standardOutput.isEmpty)
    #expect(run.standardError == "arrangement-bench: \(message)\n")
  }
}
