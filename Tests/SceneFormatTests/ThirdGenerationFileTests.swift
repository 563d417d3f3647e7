import ArrangementSolver
import FuzzChecks
import SceneFormat
import StrictJSON
import Testing

// The third generation's scene-file fields (SPEC §10.1, RULES.md §8.2):
// spacing (R30), divider (R31), foldPolicy and foldAxes (R32), the
// secondary's adapt (R33), per-axis fixedSize and overlay edges on either
// pane (R35); answers' divider and adapted; transition requests (R34).

/// A scene of 950 × 760 at the origin with `fields` added (JSON members, no braces).
func thirdScene(_ fields: String = "") -> String {
  #"{"container": {"x": 0, "y": 0, "width": 950, "height": 760}"# + (fields.isEmpty ? "" : ", " + fields) + "}"
}

/// The error a document gets, or nil when it is answered.
func solveError(_ text: String, _ request: SceneFile.Request = .solve) -> String? {
  do throws(SceneFileError) {
    _ = try SceneFile.answer(request, text)
    return nil
  } catch {
    return error.description
  }
}

/// The error a stream line gets, or nil when it is answered.
func lineError(_ text: String, _ request: SceneFile.Request = .solve) -> String? {
  do throws(SceneFileError) {
    _ = try SceneFile.answerLine(request, text)
    return nil
  } catch {
    return error.description
  }
}

/// Seeded scenes of `randomValidScenes`, each with some of the third
/// generation's fields: every field, every value, in a few thousand scenes.
func randomThirdGenerationScenes(count: Int, seed: UInt64) -> [Scene] {
  var generator = Seeded(seed ^ 0x3_0035)
  func below(_ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }
  func length() -> DividerLength {
    switch below(4) {
    case 0: .fractional(Double(below(1001)) / 1000)
    case 1: .fractional([0, 1, 1.0 / 3][below(3)])
    case 2: .absolute(Double(below(2400)) / 8)
    default: .absolute(Double(below(2400)) / 7)
    }
  }
  return randomValidScenes(count: count, seed: seed).map { base in
    var scene = base
    if below(2) == 0 { scene.spacing = [0.5, 1, 12, 100, 1.0 / 3, 2400][below(6)] }
    if below(2) == 0 {
      scene.divider = Divider(
        position: length(), anchors: (0..<below(Divider.anchorCapacity + 1)).map { _ in length() },
        snap: below(2) == 0, snapToFolds: below(3) != 0)
    }
    if below(2) == 0 { scene.foldPolicy = FoldPolicy.allCases[below(3)] }
    if below(2) == 0 { scene.foldAxes = Axes(rawValue: UInt8(below(3))) }
    if below(2) == 0 { scene.secondary.adapt = AdaptStrategy.allCases[below(3)] }
    for keyPath in [\Scene.primary, \Scene.secondary] where below(2) == 0 {
      scene[keyPath: keyPath].fixedSize = FixedLayoutSize(horizontal: below(2) == 0, vertical: below(2) == 0)
    }
    for keyPath in [\Scene.primary, \Scene.secondary] {
      if below(3) == 0 { scene[keyPath: keyPath].overlayEdge = [nil, .leading, .trailing][below(3)] }
      if below(3) == 0 { scene[keyPath: keyPath].overlayVerticalEdge = [nil, .top, .bottom][below(3)] }
    }
    return scene
  }
}

@Suite("Scene files of the third generation (R30–R35, SPEC §10.1, RULES.md §8.2)")
struct ThirdGenerationFileTests {
  static let scenes = randomThirdGenerationScenes(count: 2000, seed: 0x7431_0035)

  // MARK: - Reading: every invalid value exits 2 naming its path (the tool maps these errors to status 2)

  static let invalid: [(String, String)] = [
    // R30
    (#""spacing": -1"#, "$.spacing: -1 is negative"),
    (#""spacing": -0.5"#, "$.spacing: -0.5 is negative"),
    (#""spacing": 1e999"#, "$.spacing: 1e999 is not a finite number"),
    (#""spacing": "12""#, "$.spacing: expected a number, found a string"),
    // R31
    (#""divider": {}"#, "$.divider.position: required field is missing"),
    (#""divider": {"position": null, "snap": true}"#, "$.divider.position: required field is missing"),
    (#""divider": 0.4"#, "$.divider: expected an object, found a number"),
    (
      #""divider": {"position": {"intrinsic": true}}"#,
      #"$.divider.position.intrinsic: a divider length is "absolute" or "fraction", never "intrinsic""#
    ),
    (
      #""divider": {"position": {"fraction": 0.5}, "anchors": [{"intrinsic": true}]}"#,
      #"$.divider.anchors[0].intrinsic: a divider length is "absolute" or "fraction", never "intrinsic""#
    ),
    (
      #""divider": {"position": {"fraction": 0.5, "absolute": 3}}"#,
      #"$.divider.position: a divider length has exactly one of "absolute" or "fraction""#
    ),
    (
      #""divider": {"position": {}}"#,
      #"$.divider.position: a divider length has exactly one of "absolute" or "fraction""#
    ),
    (#""divider": {"position": {"fraction": 1.5}}"#, "$.divider.position.fraction: 1.5 is outside 0...1"),
    (#""divider": {"position": {"fraction": -0.25}}"#, "$.divider.position.fraction: -0.25 is outside 0...1"),
    (#""divider": {"position": {"absolute": -3}}"#, "$.divider.position.absolute: -3 is negative"),
    (#""divider": {"position": {"absolute": 1e999}}"#, "$.divider.position.absolute: 1e999 is not a finite number"),
    (
      #""divider": {"position": {"fraction": 0.5}, "anchors": [{"fraction": 0.1}, {"absolute": 2}, {"fraction": 2}]}"#,
      "$.divider.anchors[2].fraction: 2 is outside 0...1"
    ),
    (
      #""divider": {"position": {"fraction": 0.5}, "anchors": [{"absolute": 2}, {"absolute": -7}]}"#,
      "$.divider.anchors[1].absolute: -7 is negative"
    ),
    (
      #""divider": {"position": {"fraction": 0.5}, "anchors": ["#
        + Array(repeating: #"{"fraction": 0.1}"#, count: 9).joined(separator: ", ") + "]}",
      "$.divider.anchors: 9 anchors; at most 8 are supported"
    ),
    (
      #""divider": {"position": {"fraction": 0.5}, "anchors": {"fraction": 0.1}}"#,
      "$.divider.anchors: expected an array, found an object"
    ),
    (
      #""divider": {"position": {"fraction": 0.5}, "snap": "yes"}"#,
      "$.divider.snap: expected a boolean, found a string"
    ),
    (
      #""divider": {"position": {"fraction": 0.5}, "snapToFolds": 1}"#,
      "$.divider.snapToFolds: expected a boolean, found a number"
    ),
    (
      #""divider": {"position": {"fraction": 0.5}, "anchor": []}"#,
      "$.divider.anchor: unknown field (expected one of: anchors, position, positions, snap, snapToFolds, step, velocity)"
    ),
    // R32
    (
      #""foldPolicy": "sometimes""#,
      #"$.foldPolicy: unknown value "sometimes" (expected one of: "avoidSeparating", "alwaysAvoid", "neverAvoid")"#
    ),
    (#""foldPolicy": true"#, "$.foldPolicy: expected a string, found a boolean"),
    (#""foldAxes": ["vertical", "vertical"]"#, #"$.foldAxes[1]: "vertical" is given twice"#),
    (#""foldAxes": ["horizontal", "vertical", "horizontal"]"#, #"$.foldAxes[2]: "horizontal" is given twice"#),
    (
      #""foldAxes": ["diagonal"]"#,
      #"$.foldAxes[0]: unknown value "diagonal" (expected one of: "vertical", "horizontal")"#
    ),
    (#""foldAxes": "vertical""#, "$.foldAxes: expected an array, found a string"),
    // R33
    (
      #""secondary": {"adapt": "float"}"#,
      #"$.secondary.adapt: unknown value "float" (expected one of: "hide", "reflow", "levitate")"#
    ),
    (
      #""primary": {"adapt": "reflow"}"#,
      "$.primary.adapt: unknown field (expected one of: fixedSize, height, idealSize, layoutPriority, overlayEdge, "
        + "overlayVerticalEdge, width)"
    ),
    // R35
    (#""secondary": {"fixedSize": 1}"#, "$.secondary.fixedSize: expected true, false or an object, found a number"),
    (#""primary": {"fixedSize": "true"}"#, "$.primary.fixedSize: expected true, false or an object, found a string"),
    (
      #""primary": {"fixedSize": {"horizontal": 1}}"#,
      "$.primary.fixedSize.horizontal: expected a boolean, found a number"
    ),
    (
      #""secondary": {"fixedSize": {"depth": true}}"#,
      "$.secondary.fixedSize.depth: unknown field (expected one of: horizontal, vertical)"
    ),
    (
      #""secondary": {"overlayEdge": "left"}"#,
      #"$.secondary.overlayEdge: unknown value "left" (expected one of: "leading", "trailing")"#
    ),
    (
      #""secondary": {"overlayVerticalEdge": "middle"}"#,
      #"$.secondary.overlayVerticalEdge: unknown value "middle" (expected one of: "top", "bottom")"#
    ),
    (
      #""primary": {"overlayEdge": "leading", "overlayVerticalEdge": "up"}"#,
      #"$.primary.overlayVerticalEdge: unknown value "up" (expected one of: "top", "bottom")"#
    ),
    // Unknown fields stay errors, beside the new ones.
    (
      #""secondary": {"adapt": "hide", "visble": true}"#,
      "$.secondary.visble: unknown field (expected one of: adapt, fixedSize, height, idealSize, layoutPriority, "
        + "overlayEdge, overlayVerticalEdge, visible, width)"
    ),
  ]

  @Test(
    "SPEC §10.1: every invalid value of a new field is refused, naming its JSON path, in a document, a stream line and an array",
    arguments: invalid)
  func invalidField(_ fields: String, _ message: String) {
    let text = thirdScene(fields)
    #expect(solveError(text) == message, "\(text)")
    #expect(lineError(text) == message, "\(text)")
    let compact = FuzzChecks.compact(text)
    #expect(lineError(compact) == message, "compact: \(compact)")
    #expect(solveError("[\(thirdScene()), \(text)]") == message.replacingOccurrences(of: "$.", with: "$[1]."))
  }

  @Test("SPEC §10.1: null means left out for every new field, at the top level, in a divider and in the panes")
  func nullLeavesOut() throws {
    let nulls = try Scene(
      json: thirdScene(
        #""spacing": null, "divider": null, "foldPolicy": null, "foldAxes": null, "#
          + #""primary": {"fixedSize": null, "overlayEdge": null, "overlayVerticalEdge": null}, "#
          + #""secondary": {"adapt": null, "fixedSize": null, "overlayEdge": null, "overlayVerticalEdge": null}"#))
    #expect(nulls == Scene(container: Rect(x: 0, y: 0, width: 950, height: 760)))
    let divider = try Scene(
      json: thirdScene(
        #""divider": {"position": {"fraction": 0.5, "absolute": null}, "anchors": null, "snap": null, "snapToFolds": null}"#
      ))
    #expect(divider.divider == Divider(position: .fractional(0.5)))
    let fixed = try Scene(json: thirdScene(#""primary": {"fixedSize": {"horizontal": true, "vertical": null}}"#))
    #expect(fixed.primary.fixedSize == FixedLayoutSize(horizontal: true, vertical: false))
  }

  @Test("SPEC §10.1: each new field reads as documented (defaults, both fixedSize forms, a missing axis not fixed)")
  func reading() throws {
    let scene = try Scene(
      json: thirdScene(
        #""spacing": 12, "divider": {"position": {"fraction": 0.4}, "anchors": [{"fraction": 0.25}, {"absolute": 320}], "#
          + #""snap": true, "snapToFolds": false}, "foldPolicy": "alwaysAvoid", "foldAxes": ["vertical"], "#
          + #""primary": {"fixedSize": {"vertical": true}, "overlayVerticalEdge": "top"}, "#
          + #""secondary": {"visible": false, "adapt": "levitate", "fixedSize": {}, "overlayEdge": "leading"}"#))
    #expect(scene.spacing == 12)
    #expect(
      scene.divider
        == Divider(
          position: .fractional(0.4), anchors: [.fractional(0.25), .absolute(320)], snap: true, snapToFolds: false))
    #expect(scene.foldPolicy == .alwaysAvoid && scene.foldAxes == .vertical)
    #expect(scene.primary.fixedSize == FixedLayoutSize(horizontal: false, vertical: true))
    #expect(scene.primary.overlayVerticalEdge == .top && scene.primary.overlayEdge == nil)
    #expect(scene.secondary.fixedSize.isNone && !scene.secondary.visible)
    #expect(scene.secondary.adapt == .levitate && scene.secondary.overlayEdge == .leading)
    // Defaults (R31: snap false, snapToFolds true; R32: both axes; an empty list is no fold).
    let plain = try Scene(json: thirdScene(#""divider": {"position": {"absolute": 300}}, "foldAxes": []"#))
    #expect(plain.divider == Divider(position: .absolute(300), anchors: [], snap: false, snapToFolds: true))
    #expect(plain.foldAxes == [])
    #expect(try Scene(json: thirdScene()).foldAxes == .both)
    #expect(try Scene(json: thirdScene(#""foldAxes": ["horizontal", "vertical"]"#)).foldAxes == .both)
    #expect(try Scene(json: thirdScene(#""secondary": {"fixedSize": true}"#)).secondary.fixedSize == true)
    #expect(try Scene(json: thirdScene(#""secondary": {"fixedSize": false}"#)).secondary.fixedSize.isNone)
    // Eight anchors are the most a divider holds (R31), and fractions at 0 and 1 are valid (R29).
    let eight = try Scene(
      json: thirdScene(
        #""divider": {"position": {"fraction": 1}, "anchors": ["#
          + (0..<8).map { #"{"fraction": \#(Double($0) / 7)}"# }.joined(separator: ", ") + "]}"))
    #expect(eight.divider?.anchorCount == 8)
    #expect(eight.divider?.anchor(0) == .fractional(0))
  }

  // MARK: - Validation (R29 applied to R30 and R31)

  @Test("R29, R30, R31: validate() reports a negative or non-finite spacing and bad divider lengths with their paths")
  func validation() {
    var scene = Scene(container: Rect(x: 0, y: 0, width: 950, height: 760))
    #expect(scene.validate().isEmpty)
    scene.spacing = -2
    scene.divider = Divider(
      position: .fractional(.nan), anchors: [.absolute(10), .absolute(-1), .fractional(1.5), .absolute(.infinity)])
    #expect(
      scene.validate().map(\.description) == [
        "spacing: -2 is negative", "divider.position.fraction: nan is not a finite number",
        "divider.anchors[1].absolute: -1 is negative", "divider.anchors[2].fraction: 1.5 is outside 0...1",
        "divider.anchors[3].absolute: inf is not a finite number",
      ])
    scene.spacing = .nan
    scene.divider = Divider(position: .absolute(-0.0), anchors: [.fractional(0), .fractional(1)])
    #expect(scene.validate().map(\.description) == ["spacing: nan is not a finite number"])
    scene.spacing = 0
    #expect(scene.validate().isEmpty)
  }

  @Test("R29: a scene's first issue in field order is the one reported: the panes' before spacing and the divider")
  func issueOrder() {
    let text = thirdScene(
      #""secondary": {"width": {"preferred": {"fraction": 2}}}, "spacing": -1, "divider": {"position": {"fraction": 3}}"#
    )
    #expect(solveError(text) == "$.secondary.width.preferred.fraction: 2 is outside 0...1")
    #expect(
      solveError(thirdScene(#""divider": {"position": {"fraction": 3}}, "spacing": -1"#)) == "$.spacing: -1 is negative"
    )
  }

  // MARK: - Writing and reading back

  @Test("SPEC §10.1: a scene with the new fields written by the writer reads back to the same scene, compact or spaced")
  func roundTrip() throws {
    var seen = (spacing: 0, divider: 0, anchors: 0, policy: 0, axes: 0, adapt: 0, fixed: 0, edges: 0)
    for scene in Self.scenes {
      let line = sceneLine(scene)
      guard try Scene(json: line) == scene, try Scene(json: spacedForm(line)) == scene else {
        Issue.record("read back differently: \(line)")
        return
      }
      if scene.spacing != 0 { seen.spacing += 1 }
      if let divider = scene.divider {
        seen.divider += 1
        if divider.anchorCount == Divider.anchorCapacity { seen.anchors += 1 }
      }
      if scene.foldPolicy != .avoidSeparating { seen.policy += 1 }
      if scene.foldAxes == [] { seen.axes += 1 }
      if scene.secondary.adapt != .hide { seen.adapt += 1 }
      if scene.primary.fixedSize.horizontal != scene.primary.fixedSize.vertical { seen.fixed += 1 }
      if scene.secondary.overlayEdge != nil && scene.primary.overlayEdge == nil { seen.edges += 1 }
    }
    #expect(
      [seen.spacing, seen.divider, seen.anchors, seen.policy, seen.axes, seen.adapt, seen.fixed, seen.edges].allSatisfy
      {
        $0 >= 20
      }, "\(seen)")
  }

  @Test("SPEC §10.1: the writer writes each new field only where it is set, in the documented forms")
  func writtenForms() {
    var scene = Scene(container: Rect(x: 0, y: 0, width: 950, height: 760))
    #expect(sceneLine(scene) == #"{"container":{"x":0,"y":0,"width":950,"height":760}}"#)
    scene.spacing = 12
    scene.divider = Divider(position: .fractional(0.4), anchors: [.fractional(0.25), .absolute(320)], snap: true)
    scene.foldPolicy = .neverAvoid
    scene.foldAxes = .vertical
    scene.primary.fixedSize = FixedLayoutSize(horizontal: true, vertical: false)
    scene.primary.overlayEdge = .trailing
    scene.secondary.visible = false
    scene.secondary.fixedSize = FixedLayoutSize(horizontal: false, vertical: true)
    scene.secondary.overlayEdge = .leading
    scene.secondary.overlayVerticalEdge = .top
    scene.secondary.adapt = .reflow
    #expect(
      sceneLine(scene)
        == #"{"container":{"x":0,"y":0,"width":950,"height":760},"primary":{"fixedSize":{"horizontal":true},"#
        + #""overlayEdge":"trailing"},"secondary":{"fixedSize":{"vertical":true},"visible":false,"#
        + #""overlayEdge":"leading","overlayVerticalEdge":"top","adapt":"reflow"},"spacing":12,"#
        + #""divider":{"position":{"fraction":0.4},"anchors":[{"fraction":0.25},{"absolute":320}],"snap":true},"#
        + #""foldPolicy":"neverAvoid","foldAxes":["vertical"]}"#)
    scene = Scene(container: Rect(x: 0, y: 0, width: 950, height: 760))
    scene.divider = Divider(position: .absolute(300), snapToFolds: false)
    scene.foldPolicy = .alwaysAvoid
    scene.foldAxes = []
    scene.secondary.adapt = .levitate
    #expect(
      sceneLine(scene)
        == #"{"container":{"x":0,"y":0,"width":950,"height":760},"secondary":{"adapt":"levitate"},"#
        + #""divider":{"position":{"absolute":300},"snapToFolds":false},"foldPolicy":"alwaysAvoid","foldAxes":[]}"#)
    // Defaults given explicitly are not written: hide, avoidSeparating, both axes, spacing 0.
    scene = Scene(container: Rect(x: 0, y: 0, width: 950, height: 760))
    scene.secondary.adapt = .hide
    scene.foldAxes = .both
    scene.spacing = 0
    #expect(sceneLine(scene) == #"{"container":{"x":0,"y":0,"width":950,"height":760}}"#)
  }

  @Test("The reader's compact pane form takes the new pane fields as its field-by-field reading does")
  func compactPanes() throws {
    let panes = [
      #"{"fixedSize":{"horizontal":true},"overlayEdge":"leading"}"#,
      #"{"fixedSize":{"vertical":true},"overlayVerticalEdge":"top"}"#,
      #"{"visible":false,"overlayEdge":"trailing","overlayVerticalEdge":"bottom","adapt":"levitate"}"#,
      #"{"visible":true,"adapt":"reflow"}"#,
      #"{"adapt":"hide"}"#,
      #"{"layoutPriority":1,"fixedSize":{"horizontal":true,"vertical":true},"adapt":"reflow"}"#,
      #"{"fixedSize":{"vertical":false},"overlayEdge":"leading"}"#,
      #"{"overlayEdge":"leading","visible":false}"#,  // out of the writer's order: read field by field
      #"{"adapt":"reflow","fixedSize":true}"#,
    ]
    for pane in panes {
      let line = #"{"container":{"x":0,"y":0,"width":900,"height":700},"secondary":"# + pane + "}"
      #expect(try Scene(json: line) == Scene(json: spacedForm(line)), "\(line)")
      let (scene, _) = try Scene.readSkippingValidation(json: line)
      #expect(scene == (try Scene(json: spacedForm(line))), "\(line)")
    }
    #expect(
      try Scene(
        json: #"{"container":{"x":0,"y":0,"width":900,"height":700},"secondary":{"adapt":"reflow","fixedSize":true}}"#
      )
      .secondary == PaneSettings(fixedSize: true, adapt: .reflow))
    // A primary's compact form has no `visible` or `adapt`: refused as field by field.
    for pane in [#"{"adapt":"reflow"}"#, #"{"overlayEdge":"leading","visible":true}"#] {
      let line = #"{"container":{"x":0,"y":0,"width":900,"height":700},"primary":"# + pane + "}"
      #expect(lineError(line)?.contains("unknown field") == true, "\(line)")
    }
  }

  @Test("R29: a valid value read in its compact form skips validation only when in bounds; an invalid one reaches it")
  func compactFastPath() throws {
    let container = #"{"container":{"x":0,"y":0,"width":900,"height":700}"#
    #expect(try Scene.readSkippingValidation(json: container + #","spacing":12}"#).skipsValidation)
    #expect(try !Scene.readSkippingValidation(json: container + #","spacing":-12}"#).skipsValidation)
    #expect(
      try !Scene.readSkippingValidation(json: container + #","divider":{"position":{"fraction":1.25}}}"#)
        .skipsValidation)
    #expect(
      try !Scene.readSkippingValidation(
        json: container + #","divider":{"position":{"fraction":0.5},"anchors":[{"absolute":-1}]}}"#
      ).skipsValidation)
    #expect(
      try Scene.readSkippingValidation(
        json: container + #","divider":{"position":{"fraction":0.5},"anchors":[{"absolute":1}]}}"#
      ).skipsValidation)
  }

  // MARK: - Answers

  /// Scenes of R30–R35 and their answers, worked out from the rules (RULES.md §10).
  static let answers: [(String, String, String)] = [
    (
      "RULES.md §8.2: the worked example (R30 spacing 12, R31 snapped to anchor 1 at 320, R33 reflow not needed)",
      #"{"container": {"x": 0, "y": 0, "width": 1200, "height": 760}, "spacing": 12, "#
        + #""divider": {"position": {"fraction": 0.4}, "anchors": [{"fraction": 0.25}, {"absolute": 320}], "#
        + #""snap": true, "snapToFolds": true}, "foldPolicy": "alwaysAvoid", "foldAxes": ["vertical", "horizontal"], "#
        + #""primary": {"fixedSize": {"horizontal": true, "vertical": false}}, "#
        + #""secondary": {"adapt": "reflow", "overlayEdge": "trailing"}}"#,
      #"{"splitAxis":"horizontal","primary":{"visible":true,"zIndex":0,"frame":{"x":0,"y":0,"width":320,"height":760},"#
        + #""sizeClass":{"horizontal":"compact","vertical":"regular"}},"secondary":{"visible":true,"zIndex":0,"#
        + #""frame":{"x":332,"y":0,"width":868,"height":760},"sizeClass":{"horizontal":"compact","vertical":"regular"}},"#
        + #""divider":{"position":320,"anchor":1},"adapted":null}"#
    ),
    (
      "R30: 1000 wide, spacing 20: L' = 980, 490 each, the secondary from 510",
      #"{"container": {"x": 0, "y": 0, "width": 1000, "height": 700}, "spacing": 20}"#,
      #"{"splitAxis":"horizontal","primary":{"visible":true,"zIndex":0,"frame":{"x":0,"y":0,"width":490,"height":700},"#
        + #""sizeClass":{"horizontal":"compact","vertical":"regular"}},"secondary":{"visible":true,"zIndex":0,"#
        + #""frame":{"x":510,"y":0,"width":490,"height":700},"sizeClass":{"horizontal":"compact","vertical":"regular"}}}"#
    ),
    (
      "R31: a drag under way (snap false) at 0.3 of 950: the primary 285 wide, no anchor",
      thirdScene(#""divider": {"position": {"fraction": 0.3}, "anchors": [{"absolute": 100}]}"#),
      #"{"splitAxis":"horizontal","primary":{"visible":true,"zIndex":0,"frame":{"x":0,"y":0,"width":285,"height":760},"#
        + #""sizeClass":{"horizontal":"compact","vertical":"regular"}},"secondary":{"visible":true,"zIndex":0,"#
        + #""frame":{"x":285,"y":0,"width":665,"height":760},"sizeClass":{"horizontal":"compact","vertical":"regular"}},"#
        + #""divider":{"position":285,"anchor":null}}"#
    ),
    (
      "R31: released without anchors, it snaps to the inactive fold's centre (candidate 0, 475)",
      thirdScene(
        #""regions": [{"id": 1, "kind": "division", "active": false, "frame": {"x": 470, "y": 0, "width": 10, "height": 760}}], "#
          + #""divider": {"position": {"absolute": 400}, "snap": true}"#),
      #"{"splitAxis":"horizontal","primary":{"visible":true,"zIndex":0,"frame":{"x":0,"y":0,"width":475,"height":760},"#
        + #""sizeClass":{"horizontal":"compact","vertical":"regular"}},"secondary":{"visible":true,"zIndex":0,"#
        + #""frame":{"x":475,"y":0,"width":475,"height":760},"sizeClass":{"horizontal":"compact","vertical":"regular"}},"#
        + #""divider":{"position":475,"anchor":0}}"#
    ),
    (
      "R31: an active fold decides the split (R18), so the divider does not apply: null",
      thirdScene(
        #""regions": [{"id": 1, "kind": "division", "frame": {"x": 470, "y": 0, "width": 10, "height": 760}}], "#
          + #""divider": {"position": {"absolute": 400}, "snap": true}"#),
      #"{"splitAxis":"horizontal","primary":{"visible":true,"zIndex":0,"frame":{"x":0,"y":0,"width":470,"height":760},"#
        + #""sizeClass":{"horizontal":"compact","vertical":"regular"}},"secondary":{"visible":true,"zIndex":0,"#
        + #""frame":{"x":480,"y":0,"width":470,"height":760},"sizeClass":{"horizontal":"compact","vertical":"regular"}},"#
        + #""divider":null}"#
    ),
    (
      "R32: neverAvoid sizes the split across an active fold",
      thirdScene(
        #""regions": [{"id": 1, "kind": "division", "frame": {"x": 300, "y": 0, "width": 10, "height": 760}}], "#
          + #""foldPolicy": "neverAvoid""#),
      #"{"splitAxis":"horizontal","primary":{"visible":true,"zIndex":0,"frame":{"x":0,"y":0,"width":475,"height":760},"#
        + #""sizeClass":{"horizontal":"compact","vertical":"regular"}},"secondary":{"visible":true,"zIndex":0,"#
        + #""frame":{"x":475,"y":0,"width":475,"height":760},"sizeClass":{"horizontal":"compact","vertical":"regular"}}}"#
    ),
    (
      "R32: foldAxes without vertical ignores a vertical fold",
      thirdScene(
        #""regions": [{"id": 1, "kind": "division", "frame": {"x": 300, "y": 0, "width": 10, "height": 760}}], "#
          + #""foldAxes": ["horizontal"]"#),
      #"{"splitAxis":"horizontal","primary":{"visible":true,"zIndex":0,"frame":{"x":0,"y":0,"width":475,"height":760},"#
        + #""sizeClass":{"horizontal":"compact","vertical":"regular"}},"secondary":{"visible":true,"zIndex":0,"#
        + #""frame":{"x":475,"y":0,"width":475,"height":760},"sizeClass":{"horizontal":"compact","vertical":"regular"}}}"#
    ),
    (
      "R32: alwaysAvoid splits at an inactive fold as at an active one",
      thirdScene(
        #""regions": [{"id": 1, "kind": "division", "active": false, "frame": {"x": 300, "y": 0, "width": 10, "height": 760}}], "#
          + #""foldPolicy": "alwaysAvoid""#),
      #"{"splitAxis":"horizontal","primary":{"visible":true,"zIndex":0,"frame":{"x":0,"y":0,"width":300,"height":760},"#
        + #""sizeClass":{"horizontal":"compact","vertical":"regular"}},"secondary":{"visible":true,"zIndex":0,"#
        + #""frame":{"x":310,"y":0,"width":640,"height":760},"sizeClass":{"horizontal":"compact","vertical":"regular"}}}"#
    ),
    (
      "R33: levitate in a compact 400 × 300 container: half of F each way, centred, in front",
      #"{"container": {"x": 0, "y": 0, "width": 400, "height": 300}, "secondary": {"adapt": "levitate"}}"#,
      #"{"splitAxis":null,"primary":{"visible":true,"zIndex":0,"frame":{"x":0,"y":0,"width":400,"height":300},"#
        + #""sizeClass":{"horizontal":"compact","vertical":"compact"}},"secondary":{"visible":true,"zIndex":1,"#
        + #""frame":{"x":100,"y":75,"width":200,"height":150},"sizeClass":{"horizontal":"compact","vertical":"compact"}},"#
        + #""adapted":"levitated"}"#
    ),
    (
      "R33: reflow when the horizontal axis is not allowed: a vertical split",
      thirdScene(#""axes": ["vertical"], "secondary": {"adapt": "reflow"}"#),
      #"{"splitAxis":"vertical","primary":{"visible":true,"zIndex":0,"frame":{"x":0,"y":0,"width":950,"height":380},"#
        + #""sizeClass":{"horizontal":"regular","vertical":"compact"}},"secondary":{"visible":true,"zIndex":0,"#
        + #""frame":{"x":0,"y":380,"width":950,"height":380},"sizeClass":{"horizontal":"regular","vertical":"compact"}},"#
        + #""adapted":"reflowed"}"#
    ),
    (
      "R33: adapt in the overlay style never applies, and a divider there is null (R31), both still answered",
      thirdScene(
        #""style": "overlay", "divider": {"position": {"absolute": 100}}, "secondary": {"adapt": "levitate"}"#),
      #"{"splitAxis":null,"primary":{"visible":true,"zIndex":1,"frame":{"x":0,"y":0,"width":950,"height":760},"#
        + #""sizeClass":{"horizontal":"regular","vertical":"regular"}},"secondary":{"visible":true,"zIndex":0,"#
        + #""frame":{"x":0,"y":0,"width":950,"height":760},"sizeClass":{"horizontal":"regular","vertical":"regular"}},"#
        + #""divider":null,"adapted":null}"#
    ),
    (
      "R33: a hidden secondary (visible false) is not adapted: adapted null",
      #"{"container": {"x": 0, "y": 0, "width": 400, "height": 300}, "secondary": {"visible": false, "adapt": "levitate"}}"#,
      #"{"splitAxis":null,"primary":{"visible":true,"zIndex":0,"frame":{"x":0,"y":0,"width":400,"height":300},"#
        + #""sizeClass":{"horizontal":"compact","vertical":"compact"}},"secondary":{"visible":false,"zIndex":0,"#
        + #""frame":{"x":0,"y":0,"width":0,"height":0}},"adapted":null}"#
    ),
    (
      "R35: fixedSize along the split axis only: the secondary keeps its ideal 300 wide",
      thirdScene(#""secondary": {"idealSize": {"width": 300, "height": 200}, "fixedSize": {"horizontal": true}}"#),
      #"{"splitAxis":"horizontal","primary":{"visible":true,"zIndex":0,"frame":{"x":0,"y":0,"width":650,"height":760},"#
        + #""sizeClass":{"horizontal":"compact","vertical":"regular"}},"secondary":{"visible":true,"zIndex":0,"#
        + #""frame":{"x":650,"y":0,"width":300,"height":760},"sizeClass":{"horizontal":"compact","vertical":"regular"}}}"#
    ),
    (
      "R35: fixedSize along the other axis does nothing to a horizontal split",
      thirdScene(#""secondary": {"idealSize": {"width": 300, "height": 200}, "fixedSize": {"vertical": true}}"#),
      #"{"splitAxis":"horizontal","primary":{"visible":true,"zIndex":0,"frame":{"x":0,"y":0,"width":475,"height":760},"#
        + #""sizeClass":{"horizontal":"compact","vertical":"regular"}},"secondary":{"visible":true,"zIndex":0,"#
        + #""frame":{"x":475,"y":0,"width":475,"height":760},"sizeClass":{"horizontal":"compact","vertical":"regular"}}}"#
    ),
    (
      "R35: the secondary's overlayEdge trailing puts it trailing when the primary sets none",
      thirdScene(
        #""style": "overlay", "regions": [{"id": 1, "kind": "division", "frame": {"x": 300, "y": 0, "width": 10, "height": 760}}], "#
          + #""secondary": {"overlayEdge": "trailing"}"#),
      #"{"splitAxis":null,"primary":{"visible":true,"zIndex":0,"frame":{"x":0,"y":0,"width":300,"height":760},"#
        + #""sizeClass":{"horizontal":"compact","vertical":"regular"}},"secondary":{"visible":true,"zIndex":0,"#
        + #""frame":{"x":310,"y":0,"width":640,"height":760},"sizeClass":{"horizontal":"compact","vertical":"regular"}}}"#
    ),
    (
      "R35: where both panes set an edge, the primary's wins",
      thirdScene(
        #""style": "overlay", "regions": [{"id": 1, "kind": "division", "frame": {"x": 300, "y": 0, "width": 10, "height": 760}}], "#
          + #""primary": {"overlayEdge": "trailing"}, "secondary": {"overlayEdge": "trailing"}"#),
      #"{"splitAxis":null,"primary":{"visible":true,"zIndex":0,"frame":{"x":310,"y":0,"width":640,"height":760},"#
        + #""sizeClass":{"horizontal":"compact","vertical":"regular"}},"secondary":{"visible":true,"zIndex":0,"#
        + #""frame":{"x":0,"y":0,"width":300,"height":760},"sizeClass":{"horizontal":"compact","vertical":"regular"}}}"#
    ),
    (
      "R35: the secondary's overlayVerticalEdge bottom puts it at the bottom of a tabletop",
      #"{"container": {"x": 0, "y": 0, "width": 760, "height": 950}, "style": "overlay", "#
        + #""regions": [{"id": 1, "kind": "division", "frame": {"x": 0, "y": 300, "width": 760, "height": 10}}], "#
        + #""secondary": {"overlayVerticalEdge": "bottom"}}"#,
      #"{"splitAxis":null,"primary":{"visible":true,"zIndex":0,"frame":{"x":0,"y":0,"width":760,"height":300},"#
        + #""sizeClass":{"horizontal":"regular","vertical":"compact"}},"secondary":{"visible":true,"zIndex":0,"#
        + #""frame":{"x":0,"y":310,"width":760,"height":640},"sizeClass":{"horizontal":"regular","vertical":"compact"}}}"#
    ),
  ]

  @Test(
    "R30–R35: scenes answered as worked out from the rules, divider and adapted after secondary, in that order",
    arguments: answers)
  func answer(_ name: String, _ scene: String, _ expected: String) throws {
    let line = try SceneFile.answerLine(.solve, scene)
    #expect(line == expected, "\(name)")
    // The document's pretty answer is the same, one field a line.
    let document = try SceneFile.solve(scene)
    #expect(FuzzChecks.compact(document) == expected)
    let keys = keyOrder(try JSONParser.parse(document)).filter { ["divider", "adapted", "secondary"].contains($0) }
    var expectedKeys = ["secondary"]
    if expected.contains(#""divider""#) { expectedKeys.append("divider") }
    if expected.contains(#""adapted""#) { expectedKeys.append("adapted") }
    #expect(keys == expectedKeys)
  }

  @Test("RULES.md §8.2: the pretty answer writes divider and adapted one a line after secondary")
  func prettyAnswer() throws {
    let text = try SceneFile.solve(
      #"{"container": {"x": 0, "y": 0, "width": 1200, "height": 760}, "spacing": 12, "#
        + #""divider": {"position": {"fraction": 0.4}, "anchors": [{"fraction": 0.25}, {"absolute": 320}], "snap": true}, "#
        + #""secondary": {"adapt": "reflow"}}"#)
    #expect(
      text == """
        {
          "splitAxis": "horizontal",
          "primary": {"visible": true, "zIndex": 0, "frame": {"x": 0, "y": 0, "width": 320, "height": 760}, "sizeClass": {"horizontal": "compact", "vertical": "regular"}},
          "secondary": {"visible": true, "zIndex": 0, "frame": {"x": 332, "y": 0, "width": 868, "height": 760}, "sizeClass": {"horizontal": "compact", "vertical": "regular"}},
          "divider": {"position": 320, "anchor": 1},
          "adapted": null
        }
        """)
  }

  @Test("RULES.md §8.2: divider is answered exactly when the scene has one, adapted exactly when adapt is not hide")
  func presence() throws {
    for scene in Self.scenes.prefix(500) {
      let answer = try SceneFile.answerLine(.solve, sceneLine(scene))
      #expect(answer.contains(#""divider":"#) == (scene.divider != nil), "\(sceneLine(scene))")
      #expect(answer.contains(#""adapted":"#) == (scene.secondary.adapt != .hide), "\(sceneLine(scene))")
      let solution = scene.solve()
      if scene.divider != nil {
        #expect(answer.contains(#""divider":null"#) == (solution.divider == nil))
      }
      if scene.secondary.adapt != .hide {
        #expect(answer.contains(#""adapted":null"#) == (solution.adapted == nil))
      }
    }
    // `hide` given explicitly is no adapt at all: no field.
    #expect(!(try SceneFile.answerLine(.solve, thirdScene(#""secondary": {"adapt": "hide"}"#))).contains("adapted"))
  }

  // MARK: - Old scenes answer byte for byte as before

  @Test("SPEC §10.1: a scene without the new fields is answered byte for byte as before (RULES.md §8's example)")
  func oldAnswersUnchanged() throws {
    #expect(
      try SceneFile.solve(specExample) == """
        {
          "splitAxis": "horizontal",
          "primary": {"visible": true, "zIndex": 0, "frame": {"x": 0, "y": 0, "width": 475, "height": 760}, "sizeClass": {"horizontal": "compact", "vertical": "regular"}},
          "secondary": {"visible": true, "zIndex": 0, "frame": {"x": 475, "y": 0, "width": 391, "height": 760}, "sizeClass": {"horizontal": "compact", "vertical": "regular"}}
        }
        """)
    #expect(
      try SceneFile.answerLine(.solve, #"{"container": {"x": 0, "y": 0, "width": 300, "height": 300}}"#)
        == #"{"splitAxis":null,"primary":{"visible":true,"zIndex":0,"frame":{"x":0,"y":0,"width":300,"height":300},"#
        + #""sizeClass":{"horizontal":"compact","vertical":"compact"}},"secondary":{"visible":false,"zIndex":0,"#
        + #""frame":{"x":0,"y":0,"width":0,"height":0}}}"#)
  }

  @Test("SPEC §10.1: golden and random scenes without the new fields answer with splitAxis, primary and secondary only")
  func oldScenesKeys() throws {
    let old = GoldenCase.all.map(\.scene) + randomValidScenes(count: 300, seed: 0x01D_5CE)
    for scene in old {
      let line = sceneLine(scene)
      #expect(!line.contains("spacing") && !line.contains("divider") && !line.contains("adapt"))
      let answer = try JSONParser.parse(try SceneFile.answerLine(.solve, line))
      guard case .object(let members) = answer else {
        Issue.record("not an object")
        continue
      }
      #expect(members.map(\.key) == ["splitAxis", "primary", "secondary"])
    }
  }

  // MARK: - Streams (§8.1)

  @Test("§8.1: streams read the new fields: each line's answer is the array form's, compacted, byte for byte")
  func streams() throws {
    let lines = Self.scenes.map(sceneLine)
    let document = try SceneFile.solve("[" + lines.joined(separator: ",\n") + "]")
    let answers = try lines.map { line throws(SceneFileError) in try SceneFile.answerLine(.solve, line) }
    #expect(FuzzChecks.compact(document) == "[" + answers.joined(separator: ",") + "]")
    for (line, answer) in zip(lines.prefix(300), answers) {
      #expect(try SceneFile.answerLine(.solve, spacedForm(line)) == answer)
    }
  }

  @Test("The fuzz target's scene-file checks hold for scenes with the new fields and for transition requests")
  func fuzzSceneFile() {
    for scene in Self.scenes.prefix(40) {
      let line = sceneLine(scene)
      let request = #"{"from": "# + sceneLine(StreamTests.scenes[0]) + #", "to": "# + line + #", "steps": 3}"#
      for text in [line, spacedForm(line), request] {
        Array(text.utf8).withUnsafeBytes { FuzzChecks.sceneFile($0) }
      }
    }
  }

  @Test("The fuzz target's solver checks (R30–R35, R34) hold for inputs with bytes for the new fields")
  func fuzzSolver() {
    var generator = Seeded(0xF022_0035)
    for length in 0..<600 {
      let bytes = (0..<(length % 200 + 20)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
      bytes.withUnsafeBytes { FuzzChecks.solver($0) }
    }
  }

  // MARK: - Transition requests (R34), as the library reads them

  @Test("R34: a transition request is read like two scenes, its errors named under from and to")
  func transitionErrors() {
    let scene = thirdScene()
    let badFrom = thirdScene(#""spacing": -1"#)
    let badTo = thirdScene(#""secondary": {"adapt": "x"}"#)
    let cases: [(String, String)] = [
      (
        #"{"from": \#(scene), "to": \#(scene)}"#,
        #"$.progress: required field is missing (a transition request has exactly one of "progress" and "steps")"#
      ),
      (
        #"{"from": \#(scene), "to": \#(scene), "progress": 0.5, "steps": 2}"#,
        #"$.steps: a transition request has exactly one of "progress" and "steps", not both"#
      ),
      (#"{"from": \#(scene), "to": \#(scene), "steps": 0}"#, "$.steps: 0 is outside 1...1024"),
      (#"{"from": \#(scene), "to": \#(scene), "steps": 1025}"#, "$.steps: 1025 is outside 1...1024"),
      (
        #"{"from": \#(scene), "to": \#(scene), "steps": 99999999999999999999}"#,
        "$.steps: 99999999999999999999 is outside 1...1024"
      ),
      (#"{"from": \#(scene), "to": \#(scene), "steps": 1.5}"#, "$.steps: 1.5 is not an integer"),
      (#"{"from": \#(scene), "to": \#(scene), "progress": "half"}"#, "$.progress: expected a number, found a string"),
      (#"{"to": \#(scene), "progress": 0}"#, "$.from: required field is missing"),
      (#"{"from": \#(scene), "progress": 0}"#, "$.to: required field is missing"),
      (#"{"from": \#(badFrom), "to": \#(scene), "progress": 0}"#, "$.from.spacing: -1 is negative"),
      (
        #"{"from": \#(scene), "to": \#(badTo), "progress": 0}"#,
        #"$.to.secondary.adapt: unknown value "x" (expected one of: "hide", "reflow", "levitate")"#
      ),
      (
        #"{"from": \#(scene), "to": \#(scene), "progress": 0, "speed": 1}"#,
        "$.speed: unknown field (expected one of: from, motion, progress, steps, to)"
      ),
    ]
    for (text, message) in cases {
      #expect(solveError(text, .transition) == message, "\(text)")
      #expect(lineError(FuzzChecks.compact(text), .transition) == message, "\(text)")
    }
    // `2.0` spells an integer; `null` leaves a field out.
    #expect(solveError(#"{"from": \#(scene), "to": \#(scene), "steps": 2.0}"#, .transition) == nil)
    #expect(solveError(#"{"from": \#(scene), "to": \#(scene), "steps": 2, "progress": null}"#, .transition) == nil)
  }
}

@Suite("Solver issues found with the third generation's scene files")
struct ThirdGenerationSolverIssueTests {
  @Test("R29, R34: a transition into a scene with a huge displayScale (1e306) answers finite frames")
  func hugeScaleTransition() throws {
    let request =
      #"{"from": {"container": {"x": 0, "y": 0, "width": 950, "height": 760}, "secondary": {"visible": false}}, "#
      + #""to": {"container": {"x": 0, "y": 0, "width": 950, "height": 760}, "displayScale": 1e306}, "progress": 0.5}"#
    let answer = try SceneFile.answerLine(.transition, request)
    // 475 × 1e306 overflows: an edge whose scaled value is 2^52 or more stays as it is.
    #expect((try? JSONParser.parse(answer)) != nil, "\(answer)")
    #expect(!answer.contains("inf"), "\(answer)")
  }
}
