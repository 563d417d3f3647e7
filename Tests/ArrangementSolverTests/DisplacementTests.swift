import ArrangementSolver
import Testing

private let screen = rect(0, 0, 951, 669)
private let bookFold = fold(x: 463.5, width: 24, height: 669, margin: 8)
private let tabletopScreen = rect(0, 0, 669, 951)
private let tabletopFold = fold(x: 0, y: 463.5, width: 669, height: 24, margin: 8)

private func displace(
  _ frames: [Rect], _ purpose: ElementPurpose, in view: Rect = screen, regions: ReservedRegions = [bookFold],
  anchor: Rect? = nil, direction: LayoutDirection = .leftToRight
) -> DisplacementResult {
  Displacement(
    view: view, elements: ElementFrames(frames), purpose: purpose, anchor: anchor, layoutDirection: direction,
    regions: regions
  ).displaced()
}

@Suite("Displacement around folds and cameras (R25–R27)")
struct DisplacementTests {
  @Test("R25: an alert goes to the trailing area in the book posture, by the shortest move")
  func alertTrailingInBook() {
    let alert = rect(100, 200, 270, 150)
    let result = displace([alert], .transient)
    #expect(result.elements[0] == rect(487.5, 200, 270, 150))
    #expect(result.area == rect(487.5, 0, 463.5, 669))
    #expect(!result.shrunk)
  }

  @Test("R25: trailing is the left area in right-to-left layouts")
  func alertTrailingRTL() {
    let result = displace([rect(600, 200, 270, 150)], .transient, direction: .rightToLeft)
    #expect(result.elements[0] == rect(193.5, 200, 270, 150))
  }

  @Test("R25: an alert goes to the top area on a tabletop")
  func alertTopOnTabletop() {
    let result = displace([rect(200, 600, 270, 150)], .transient, in: tabletopScreen, regions: [tabletopFold])
    #expect(result.elements[0] == rect(200, 313.5, 270, 150))
  }

  @Test("R25: controls go to the bottom on a tabletop, and to the area holding most of them in a book")
  func controls() {
    let tabletop = displace([rect(100, 300, 200, 44)], .control, in: tabletopScreen, regions: [tabletopFold])
    #expect(tabletop.elements[0] == rect(100, 487.5, 200, 44))
    // 380…520 in a book: 83.5 points on the leading side, 32.5 on the trailing one.
    let book = displace([rect(380, 600, 140, 44)], .control)
    #expect(book.elements[0] == rect(323.5, 600, 140, 44))
  }

  @Test("R25: content seen from afar goes to the top on a tabletop")
  func distantContent() {
    let result = displace([rect(0, 400, 669, 300)], .distantContent, in: tabletopScreen, regions: [tabletopFold])
    #expect(result.elements[0] == rect(0, 163.5, 669, 300))
  }

  @Test("R26: a context menu stays with its photo: the group moves as one, keeping its offsets")
  func contextMenuGroup() {
    let photo = rect(420, 100, 200, 150)
    let menu = rect(440, 260, 160, 120)
    // The anchor (the photo) is mostly trailing: the group moves to the trailing area.
    let result = displace([photo, menu], .contextual, anchor: photo)
    #expect(result.elements[0] == rect(487.5, 100, 200, 150))
    #expect(result.elements[1] == rect(507.5, 260, 160, 120))
    #expect(result.offset.dx == 67.5 && result.offset.dy == 0)
  }

  @Test("R26: an element larger than its area shrinks to it, keeping its place where it can")
  func shrinksOnlyWhenItMustNot() {
    let result = displace([rect(50, 100, 600, 200)], .transient)
    #expect(result.shrunk)
    #expect(result.elements[0] == rect(487.5, 100, 463.5, 200))
  }

  @Test("R29, R26: an element beyond 2^52 is moved from its clamped frame, and the offset says where it went")
  func hugeCoordinates() {
    // Before: the union was clamped but the frames were not, so x 5e15 landed outside the area
    // while the offset (taken from the raw union) pointed at 941.
    for x in [5e15, -5e15, 1e300] {
      let result = displace([rect(x, 100, 40, 40), rect(10, 120, 40, 40)], .control)
      let area = try! #require(result.area)
      for index in 0..<result.elements.count {
        let frame = result.elements[index]
        #expect(frame.x.isFinite && frame.width.isFinite, "x \(x)")
        #expect(frame.minX >= area.minX - 1e-6 && frame.maxX <= area.maxX + 1e-6, "x \(x): \(frame) outside \(area)")
      }
      // The offset moves the clamped union exactly where the frames went.
      let clamped = min(max(x, -0x1p52), 0x1p52)
      let union = (min(clamped, 10), 10.0)
      #expect(abs(result.elements.union.minX - (union.0 + result.offset.dx)) <= 2, "x \(x)")
    }
  }

  @Test("R25: scrolling content never moves, even across the fold or under a camera")
  func scrollingNeverMoves() {
    let feed = rect(0, 0, 951, 669)
    let regions: ReservedRegions = [bookFold, camera(id: 3, x: 200, y: 0, size: 40)]
    let result = displace([feed], .scrolling, regions: regions)
    #expect(result.elements[0] == feed)
    #expect(result.area == nil && result.offset.dx == 0 && result.offset.dy == 0)
  }

  @Test("R27: a control over the active inner camera moves the least distance out")
  func controlClearsCamera() {
    let regions: ReservedRegions = [camera(id: 3, x: 200, y: 0, size: 40)]
    let result = displace([rect(180, 10, 44, 44)], .control, regions: regions)
    // Left 24 points beats down 30 and right 60; up would leave the view.
    #expect(result.elements[0] == rect(156, 10, 44, 44))
    // An idle camera is no obstacle.
    let idle = displace(
      [rect(180, 10, 44, 44)], .control, regions: [camera(id: 3, x: 200, y: 0, size: 40, active: false)])
    #expect(idle.elements[0] == rect(180, 10, 44, 44))
  }

  @Test("R27: the move out of a camera stays inside the view")
  func cameraMoveStaysInside() {
    let regions: ReservedRegions = [camera(id: 3, x: 0, y: 0, size: 40)]
    let result = displace([rect(5, 5, 44, 44)], .control, regions: regions)
    #expect(result.elements[0] == rect(40, 5, 44, 44))  // right 35, not left 49 out of the view
  }

  @Test("R27 (RULES.md §9): a group whose union overlaps a camera but none of whose elements does stays put")
  func groupBesideCameraStays() {
    let camera = ReservedRegion(id: 2, kind: .occlusion, frame: rect(157, 0, 120, 40))
    let group = [rect(51, 55, 140, 70), rect(27, 61, 77, 52), rect(25, 17, 28, 11)]
    let result = displace(group, .contextual, in: rect(0, 0, 669, 951), regions: [camera])
    #expect((0..<3).map { result.elements[$0] } == group)
    #expect(result.offset.dx == 0 && result.offset.dy == 0)
  }

  @Test("R27: when one element of a group overlaps a camera, the group moves the least that clears every element")
  func groupClearsCamera() {
    let camera = camera(id: 3, x: 200, y: 0, size: 40)
    // The first element is under the camera; the second is far below it. Left 24 clears every element
    // (the bounding box would have needed left 140, so went down 30).
    let apart = [rect(180, 10, 44, 44), rect(300, 300, 40, 40)]
    let moved = displace(apart, .control, regions: [camera])
    #expect(moved.elements[0] == rect(156, 10, 44, 44) && moved.elements[1] == rect(276, 300, 40, 40))
    // Both under the camera, the second further right in its rows: left would need 60, down needs 30.
    let together = [rect(180, 10, 44, 44), rect(230, 20, 30, 20)]
    let result = displace(together, .control, regions: [camera])
    #expect(result.elements[0] == rect(180, 40, 44, 44))
    #expect(result.elements[1] == rect(230, 50, 30, 20))
    #expect(result.offset.dx == 0 && result.offset.dy == 30)
  }

  @Test("R27: content that is not interactive stays under a camera")
  func distantContentIgnoresCamera() {
    let result = displace([rect(180, 10, 44, 44)], .distantContent, regions: [camera(id: 3, x: 200, y: 0, size: 40)])
    #expect(result.elements[0] == rect(180, 10, 44, 44))
  }

  @Test("R25: without an active fold nothing moves for the fold")
  func flatDeviceNoMove() {
    var flat = bookFold
    flat.isActive = false
    let result = displace([rect(400, 100, 200, 100)], .transient, regions: [flat])
    #expect(result.elements[0] == rect(400, 100, 200, 100))
    #expect(result.area == nil)
  }

  @Test("Displaced elements never overlap an active fold and keep their size whenever they fit (property)")
  func properties() {
    var random = SeededGenerator(seed: 0x00F0_1D)
    for index in 0..<3000 {
      let tabletop = Bool.random(using: &random)
      let view = tabletop ? tabletopScreen : screen
      let foldRegion = tabletop ? tabletopFold : bookFold
      let width = Double.random(in: 1...500, using: &random)
      let height = Double.random(in: 1...500, using: &random)
      let element = rect(
        Double.random(in: 0...(view.width - 1), using: &random),
        Double.random(in: 0...(view.height - 1), using: &random),
        min(width, view.width), min(height, view.height))
      let purpose = ElementPurpose.allCases.randomElement(using: &random)!
      let direction: LayoutDirection = Bool.random(using: &random) ? .leftToRight : .rightToLeft
      let result = displace([element], purpose, in: view, regions: [foldRegion], anchor: element, direction: direction)
      let moved = result.elements[0]
      let label = "case \(index): \(purpose) \(element) → \(moved)"
      if purpose == .scrolling {
        #expect(moved == element, "\(label)")
        continue
      }
      let overlapX = min(moved.maxX, foldRegion.frame.maxX) - max(moved.minX, foldRegion.frame.minX)
      let overlapY = min(moved.maxY, foldRegion.frame.maxY) - max(moved.minY, foldRegion.frame.minY)
      #expect(overlapX <= 1e-9 || overlapY <= 1e-9, "overlaps the fold: \(label)")
      if let area = result.area, element.width <= area.width, element.height <= area.height {
        #expect(moved.width == element.width && moved.height == element.height, "resized: \(label)")
      }
    }
  }
}

@Suite("Grids around folds (R28)")
struct GridTests {
  func columns(_ grid: GridFit) -> [Rect] {
    var output = [Rect](repeating: .zero, count: 32)
    let count = output.withUnsafeMutableBufferPointer { grid.columns(into: $0) }
    return Array(output[0..<min(count, 32)])
  }

  @Test("R28: a 4-column grid stays 4 columns when the device folds, and no cell crosses the fold")
  func fourColumnsFoldedAndFlat() {
    let flatFold = fold(x: 475.5, width: 0, height: 669, active: false)
    let flat = GridFit(frame: screen, minimumCellWidth: 200, spacing: 16, margin: 20, regions: [flatFold])
    let book = GridFit(frame: screen, minimumCellWidth: 200, spacing: 16, margin: 20, regions: [bookFold])
    #expect(flat.columnCount == 4 && book.columnCount == 4)
    let folded = columns(book)
    #expect(folded.count == 4)
    #expect(folded[0].minX == 20 && folded[3].maxX == 931)  // outer margins kept
    for cell in folded {
      #expect(cell.maxX <= bookFold.frame.minX || cell.minX >= bookFold.frame.maxX, "\(cell) crosses the fold")
    }
    #expect(folded[1].minX - folded[0].maxX == 16 && folded[3].minX - folded[2].maxX == 16)  // other gaps kept
    #expect(folded[2].minX - folded[1].maxX > 16)  // only the gap at the fold grows
  }

  @Test("R28: an odd count becomes even when a fold overlaps, active or not; without one it stays")
  func evenCount() {
    let noFold = GridFit(frame: screen, minimumCellWidth: 150, spacing: 16, margin: 20)
    #expect(noFold.columnCount == 5)
    var withFold = noFold
    withFold.regions = [fold(x: 475.5, width: 0, height: 669, active: false)]
    #expect(withFold.columnCount == 4)
    // Room for one column only: two narrower ones, so the fold still falls between them.
    let narrow = GridFit(
      frame: rect(0, 0, 300, 600), minimumCellWidth: 250, regions: [fold(x: 150, width: 0, height: 600)])
    #expect(narrow.columnCount == 2)
  }

  @Test("R28: without a fold the columns are equal and evenly spaced; right to left lists the rightmost first")
  func plainGrid() {
    let grid = GridFit(frame: rect(0, 0, 1000, 500), minimumCellWidth: 200, spacing: 20, margin: 30)
    let plain = columns(grid)
    #expect(plain.count == 4)
    #expect(plain[0] == rect(30, 0, 220, 500) && plain[3] == rect(750, 0, 220, 500))
    var rtl = grid
    rtl.layoutDirection = .rightToLeft
    #expect(columns(rtl) == plain.reversed())
  }

  @Test("R29: hostile grid numbers give at least one column and never trap (a fuzzing finding)")
  func hostileGrids() {
    for value in [Double.nan, .infinity, -.infinity, -1e300, 1e300, 0, -5] {
      let grid = GridFit(frame: rect(0, 0, 300, 100), minimumCellWidth: 10, spacing: 0, margin: value)
      #expect(grid.columnCount >= 1)
      let other = GridFit(frame: rect(0, 0, value, 100), minimumCellWidth: value, spacing: value, margin: 2e300)
      #expect((1...1_000_000).contains(other.columnCount))
      #expect(columns(other).count >= 1)
    }
  }

  @Test("R28 with crossing folds: the columns avoid the vertical fold even when a horizontal one is nearer the centre")
  func crossingFolds() {
    // RULES.md §9: 951 × 669, vertical fold x 300–320, horizontal fold y 324.5–344.5. Before, the
    // horizontal fold won R16's nearest test and was dropped, so the third column spanned 250.25–355.375.
    let vertical = fold(id: 1, x: 300, width: 20, height: 669)
    let horizontal = fold(id: 2, x: 0, y: 324.5, width: 951, height: 20)
    for regions: ReservedRegions in [[vertical, horizontal], [horizontal, vertical]] {
      for direction in [LayoutDirection.leftToRight, .rightToLeft] {
        var grid = GridFit(frame: screen, minimumCellWidth: 150, spacing: 16, margin: 20, regions: regions)
        grid.layoutDirection = direction
        let cells = columns(grid)
        #expect(cells.count == 4)
        for cell in cells {
          #expect(cell.maxX <= 300 + 1e-9 || cell.minX >= 320 - 1e-9, "\(cell) crosses x 300–320 (\(direction))")
        }
      }
    }
    // A horizontal fold alone never moves columns.
    let plain = columns(GridFit(frame: screen, minimumCellWidth: 150, spacing: 16, margin: 20))
    let alone = columns(GridFit(frame: screen, minimumCellWidth: 150, spacing: 16, margin: 20, regions: [horizontal]))
    #expect(alone.count == 4 && plain.count == 5)  // R28: the count is even when any fold overlaps
    for index in 1..<alone.count { #expect(abs(alone[index].minX - alone[index - 1].maxX - 16) < 1e-9) }
  }

  @Test("R28: a fold off the grid's centre keeps every cell clear of it, cells equal")
  func offCentreFold() {
    let grid = GridFit(
      frame: rect(100, 0, 851, 669), minimumCellWidth: 150, spacing: 10, margin: 10, regions: [bookFold])
    let cells = columns(grid)
    #expect(cells.count % 2 == 0)
    let localFold = bookFold.frame.offsetBy(dx: -100, dy: 0)
    for cell in cells {
      #expect(cell.maxX <= localFold.minX + 1e-9 || cell.minX >= localFold.maxX - 1e-9)
      #expect(abs(cell.width - cells[0].width) < 1e-9)
    }
  }
}
