import ArrangementSolver
import SceneFormat
import StrictJSON

/// The invariants the fuzz targets check. Each function traps (a finding)
/// when an invariant breaks, and returns normally otherwise, so the same
/// checks run under libFuzzer, in the replay tool and in the tests.
public enum FuzzChecks {
  /// Decodes the bytes into a scene and checks every solver invariant.
  public static func solver(_ bytes: UnsafeRawBufferPointer) {
    var reader = ByteReader(bytes)
    let scene = decodeScene(&reader)
    let solution = scene.solve()

    // Same input, bit-identical output; a plan agrees with the scene.
    check(bits(solution) == bits(scene.solve()), "solve is not deterministic", scene)
    let plan = ArrangementPlan(scene)
    check(
      bits(plan.solve(width: scene.container.width, height: scene.container.height)) == bits(solution),
      "a plan disagrees with the scene", scene)
    // The batch paths (four sizes per SIMD step, then two, then one) agree too, for
    // this size and three neighbours, one of them a point wider.
    var neighbour = scene
    neighbour.container.width += 1
    var neighbours = [scene, neighbour, neighbour, neighbour]
    neighbours[2].container.width -= 0.5
    neighbours[3].container.height += 0.25
    let sizes = neighbours.map { Size(width: $0.container.width, height: $0.container.height) }
    let expected = [bits(solution)] + neighbours.dropFirst().map { bits($0.solve()) }
    var solutions = [Solution](repeating: solution, count: sizes.count)
    _ = sizes.withUnsafeBufferPointer { sizes in
      solutions.withUnsafeMutableBufferPointer { plan.solve(sizes: sizes, into: $0) }
    }
    check(solutions.map(bits) == expected, "the batch of solutions disagrees with the scene", scene)
    var resized = scene
    check(
      bits(resized.solve(resizingTo: sizes[1])) == expected[1], "solving in place while resizing disagrees", scene)
    let storage = UnsafeMutableRawBufferPointer.allocate(
      byteCount: SolutionColumns.byteCount(for: sizes.count), alignment: 16)
    defer { storage.deallocate() }
    let columns = SolutionColumns(storage, count: sizes.count)
    let (widths, heights) = (sizes.map(\.width), sizes.map(\.height))
    _ = widths.withUnsafeBufferPointer { widths in
      heights.withUnsafeBufferPointer { plan.solve(widths: widths, heights: $0, into: columns) }
    }
    check(sizes.indices.map { bits(columns[$0]) } == expected, "the columns disagree with the scene", scene)

    // Finite frames inside the layout area, hidden panes zeroed, no overlap
    // unless stacked, no pane across the fold that applies, the split axis:
    // the invariants the solver's tests check too.
    let violations = solution.invariantViolations(for: scene)
    check(violations.isEmpty, "\(violations)", scene)
    let neighbourViolations = neighbour.solve().invariantViolations(for: neighbour)
    check(neighbourViolations.isEmpty, "one point wider: \(neighbourViolations)", scene)

    // Region queries: ascending ids, the kind asked for, active unless asked.
    let query = RegionQuery(
      view: scene.container, kind: reader.bool() ? .division : .occlusion, includeInactive: reader.bool(),
      layoutDirection: scene.layoutDirection, layoutDirectionBehavior: reader.bool() ? .mirrors : .fixed)
    let answer = query.answer(for: scene.regions)
    check(answer.count <= scene.regions.count, "a query answers more regions than there are", scene)
    for index in answer.indices {
      check(answer[index].kind == query.kind, "a query answers another kind", scene)
      check(answer[index].isActive || query.includeInactive, "a query answers an inactive region", scene)
      if index > 0 { check(answer[index - 1].id <= answer[index].id, "a query answer is out of order", scene) }
    }

    // Displacement and grids must not trap, whatever the numbers.
    var elements = ElementFrames()
    for _ in 0..<(1 + reader.choice(3)) {
      let (x, y, width, height) = reader.rect()
      elements.append(Rect(x: x, y: y, width: width, height: height))
    }
    let displacement = Displacement(
      view: scene.container, elements: elements, purpose: ElementPurpose.allCases[reader.choice(5)],
      anchor: elements[0], layoutDirection: scene.layoutDirection, regions: scene.regions)
    _ = displacement.displaced()
    let grid = GridFit(
      frame: scene.container, minimumCellWidth: reader.double(), spacing: reader.double(), margin: reader.double(),
      layoutDirection: scene.layoutDirection, regions: scene.regions)
    let count = withUnsafeTemporaryAllocation(of: Rect.self, capacity: 8) { grid.columns(into: $0) }
    check(count >= 1 && count <= 1_000_000, "a grid has no columns or too many", scene)

    // The third generation (R30–R35), from the bytes after all those above, so
    // that the corpus keeps its meaning: an input that ends before them gives
    // the scene above unchanged.
    let extended = decodeThirdGeneration(&reader, scene)
    checkThirdGeneration(extended)
    checkTransition(from: scene, to: extended, progress: Double(reader.byte()) / 255, steps: 1 + reader.choice(8))

    // The fourth generation (R36–R39), from the bytes after those: none
    // leave the scene as it was.
    let fourth = decodeFourthGeneration(&reader, extended)
    checkThirdGeneration(fourth)
    checkFourthGeneration(fourth)
    checkTransition(from: extended, to: fourth, progress: Double(reader.byte()) / 255, steps: 1 + reader.choice(8))
  }

  /// The scene with the fourth generation's fields drawn from further bytes:
  /// an environment request, the divider's positions, velocity (the 400 pt/s
  /// boundary on both sides among them) and step, and a levitation, with the
  /// secondary then levitating or not.
  static func decodeFourthGeneration(_ reader: inout ByteReader, _ scene: Scene) -> Scene {
    var scene = scene
    if reader.bool() {
      scene.environment = EnvironmentRequest(
        includeInactive: reader.bool(), layoutDirectionBehavior: reader.bool() ? .mirrors : .fixed)
    }
    let flags = reader.byte()
    if flags & 1 != 0 {
      var divider = scene.divider ?? Divider(position: dividerLength(&reader), snap: true)
      if flags & 2 != 0 { divider.positions.horizontal = dividerLength(&reader) }
      if flags & 4 != 0 { divider.positions.vertical = dividerLength(&reader) }
      if flags & 8 != 0 {
        let speeds = [400, -400, 400.0.nextDown, -(400.0.nextDown), 1000, -1000, 120]
        let choice = reader.choice(speeds.count + 1)
        divider.velocity = choice < speeds.count ? speeds[choice] : reader.double()
      }
      if flags & 16 != 0 { divider.step = DividerStep.allCases[reader.choice(DividerStep.allCases.count)] }
      if flags & 32 != 0 { divider.snap = true }
      scene.divider = divider
    }
    if reader.bool() {
      scene.levitation = Levitation(
        alignment: LevitateAlignment.allCases[reader.choice(LevitateAlignment.allCases.count)], scrim: reader.bool(),
        width: dimension(&reader), height: dimension(&reader))
      if reader.bool() { scene.secondary.adapt = .levitate }
    }
    return scene
  }

  /// R36–R38: every environment frame finite, in ascending id, of the kinds
  /// and activity asked for, nil for a hidden pane; a drag and a moved plan
  /// settle a release or a step as the scene does; a scrim only over a
  /// levitated secondary, and then the primary's frame.
  static func checkFourthGeneration(_ scene: Scene) {
    let solution = scene.solve()
    for pane in [solution.primary, solution.secondary] {
      let environment = scene.environment(of: pane)
      guard let request = scene.environment, pane.visible else {
        check(environment == nil, "an environment for a hidden pane or without a request (R36)", scene)
        continue
      }
      guard let environment else { return check(false, "no environment for a shown pane (R36)", scene) }
      check(environment.count <= scene.regions.count, "an environment with more regions than the scene (R36)", scene)
      for index in environment.indices {
        let region = environment[index]
        let (frame, margins) = (region.frame, region.margins)
        check(
          [frame.x, frame.y, frame.width, frame.height, margins.top, margins.left, margins.bottom, margins.right]
            .allSatisfy(\.isFinite), "an environment frame \(frame) is not finite (R36)", scene)
        check(region.isActive || request.includeInactive, "an environment answers an inactive region (R36)", scene)
        if index > 0 { check(environment[index - 1].id <= region.id, "an environment out of order (R36)", scene) }
      }
    }
    if let divider = scene.divider, scene.style == .split {
      // A drag and a moved plan replace the position along both axes: the scene without `positions`.
      var unpositioned = scene
      unpositioned.divider!.positions = DividerPositions()
      let expected = fullBits(unpositioned.solve())
      let (width, height) = (scene.container.width, scene.container.height)
      var drag = ArrangementPlan(scene).dividerDrag(width: width, height: height)
      let dragged = drag.move(
        to: divider.position, snap: divider.snap, velocity: divider.velocity, step: divider.step)
      check(fullBits(dragged) == expected, "a drag settles otherwise than the scene (R37)", scene)
      var plan = ArrangementPlan(scene)
      plan.moveDivider(to: divider.position, snap: divider.snap, velocity: divider.velocity, step: divider.step)
      check(
        fullBits(plan.solve(width: width, height: height)) == expected, "a moved plan settles otherwise (R37)", scene)
    }
    if let scrim = scene.scrim(of: solution) {
      check(
        solution.adapted == .levitated && scrim == solution.primary.frame && scene.levitation?.scrim == true,
        "a scrim \(scrim) without a levitated secondary (R38)", scene)
    }
  }

  /// The scene with the third generation's fields drawn from further bytes:
  /// spacing, a divider (up to 9 anchors: one more than fits), a fold policy,
  /// fold axes, the secondary's adapt, per-axis `fixedSize`, and the panes'
  /// overlay edges left unset (so that the secondary's count, R35). Zero
  /// bytes (or none) leave every field as it was.
  static func decodeThirdGeneration(_ reader: inout ByteReader, _ scene: Scene) -> Scene {
    var scene = scene
    if reader.bool() { scene.spacing = reader.double() }
    if reader.bool() {
      let position = dividerLength(&reader)
      let anchors = (0..<reader.choice(Divider.anchorCapacity + 2)).map { _ in dividerLength(&reader) }
      let flags = reader.byte()
      scene.divider = Divider(position: position, anchors: anchors, snap: flags & 1 != 0, snapToFolds: flags & 2 == 0)
    }
    scene.foldPolicy = FoldPolicy.allCases[reader.choice(FoldPolicy.allCases.count)]
    scene.foldAxes = Axes(rawValue: 3 ^ (reader.byte() % 4))
    scene.secondary.adapt = AdaptStrategy.allCases[reader.choice(AdaptStrategy.allCases.count)]
    for keyPath in [\Scene.primary, \Scene.secondary] {
      let bits = reader.byte()
      if bits & 4 != 0 {
        scene[keyPath: keyPath].fixedSize = FixedLayoutSize(horizontal: bits & 1 != 0, vertical: bits & 2 != 0)
      }
    }
    let edges = reader.byte()
    if edges & 1 != 0 { scene.primary.overlayEdge = nil }
    if edges & 2 != 0 { scene.primary.overlayVerticalEdge = nil }
    if edges & 4 != 0 { scene.secondary.overlayEdge = nil }
    if edges & 8 != 0 { scene.secondary.overlayVerticalEdge = nil }
    return scene
  }

  static func dividerLength(_ reader: inout ByteReader) -> DividerLength {
    reader.bool() ? .fractional(reader.double()) : .absolute(reader.double())
  }

  /// What every answer keeps with the third generation's fields (R29–R35):
  /// the same answer twice and from a plan, and the invariants every answer
  /// keeps (`Solution.invariantViolations(for:)`: finite frames inside the
  /// layout area, hidden panes zeroed, a levitated secondary over the
  /// primary's frame, a divider answer only with both panes shown, an
  /// adaptation only where R33 allows one).
  static func checkThirdGeneration(_ scene: Scene) {
    let solution = scene.solve()
    check(fullBits(solution) == fullBits(scene.solve()), "solve is not deterministic (R30–R35)", scene)
    let planned = ArrangementPlan(scene).solve(width: scene.container.width, height: scene.container.height)
    check(fullBits(planned) == fullBits(solution), "a plan disagrees with the scene (R30–R35)", scene)
    let violations = solution.invariantViolations(for: scene)
    check(violations.isEmpty, "\(violations) (R30–R35)", scene)
  }

  /// R34: the ends exactly, bit for bit (not a number: progress 0), finite
  /// frames between them with their greatest edges not below their least,
  /// and the frames of `steps` those of their progress values.
  static func checkTransition(from: Scene, to: Scene, progress: Double, steps: Int) {
    let transition = Transition(from: from, to: to)
    let ends = (fullBits(from.solve()), fullBits(to.solve()))
    check(fullBits(transition.solution(at: 0)) == ends.0, "a transition at 0 is not from's answer (R34)", to)
    check(fullBits(transition.solution(at: .nan)) == ends.0, "a transition at NaN is not from's answer (R34)", to)
    check(fullBits(transition.solution(at: 1)) == ends.1, "a transition at 1 is not to's answer (R34)", to)
    check(fullBits(transition.solution(at: 7)) == ends.1, "a transition past 1 is not to's answer (R34)", to)
    let between = transition.solution(at: progress)
    for pane in [between.primary, between.secondary] where pane.visible {
      let frame = pane.frame
      check(
        frame.x.isFinite && frame.y.isFinite && frame.width >= 0 && frame.height >= 0 && frame.width.isFinite
          && frame.height.isFinite, "a transition's frame \(frame) at \(progress) (R34)", to)
    }
    var frames = [Solution](repeating: transition.from, count: steps + 1)
    let written = frames.withUnsafeMutableBufferPointer { transition.solutions(steps: steps, into: $0) }
    check(written == steps + 1, "\(written) frames for \(steps) steps (R34)", to)
    for (index, frame) in frames.enumerated() {
      let expected = transition.solution(at: Double(index) / Double(steps))
      check(fullBits(frame) == fullBits(expected), "frame \(index) of \(steps) is not its progress's (R34)", to)
    }
    check(fullBits(frames[0]) == ends.0 && fullBits(frames[steps]) == ends.1, "steps do not end at the ends (R34)", to)
    checkMotion(transition, from: from, to: to)
  }

  /// R39: each pane's kind from the answers at t = 0 and t = 1 (visibility,
  /// and their window-coordinate edges compared exactly), and an entering or
  /// exiting pane's edge: the outer one along the split axis of the end it is
  /// shown at (farther from the other pane's centre; a tie is the max edge),
  /// or the centre without one.
  static func checkMotion(_ transition: Transition, from: Scene, to: Scene) {
    func origin(_ scene: Scene) -> (Double, Double) {
      func sanitized(_ value: Double) -> Double { value.isFinite ? min(max(value, -0x1p52), 0x1p52) : 0 }
      return (sanitized(scene.container.x), sanitized(scene.container.y))
    }
    func edges(_ frame: Rect, _ origin: (Double, Double)) -> [Double] {
      let minX = frame.x + origin.0
      let minY = frame.y + origin.1
      return [minX, minY, minX + frame.width, minY + frame.height]
    }
    let start = transition.solution(at: 0)
    let end = transition.solution(at: 1)
    let motions = [transition.motion.primary, transition.motion.secondary]
    for (index, motion) in motions.enumerated() {
      let (a, b) = index == 0 ? (start.primary, end.primary) : (start.secondary, end.secondary)
      let expected: PaneMotionKind =
        switch (a.visible, b.visible) {
        case (false, true): .entering
        case (true, false): .exiting
        case (true, true): edges(a.frame, origin(from)) == edges(b.frame, origin(to)) ? .staying : .moving
        case (false, false): .absent
        }
      check(motion.kind == expected, "motion \(motion.kind), not \(expected) (R39)", to)
      guard a.visible != b.visible else {
        check(motion.edge == nil, "an edge for a pane that neither enters nor exits (R39)", to)
        continue
      }
      let (shown, answer, scene) = a.visible ? (a, start, from) : (b, end, to)
      let other = index == 0 ? answer.secondary : answer.primary
      guard let axis = answer.splitAxis else {
        check(motion.edge == .center, "edge \(String(describing: motion.edge)) without a split axis (R39)", to)
        continue
      }
      let low = axis == .horizontal ? 0 : 1
      let paneEdges = edges(shown.frame, origin(scene))
      let otherEdges = edges(other.frame, origin(scene))
      let centre = (otherEdges[low] + otherEdges[low + 2]) / 2
      let outerIsLow = abs(paneEdges[low] - centre) > abs(paneEdges[low + 2] - centre)
      let named: MotionEdge = axis == .horizontal ? (outerIsLow ? .left : .right) : (outerIsLow ? .top : .bottom)
      check(motion.edge == named, "edge \(String(describing: motion.edge)), not \(named) (R39)", to)
    }
  }

  /// Reads the bytes as a scene file and as one line of a stream, and answers
  /// them as every subcommand would: an answer or a field error, never a
  /// trap; an answer is valid JSON; the line's answer is the document's in
  /// the compact layout, and a bad line fails with the document's message;
  /// the document with its strings escaped gets the same answer or error.
  public static func sceneFile(_ bytes: UnsafeRawBufferPointer) {
    generatedSceneAgrees(bytes)
    let text = String(decoding: bytes, as: UTF8.self)
    guard Array(text.utf8) == Array(bytes) else { return }  // the string API needs valid UTF-8
    let isLine = !bytes.contains(0x0A) && bytes.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D })
    for request in SceneFile.Request.allCases {
      let document = Result { () throws(SceneFileError) in try SceneFile.answer(request, text) }
      if case .success(let answer) = document {
        precondition((try? JSONParser.parse(answer)) != nil, "an answer is not valid JSON: \(answer)")
      }
      guard isLine, !bytes.contains(0x0D) else { continue }
      let line = Result { () throws(SceneFileError) in try SceneFile.answerLine(request, text) }
      switch (document, line) {
      case (.success(let answer), .success(let compactAnswer)):
        precondition(compact(answer) == compactAnswer, "a line's answer is not the document's: \(compactAnswer)")
      case (.failure(let error), .failure(let lineError)):
        precondition(error == lineError, "a line fails otherwise than its document: \(lineError), \(error)")
      default:
        preconditionFailure("a line and its document disagree: \(text)")
      }
    }
    escapedTwinAgrees(text, isLine: isLine)
  }

  /// JSON text without the white space outside its strings.
  public static func compact(_ json: String) -> String {
    var out: [UInt8] = []
    var inString = false
    var escaped = false
    for byte in json.utf8 {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
      } else if byte == UInt8(ascii: "\"") {
        inString = true
      } else if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
        continue
      }
      out.append(byte)
    }
    return String(decoding: out, as: UTF8.self)
  }

  // MARK: - The scene a byte string describes

  /// The scene that bytes describe, as the solver target decodes it (for tests that want varied scenes).
  public static func scene(from bytes: UnsafeRawBufferPointer) -> Scene {
    var reader = ByteReader(bytes)
    return decodeScene(&reader)
  }

  static func decodeScene(_ reader: inout ByteReader) -> Scene {
    let (x, y, width, height) = reader.rect()
    var scene = Scene(container: Rect(x: x, y: y, width: width, height: height))
    if reader.bool() {
      scene.safeArea = EdgeInsets(
        top: reader.double(), left: reader.double(), bottom: reader.double(), right: reader.double())
    }
    if reader.bool() {
      scene.sizeClass = SizeClasses(
        horizontal: reader.bool() ? .regular : .compact, vertical: reader.bool() ? .regular : .compact)
    }
    scene.layoutDirection = reader.bool() ? .rightToLeft : .leftToRight
    if reader.bool() { scene.displayScale = reader.double() }
    for _ in 0..<reader.choice(ReservedRegions.capacity + 1) {
      let (rx, ry, rw, rh) = reader.rect()
      scene.regions.append(
        ReservedRegion(
          id: Int(reader.byte()) - 128, kind: reader.bool() ? .division : .occlusion,
          frame: Rect(x: rx, y: ry, width: rw, height: rh),
          margins: reader.bool()
            ? EdgeInsets(top: reader.double(), left: reader.double(), bottom: reader.double(), right: reader.double())
            : .zero,
          isActive: reader.byte() % 4 != 0))
    }
    scene.style = reader.bool() ? .overlay : .split
    scene.axes = Axes(rawValue: reader.byte() % 4)
    scene.primary = decodePane(&reader)
    scene.secondary = decodePane(&reader)
    return scene
  }

  static func decodePane(_ reader: inout ByteReader) -> PaneSettings {
    var pane = PaneSettings(layoutPriority: reader.bool() ? reader.double() : 0)
    pane.width = DimensionRange(minimum: dimension(&reader), preferred: dimension(&reader), maximum: dimension(&reader))
    pane.height = DimensionRange(
      minimum: dimension(&reader), preferred: dimension(&reader), maximum: dimension(&reader))
    if reader.bool() { pane.idealSize = Size(width: reader.double(), height: reader.double()) }
    pane.fixedSize = FixedLayoutSize(booleanLiteral: reader.bool())
    pane.visible = reader.byte() % 8 != 0
    pane.overlayEdge = reader.bool() ? .leading : .trailing
    pane.overlayVerticalEdge = reader.bool() ? .top : .bottom
    return pane
  }

  static func dimension(_ reader: inout ByteReader) -> Dimension? {
    switch reader.choice(4) {
    case 0: return nil
    case 1: return .absolute(reader.double())
    case 2: return .fractional(reader.double())
    default: return .intrinsic
    }
  }

  // MARK: - Comparing answers

  static func bits(_ solution: Solution) -> [UInt64] {
    var result: [UInt64] = []
    for pane in [solution.primary, solution.secondary] {
      result += [
        pane.frame.x.bitPattern, pane.frame.y.bitPattern, pane.frame.width.bitPattern, pane.frame.height.bitPattern,
      ]
      result += [UInt64(bitPattern: Int64(pane.zIndex)), pane.visible ? 1 : 0]
    }
    return result + [UInt64(solution.splitAxis?.rawValue ?? 9)]
  }

  /// ``bits(_:)`` with the size classes of shown panes and the third generation's answers (R31, R33).
  static func fullBits(_ solution: Solution) -> [UInt64] {
    var result = bits(solution)
    for pane in [solution.primary, solution.secondary] where pane.visible {
      result += [
        UInt64(pane.sizeClass.horizontal == .compact ? 0 : 1), UInt64(pane.sizeClass.vertical == .compact ? 0 : 1),
      ]
    }
    result.append(UInt64(solution.adapted?.rawValue ?? 9))
    if let divider = solution.divider {
      result += [divider.position.bitPattern, UInt64(bitPattern: Int64(divider.anchor ?? -1))]
    }
    return result
  }

  static func check(_ condition: Bool, _ message: String, _ scene: Scene) {
    if !condition { fatalError("\(message): \(scene)") }
  }
}
