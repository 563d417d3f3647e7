import ArrangementBenchCommands
import Foundation
import Testing

/// What one run of the tool printed and returned.
struct ToolRun {
  var status: Int32
  var standardOutput: String
  var standardError: String
}

/// Runs the tool in-process with captured streams and `input` on standard input.
func runTool(_ arguments: [String], input: String = "") -> ToolRun {
  final class Capture: @unchecked Sendable {
    var output = ""
    var error = ""
  }
  let capture = Capture()
  let terminal = Terminal(
    write: { capture.output += $0 }, report: { capture.error += $0 }, readStandardInput: { Array(input.utf8) })
  let status = Tool.main(arguments, terminal: terminal)
  return ToolRun(status: status, standardOutput: capture.output, standardError: capture.error)
}

let examplePath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().appendingPathComponent("Examples/book-posture.json").path

@Suite("The arrangement-bench command line")
struct ToolTests {
  @Test("solve reads a file and prints the answer of SPEC §8")
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
    ("{", "$: malformed JSON at line 1, column 2: expected a string key"),
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

  @Test("A missing file, an unknown option or an unknown subcommand exits 2 with a message")
  func usageErrors() {
    for arguments in [["solve", "/nonexistent/scene.json"], ["solve", "--fast"], ["solve", "a", "b"], ["fold"]] {
      let run = runTool(arguments)
      #expect(run.status == 2, "\(arguments)")
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
