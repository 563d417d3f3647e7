import ArrangementSolver
import BenchmarkRunner

// The fourth generation (RULES.md §11): each pane's environment (R36), a
// divider released with a velocity and stepped (R37), levitate aligned and
// resized (R38), transitions with motion kinds (R39). Appended after every
// earlier group, so their shard positions stay.
extension ArrangementSuite {
  /// The fourth generation's groups, in a stable order.
  static func fourthGenerationBenchmarks(reference: String) -> [Benchmark] {
    var list: [Benchmark] = []

    // R36: both panes' environments from answers already solved (the work an answer
    // with `environment` adds), over the device sweep with the inner camera on,
    // both directions and both behaviours, inactive regions included or not.
    list.append(
      Benchmark("environment/panes", operations: environmentScenes().count, reference: reference) {
        let scenes = environmentScenes()
        let solutions = scenes.map { $0.solve() }
        return {
          var checksum = 0.0
          scenes.withUnsafeBufferPointer { scenes in
            for index in scenes.indices {
              let solution = solutions[index]
              // Each pane by name: an array of the two would be a heap allocation an operation.
              if let regions = scenes[index].environment(of: solution.primary) {
                for region in regions { checksum += region.frame.x + region.frame.width }
              }
              if let regions = scenes[index].environment(of: solution.secondary) {
                for region in regions { checksum += region.frame.x + region.frame.width }
              }
            }
          }
          blackHole(checksum)
        }
      })

    // R37 on the drag's fast path: each of plans/divider-drag's gestures, its 120
    // positions moved with the gesture's velocity and released with it, then stepped
    // once from the keyboard. One operation per move, release and step.
    list.append(
      Benchmark(
        "plans/divider-drag/release", operations: dividerDrags().count * (dragFrames + 2), reference: reference
      ) {
        let drags = dividerDrags()
        let sessions = DragSlots(drags.map { $0.plan.dividerDrag(width: $0.width, height: $0.height) })
        return {
          var checksum: UInt64 = 0
          drags.withUnsafeBufferPointer { drags in
            for index in drags.indices {
              drags[index].positions.withUnsafeBufferPointer { positions in
                release(&sessions.pointer[index], through: positions, step: index, into: &checksum)
              }
            }
          }
          blackHole(checksum)
        }
      })

    // R37: every position a release, its velocity cycling through slow, fling and the
    // 400 pt/s boundary (each settles by the candidates the drag holds).
    list.append(
      Benchmark("plans/divider-release", operations: dividerDrags().count * dragFrames, reference: reference) {
        let drags = dividerDrags()
        let sessions = DragSlots(drags.map { $0.plan.dividerDrag(width: $0.width, height: $0.height) })
        return {
          var checksum: UInt64 = 0
          drags.withUnsafeBufferPointer { drags in
            for index in drags.indices {
              drags[index].positions.withUnsafeBufferPointer { positions in
                for (frame, position) in positions.enumerated() {
                  let velocity = releaseVelocities[frame % releaseVelocities.count]
                  mix(
                    &checksum, sessions.pointer[index].move(to: .absolute(position), snap: true, velocity: velocity))
                }
              }
            }
          }
          blackHole(checksum)
        }
      })

    // R37: every position a keyboard step, cycling through next, previous, first and last.
    list.append(
      Benchmark("plans/divider-step", operations: dividerDrags().count * dragFrames, reference: reference) {
        let drags = dividerDrags()
        let sessions = DragSlots(drags.map { $0.plan.dividerDrag(width: $0.width, height: $0.height) })
        return {
          var checksum: UInt64 = 0
          drags.withUnsafeBufferPointer { drags in
            for index in drags.indices {
              drags[index].positions.withUnsafeBufferPointer { positions in
                for (frame, position) in positions.enumerated() {
                  let step = DividerStep.allCases[frame % DividerStep.allCases.count]
                  mix(&checksum, sessions.pointer[index].move(to: .absolute(position), snap: true, step: step))
                }
              }
            }
          }
          blackHole(checksum)
        }
      })

    // R38: the levitate sweep (adapt/levitate's scenes) with every alignment, a size
    // and a scrim, solved cold.
    list.append(solving("adapt/levitate-aligned") { Sweep.levitatingAligned() })

    // R39: making a transition and reading its motion kinds, over transitions/make's
    // pairs; one operation per transition.
    list.append(
      Benchmark(
        "transitions/motion", operations: TransitionKind.allCases.map { transitionPairs($0).count }.reduce(0, +),
        reference: reference
      ) {
        let pairs = TransitionKind.allCases.flatMap { transitionPairs($0) }
        return {
          var checksum: UInt64 = 0
          pairs.withUnsafeBufferPointer { pairs in
            for index in pairs.indices {
              let transition = Transition(from: pairs[index].from, to: pairs[index].to)
              let motion = transition.motion
              checksum =
                checksum &* 31 &+ UInt64(motion.primary.kind.rawValue) << 8
                &+ UInt64(motion.secondary.kind.rawValue) &+ UInt64(motion.secondary.edge?.rawValue ?? 7) << 16
            }
          }
          blackHole(checksum)
        }
      })
    return list
  }

  /// Release velocities in points per second: slow both ways, the boundary, flings.
  static let releaseVelocities: [Double] = [0, 120, -250, 400, -400, 399.5, 1800, -2600]

  /// A gesture on the drag's fast path: each position moved (not released), then the
  /// release with the gesture's velocity at 120 Hz, then one keyboard step.
  static func release(
    _ session: inout ArrangementSolver.DividerDrag, through positions: UnsafeBufferPointer<Double>, step: Int,
    into checksum: inout UInt64
  ) {
    for position in positions {
      mix(&checksum, session.move(to: .absolute(position)))
    }
    let last = positions[positions.count - 1]
    let velocity = (last - positions[positions.count - 2]) * Double(dragFrames)
    mix(&checksum, session.move(to: .absolute(last), snap: true, velocity: velocity))
    let keyboard = DividerStep.allCases[step % DividerStep.allCases.count]
    mix(&checksum, session.move(to: .absolute(last), snap: true, step: keyboard))
  }

  /// The device sweep's postures with the inner camera on, each with an environment
  /// request: both directions, both behaviours, inactive regions included or not.
  static func environmentScenes() -> [Scene] {
    var scenes: [Scene] = []
    for posture in Posture.allCases {
      for size in SweepSizes.devices {
        for direction in LayoutDirection.allCases {
          for behavior in LayoutDirectionBehavior.allCases {
            var scene = posture.scene(size: size, cameraOn: true)
            scene.layoutDirection = direction
            scene.environment = EnvironmentRequest(
              includeInactive: behavior == .fixed, layoutDirectionBehavior: behavior)
            scenes.append(scene)
          }
        }
      }
    }
    return scenes
  }
}

extension Sweep {
  /// adapt/levitate's points with R38's object form: the alignments in turn, a size
  /// of 320 points wide and half the height (in every other point), a scrim in every third.
  public static func levitatingAligned() -> [SweepPoint] {
    adapting(.levitate).enumerated().map { index, point in
      var point = point
      let alignment = LevitateAlignment.allCases[index % LevitateAlignment.allCases.count]
      point.scene.levitation = Levitation(
        alignment: alignment, scrim: index % 3 == 0, width: index % 2 == 0 ? .absolute(320) : nil,
        height: index % 2 == 0 ? .fractional(0.5) : nil)
      point.id = "adapt/levitate-aligned" + point.id.dropFirst("adapt/levitate".count)
      return point
    }
  }
}
