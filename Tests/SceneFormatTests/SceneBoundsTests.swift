import ArrangementSolver
import SceneFormat
import StrictJSON
import Testing

/// One kind of bound R29 sets, the fields that have it, and numbers just
/// inside and just outside it, as a file spells them.
struct BoundCase: Sendable, CustomTestStringConvertible {
  var name: String
  /// Each field of the kind: sets it to the number given, leaving the rest of the scene valid.
  var fields: [(path: String, set: @Sendable (inout Scene, Double) -> Void)]
  var inside: [String]
  var outside: [String]

  var testDescription: String { name }

  static let all: [BoundCase] = [
    BoundCase(
      name: "a length is not negative",
      fields: [
        ("container.width", { $0.container.width = $1 }), ("container.height", { $0.container.height = $1 }),
        ("safeArea.top", { $0.safeArea.top = $1 }), ("safeArea.left", { $0.safeArea.left = $1 }),
        ("safeArea.bottom", { $0.safeArea.bottom = $1 }), ("safeArea.right", { $0.safeArea.right = $1 }),
        ("regions[0].frame.width", { $0.regions[0].frame.width = $1 }),
        ("regions[0].frame.height", { $0.regions[0].frame.height = $1 }),
        ("regions[1].margins.top", { $0.regions[1].margins.top = $1 }),
        ("regions[1].margins.right", { $0.regions[1].margins.right = $1 }),
        ("primary.width.minimum.absolute", { $0.primary.width = DimensionRange(minimum: .absolute($1)) }),
        ("primary.height.preferred.absolute", { $0.primary.height = DimensionRange(preferred: .absolute($1)) }),
        ("secondary.width.maximum.absolute", { $0.secondary.width = DimensionRange(maximum: .absolute($1)) }),
        ("primary.idealSize.width", { $0.primary.idealSize!.width = $1 }),
        ("secondary.idealSize.height", { $0.secondary.idealSize = Size(width: 300, height: $1) }),
      ],
      inside: ["0", "-0", "0.000001", "950", "123456789012345"],
      outside: ["-0.000001", "-1", "-123456789012345"]),
    BoundCase(
      name: "a fraction is in 0...1",
      fields: [
        ("primary.width.minimum.fraction", { $0.primary.width = DimensionRange(minimum: .fractional($1)) }),
        ("primary.width.preferred.fraction", { $0.primary.width = DimensionRange(preferred: .fractional($1)) }),
        ("secondary.height.maximum.fraction", { $0.secondary.height = DimensionRange(maximum: .fractional($1)) }),
      ],
      inside: ["0", "-0", "0.000001", "0.5", "0.999999", "1"],
      outside: ["-0.000001", "1.000001", "-1", "2"]),
    BoundCase(
      name: "a displayScale is positive",
      fields: [("displayScale", { $0.displayScale = $1 })],
      inside: ["0.000001", "1", "3"],
      outside: ["0", "-0", "-0.000001", "-2"]),
    BoundCase(
      name: "an absolute maximum is not below the absolute minimum",
      fields: [
        (
          "primary.width.maximum",
          { $0.primary.width = DimensionRange(minimum: .absolute(300), maximum: .absolute($1)) }
        ),
        (
          "secondary.height.maximum",
          {
            $0.secondary.height = DimensionRange(minimum: .absolute(300), preferred: .intrinsic, maximum: .absolute($1))
          }
        ),
      ],
      inside: ["300", "300.000001", "1000"],
      outside: ["299.999999", "0"]),
    BoundCase(
      name: "a fraction maximum is not below the fraction minimum",
      fields: [
        (
          "primary.height.maximum",
          { $0.primary.height = DimensionRange(minimum: .fractional(0.5), maximum: .fractional($1)) }
        )
      ],
      inside: ["0.5", "0.500001", "1"],
      outside: ["0.499999", "0"]),
    BoundCase(
      name: "bounds of different kinds are not compared",
      fields: [
        (
          "primary.width.maximum",
          { $0.primary.width = DimensionRange(minimum: .absolute(300), maximum: .fractional($1)) }
        ),
        (
          "secondary.width.maximum",
          { $0.secondary.width = DimensionRange(minimum: .fractional(0.5), maximum: .absolute($1)) }
        ),
      ],
      inside: ["0", "0.1", "1"],
      outside: []),
    BoundCase(
      name: "a coordinate or a layoutPriority may be negative",
      fields: [
        ("container.x", { $0.container.x = $1 }), ("container.y", { $0.container.y = $1 }),
        ("regions[0].frame.x", { $0.regions[0].frame.x = $1 }),
        ("regions[1].frame.y", { $0.regions[1].frame.y = $1 }),
        ("primary.layoutPriority", { $0.primary.layoutPriority = $1 }),
        ("secondary.layoutPriority", { $0.secondary.layoutPriority = $1 }),
      ],
      inside: ["-0.000001", "-123456789012345", "0", "123456789012345"],
      outside: []),
  ]
}

/// A scene with every field a file can hold, all valid.
func fullScene() -> Scene {
  var scene = Scene(
    container: Rect(x: 10, y: 20, width: 950, height: 760), safeArea: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4),
    sizeClass: SizeClasses(horizontal: .regular, vertical: .regular), layoutDirection: .rightToLeft, displayScale: 2,
    style: .split, axes: .horizontal)
  scene.regions = [
    ReservedRegion(id: 1, kind: .division, frame: Rect(x: 485, y: 20, width: 0, height: 760)),
    ReservedRegion(
      id: 2, kind: .occlusion, frame: Rect(x: 30, y: 20, width: 40, height: 40),
      margins: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4), isActive: false),
  ]
  scene.primary = PaneSettings(
    layoutPriority: 1, width: DimensionRange(minimum: .absolute(100), preferred: .fractional(0.3)),
    height: DimensionRange(minimum: .fractional(0.1), maximum: .fractional(0.9)),
    idealSize: Size(width: 300, height: 200),
    overlayEdge: .leading)
  scene.secondary = PaneSettings(
    width: DimensionRange(minimum: .intrinsic, preferred: .absolute(200)), idealSize: Size(width: 300, height: 200),
    fixedSize: true)
  return scene
}

/// The scene as the writer writes it: the compact form the reader's fast path takes.
func compactText(_ scene: Scene) -> String {
  var writer = JSONWriter(capacity: 1024)
  writer.scene(scene)
  return String(decoding: writer.written, as: UTF8.self)
}

@Suite("R29's bounds hold alike on the scene reader's fast path and in validation")
struct SceneBoundsTests {
  /// A number no scene here holds, replaced in the text by the number under test.
  static let placeholder = 4242.4375

  @Test("The full scene is read by the fast path, and spaced out it is validated instead")
  func fullSceneTakesTheFastPath() throws {
    let compact = compactText(fullScene())
    let read = try Scene.readSkippingValidation(json: compact)
    #expect(read.skipsValidation && read.scene == fullScene())
    #expect(try !Scene.readSkippingValidation(json: spaced(compact)).skipsValidation)
  }

  @Test("R29: each bound accepts and refuses the same numbers on both paths", arguments: BoundCase.all)
  func bothPathsAgree(bound: BoundCase) throws {
    for (path, set) in bound.fields {
      var scene = fullScene()
      set(&scene, Self.placeholder)
      let template = compactText(scene)
      #expect(template.contains("4242.4375"), "\(path): \(template)")
      for (literal, inside) in bound.inside.map({ ($0, true) }) + bound.outside.map({ ($0, false) }) {
        let compact = template.replacing("4242.4375", with: literal)
        let label = "\(path) = \(literal): \(compact)"
        // The fast path skips validation exactly when validation finds nothing.
        let read = try Scene.readSkippingValidation(json: compact)
        let issues = read.scene.validate()
        #expect(read.skipsValidation == issues.isEmpty, "\(label)")
        #expect(issues.isEmpty == inside, "\(label): \(issues)")
        if !inside { #expect(issues.first?.path == path, "\(label): \(issues)") }
        // The compact form and the expanded one give the same answer or the same error.
        let fromCompact = Result { () throws(SceneFileError) in try SceneFile.solve(compact) }
        let fromExpanded = Result { () throws(SceneFileError) in try SceneFile.solve(spaced(compact)) }
        #expect(fromCompact == fromExpanded, "\(label)")
        if case .failure(let error) = fromCompact {
          #expect(error.description == "$.\(issues.first?.description ?? "")", "\(label)")
        }
        #expect(((try? fromCompact.get()) != nil) == inside, "\(label)")
      }
    }
  }

  @Test("R29: a number that is not finite is refused alike in both forms, naming its field")
  func notFinite() {
    let fields: [(String, (inout Scene, Double) -> Void)] = [
      ("container.width", { $0.container.width = $1 }), ("displayScale", { $0.displayScale = $1 }),
      ("primary.width.preferred.fraction", { $0.primary.width.preferred = .fractional($1) }),
    ]
    for (path, set) in fields {
      var scene = fullScene()
      set(&scene, Self.placeholder)
      for literal in ["1e999", "-1e999"] {
        let compact = compactText(scene).replacing("4242.4375", with: literal)
        let fromCompact = Result { () throws(SceneFileError) in try SceneFile.solve(compact) }
        let fromExpanded = Result { () throws(SceneFileError) in try SceneFile.solve(spaced(compact)) }
        #expect(fromCompact == fromExpanded, "\(path) = \(literal)")
        if case .failure(let error) = fromCompact {
          #expect(error.description == "$.\(path): \(literal) is not a finite number")
        } else {
          Issue.record("\(path) = \(literal) was accepted")
        }
      }
    }
  }

  /// The text with a space after every colon and comma: the same scene,
  /// read field by field and validated.
  func spaced(_ text: String) -> String {
    text.replacing(",", with: ", ").replacing(":", with: ": ")
  }
}
