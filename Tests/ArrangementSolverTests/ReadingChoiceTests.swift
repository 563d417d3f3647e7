import ArrangementSolver
import Testing

/// A scene keeps, as its fields are set, whether it uses the third
/// generation's rules: a solve reads that one flag to choose between Apple's
/// rules alone and every rule. These scenes set each field after the scene
/// was made, by every way a caller can, and expect what the scene made with
/// that field answers.
@Suite("A scene's fields set after it was made choose the rules it is solved by (R30–R33, R35)")
struct ReadingChoiceTests {
  /// Each field of R30–R33 and R35's edges on the secondary, set on `scene`, in a scene where it matters.
  static var changes: [(String, Scene, @Sendable (inout Scene) -> Void)] {
    var split = Scene(container: Rect(x: 0, y: 0, width: 1000, height: 800))
    split.secondary.width.minimum = .absolute(1200)
    var book = Scene(container: Rect(x: 0, y: 0, width: 1000, height: 800))
    book.regions = [
      ReservedRegion(id: 1, kind: .division, frame: Rect(x: 590, y: 0, width: 20, height: 800), isActive: true)
    ]
    var inactive = book
    inactive.regions[0].isActive = false
    var overlayBook = book
    overlayBook.style = .overlay
    var overlayTabletop = Scene(container: Rect(x: 0, y: 0, width: 800, height: 1000), style: .overlay)
    overlayTabletop.regions = [
      ReservedRegion(id: 1, kind: .division, frame: Rect(x: 0, y: 590, width: 800, height: 20), isActive: true)
    ]
    return [
      ("spacing", Scene(container: Rect(x: 0, y: 0, width: 1000, height: 800)), { $0.spacing = 20 }),
      (
        "divider", Scene(container: Rect(x: 0, y: 0, width: 1000, height: 800)),
        { $0.divider = Divider(position: .absolute(300)) }
      ),
      ("secondary.adapt", split, { $0.secondary.adapt = .levitate }),
      ("foldPolicy", inactive, { $0.foldPolicy = .alwaysAvoid }),
      ("foldAxes", book, { $0.foldAxes = .horizontal }),
      ("secondary.overlayEdge", overlayBook, { $0.secondary.overlayEdge = .trailing }),
      ("secondary.overlayVerticalEdge", overlayTabletop, { $0.secondary.overlayVerticalEdge = .bottom }),
    ]
  }

  @Test("Each field set on a scene already made answers as a scene made with it, and set back as the scene before")
  func setAfterwards() {
    for (field, before, change) in Self.changes {
      let old = before.solve()
      // Made with the field: copied into a fresh scene through the initialiser.
      var changed = before
      change(&changed)
      let made = Scene(
        container: changed.container, safeArea: changed.safeArea, sizeClass: changed.sizeClass,
        layoutDirection: changed.layoutDirection, displayScale: changed.displayScale, regions: changed.regions,
        style: changed.style, axes: changed.axes, primary: changed.primary, secondary: changed.secondary,
        spacing: changed.spacing, divider: changed.divider, foldPolicy: changed.foldPolicy, foldAxes: changed.foldAxes)
      #expect(made == changed, "\(field)")
      #expect(thirdBits(changed.solve()) == thirdBits(made.solve()), "\(field): set afterwards")
      #expect(thirdBits(changed.solve()) != thirdBits(old), "\(field): the scene does not show the field")
      // Through a pointer, as code that keeps scenes in a buffer sets them.
      var pointed = before
      withUnsafeMutablePointer(to: &pointed) { change(&$0.pointee) }
      #expect(thirdBits(pointed.solve()) == thirdBits(made.solve()), "\(field): set through a pointer")
      // In place while resizing, and in a batch.
      var resized = changed
      #expect(
        thirdBits(resized.solve(resizingTo: Size(width: changed.container.width, height: changed.container.height)))
          == thirdBits(changed.solve()), "\(field): solve(resizingTo:)")
      var output = [Solution](repeating: before.solve(), count: 1)
      _ = [changed].withUnsafeBufferPointer { scenes in
        output.withUnsafeMutableBufferPointer { Scene.solve(scenes, into: $0) }
      }
      #expect(thirdBits(output[0]) == thirdBits(changed.solve()), "\(field): Scene.solve(_:into:)")
      // Set back to its default: the scene before, bit for bit, and equal to it.
      var back = changed
      back.spacing = 0
      back.divider = nil
      back.secondary.adapt = .hide
      back.foldPolicy = .avoidSeparating
      back.foldAxes = .both
      back.secondary.overlayEdge = nil
      back.secondary.overlayVerticalEdge = nil
      #expect(back == before, "\(field): set back")
      #expect(thirdBits(back.solve()) == thirdBits(old), "\(field): set back")
    }
  }

  @Test("A whole pane replaced, and fields set to their defaults, keep Apple's rules; a pane with an edge set does not")
  func wholePane() {
    var scene = Scene(container: Rect(x: 0, y: 0, width: 1000, height: 800))
    scene.regions = [
      ReservedRegion(id: 1, kind: .division, frame: Rect(x: 590, y: 0, width: 20, height: 800), isActive: true)
    ]
    scene.style = .overlay
    let apple = scene.solve()
    var secondary = PaneSettings()
    secondary.overlayEdge = .trailing
    scene.secondary = secondary
    #expect(thirdBits(scene.solve()) != thirdBits(apple))
    scene.secondary = PaneSettings()
    scene.spacing = 0
    scene.foldAxes = .both
    #expect(thirdBits(scene.solve()) == thirdBits(apple))
  }
}
