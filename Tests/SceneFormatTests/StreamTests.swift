import ArrangementSolver
import FuzzChecks
import SceneFormat
import Testing

/// Seeded scenes the file format can hold, every field exercised: regions
/// (0 to 8, any ids, kinds, activity, margins), every dimension kind, ties and
/// negative priorities, scales, directions, empty axes, hidden secondaries, and
/// numbers with long decimal expansions (thirds, sevenths) for the exact
/// reader and the shortest-form writer. Invalid draws (a maximum below a
/// minimum of the same kind) are skipped.
func randomValidScenes(count: Int, seed: UInt64) -> [Scene] {
  var generator = Seeded(seed)
  func next() -> UInt64 { generator.next() }
  func below(_ bound: UInt64) -> Int { Int(next() % bound) }
  func length() -> Double {
    switch below(4) {
    case 0: return Double(below(2400))
    case 1: return Double(below(24_000)) / 8
    case 2: return Double(below(2400)) / 3
    default: return Double(below(2400)) / 7
    }
  }
  func coordinate() -> Double { below(4) == 0 ? -length() : length() }
  func rect() -> Rect { Rect(x: coordinate(), y: coordinate(), width: length(), height: length()) }
  func insets() -> EdgeInsets {
    EdgeInsets(top: length() / 10, left: length() / 10, bottom: length() / 10, right: length() / 10)
  }
  func dimension() -> Dimension? {
    switch below(5) {
    case 0, 1: return nil
    case 2: return .absolute(length())
    case 3: return .fractional(Double(below(1001)) / 1000)
    default: return .intrinsic
    }
  }
  func pane() -> PaneSettings {
    var pane = PaneSettings(layoutPriority: below(3) == 0 ? Double(below(5)) - 2 : 0)
    pane.width = DimensionRange(minimum: dimension(), preferred: dimension(), maximum: dimension())
    pane.height = DimensionRange(minimum: dimension(), preferred: dimension(), maximum: dimension())
    if below(2) == 0 { pane.idealSize = Size(width: length(), height: length()) }
    pane.fixedSize = FixedLayoutSize(booleanLiteral: below(4) == 0)
    pane.visible = below(6) != 0
    pane.overlayEdge = below(2) == 0 ? .leading : .trailing
    pane.overlayVerticalEdge = below(2) == 0 ? .top : .bottom
    return pane
  }
  var scenes: [Scene] = []
  while scenes.count < count {
    var scene = Scene(container: rect())
    if below(2) == 0 { scene.safeArea = insets() }
    if below(3) == 0 {
      scene.sizeClass = SizeClasses(
        horizontal: below(2) == 0 ? .compact : .regular, vertical: below(2) == 0 ? .compact : .regular)
    }
    scene.layoutDirection = below(2) == 0 ? .leftToRight : .rightToLeft
    if below(2) == 0 { scene.displayScale = [1, 2, 3, 2.5][below(4)] }
    for _ in 0..<below(9) {
      scene.regions.append(
        ReservedRegion(
          id: below(40) - 10, kind: below(2) == 0 ? .division : .occlusion, frame: rect(),
          margins: below(3) == 0 ? insets() : .zero, isActive: below(4) != 0))
    }
    scene.style = below(2) == 0 ? .split : .overlay
    scene.axes = Axes(rawValue: UInt8(below(4)))
    // Each pane carries only its own fields in the format (the solver reads no others).
    scene.primary = pane()
    scene.primary.visible = true
    scene.secondary = pane()
    scene.secondary.overlayEdge = .trailing
    scene.secondary.overlayVerticalEdge = .bottom
    if scene.validate().isEmpty { scenes.append(scene) }
  }
  return scenes
}

/// SplitMix64: seeded numbers, so a failing case can be replayed.
struct Seeded {
  var state: UInt64

  init(_ seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// A scene as one line of a stream.
/// `line` with a space after every colon and comma outside strings, which
/// forces the field-by-field reading.
func spacedForm(_ line: String) -> String {
  var spaced = ""
  var inString = false
  for character in line {
    spaced.append(character)
    if character == "\"" { inString.toggle() }
    if !inString && (character == ":" || character == ",") { spaced.append(" ") }
  }
  return spaced
}

func sceneLine(_ scene: Scene) -> String {
  var writer = JSONWriter(capacity: 1024)
  writer.scene(scene)
  return String(decoding: writer.written, as: UTF8.self)
}

@Suite("Streams (JSON Lines): one compact answer a line, the array form's answers byte for byte")
struct StreamTests {
  static let scenes = randomValidScenes(count: 3000, seed: 0x5EED_11E5)

  @Test("Scene files: a scene written by the writer reads back to the same scene")
  func roundTrip() throws {
    #expect(Set(Self.scenes.map(\.regions.count)).count >= 4, "the scenes cover several region counts")
    for scene in Self.scenes {
      let line = sceneLine(scene)
      let read = try Scene(json: line)
      guard read == scene else {
        Issue.record("read back differently: \(line)")
        return
      }
    }
  }

  @Test("Streams: each line's answer is the array form's answer for it, compacted, byte for byte")
  func streamEqualsArray() throws {
    let lines = Self.scenes.map(sceneLine)
    let document = try SceneFile.solve("[" + lines.joined(separator: ",\n") + "]")
    let answers = try lines.map { line throws(SceneFileError) in try SceneFile.answerLine(.solve, line) }
    #expect(FuzzChecks.compact(document) == "[" + answers.joined(separator: ",") + "]")
    // And each line alone as a document, for the one-value form.
    for (line, answer) in zip(lines.prefix(200), answers) {
      #expect(FuzzChecks.compact(try SceneFile.solve(line)) == answer)
    }
  }

  @Test("Streams: every golden scene answers on one line as in the array form", arguments: GoldenCase.all)
  func goldenLines(_ golden: GoldenCase) throws {
    let line = sceneLine(golden.scene)
    #expect(try SceneFile.answerLine(.solve, line) == FuzzChecks.compact(try SceneFile.solve(line)))
    #expect(try Scene(json: line).solve() == golden.scene.solve())
  }

  @Test("Streams: \\r\\n line ends and lines of white space are accepted; a bad line fails as its document would")
  func lineEnds() throws {
    let line = sceneLine(Self.scenes[0])
    #expect(try SceneFile.answerLine(.solve, line + "\r") == (try SceneFile.answerLine(.solve, line)))
    #expect(try SceneFile.answerLine(.solve, "  \t\r") == "")
    let bad = #"{"container": {"x": 0, "y": 0, "width": 1, "height": 1}, "style": "grid"}"#
    #expect(throws: SceneFileError.self) { try SceneFile.answerLine(.solve, bad) }
    do throws(SceneFileError) {
      _ = try SceneFile.answerLine(.solve, bad)
    } catch {
      #expect(error.description == #"$.style: unknown value "grid" (expected one of: "split", "overlay")"#)
    }
  }

  @Test("Every request kind answers a line as its array form does")
  func otherRequests() throws {
    let query =
      #"{"view": {"x": 100, "y": 0, "width": 850, "height": 760}, "kind": "division", "layoutDirection": "rightToLeft", "regions": [{"id": 4, "kind": "division", "frame": {"x": 475, "y": 0, "width": 0, "height": 760}}]}"#
    let displace =
      #"{"view": {"x": 0, "y": 0, "width": 951, "height": 669}, "elements": [{"x": 100, "y": 200, "width": 270, "height": 150}], "purpose": "transient", "regions": [{"id": 1, "kind": "division", "frame": {"x": 463.5, "y": 0, "width": 24, "height": 669}}]}"#
    let grid =
      #"{"frame": {"x": 0, "y": 0, "width": 951, "height": 669}, "minimumCellWidth": 200, "spacing": 16, "margin": 20, "regions": [{"id": 1, "kind": "division", "frame": {"x": 463.5, "y": 0, "width": 24, "height": 669}}]}"#
    for (request, line) in [(SceneFile.Request.regions, query), (.displace, displace), (.grid, grid)] {
      let document = try SceneFile.answer(request, "[" + line + "," + line + "]")
      let answer = try SceneFile.answerLine(request, line)
      #expect(FuzzChecks.compact(document) == "[" + answer + "," + answer + "]")
      #expect(answer.contains("\n") == false && answer.contains(" ") == false)
    }
  }

  @Test("A line holding an array is answered by the compact array of answers")
  func arrayLine() throws {
    let lines = Self.scenes.prefix(3).map(sceneLine)
    let answers = try lines.map { line throws(SceneFileError) in try SceneFile.answerLine(.solve, line) }
    #expect(
      try SceneFile.answerLine(.solve, "[" + lines.joined(separator: ",") + "]") == "[" + answers.joined(separator: ",")
        + "]")
  }
}

@Suite("The reader's compact-form shortcuts agree with its field-by-field reading")
struct CompactFormTests {
  static let container = #""container":{"x":0,"y":0,"width":950,"height":760}"#

  /// Scenes in the compact form that the shortcuts try first, each one byte away from it, with the error
  /// the field-by-field reading gives.
  static let nearMisses: [(String, String)] = [
    (#"{"container":{"x":0,"y":0,"width":950,"height":-760}}"#, "$.container.height: -760 is negative"),
    (
      #"{"container":{"x":0,"y":0,"width":950,"height":760,"x":1}}"#,
      "$.container.x: malformed JSON at line 1, column 55: duplicate key"
    ),
    (#"{"container":{"x":0,"y":0,"width":950}}"#, "$.container.height: required field is missing"),
    (#"{"container":{"x":0,"y":0,"width":950,"height":1e999}}"#, "$.container.height: 1e999 is not a finite number"),
    (
      #"{"container":{"x":0,"y":0,"width":950,"height":07}}"#,
      "$.container.height: malformed JSON at line 1, column 49: invalid number: a leading zero"
    ),
    (
      "{" + container + #","regions":[{"id":1.5,"kind":"division","frame":{"x":0,"y":0,"width":1,"height":1}}]}"#,
      "$.regions[0].id: 1.5 is not an integer"
    ),
    (
      "{" + container + #","regions":[{"id":1,"kind":"fold","frame":{"x":0,"y":0,"width":1,"height":1}}]}"#,
      #"$.regions[0].kind: unknown value "fold" (expected one of: "division", "occlusion")"#
    ),
    (
      "{" + container
        + #","regions":[{"id":1,"kind":"division","active":true,"active":false,"frame":{"x":0,"y":0,"width":1,"height":1}}]}"#,
      "$.regions[0].active: malformed JSON at line 1, column 112: duplicate key"
    ),
    (
      "{" + container
        + #","regions":[{"id":1,"kind":"division","frame":{"x":0,"y":0,"width":1,"height":1},"margins":{"top":1,}}]}"#,
      "$.regions[0].margins: malformed JSON at line 1, column 152: expected a string key"
    ),
    (
      "{" + container
        + #","regions":[{"id":1,"kind":"division","frame":{"x":0,"y":0,"width":1,"height":1},"margins":{"top":-1,"left":0,"bottom":0,"right":0}}]}"#,
      "$.regions[0].margins.top: -1 is negative"
    ),
    (
      "{" + container + #","primary":{"width":{"preferred":{"fraction":1.5}}}}"#,
      "$.primary.width.preferred.fraction: 1.5 is outside 0...1"
    ),
    (
      "{" + container + #","primary":{"width":{"preferred":{"fraction":0.5,"absolute":3}}}}"#,
      #"$.primary.width.preferred: a dimension has exactly one of "absolute", "fraction" or "intrinsic""#
    ),
    (
      "{" + container + #","primary":{"width":{"preferred":{"intrinsic":false}}}}"#,
      "$.primary.width.preferred.intrinsic: expected true"
    ),
  ]

  @Test("A near miss of a compact form gets the field-by-field reading's error", arguments: nearMisses)
  func nearMiss(_ text: String, _ message: String) {
    do throws(SceneFileError) {
      _ = try SceneFile.answerLine(.solve, text)
      Issue.record("expected an error")
    } catch {
      #expect(error.description == message)
    }
  }

  @Test("Compact panes with fields the writer leaves out (defaults, null, an empty range) read as field by field")
  func compactPaneDefaults() throws {
    let panes = [
      #"{"layoutPriority":0,"fixedSize":false,"overlayEdge":"trailing","overlayVerticalEdge":"bottom"}"#,
      #"{"width":{"minimum":{"absolute":250},"maximum":{"fraction":0.5}},"overlayVerticalEdge":"top"}"#,
      #"{"height":{"preferred":{"intrinsic":true}},"idealSize":{"width":320,"height":240},"fixedSize":true}"#,
      #"{"width":{},"layoutPriority":-1}"#,
      #"{"width":null,"height":{"maximum":{"absolute":600.5}}}"#,
      "{}",
    ]
    for pane in panes {
      let secondary = pane.replacingOccurrences(
        of: #""overlayEdge":"trailing","overlayVerticalEdge":"bottom""#, with: #""visible":true"#
      )
      .replacingOccurrences(of: #","overlayVerticalEdge":"top""#, with: #","visible":false"#)
      let line =
        #"{"container":{"x":0,"y":0,"width":900,"height":700},"primary":"# + pane + #","secondary":"# + secondary + "}"
      #expect(try Scene(json: line) == Scene(json: spacedForm(line)), "\(line)")
    }
  }

  /// The scene with one field made invalid (R29), in cases 13 to 17 set to
  /// the edge of its valid values instead; cases cycle with `index`.
  static func mutated(_ scene: Scene, _ index: Int) -> Scene {
    var scene = scene
    func region(_ change: (inout ReservedRegion) -> Void) {
      var regions = Array(scene.regions)
      if regions.isEmpty {
        regions.append(ReservedRegion(id: 1, kind: .division, frame: Rect(x: 10, y: 0, width: 2, height: 9)))
      }
      change(&regions[index % regions.count])
      scene.regions = ReservedRegions(regions)
    }
    switch index % 19 {
    case 0: scene.container.width = -1
    case 1: scene.container.height = -0.5
    case 2: scene.safeArea.left = -2
    case 3: scene.displayScale = 0
    case 4: scene.displayScale = -3
    case 5: region { $0.frame.width = -1 }
    case 6: region { $0.margins.bottom = -1 }
    case 7: scene.primary.width.preferred = .fractional(1.5)
    case 8: scene.primary.width = DimensionRange(minimum: .absolute(300), maximum: .absolute(200))
    case 9: scene.secondary.height.minimum = .absolute(-4)
    case 10: scene.secondary.idealSize = Size(width: -1, height: 5)
    case 11: scene.primary.height = DimensionRange(minimum: .fractional(0.6), maximum: .fractional(0.5))
    case 12: scene.secondary.width.preferred = .fractional(-0.1)
    case 13: scene.container.width = 0
    case 14: scene.primary.width = DimensionRange(minimum: .fractional(0), maximum: .fractional(1))
    case 15: scene.secondary.height = DimensionRange(minimum: .absolute(250), maximum: .absolute(250))
    case 16: region { $0.margins = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0.5) }
    case 17: scene.secondary.idealSize = Size(width: 0, height: 0)
    default:  // two issues: the first in field order is reported
      scene.secondary.width.preferred = .fractional(-0.1)
      scene.container.width = -1
    }
    return scene
  }

  /// Valid scenes whose every value the compact forms take (short numbers):
  /// with one field changed, only that field can send the reader to validation.
  static let plainScenes = [
    #"{"container":{"x":0,"y":0,"width":1240,"height":2453},"safeArea":{"top":0,"left":0,"bottom":0,"right":84},"#
      + #""displayScale":3,"regions":[{"id":2,"kind":"occlusion","frame":{"x":1200,"y":8,"width":30,"height":30}},"#
      + #"{"id":3,"kind":"division","active":false,"frame":{"x":310,"y":0,"width":40,"height":2453},"#
      + #""margins":{"top":0,"left":4,"bottom":0,"right":4}}],"primary":{"width":{"minimum":{"absolute":400}},"#
      + #""height":{"preferred":{"fraction":0.7}}},"secondary":{"layoutPriority":1,"width":{"preferred":{"intrinsic":true}},"#
      + #""idealSize":{"width":300,"height":200},"fixedSize":true}}"#,
    #"{"container":{"x":-20,"y":0,"width":840.5,"height":600},"layoutDirection":"rightToLeft","displayScale":2,"#
      + #""regions":[{"id":1,"kind":"division","frame":{"x":420,"y":0,"width":0,"height":600}}],"style":"overlay","#
      + #""primary":{"layoutPriority":-1,"width":{"minimum":{"fraction":0.25},"preferred":{"fraction":0.5},"#
      + #""maximum":{"fraction":0.75}},"overlayEdge":"leading"},"secondary":{"height":{"minimum":{"absolute":100},"#
      + #""maximum":{"absolute":500}},"visible":false}}"#,
  ]

  @Test("R29: invalid fields in the compact form get validation's first issue; values at the edges read as written")
  func compactInvalidFields() throws {
    let bases = try Self.plainScenes.map { text in
      let scene = try Scene(json: text)
      #expect(sceneLine(scene) == text, "the base is in the compact form")
      return scene
    }
    var checked = (invalid: 0, edges: 0)
    for index in 0..<76 {
      let changed = Self.mutated(bases[index / 19 % 2], index)
      let line = sceneLine(changed)
      if let issue = changed.validate().first {
        let expected = "$.\(issue.path): \(issue.message)"
        for form in [line, spacedForm(line)] {
          do throws(SceneFileError) {
            _ = try SceneFile.answerLine(.solve, form)
            Issue.record("expected an error: \(form)")
          } catch {
            #expect(error.description == expected, "\(form)")
          }
        }
        checked.invalid += 1
      } else {
        #expect((13...17).contains(index % 19), "case \(index % 19) should be invalid")
        #expect(try Scene(json: line) == changed)
        checked.edges += 1
      }
    }
    #expect(checked.invalid == 56 && checked.edges == 20)
  }

  @Test("Compact and spaced forms of the same scenes read to the same scene")
  func spacedForms() throws {
    for scene in StreamTests.scenes.prefix(500) {
      let line = sceneLine(scene)
      #expect(try Scene(json: spacedForm(line)) == scene)
      #expect(try Scene(json: line) == scene)
    }
  }
}
