import ArrangementSolver
import Testing

/// The kinds of violation the shared check finds in `solution`.
private func kinds(_ solution: Solution, _ scene: Scene) -> [InvariantViolation.Kind] {
  solution.invariantViolations(for: scene).map(\.kind)
}

/// Scenes that solve soundly although every rule is pushed: bad numbers
/// (R29), folds of every shape (R16), pixel rounding (R9), right to left.
private func nastyScenes() -> [Scene] {
  var scenes: [Scene] = [bookScene(), splitScene(), splitScene(width: 600, height: 900)]
  for value in [Double.nan, .infinity, -.infinity, -1, -1e308, 1e308, .leastNonzeroMagnitude, -0.0, 0] {
    scenes.append(
      Scene(
        container: rect(value, value, value, value),
        safeArea: EdgeInsets(top: value, left: value, bottom: value, right: value), displayScale: value,
        regions: [fold(x: value, y: value, width: value, height: value)],
        primary: pane(
          minimum: .absolute(value), preferred: .fractional(value), maximum: .absolute(value), priority: value),
        secondary: PaneSettings(layoutPriority: value, idealSize: Size(width: value, height: value), fixedSize: true)))
    var book = bookScene()
    book.container.width = value
    scenes.append(book)
    book = bookScene()
    book.regions[0].frame.x = value
    scenes.append(book)
    scenes.append(splitScene(primary: pane(minimum: .absolute(value), preferred: .absolute(value))))
    scenes.append(splitScene(width: 1000, height: value))
  }
  // A 24-point fold with margins, book and tabletop.
  var wide = bookScene()
  wide.regions = [fold(x: 463.5, width: 24, height: 760, margin: 2)]
  scenes.append(wide)
  var tabletop = Scene(container: rect(0, 0, 760, 950), safeArea: EdgeInsets(top: 30), sizeClass: regular)
  tabletop.regions = [fold(x: 0, y: 463, width: 760, height: 0)]
  scenes.append(tabletop)
  // Two folds that both divide: the nearest applies (R16); crossing folds.
  var two = splitScene()
  two.regions = [fold(id: 2, x: 700, width: 0, height: 800), fold(id: 1, x: 480, width: 0, height: 800)]
  scenes.append(two)
  two.regions.append(fold(id: 3, x: 0, y: 400, width: 1000, height: 0))
  scenes.append(two)
  // A fold that touches the area's edge or stops short does not divide it (R16).
  var touching = splitScene()
  touching.regions = [fold(x: 0, width: 0, height: 800), fold(id: 2, x: 500, y: 10, width: 0, height: 700)]
  scenes.append(touching)
  // Magnitudes at the sanitiser's cap, a fold far along; tiny and subnormal containers.
  var huge = splitScene(width: 1e300, height: 1e300)
  huge.regions = [fold(x: 0x1p51 + 0.5, y: -1, width: 0, height: 0x1p53)]
  scenes.append(huge)
  scenes.append(splitScene(width: 0.5, height: 0.5))
  scenes.append(splitScene(width: .leastNonzeroMagnitude, height: 800))
  // Pixel rounding at an odd origin (R9); a fraction that is not a Double.
  var odd = splitScene(width: 1001, height: 700, primary: pane(preferred: .fractional(1.0 / 3)))
  odd.container.x = -50.0 / 3
  scenes.append(odd)
  // Insets wider than the container: no layout area (R1).
  var inset = splitScene()
  inset.safeArea = EdgeInsets(left: 600, right: 600)
  scenes.append(inset)
  return scenes
}

@Suite("The shared invariants check (R1, R6, R8, R9, R16–R18, R21–R24, R29)")
struct InvariantTests {
  @Test(
    "Real solves of nasty scenes keep every invariant, in every style, direction, scale and visibility",
    arguments: Array(nastyScenes().enumerated()))
  func realSolvesPass(index: Int, scene: Scene) {
    for style in ArrangementStyle.allCases {
      for direction in LayoutDirection.allCases {
        for scale in [nil, 1, 2, 3] as [Double?] {
          for axes in [Axes.both, .horizontal, .vertical] {
            for visible in [true, false] {
              var variant = scene
              variant.style = style
              variant.layoutDirection = direction
              variant.displayScale = scene.displayScale ?? scale
              variant.axes = axes
              variant.secondary.visible = visible
              let violations = variant.solve().invariantViolations(for: variant)
              #expect(violations.isEmpty, "scene \(index): \(violations): \(variant)")
            }
          }
        }
      }
    }
  }

  @Test("The layout area and the fold that applies are the solver's (R1, R16, R29)")
  func areaAndFold() {
    #expect(bookScene().layoutArea == rect(0, 0, 866, 760))
    #expect(bookScene().applyingFold! == (Axis.horizontal, 475.0, 475.0))
    var scene = splitScene(width: .nan)
    scene.safeArea = EdgeInsets(top: -4, left: 10)
    #expect(scene.layoutArea == rect(10, 0, 0, 800))
    // The nearest of two dividing folds applies; a tabletop fold splits the vertical axis.
    scene = splitScene()
    scene.regions = [fold(id: 2, x: 700, width: 0, height: 800), fold(id: 1, x: 480, width: 4, height: 800)]
    #expect(scene.applyingFold! == (Axis.horizontal, 480.0, 484.0))
    scene.regions = [fold(x: -10, y: 300, width: 1020, height: 20, margin: 5)]
    #expect(scene.applyingFold! == (Axis.vertical, 300.0, 320.0))
    scene.regions[0].isActive = false
    #expect(scene.applyingFold == nil)
  }

  @Test("A frame that is not finite is caught (R29)")
  func notFinite() {
    let scene = splitScene()
    var solution = scene.solve()
    solution.primary.frame.width = .nan
    #expect(kinds(solution, scene) == [.notFinite])
    solution = scene.solve()
    solution.secondary.frame.y = -.infinity
    #expect(kinds(solution, scene) == [.notFinite])
  }

  @Test("A shown pane without length is caught: such a pane is hidden (R6, R9)")
  func empty() {
    let scene = Scene(container: rect(0, 0, 1000, 800), secondary: PaneSettings(visible: false))
    var solution = scene.solve()
    solution.primary.frame.height = 0
    #expect(kinds(solution, scene) == [.empty])
  }

  @Test("A pane past the layout area is caught; a far edge within rounding of it is not (R1, R9)")
  func outsideArea() {
    let scene = bookScene()  // layout area 0..<866
    var solution = scene.solve()
    solution.secondary.frame.width += 1e-9
    #expect(kinds(solution, scene) == [.outsideArea])
    solution = scene.solve()
    // One unit in the last place past the area: what recomputing an edge as origin plus length may round to.
    solution.secondary.frame.width = 866.0.nextUp - 475
    #expect(solution.secondary.frame.maxX == 866.0.nextUp && kinds(solution, scene) == [])
    solution = scene.solve()
    solution.primary.frame.y = -1e-12  // short of spanning the area across the split too (R8)
    #expect(kinds(solution, scene) == [.outsideArea, .order])
    // An inset moves the area: a pane at the container's edge leaves it.
    var inset = splitScene()
    inset.safeArea.top = 20
    solution = inset.solve()
    #expect(kinds(solution, inset) == [])
    solution.primary.frame.y = 0
    solution.primary.frame.height = 800
    #expect(kinds(solution, inset) == [.outsideArea, .order])
  }

  @Test("A hidden pane with a frame or a zIndex is caught (RULES.md §7)")
  func hiddenNotZero() {
    let scene = Scene(container: rect(0, 0, 1000, 800), secondary: PaneSettings(visible: false))
    var solution = scene.solve()
    solution.secondary.frame = rect(0, 0, 1, 1)
    #expect(kinds(solution, scene) == [.hiddenNotZero])
    solution = scene.solve()
    solution.secondary.zIndex = 1
    #expect(kinds(solution, scene) == [.hiddenNotZero])
  }

  @Test("zIndex: 1 only for the primary of a stacked overlay, 0 elsewhere (R22, R23, R24)")
  func zIndex() {
    let split = splitScene()
    var solution = split.solve()
    solution.primary.zIndex = 1
    #expect(kinds(solution, split) == [.zIndex])
    var overlay = splitScene()
    overlay.style = .overlay
    solution = overlay.solve()
    #expect(solution.primary.zIndex == 1 && kinds(solution, overlay) == [])
    solution.primary.zIndex = 0  // no longer stacked, so the panes overlap too
    #expect(kinds(solution, overlay) == [.zIndex, .overlap])
    solution = overlay.solve()
    solution.secondary.zIndex = 2
    #expect(kinds(solution, overlay) == [.zIndex, .overlap])
    // Side by side across a fold (R23): both 0.
    var book = bookScene()
    book.style = .overlay
    solution = book.solve()
    solution.secondary.zIndex = 1
    #expect(kinds(solution, book) == [.zIndex])
  }

  @Test("Panes that overlap without being stacked are caught (R8, R9, R22)")
  func overlap() {
    let scene = splitScene(primary: pane(preferred: .absolute(400)))
    var solution = scene.solve()
    solution.secondary.frame.x -= 1e-9
    solution.secondary.frame.width += 1e-9
    #expect(kinds(solution, scene) == [.overlap])
    // A stacked overlay with a pane short of the whole area is not stacked.
    var overlay = scene
    overlay.style = .overlay
    solution = overlay.solve()
    solution.secondary.frame.width -= 1
    #expect(kinds(solution, overlay) == [.overlap])
  }

  @Test("A pane across the fold that applies is caught, for a fold with and without width (R16, R18, R19, R23)")
  func acrossFold() {
    let book = bookScene()  // the fold at 475, no width
    var solution = book.solve()
    solution.primary.frame.width += 1e-9
    solution.secondary.frame.x += 1e-9
    solution.secondary.frame.width -= 1e-9
    #expect(kinds(solution, book) == [.acrossFold])
    // A 24-point fold: the secondary may not start inside it.
    var wide = bookScene()
    wide.regions = [fold(x: 463.5, width: 24, height: 760)]
    solution = wide.solve()
    #expect(solution.secondary.frame.x == 487.5 && kinds(solution, wide) == [])
    solution.secondary.frame.x -= 1
    solution.secondary.frame.width += 1
    #expect(kinds(solution, wide) == [.acrossFold])
    // A lone primary keeps to its side (R19).
    var lone = wide
    lone.secondary.visible = false
    solution = lone.solve()
    solution.primary.frame.width = 866
    #expect(kinds(solution, lone) == [.acrossFold])
    // An overlay stacked because its side-by-side axis is not allowed covers the fold (R24); side by side it may not.
    var overlay = wide
    overlay.style = .overlay
    overlay.axes = .vertical
    solution = overlay.solve()
    #expect(solution.primary.zIndex == 1 && kinds(solution, overlay) == [])
    overlay.axes = .both
    #expect(kinds(solution, overlay) == [.zIndex, .acrossFold, .acrossFold, .overlap])
  }

  @Test("splitAxis only while both panes are shown in a split, and the axis R16 and R17 give (R21)")
  func splitAxis() {
    let scene = splitScene()
    var solution = scene.solve()
    solution.splitAxis = nil
    #expect(kinds(solution, scene) == [.splitAxis])
    var lone = scene
    lone.secondary.visible = false
    solution = lone.solve()
    solution.splitAxis = .horizontal
    #expect(kinds(solution, lone) == [.splitAxis])
    var overlay = bookScene()
    overlay.style = .overlay
    solution = overlay.solve()
    solution.splitAxis = .horizontal
    #expect(kinds(solution, overlay) == [.splitAxis])
    // A wide area splits horizontally (R16); an axis that is not allowed does not split (R17).
    solution = scene.solve()
    solution.splitAxis = .vertical
    #expect(kinds(solution, scene).first == .splitAxis)
    var vertical = scene
    vertical.axes = .vertical
    solution = scene.solve()
    #expect(kinds(solution, vertical) == [.splitAxis])
    var compactScene = scene
    compactScene.sizeClass = SizeClasses(horizontal: .compact, vertical: .regular)
    #expect(kinds(solution, compactScene) == [.splitAxis])
  }

  @Test("The panes of a split out of order, or short of the area across the axis, are caught (R8)")
  func order() {
    var scene = splitScene(primary: pane(preferred: .absolute(400)))
    scene.layoutDirection = .rightToLeft
    var solution = scene.solve()
    #expect(solution.primary.frame.x == 600 && kinds(solution, scene) == [])
    // Left to right placement in a right-to-left layout.
    solution.primary.frame.x = 0
    solution.secondary.frame.x = 400
    #expect(kinds(solution, scene) == [.order])
    solution = scene.solve()
    solution.secondary.frame.height -= 1
    #expect(kinds(solution, scene) == [.order])
  }
}

@Suite("The shared invariants check of the third generation (R31–R33), one file and one tolerance for R1–R35")
struct ThirdGenerationInvariantTests {
  @Test("A levitated secondary is in front, within the primary's frame; out of it, or unasked for, it is caught (R33)")
  func levitated() {
    var scene = splitScene(secondary: PaneSettings(visible: true))
    scene.axes = .vertical  // R17 hides the secondary of this wide area, so it levitates
    scene.secondary.adapt = .levitate
    var solution = scene.solve()
    #expect(solution.adapted == .levitated && kinds(solution, scene) == [])
    solution.secondary.frame.x = solution.primary.frame.maxX - 10  // past the primary, and so the area
    #expect(kinds(solution, scene) == [.adapted, .outsideArea])
    solution = scene.solve()
    solution.secondary.zIndex = 0
    #expect(kinds(solution, scene) == [.zIndex])
    var hiding = scene
    hiding.secondary.adapt = .hide
    #expect(kinds(scene.solve(), hiding) == [.adapted])
  }

  @Test("A reflowed split runs along the other axis, without a fold; otherwise it is caught (R33, R21)")
  func reflowed() {
    var scene = splitScene(width: 1000, height: 800)
    scene.primary = pane(minimum: .absolute(700))
    scene.secondary = pane(minimum: .absolute(700))
    scene.secondary.adapt = .reflow
    var solution = scene.solve()
    #expect(solution.adapted == .reflowed && solution.splitAxis == .vertical, "\(solution)")
    #expect(kinds(solution, scene) == [])
    solution.splitAxis = .horizontal
    #expect(kinds(solution, scene).contains(.splitAxis))
    var folded = scene
    folded.regions = [fold(x: 500, width: 0, height: 800)]
    #expect(kinds(scene.solve(), folded).contains(.adapted))
  }

  @Test("A divider answer only with a divider and both panes shown, at a finite position, snapped to a candidate (R31)")
  func divider() {
    var scene = splitScene()
    scene.divider = Divider(position: .fractional(0.3), anchors: [.fractional(0.5)], snap: true)
    var solution = scene.solve()
    #expect(solution.divider?.anchor == 0 && kinds(solution, scene) == [])
    var plain = scene
    plain.divider = nil
    #expect(kinds(solution, plain) == [.divider])
    solution.divider = DividerAnswer(position: .nan, anchor: 3)
    #expect(kinds(solution, scene) == [.divider, .divider])
  }

  @Test("The fold that applies follows the fold policy and fold axes (R32)")
  func foldPolicy() {
    var scene = splitScene()
    scene.regions = [fold(x: 480, width: 0, height: 800, active: false)]
    #expect(scene.applyingFold == nil)
    scene.foldPolicy = .alwaysAvoid
    #expect(scene.applyingFold! == (Axis.horizontal, 480.0, 480.0))
    #expect(kinds(scene.solve(), scene) == [])
    scene.foldAxes = .horizontal  // a vertical fold is left out
    #expect(scene.applyingFold == nil)
    scene.foldAxes = .both
    scene.foldPolicy = .neverAvoid
    #expect(scene.applyingFold == nil && kinds(scene.solve(), scene) == [])
  }
}
