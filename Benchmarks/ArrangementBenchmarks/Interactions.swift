import ArrangementSolver
import BenchmarkRunner

// The third generation's interactions (RULES.md §10): a divider dragged at
// 120 Hz and released (R31), animations between the iPhone Duo's postures
// (R34), and secondaries that reflow or levitate instead of hiding (R33).
// Appended after the earlier groups, so their shard positions stay.
extension ArrangementSuite {
  /// The interaction groups, in a stable order.
  static func interactionBenchmarks(reference: String) -> [Benchmark] {
    var list: [Benchmark] = []

    // A drag of the divider: per plan, 120 positions over one second at 120 Hz (the
    // divider moved and the split answered, `DividerDrag`), then the release that snaps
    // to an anchor or a fold. One operation per position, the release included; making
    // the drag (once per gesture) is not timed.
    list.append(
      Benchmark("plans/divider-drag", operations: dividerDrags().count * (dragFrames + 1), reference: reference) {
        let drags = dividerDrags()
        let sessions = DragSlots(drags.map { $0.plan.dividerDrag(width: $0.width, height: $0.height) })
        return {
          var checksum: UInt64 = 0
          drags.withUnsafeBufferPointer { drags in
            for index in drags.indices {
              drags[index].positions.withUnsafeBufferPointer { positions in
                drag(&sessions.pointer[index], through: positions, into: &checksum)
              }
            }
          }
          blackHole(checksum)
        }
      })

    // Animations between two answers (R34): 60 steps (61 frames, both ends included)
    // into caller storage allocated once; one operation per frame written.
    for kind in TransitionKind.allCases {
      list.append(
        Benchmark(
          "transitions/\(kind.rawValue)", operations: transitionPairs(kind).count * (transitionSteps + 1),
          reference: reference
        ) {
          let transitions = transitionPairs(kind).map { Transition(from: $0.from, to: $0.to) }
          let storage = SolutionStorage(count: transitionSteps + 1, filling: transitions[0].from)
          return {
            var checksum: UInt64 = 0
            let output = storage.buffer
            transitions.withUnsafeBufferPointer { transitions in
              for index in transitions.indices {
                let written = transitions[index].solutions(steps: transitionSteps, into: output)
                mix(&checksum, output[written / 2])
                // The frames are read by code the optimiser cannot see, so every one is written.
                blackHole(output.baseAddress!)
              }
            }
            blackHole(checksum)
          }
        })
    }

    // Making a transition: both scenes solved cold, the frames prepared; one operation per
    // transition, over the pairs of every kind above.
    list.append(
      Benchmark(
        "transitions/make", operations: TransitionKind.allCases.map { transitionPairs($0).count }.reduce(0, +),
        reference: reference
      ) {
        let pairs = TransitionKind.allCases.flatMap { transitionPairs($0) }
        return {
          var checksum: UInt64 = 0
          pairs.withUnsafeBufferPointer { pairs in
            for index in pairs.indices {
              let transition = Transition(from: pairs[index].from, to: pairs[index].to)
              mix(&checksum, transition.solution(at: 0.5))
            }
          }
          blackHole(checksum)
        }
      })

    // The device sweep with a secondary that adapts (R33) where R17 or sizing would hide it.
    for strategy in Sweep.adaptStrategies {
      list.append(solving("adapt/\(strategy.name)") { Sweep.adapting(strategy.strategy) })
    }
    return list
  }

  // MARK: - Divider drag

  /// Frames of a drag: one second at 120 Hz.
  static let dragFrames = 120

  /// Where drags start and end, as fractions of the length the panes share: across
  /// the whole width both ways (past the panes' minimums), and to the middle from
  /// either side (released near the half anchor or the iPhone Duo's fold).
  static let dragShapes: [(start: Double, end: Double)] = [(0.05, 0.95), (0.95, 0.05), (0.1, 0.56), (0.9, 0.45)]

  /// One drag: the divider moved to each of `positions` and the split answered,
  /// then released (snapped) at the last one.
  static func drag(
    _ session: inout ArrangementSolver.DividerDrag, through positions: UnsafeBufferPointer<Double>,
    into checksum: inout UInt64
  ) {
    for position in positions {
      mix(&checksum, session.move(to: .absolute(position)))
    }
    mix(&checksum, session.move(to: .absolute(positions[positions.count - 1]), snap: true))
  }

  /// The anchors of every dragged divider: a fixed width for the primary, a half and two thirds.
  static let dragAnchors: [DividerLength] = [.absolute(320), .fractional(0.5), .fractional(2.0 / 3)]

  /// The dragged configurations: the iPhone Duo open flat (inner display, the
  /// inactive fold a snap candidate) and two iPads in landscape with a gutter
  /// (R30), each with default and min/max sizing, both directions, each dragged
  /// along one of ``dragShapes``.
  static func dividerDrags() -> [DragPath] {
    var scenes: [Scene] = []
    let duo = Posture.flat.scene(size: Size(width: 951, height: 669), cameraOn: false)
    var iPadPro = Scene(
      container: Rect(x: 0, y: 0, width: 1376, height: 1032), safeArea: EdgeInsets(bottom: 20), displayScale: 2)
    iPadPro.spacing = 12
    var iPadMini = Scene(
      container: Rect(x: 0, y: 0, width: 1133, height: 744), safeArea: EdgeInsets(bottom: 20), displayScale: 2)
    iPadMini.spacing = 8
    for base in [duo, iPadPro, iPadMini] {
      for sizing in [SizingPreset.standard, .minMax] {
        for direction in LayoutDirection.allCases {
          var scene = base
          sizing.apply(to: &scene)
          scene.layoutDirection = direction
          scene.divider = Divider(position: .fractional(0.5), anchors: dragAnchors)
          scenes.append(scene)
        }
      }
    }
    return scenes.enumerated().map { DragPath($1, shape: dragShapes[$0 % dragShapes.count]) }
  }

  // MARK: - Transitions

  /// Steps of a transition's animation: one second at 60 Hz, 61 frames with both ends.
  static let transitionSteps = 60

  /// What changes between a transition's two scenes.
  enum TransitionKind: String, CaseIterable, Sendable {
    /// Unfolding, folding, turning: the iPhone Duo from one posture to another.
    case posture
    /// The inner camera turning on and off: an occlusion region becomes active or inactive.
    case camera
    /// The app showing or hiding its secondary pane.
    case secondary
  }

  /// The iPhone Duo's displays: outer, inner landscape, inner portrait.
  static let outerDisplay = Size(width: 466, height: 678)
  static let innerLandscape = Size(width: 951, height: 669)
  static let innerPortrait = Size(width: 669, height: 951)

  /// Each posture on the display it is held with.
  static let postureDisplays: [(Posture, Size)] = [
    (.closedPortrait, outerDisplay), (.closedLandscape, outerDisplay), (.flat, innerLandscape),
    (.book, innerLandscape), (.tabletop, innerPortrait),
  ]

  /// The scene pairs of one kind, both ways, for every style, two sizing presets and both directions.
  static func transitionPairs(_ kind: TransitionKind) -> [(from: Scene, to: Scene)] {
    var ends: [(from: Scene, to: Scene)] = []
    switch kind {
    case .posture:
      let changes: [((Posture, Size), (Posture, Size))] = [
        ((.closedPortrait, outerDisplay), (.flat, innerLandscape)),  // unfold
        ((.closedLandscape, outerDisplay), (.book, innerLandscape)),  // half unfold
        ((.flat, innerLandscape), (.book, innerLandscape)),  // fold to book
        ((.flat, innerPortrait), (.tabletop, innerPortrait)),  // fold to tabletop
        ((.book, innerLandscape), (.tabletop, innerPortrait)),  // turn
      ]
      for (a, b) in changes {
        let first = a.0.scene(size: a.1, cameraOn: false)
        let second = b.0.scene(size: b.1, cameraOn: false)
        ends += [(first, second), (second, first)]
      }
    case .camera:
      for (posture, size) in postureDisplays {
        let off = posture.scene(size: size, cameraOn: false)
        let on = posture.scene(size: size, cameraOn: true)
        ends += [(off, on), (on, off)]
      }
    case .secondary:
      for (posture, size) in postureDisplays {
        let shown = posture.scene(size: size, cameraOn: false)
        var hidden = shown
        hidden.secondary.visible = false
        ends += [(shown, hidden), (hidden, shown)]
      }
    }
    var pairs: [(from: Scene, to: Scene)] = []
    for (from, to) in ends {
      for style in StylePreset.allCases {
        for sizing in [SizingPreset.standard, .ratio] {
          for direction in LayoutDirection.allCases {
            func configured(_ scene: Scene) -> Scene {
              var scene = scene
              style.apply(to: &scene)
              sizing.apply(to: &scene)
              scene.layoutDirection = direction
              return scene
            }
            pairs.append((configured(from), configured(to)))
          }
        }
      }
    }
    return pairs
  }
}

extension Sweep {
  /// The adapt strategies swept, with the names their groups and IDs carry.
  static let adaptStrategies: [(name: String, strategy: AdaptStrategy)] = [
    ("reflow", .reflow), ("levitate", .levitate),
  ]

  /// The device sweep (every posture, device size, camera, sizing preset and direction)
  /// for the split style and a split restricted to either axis, with the secondary
  /// adapting by `strategy` (R33): where R17 (an axis not allowed, a compact size class)
  /// or sizing (R6) would hide it, it reflows along the other axis or floats over the
  /// primary. IDs are the sweep's behind `adapt/NAME/`, e.g.
  /// `adapt/reflow/split-vertical/flat/minmax/w=951,h=669/ltr/camera-off`.
  public static func adapting(_ strategy: AdaptStrategy) -> [SweepPoint] {
    let name = adaptStrategies.first { $0.strategy == strategy }?.name ?? "\(strategy)"
    var points: [SweepPoint] = []
    for style in AdaptStyle.allCases {
      for posture in Posture.allCases {
        // The sweep's points of the plain split, restyled and renamed.
        for var point in Sweep.points(style: .split, posture: posture, sizes: SweepSizes.devices) {
          style.apply(to: &point.scene)
          point.scene.secondary.adapt = strategy
          point.id = "adapt/\(name)/\(style.rawValue)" + point.id.dropFirst(StylePreset.split.rawValue.count)
          points.append(point)
        }
      }
    }
    return points
  }
}

/// The split styles of the adapt sweep: the sweep's two, and a split restricted to the
/// vertical axis (not a ``StylePreset``, so the style groups keep their scenes), whose
/// secondary a wide container hides (R17) and a reflow splits horizontally where that
/// size class is regular.
enum AdaptStyle: String, CaseIterable, Sendable {
  case split
  case splitHorizontal = "split-horizontal"
  case splitVertical = "split-vertical"

  func apply(to scene: inout Scene) {
    scene.style = .split
    switch self {
    case .split: break
    case .splitHorizontal: scene.axes = .horizontal
    case .splitVertical: scene.axes = .vertical
    }
  }
}

/// A compiled plan with a divider, and the positions of one drag across it.
/// A dragged configuration and the positions its divider goes through.
struct DragPath: Sendable {
  var plan: ArrangementPlan
  var width: Double
  var height: Double
  /// Absolute positions along the split axis, from the placement origin.
  var positions: [Double]

  /// A drag of ``ArrangementSuite/dragFrames`` positions from `shape.start` to `shape.end`
  /// of the length the panes share.
  init(_ scene: Scene, shape: (start: Double, end: Double)) {
    plan = ArrangementPlan(scene)
    width = scene.container.width
    height = scene.container.height
    // The length the panes share along the horizontal split (R30's L').
    let shared = width - scene.safeArea.left - scene.safeArea.right - scene.spacing
    let last = Double(ArrangementSuite.dragFrames - 1)
    positions = (0..<ArrangementSuite.dragFrames).map { frame in
      ((shape.start + (shape.end - shape.start) * Double(frame) / last) * shared).rounded()
    }
  }
}

/// Drags in memory of their own, changed in place between positions, as
/// ``SceneSlot`` keeps a scene.
final class DragSlots: @unchecked Sendable {
  let pointer: UnsafeMutablePointer<ArrangementSolver.DividerDrag>
  let count: Int

  init(_ plans: [ArrangementSolver.DividerDrag]) {
    count = plans.count
    pointer = .allocate(capacity: count)
    pointer.initialize(from: plans, count: count)
  }

  deinit {
    pointer.deinitialize(count: count)
    pointer.deallocate()
  }
}

/// Caller storage for a transition's frames, allocated once at setup.
final class SolutionStorage: @unchecked Sendable {
  let buffer: UnsafeMutableBufferPointer<Solution>

  init(count: Int, filling solution: Solution) {
    buffer = .allocate(capacity: count)
    buffer.initialize(repeating: solution)
  }

  deinit {
    buffer.deinitialize()
    buffer.deallocate()
  }
}
