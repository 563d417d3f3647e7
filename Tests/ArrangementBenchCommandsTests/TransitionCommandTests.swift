import Foundation
import SceneFormat
import StrictJSON
import Testing

// The `transition` subcommand (R34, SPEC §10.1, RULES.md §8.2) and the third
// generation's scene-file fields on the command line (R30–R35).

/// A 950 × 760 scene at the origin with `fields` added.
private func scene(_ fields: String = "") -> String {
  #"{"container": {"x": 0, "y": 0, "width": 950, "height": 760}"# + (fields.isEmpty ? "" : ", " + fields) + "}"
}

/// A transition request between two scenes, with its last fields (`"progress": 0.5`).
private func request(from: String, to: String, _ fields: String) -> String {
  #"{"from": "# + from + #", "to": "# + to + ", " + fields + "}"
}

/// The compact form of a JSON text (no white space outside strings).
private func compact(_ text: String) -> String {
  var out = ""
  var inString = false
  var escaped = false
  for character in text {
    if inString {
      if escaped {
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == "\"" {
        inString = false
      }
    } else if character == "\"" {
      inString = true
    } else if character == " " || character == "\n" || character == "\t" {
      continue
    }
    out.append(character)
  }
  return out
}

@Suite("The transition subcommand (R34, SPEC §10.1)")
struct TransitionCommandTests {
  let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("transitions-\(UUID().uuidString)")

  func write(_ name: String, _ text: String) throws -> String {
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    let path = scratch.appendingPathComponent(name).path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// docs/SCENE-FILES.md's request: the app shows its secondary in a 950 × 760 container.
  static let hidden = scene(#""secondary": {"visible": false}"#)
  static let shown = scene()

  /// The answer `solve` gives a scene, compact.
  func solved(_ scene: String) -> String {
    let run = runTool(["solve", "--lines"], input: scene + "\n")
    #expect(run.status == 0, "\(run.standardError)")
    return String(run.standardOutput.dropLast())
  }

  @Test("R34: a progress request in a document is answered by one scene answer (the documented halfway frames)")
  func document() throws {
    let path = try write("request.json", request(from: Self.hidden, to: Self.shown, #""progress": 0.5"#))
    let run = runTool(["transition", path])
    #expect(run.status == 0 && run.standardError.isEmpty, "\(run.standardError)")
    #expect(
      run.standardOutput == """
        {
          "splitAxis": "horizontal",
          "primary": {"visible": true, "zIndex": 0, "frame": {"x": 0, "y": 0, "width": 712.5, "height": 760}, "sizeClass": {"horizontal": "compact", "vertical": "regular"}},
          "secondary": {"visible": true, "zIndex": 0, "frame": {"x": 712.5, "y": 0, "width": 237.5, "height": 760}, "sizeClass": {"horizontal": "compact", "vertical": "regular"}}
        }

        """)
  }

  @Test("R34: a steps request is answered by {\"frames\": [...]}, N + 1 answers, the ends exactly solve's answers")
  func steps() throws {
    let run = runTool(["transition", "-"], input: request(from: Self.hidden, to: Self.shown, #""steps": 4"#))
    #expect(run.status == 0, "\(run.standardError)")
    guard case .array(let frames)? = try JSONParser.parse(run.standardOutput)["frames"] else {
      Issue.record("no frames: \(run.standardOutput)")
      return
    }
    #expect(frames.count == 5)
    #expect(try frames.first == JSONParser.parse(solved(Self.hidden)))
    #expect(try frames.last == JSONParser.parse(solved(Self.shown)))
    // The primary's trailing edge moves 950 → 475 linearly (R34), in window coordinates.
    let widths = frames.map { frame -> Double in
      guard case .number(let width, _)? = frame["primary"]?["frame"]?["width"] else { return -1 }
      return width
    }
    #expect(widths == [950, 831.25, 712.5, 593.75, 475])
    // One step: both ends only.
    let one = runTool(["transition"], input: request(from: Self.hidden, to: Self.shown, #""steps": 1"#))
    #expect(
      compact(one.standardOutput) == #"{"frames":["# + solved(Self.hidden) + "," + solved(Self.shown) + "]}")
    // 1024 steps, the most: 1025 frames.
    let most = runTool(["transition", "--lines"], input: request(from: Self.hidden, to: Self.shown, #""steps": 1024"#))
    #expect(most.status == 0)
    #expect(most.standardOutput.components(separatedBy: #"{"splitAxis""#).count - 1 == 1025)
  }

  @Test("R34: progress is clamped into 0...1: -1 answers from's answer, 2 to's, bit for bit (NaN is not JSON)")
  func clamped() {
    for (progress, end) in [("-1", Self.hidden), ("2", Self.shown), ("0", Self.hidden), ("1", Self.shown)] {
      let run = runTool(
        ["transition", "--lines"], input: request(from: Self.hidden, to: Self.shown, #""progress": \#(progress)"#))
      #expect(run.status == 0, "\(run.standardError)")
      #expect(run.standardOutput == solved(end) + "\n", "progress \(progress)")
    }
    // -1e999 is not a finite number: refused like every other.
    let huge = runTool(["transition"], input: request(from: Self.hidden, to: Self.shown, #""progress": -1e999"#))
    #expect(huge.status == 2 && huge.standardError == "arrangement-bench: $.progress: -1e999 is not a finite number\n")
  }

  @Test("§8: an array of requests is answered by an array in the same order; §8.1: a stream line by line, compact")
  func arrayAndStream() throws {
    let requests = [
      request(from: Self.hidden, to: Self.shown, #""progress": 0.25"#),
      request(from: Self.shown, to: Self.hidden, #""steps": 3"#),
      request(from: Self.shown, to: scene(#""divider": {"position": {"fraction": 0.2}}"#), #""progress": 0.5"#),
    ]
    let array = runTool(["transition"], input: "[" + requests.joined(separator: ",\n") + "]")
    #expect(array.status == 0, "\(array.standardError)")
    guard case .array(let answers) = try JSONParser.parse(array.standardOutput) else {
      Issue.record("not an array")
      return
    }
    #expect(answers.count == 3)
    let lines = requests.map { $0.replacingOccurrences(of: "\n", with: " ") }.joined(separator: "\n") + "\n"
    let stream = runTool(["transition", "--lines"], input: lines)
    #expect(stream.status == 0, "\(stream.standardError)")
    #expect(
      "[" + stream.standardOutput.split(separator: "\n").joined(separator: ",") + "]" == compact(array.standardOutput))
    // Each request alone as a document, compacted, is its line.
    for (text, line) in zip(requests, stream.standardOutput.split(separator: "\n")) {
      #expect(compact(runTool(["transition"], input: text).standardOutput) == String(line))
    }
    // A .jsonl file is a stream too, and \r\n line ends and blank lines are accepted.
    let path = try write("requests.jsonl", lines.replacingOccurrences(of: "\n", with: "\r\n\n"))
    #expect(runTool(["transition", path]).standardOutput == stream.standardOutput)
  }

  static let badRequests: [(String, String)] = [
    (request(from: hidden, to: shown, #""steps": 0"#), "$.steps: 0 is outside 1...1024"),
    (request(from: hidden, to: shown, #""steps": 1025"#), "$.steps: 1025 is outside 1...1024"),
    (request(from: hidden, to: shown, #""steps": -3"#), "$.steps: -3 is outside 1...1024"),
    (request(from: hidden, to: shown, #""steps": 2.5"#), "$.steps: 2.5 is not an integer"),
    (request(from: hidden, to: shown, #""steps": "2""#), "$.steps: expected a number, found a string"),
    (
      request(from: hidden, to: shown, #""progress": 0.5, "steps": 2"#),
      #"$.steps: a transition request has exactly one of "progress" and "steps", not both"#
    ),
    (
      request(from: hidden, to: shown, #""steps": 2, "progress": 0.5"#),
      #"$.progress: a transition request has exactly one of "progress" and "steps", not both"#
    ),
    (
      request(from: hidden, to: shown, #""progress": null, "steps": null"#),
      #"$.progress: required field is missing (a transition request has exactly one of "progress" and "steps")"#
    ),
    (
      #"{"from": \#(hidden), "to": \#(shown)}"#,
      #"$.progress: required field is missing (a transition request has exactly one of "progress" and "steps")"#
    ),
    (#"{"to": \#(shown), "progress": 0.5}"#, "$.from: required field is missing"),
    (#"{"from": \#(shown), "steps": 2}"#, "$.to: required field is missing"),
    (request(from: hidden, to: shown, #""progress": true"#), "$.progress: expected a number, found a boolean"),
    (request(from: hidden, to: scene(#""spacing": -4"#), #""progress": 0.5"#), "$.to.spacing: -4 is negative"),
    (
      request(from: scene(#""divider": {"position": {"fraction": 1.5}}"#), to: shown, #""steps": 2"#),
      "$.from.divider.position.fraction: 1.5 is outside 0...1"
    ),
    (
      request(from: hidden, to: scene(#""secondary": {"adapt": "shrink"}"#), #""progress": 0.5"#),
      #"$.to.secondary.adapt: unknown value "shrink" (expected one of: "hide", "reflow", "levitate")"#
    ),
    (
      request(from: hidden, to: shown, #""progress": 0.5, "duration": 1"#),
      "$.duration: unknown field (expected one of: from, motion, progress, steps, to)"
    ),
    (#"[{"from": \#(hidden), "to": \#(shown), "steps": 2}, 7]"#, "$[1]: expected an object, found a number"),
  ]

  @Test(
    "R34, SPEC §10.1: a bad request exits 2 naming the field, with nothing on standard output", arguments: badRequests)
  func badRequest(_ text: String, _ message: String) {
    let run = runTool(["transition", "-"], input: text)
    #expect(run.status == 2)
    #expect(run.standardOutput.isEmpty)
    #expect(run.standardError == "arrangement-bench: \(message)\n")
    // On a stream, the line is named and the lines before it are answered.
    guard !text.hasPrefix("[") else { return }
    let good = request(from: Self.hidden, to: Self.shown, #""progress": 0.5"#)
    let stream = runTool(["transition", "--lines"], input: good + "\n" + text + "\n")
    #expect(stream.status == 2)
    #expect(stream.standardOutput.split(separator: "\n").count == 1)
    #expect(stream.standardError == "arrangement-bench: line 2: \(message)\n")
  }

  @Test(
    "R34: divider and adapted are in a frame's answer where the scene at its end has them (from's at 0, to's past it)")
  func presencePerFrame() throws {
    let withBoth = scene(#""divider": {"position": {"fraction": 0.2}}, "secondary": {"adapt": "reflow"}"#)
    let run = runTool(["transition", "--lines"], input: request(from: Self.shown, to: withBoth, #""steps": 2"#))
    #expect(run.status == 0, "\(run.standardError)")
    guard case .array(let frames)? = try JSONParser.parse(run.standardOutput)["frames"] else {
      Issue.record("no frames")
      return
    }
    #expect(frames[0]["divider"] == nil && frames[0]["adapted"] == nil)
    #expect(frames[1]["divider"] != nil && frames[1]["adapted"] == .null)
    #expect(try frames[2] == JSONParser.parse(solved(withBoth)))
    // Halfway the primary's edge is halfway from 475 to 190, and the divider is `to`'s (R34: discrete fields).
    #expect(frames[1]["primary"]?["frame"]?["width"] == .number(332.5, literal: "332.5"))
    #expect(frames[1]["divider"]?["position"] == .number(190, literal: "190"))
    // The other way: from has them, to not: only frame 0 has them.
    let back = runTool(["transition", "--lines"], input: request(from: withBoth, to: Self.shown, #""steps": 2"#))
    guard case .array(let backFrames)? = try JSONParser.parse(back.standardOutput)["frames"] else {
      Issue.record("no frames")
      return
    }
    #expect(backFrames[0]["divider"] != nil && backFrames[0]["adapted"] != nil)
    #expect(backFrames[1]["divider"] == nil && backFrames[2]["adapted"] == nil)
    // A progress request likewise: 0 is from's, anything past it to's.
    let atZero = runTool(["transition", "--lines"], input: request(from: withBoth, to: Self.shown, #""progress": 0"#))
    #expect(atZero.standardOutput.contains(#""divider":"#))
    let past = runTool(["transition", "--lines"], input: request(from: withBoth, to: Self.shown, #""progress": 1e-9"#))
    #expect(!past.standardOutput.contains(#""divider":"#))
  }

  @Test("R34: a pane that disappears stays visible with from's size classes until 1; zIndex is the larger between")
  func disappearing() throws {
    let run = runTool(
      ["transition", "--lines"], input: request(from: Self.shown, to: Self.hidden, #""progress": 0.5"#))
    let answer = try JSONParser.parse(run.standardOutput)
    #expect(answer["splitAxis"] == .null)
    #expect(answer["secondary"]?["visible"] == .bool(true))
    #expect(answer["secondary"]?["sizeClass"]?["horizontal"] == .string("compact"))
    // It collapses onto its outer edge, x 950: halfway from 475…950 to 950…950.
    #expect(answer["secondary"]?["frame"]?["x"] == .number(712.5, literal: "712.5"))
    #expect(answer["secondary"]?["frame"]?["width"] == .number(237.5, literal: "237.5"))
    let overlay = scene(#""style": "overlay""#)
    let front = runTool(["transition", "--lines"], input: request(from: overlay, to: Self.shown, #""progress": 0.5"#))
    #expect(try JSONParser.parse(front.standardOutput)["primary"]?["zIndex"] == .number(1, literal: "1"))
  }

  @Test("transition --help describes the request, its answer and an error it gives")
  func help() {
    let help = runTool(["transition", "--help"])
    #expect(help.status == 0)
    #expect(help.standardOutput.contains("USAGE: arrangement-bench transition [--lines] [FILE|-]"))
    #expect(help.standardOutput.contains("--lines"))
    let flat = help.standardOutput.replacingOccurrences(of: "\n", with: " ")
    let message = runTool(["transition"], input: request(from: Self.hidden, to: Self.shown, #""steps": 0"#))
      .standardError.replacingOccurrences(of: "arrangement-bench: ", with: "").trimmingCharacters(in: .newlines)
    #expect(flat.contains("`\(message)`"), "\(message)")
    #expect(runTool(["--help"]).standardOutput.contains("transition"))
  }
}

@Suite("The third generation's scene-file fields on the command line (R30–R35, SPEC §10.1)")
struct ThirdGenerationCommandTests {
  static let invalid: [(String, String)] = [
    (#""spacing": -1"#, "$.spacing: -1 is negative"),
    (#""divider": {"snap": true}"#, "$.divider.position: required field is missing"),
    (
      #""divider": {"position": {"intrinsic": true}}"#,
      #"$.divider.position.intrinsic: a divider length is "absolute" or "fraction", never "intrinsic""#
    ),
    (#""divider": {"position": {"fraction": 1.5}}"#, "$.divider.position.fraction: 1.5 is outside 0...1"),
    (#""divider": {"position": {"absolute": -1}}"#, "$.divider.position.absolute: -1 is negative"),
    (
      #""divider": {"position": {"absolute": 1}, "anchors": [{"fraction": 0.5}, {"absolute": 1}, {"fraction": -1}]}"#,
      "$.divider.anchors[2].fraction: -1 is outside 0...1"
    ),
    (
      #""divider": {"position": {"absolute": 1}, "anchors": ["#
        + Array(repeating: #"{"absolute": 1}"#, count: 10)
        .joined(separator: ",") + "]}",
      "$.divider.anchors: 10 anchors; at most 8 are supported"
    ),
    (
      #""foldPolicy": "avoid""#,
      #"$.foldPolicy: unknown value "avoid" (expected one of: "avoidSeparating", "alwaysAvoid", "neverAvoid")"#
    ),
    (#""foldAxes": ["horizontal", "horizontal"]"#, #"$.foldAxes[1]: "horizontal" is given twice"#),
    (#""foldAxes": ["up"]"#, #"$.foldAxes[0]: unknown value "up" (expected one of: "vertical", "horizontal")"#),
    (
      #""secondary": {"adapt": "fold"}"#,
      #"$.secondary.adapt: unknown value "fold" (expected one of: "hide", "reflow", "levitate")"#
    ),
    (
      #""primary": {"adapt": "hide"}"#,
      "$.primary.adapt: unknown field (expected one of: fixedSize, height, idealSize, layoutPriority, overlayEdge, overlayVerticalEdge, width)"
    ),
    (
      #""secondary": {"fixedSize": {"horizontal": "yes"}}"#,
      "$.secondary.fixedSize.horizontal: expected a boolean, found a string"
    ),
    (
      #""secondary": {"overlayEdge": "right"}"#,
      #"$.secondary.overlayEdge: unknown value "right" (expected one of: "leading", "trailing")"#
    ),
    (
      #""secondary": {"overlayVerticalEdge": "down"}"#,
      #"$.secondary.overlayVerticalEdge: unknown value "down" (expected one of: "top", "bottom")"#
    ),
  ]

  @Test(
    "SPEC §10.1: every invalid value of a new field exits 2 with its JSON path, as a document and as a line",
    arguments: invalid)
  func invalidField(_ fields: String, _ message: String) {
    let text = scene(fields)
    let run = runTool(["solve", "-"], input: text)
    #expect(run.status == 2)
    #expect(run.standardOutput.isEmpty)
    #expect(run.standardError == "arrangement-bench: \(message)\n")
    let line = runTool(["solve", "--lines"], input: text + "\n")
    #expect(line.status == 2 && line.standardError == "arrangement-bench: line 1: \(message)\n")
  }

  @Test("scenes --random --third-generation: the same scenes with the new fields, each read back and solved")
  func randomScenes() throws {
    let plain = runTool(["scenes", "--random", "200", "--seed", "3"])
    let extended = runTool(["scenes", "--random", "200", "--seed", "3", "--third-generation"])
    #expect(plain.status == 0 && extended.status == 0, "\(extended.standardError)")
    #expect(plain.standardOutput != extended.standardOutput)
    for field in [
      #""spacing":"#, #""divider":"#, #""anchors":"#, #""snap":true"#, #""snapToFolds":false"#, #""foldPolicy":"#,
      #""foldAxes":"#, #""adapt":"#, #""fixedSize":{"#, #""overlayEdge":"#, #""overlayVerticalEdge":"#,
    ] {
      #expect(extended.standardOutput.contains(field), "\(field)")
    }
    // Every line is valid and solves.
    let solved = runTool(["solve", "--lines"], input: extended.standardOutput)
    #expect(solved.status == 0, "\(solved.standardError)")
    #expect(solved.standardOutput.split(separator: "\n").count == 200)
    #expect(solved.standardOutput.contains(#""divider":"#) && solved.standardOutput.contains(#""adapted":"#))
    // The base scenes are --random's: the same containers, line for line.
    for (a, b) in zip(plain.standardOutput.split(separator: "\n"), extended.standardOutput.split(separator: "\n")) {
      #expect(try JSONParser.parse(String(a))["container"] == JSONParser.parse(String(b))["container"])
    }
    // The option needs --random.
    let alone = runTool(["scenes", "--third-generation"])
    #expect(alone.status == 64 && alone.standardError.contains("--third-generation"))
    #expect(runTool(["scenes", "--help"]).standardOutput.contains("--third-generation"))
  }
}
