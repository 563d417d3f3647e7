import ArrangementSolver
import FuzzChecks
import SceneFormat
import StrictJSON
import Testing

// The fourth generation's scene-file fields (SPEC §11.1, RULES.md §11):
// environment (R36), the divider's positions, velocity and step (R37), the
// object form of adapt (R38), a transition's motion (R39); answers' pane
// environment, scrim, motion and edge.

/// A 1000 × 800 scene, regular both ways, with `fields` added (JSON members, no braces).
func fourthScene(_ fields: String = "") -> String {
  #"{"container": {"x": 0, "y": 0, "width": 1000, "height": 800}, "sizeClass": {"horizontal": "regular", "vertical": "regular"}"#
    + (fields.isEmpty ? "" : ", " + fields) + "}"
}

@Suite("Scene files of the fourth generation (R36–R39, SPEC §11.1, RULES.md §11)")
struct FourthGenerationFileTests {
  static let divider = #""divider": {"position": {"fraction": 0.4}, "snap": true, "#

  // MARK: - Reading: every invalid value is refused, naming its JSON path

  static let invalid: [(String, String)] = [
    // R36
    (#""environment": true"#, "$.environment: expected an object, found a boolean"),
    (
      #""environment": {"includeInactive": true, "behavior": "fixed"}"#,
      "$.environment.behavior: unknown field (expected one of: includeInactive, layoutDirectionBehavior)"
    ),
    (#""environment": {"includeInactive": 1}"#, "$.environment.includeInactive: expected a boolean, found a number"),
    (
      #""environment": {"layoutDirectionBehavior": "mirror"}"#,
      #"$.environment.layoutDirectionBehavior: unknown value "mirror" (expected one of: "mirrors", "fixed")"#
    ),
    // R37
    (
      divider + #""positions": {"diagonal": {"fraction": 0.5}}}"#,
      "$.divider.positions.diagonal: unknown field (expected one of: horizontal, vertical)"
    ),
    (divider + #""positions": [{"fraction": 0.5}]}"#, "$.divider.positions: expected an object, found an array"),
    (
      divider + #""positions": {"vertical": {"intrinsic": true}}}"#,
      #"$.divider.positions.vertical.intrinsic: a divider length is "absolute" or "fraction", never "intrinsic""#
    ),
    (
      divider + #""positions": {"vertical": {"fraction": 1.5}}}"#,
      "$.divider.positions.vertical.fraction: 1.5 is outside 0...1"
    ),
    (
      divider + #""positions": {"horizontal": {"absolute": -4}}}"#,
      "$.divider.positions.horizontal.absolute: -4 is negative"
    ),
    (divider + #""velocity": "fast"}"#, "$.divider.velocity: expected a number, found a string"),
    (divider + #""velocity": 1e999}"#, "$.divider.velocity: 1e999 is not a finite number"),
    (
      divider + #""step": "up"}"#,
      #"$.divider.step: unknown value "up" (expected one of: "next", "previous", "first", "last")"#
    ),
    (divider + #""step": 1}"#, "$.divider.step: expected a string, found a number"),
    // R38
    (#""secondary": {"adapt": {}}"#, "$.secondary.adapt.levitate: required field is missing"),
    (
      #""secondary": {"adapt": {"levitate": {}, "hide": true}}"#,
      "$.secondary.adapt.hide: unknown field (expected one of: levitate)"
    ),
    (
      #""secondary": {"adapt": {"reflow": {}}}"#,
      "$.secondary.adapt.reflow: unknown field (expected one of: levitate)"
    ),
    (#""secondary": {"adapt": {"levitate": true}}"#, "$.secondary.adapt.levitate: expected an object, found a boolean"),
    (#""secondary": {"adapt": 3}"#, "$.secondary.adapt: expected a string, found a number"),
    (
      #""secondary": {"adapt": {"levitate": {"alignment": "middle"}}}"#,
      #"$.secondary.adapt.levitate.alignment: unknown value "middle" (expected one of: "center", "top", "bottom", "#
        + #""leading", "trailing", "topLeading", "topTrailing", "bottomLeading", "bottomTrailing")"#
    ),
    (
      #""secondary": {"adapt": {"levitate": {"scrim": "yes"}}}"#,
      "$.secondary.adapt.levitate.scrim: expected a boolean, found a string"
    ),
    (
      #""secondary": {"adapt": {"levitate": {"size": {"depth": {"absolute": 3}}}}}"#,
      "$.secondary.adapt.levitate.size.depth: unknown field (expected one of: height, width)"
    ),
    (
      #""secondary": {"adapt": {"levitate": {"size": 320}}}"#,
      "$.secondary.adapt.levitate.size: expected an object, found a number"
    ),
    (
      #""secondary": {"adapt": {"levitate": {"size": {"width": {"fraction": 1.5}}}}}"#,
      "$.secondary.adapt.levitate.size.width.fraction: 1.5 is outside 0...1"
    ),
    (
      #""secondary": {"adapt": {"levitate": {"size": {"height": {"absolute": -1}}}}}"#,
      "$.secondary.adapt.levitate.size.height.absolute: -1 is negative"
    ),
    (
      #""secondary": {"adapt": {"levitate": {"size": {"width": {"absolute": 1, "fraction": 0.5}}}}}"#,
      #"$.secondary.adapt.levitate.size.width: a dimension has exactly one of "absolute", "fraction" or "intrinsic""#
    ),
    (
      #""secondary": {"adapt": {"levitate": {"align": "top"}}}"#,
      "$.secondary.adapt.levitate.align: unknown field (expected one of: alignment, scrim, size)"
    ),
    (
      #""primary": {"adapt": {"levitate": {}}}"#,
      "$.primary.adapt: unknown field (expected one of: fixedSize, height, idealSize, layoutPriority, overlayEdge, "
        + "overlayVerticalEdge, width)"
    ),
  ]

  @Test(
    "SPEC §11.1: every invalid value of a new field is refused, naming its JSON path, in a document, a stream line and an array",
    arguments: invalid)
  func invalidField(_ fields: String, _ message: String) {
    let text = fourthScene(fields)
    #expect(solveError(text) == message, "\(text)")
    #expect(lineError(text) == message, "\(text)")
    let compact = FuzzChecks.compact(text)
    #expect(lineError(compact) == message, "compact: \(compact)")
    #expect(solveError("[\(fourthScene()), \(text)]") == message.replacingOccurrences(of: "$.", with: "$[1]."))
  }

  static let transitionInvalid: [(String, String)] = [
    (#""motion": "yes""#, "$.motion: expected a boolean, found a string"),
    (#""motion": 1"#, "$.motion: expected a boolean, found a number"),
  ]

  @Test("SPEC §11.1: a transition's motion is a boolean, named by its path", arguments: transitionInvalid)
  func invalidMotion(_ field: String, _ message: String) {
    let text = #"{"from": \#(fourthScene()), "to": \#(fourthScene()), "progress": 0.5, \#(field)}"#
    #expect(solveError(text, .transition) == message)
    #expect(lineError(FuzzChecks.compact(text), .transition) == message)
  }

  @Test("SPEC §11.1: null means left out for every new field")
  func nullLeavesOut() throws {
    let plain = try Scene(json: fourthScene())
    #expect(try Scene(json: fourthScene(#""environment": null"#)) == plain)
    let divider = try Scene(
      json: fourthScene(
        Self.divider + #""positions": null, "velocity": null, "step": null}"#))
    #expect(divider.divider == Divider(position: .fractional(0.4), snap: true))
    let positions = try Scene(json: fourthScene(Self.divider + #""positions": {"vertical": null}}"#))
    #expect(positions.divider?.positions.isEmpty == true)
    let levitate = try Scene(json: fourthScene(#""secondary": {"adapt": {"levitate": null}}"#))
    #expect(levitate.secondary.adapt == .levitate && levitate.levitation == Levitation())
    let fields = try Scene(
      json: fourthScene(#""secondary": {"adapt": {"levitate": {"alignment": null, "scrim": null, "size": null}}}"#))
    #expect(fields == levitate)
    let size = try Scene(json: fourthScene(#""secondary": {"adapt": {"levitate": {"size": {"width": null}}}}"#))
    #expect(size == levitate)
    let environment = try Scene(
      json: fourthScene(#""environment": {"includeInactive": null, "layoutDirectionBehavior": null}"#))
    #expect(environment.environment == EnvironmentRequest())
    let request = #"{"from": \#(fourthScene()), "to": \#(fourthScene()), "progress": 0.5, "motion": null}"#
    let without = #"{"from": \#(fourthScene()), "to": \#(fourthScene()), "progress": 0.5}"#
    #expect(try SceneFile.transition(request) == SceneFile.transition(without))
  }

  @Test("SPEC §11.1: each new field reads as documented")
  func reading() throws {
    let scene = try Scene(
      json: fourthScene(
        #""environment": {"includeInactive": true, "layoutDirectionBehavior": "fixed"}, "#
          + #""divider": {"position": {"fraction": 0.4}, "positions": {"vertical": {"fraction": 0.5}}, "#
          + #""velocity": -800, "step": "next"}, "#
          + #""secondary": {"adapt": {"levitate": {"alignment": "bottomTrailing", "scrim": true, "#
          + #""size": {"width": {"absolute": 320}}}}}"#))
    #expect(scene.environment == EnvironmentRequest(includeInactive: true, layoutDirectionBehavior: .fixed))
    #expect(
      scene.divider
        == Divider(
          position: .fractional(0.4), positions: DividerPositions(vertical: .fractional(0.5)), velocity: -800,
          step: .next))
    #expect(scene.secondary.adapt == .levitate)
    #expect(scene.levitation == Levitation(alignment: .bottomTrailing, scrim: true, width: .absolute(320)))
    #expect(try Scene(json: fourthScene(#""environment": {}"#)).environment == EnvironmentRequest())
  }

  @Test("R29: validate() reports R37's positions and velocity and R38's size with their paths")
  func validation() {
    var scene = Scene(container: Rect(x: 0, y: 0, width: 950, height: 760))
    scene.divider = Divider(
      position: .fractional(0.5), positions: DividerPositions(horizontal: .absolute(-1), vertical: .fractional(.nan)),
      velocity: .infinity)
    scene.secondary.adapt = .levitate
    scene.levitation = Levitation(width: .fractional(2), height: .absolute(.nan))
    #expect(
      scene.validate().map(\.description) == [
        "secondary.adapt.levitate.size.width.fraction: 2 is outside 0...1",
        "secondary.adapt.levitate.size.height.absolute: nan is not a finite number",
        "divider.positions.horizontal.absolute: -1 is negative",
        "divider.positions.vertical.fraction: nan is not a finite number",
        "divider.velocity: inf is not a finite number",
      ])
    scene.divider = Divider(position: .fractional(0.5), velocity: -1e300)
    scene.levitation = Levitation(width: .intrinsic, height: .fractional(1))
    #expect(scene.validate().isEmpty)
  }

  // MARK: - Writing and reading back

  @Test("SPEC §11.1: the writer writes each new field only where it is set, and reads back to the same scene")
  func writtenForms() throws {
    var scene = Scene(container: Rect(x: 0, y: 0, width: 950, height: 760))
    scene.environment = EnvironmentRequest()
    scene.divider = Divider(
      position: .fractional(0.4), snap: true, positions: DividerPositions(horizontal: .absolute(300)),
      velocity: -800.5, step: .last)
    scene.secondary.adapt = .levitate
    scene.levitation = Levitation(alignment: .topLeading, scrim: true, height: .intrinsic)
    let line = sceneLine(scene)
    #expect(
      line
        == #"{"container":{"x":0,"y":0,"width":950,"height":760},"secondary":{"adapt":{"levitate":"#
        + #"{"alignment":"topLeading","scrim":true,"size":{"height":{"intrinsic":true}}}}},"#
        + #""divider":{"position":{"fraction":0.4},"snap":true,"positions":{"horizontal":{"absolute":300}},"#
        + #""velocity":-800.5,"step":"last"},"environment":{}}"#)
    #expect(try Scene(json: line) == scene)
    #expect(try Scene(json: spacedForm(line)) == scene)
    scene.environment = EnvironmentRequest(includeInactive: true, layoutDirectionBehavior: .fixed)
    scene.levitation = Levitation()
    #expect(sceneLine(scene).hasSuffix(#""environment":{"includeInactive":true,"layoutDirectionBehavior":"fixed"}}"#))
    #expect(sceneLine(scene).contains(#""secondary":{"adapt":{"levitate":{}}}"#))
    #expect(try Scene(json: sceneLine(scene)) == scene)
    // A levitation without the levitate strategy is not the object form: the file says the strategy alone.
    scene.secondary.adapt = .reflow
    #expect(sceneLine(scene).contains(#""secondary":{"adapt":"reflow"}"#))
  }

  @Test("SPEC §11.1: random scenes with every new field survive writing and reading, compact or spaced")
  func roundTrip() throws {
    var generator = Seeded(0x4_0039)
    func below(_ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }
    let dimensions: [Dimension?] = [nil, .absolute(320), .fractional(0.25), .intrinsic, .absolute(1.0 / 3)]
    var count = 0
    for base in randomThirdGenerationScenes(count: 400, seed: 0x4_0036) {
      var scene = base
      if below(2) == 0 {
        scene.environment = EnvironmentRequest(
          includeInactive: below(2) == 0, layoutDirectionBehavior: below(2) == 0 ? .mirrors : .fixed)
      }
      if var divider = scene.divider {
        if below(2) == 0 { divider.positions.horizontal = .fractional(Double(below(101)) / 100) }
        if below(2) == 0 { divider.positions.vertical = .absolute(Double(below(900))) }
        if below(2) == 0 { divider.velocity = [400, -400, 399.5, -1234.25, 1e-300][below(5)] }
        if below(2) == 0 { divider.step = DividerStep.allCases[below(4)] }
        scene.divider = divider
      }
      if scene.secondary.adapt == .levitate && below(3) != 0 {
        scene.levitation = Levitation(
          alignment: LevitateAlignment.allCases[below(9)], scrim: below(2) == 0, width: dimensions[below(5)],
          height: dimensions[below(5)])
        count += 1
      }
      let line = sceneLine(scene)
      #expect(try Scene(json: line) == scene, "\(line)")
      #expect(try Scene(json: spacedForm(line)) == scene, "\(line)")
    }
    #expect(count >= 30)
  }

  // MARK: - Answers

  @Test("R36: environment follows each pane's keys; null for a hidden pane; the rest of the answer unchanged")
  func environmentAnswer() throws {
    let scene = fourthScene(
      #""regions": [{"id": 2, "kind": "occlusion", "frame": {"x": 10, "y": 10, "width": 30, "height": 30}}, "#
        + #"{"id": 1, "kind": "division", "active": false, "frame": {"x": 500, "y": 0, "width": 0, "height": 800}}], "#
        + #""secondary": {"visible": false}"#)
    let withEnvironment = String(scene.dropLast()) + #", "environment": {"includeInactive": true}}"#
    let answer = try SceneFile.answerLine(.solve, withEnvironment)
    #expect(
      answer
        == #"{"splitAxis":null,"primary":{"visible":true,"zIndex":0,"frame":{"x":0,"y":0,"width":1000,"height":800},"#
        + #""sizeClass":{"horizontal":"regular","vertical":"regular"},"environment":{"regions":["#
        + #"{"id":1,"kind":"division","active":false,"frame":{"x":500,"y":0,"width":0,"height":800},"#
        + #""margins":{"top":0,"left":0,"bottom":0,"right":0}},"#
        + #"{"id":2,"kind":"occlusion","active":true,"frame":{"x":10,"y":10,"width":30,"height":30},"#
        + #""margins":{"top":0,"left":0,"bottom":0,"right":0}}]}},"#
        + #""secondary":{"visible":false,"zIndex":0,"frame":{"x":0,"y":0,"width":0,"height":0},"environment":null}}"#)
    // Without environment the answer is the one R1–R35 give, byte for byte.
    #expect(
      try SceneFile.answerLine(.solve, scene)
        == #"{"splitAxis":null,"primary":{"visible":true,"zIndex":0,"frame":{"x":0,"y":0,"width":1000,"height":800},"#
        + #""sizeClass":{"horizontal":"regular","vertical":"regular"}},"#
        + #""secondary":{"visible":false,"zIndex":0,"frame":{"x":0,"y":0,"width":0,"height":0}}}"#)
    // The document form is the line's in the pretty layout.
    #expect(try FuzzChecks.compact(SceneFile.solve(withEnvironment)) == answer)
  }

  @Test("R38: scrim follows adapted for the object form: F when levitated with scrim true, else null")
  func scrimAnswer() throws {
    let levitated = #""sizeClass": {"horizontal": "compact", "vertical": "compact"}, "#
    let base = #"{"container": {"x": 0, "y": 0, "width": 1000, "height": 800}, "# + levitated
    let answer = try SceneFile.answerLine(
      .solve,
      base + #""secondary": {"adapt": {"levitate": {"alignment": "bottomTrailing", "scrim": true}}}}"#)
    #expect(
      answer.hasSuffix(
        #""secondary":{"visible":true,"zIndex":1,"frame":{"x":500,"y":400,"width":500,"height":400},"#
          + #""sizeClass":{"horizontal":"compact","vertical":"compact"}},"adapted":"levitated","#
          + #""scrim":{"x":0,"y":0,"width":1000,"height":800}}"#))
    let noScrim = try SceneFile.answerLine(.solve, base + #""secondary": {"adapt": {"levitate": {}}}}"#)
    #expect(noScrim.hasSuffix(#""adapted":"levitated","scrim":null}"#))
    let string = try SceneFile.answerLine(.solve, base + #""secondary": {"adapt": "levitate"}}"#)
    #expect(string == noScrim.replacingOccurrences(of: #","scrim":null"#, with: ""))
    // Not levitated (regular: both panes fit): scrim null.
    let split = try SceneFile.answerLine(
      .solve, fourthScene(#""secondary": {"adapt": {"levitate": {"scrim": true}}}"#))
    #expect(split.hasSuffix(#""adapted":null,"scrim":null}"#))
  }

  @Test("R39: motion and edge in every frame; environment and scrim only at t = 0 and t = 1")
  func motionAnswer() throws {
    let both = fourthScene(#""environment": {}"#)
    let lone = fourthScene(#""secondary": {"visible": false}"#)
    let request = #"{"from": \#(both), "to": \#(lone), "steps": 2, "motion": true}"#
    let answer = try SceneFile.answerLine(.transition, request)
    let frames = answer.components(separatedBy: #"{"splitAxis""#).dropFirst()
    #expect(frames.count == 3)
    for frame in frames {
      #expect(frame.contains(#""motion":"exiting","edge":"right"}"#))
      #expect(frame.contains(#""motion":"moving"}"#))
    }
    #expect(Array(frames).map { $0.contains("environment") } == [true, false, false])
    // Without motion: R34's answers.
    let plain = try SceneFile.answerLine(.transition, #"{"from": \#(both), "to": \#(lone), "steps": 2}"#)
    #expect(!plain.contains("motion"))
    #expect(
      plain
        == answer.replacingOccurrences(of: #","motion":"exiting","edge":"right""#, with: "").replacingOccurrences(
          of: #","motion":"moving""#, with: ""))
    // One progress strictly between: motion, no environment; at 0, from's with environment.
    let middle = try SceneFile.answerLine(
      .transition, #"{"from": \#(both), "to": \#(lone), "progress": 0.5, "motion": true}"#)
    #expect(middle.contains(#""motion":"exiting""#) && !middle.contains("environment"))
    let start = try SceneFile.answerLine(
      .transition, #"{"from": \#(both), "to": \#(lone), "progress": 0, "motion": true}"#)
    #expect(start.contains(#""environment":{"regions":[]},"motion":"moving""#))
  }

  @Test("R39: a pane that appears with no split axis enters from the centre; a pane hidden at both ends is absent")
  func centreAndAbsent() throws {
    let lone = fourthScene(#""secondary": {"visible": false}"#)
    let overlay = fourthScene(#""style": "overlay""#)
    let answer = try SceneFile.answerLine(
      .transition, #"{"from": \#(lone), "to": \#(overlay), "progress": 1, "motion": true}"#)
    #expect(answer.contains(#""motion":"staying"}"#))
    #expect(answer.contains(#""motion":"entering","edge":"center"}"#))
    let absent = try SceneFile.answerLine(
      .transition, #"{"from": \#(lone), "to": \#(lone), "progress": 0.5, "motion": true}"#)
    #expect(absent.contains(#""height":0},"motion":"absent"}"#))
  }

  @Test("R36–R39: answers in a stream are the documents' in the compact layout")
  func streams() throws {
    let scenes = [
      fourthScene(#""environment": {"layoutDirectionBehavior": "fixed"}, "layoutDirection": "rightToLeft""#),
      fourthScene(#""secondary": {"adapt": {"levitate": {"scrim": true}}}, "axes": ["vertical"]"#),
    ]
    for scene in scenes {
      #expect(try FuzzChecks.compact(SceneFile.solve(scene)) == SceneFile.answerLine(.solve, scene))
    }
  }
}
