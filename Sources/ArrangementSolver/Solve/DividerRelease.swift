/// R37: how a released divider settles on a candidate: the nearest (R31),
/// carried by its velocity, or stepped by a keyboard or assistive action.
///
/// One function for every path: the general path (`DividerRules.target`)
/// offers the candidates as `forEachCandidate` finds them, a drag
/// (`DividerDrag`) the ones it found once for its size; both hand each to
/// ``consider(_:index:)`` and read ``target``.
struct DividerRelease {
  /// A release faster than this (points per second) flings the divider to
  /// the next candidate in its direction.
  static let flingSpeed = 400.0
  /// A slower release aims at where it would be this many seconds later.
  static let projection = 0.1
  /// Candidates closer than this to the position are not beyond it.
  static let tolerance = 1e-9

  /// `d`, the position as given (clamped into `[0, L']`).
  let position: Double
  /// R31's nearest candidate to the aim (`d`, or `d + velocity × 0.1` for a
  /// slow release): the answer of a release without a step or a fling, and a
  /// fling's answer when no candidate lies beyond `d`.
  var nearest: DividerRules.Nearest
  /// 0 unless the release flings: then +1 or −1, the velocity's sign.
  let direction: Double
  /// 0, or 1 + `DividerStep.rawValue`.
  let step: UInt8
  /// The fling's or the step's choice: its value, its key (smaller wins;
  /// ties go to the earlier candidate) and its index.
  var chosen = (position: 0.0, key: Double.infinity, index: Int.max)

  /// A release at `position` with a finite `velocity` (R29 sanitised) and a step code.
  @inline(__always)
  init(position: Double, velocity: Double, step: UInt8) {
    self.position = position
    let flings = abs(velocity) >= Self.flingSpeed
    direction = flings ? (velocity > 0 ? 1 : -1) : 0
    self.step = step
    nearest = DividerRules.Nearest(position: flings ? position : position + velocity * Self.projection)
  }

  @inline(__always)
  mutating func consider(_ candidate: Double, index: Int) {
    guard step == 0 else { return considerStep(candidate, index: index) }
    nearest.consider(candidate, index: index)
    guard direction != 0 else { return }
    // The velocity's side of `d`, by more than the tolerance; nearest `d` first.
    let beyond = (candidate - position) * direction
    if beyond > Self.tolerance { choose(candidate, key: beyond, index: index) }
  }

  /// `next`: the smallest value above `d`; `previous`: the largest below;
  /// `first`, `last`: the smallest and largest. Equal values count as one,
  /// the earliest candidate (the tie rule of `choose`).
  @inline(__always)
  mutating func considerStep(_ candidate: Double, index: Int) {
    switch step {
    case 1 + DividerStep.next.rawValue:
      if candidate - position > Self.tolerance { choose(candidate, key: candidate, index: index) }
    case 1 + DividerStep.previous.rawValue:
      if position - candidate > Self.tolerance { choose(candidate, key: -candidate, index: index) }
    case 1 + DividerStep.first.rawValue:
      choose(candidate, key: candidate, index: index)
    default:
      choose(candidate, key: -candidate, index: index)
    }
  }

  @inline(__always)
  mutating func choose(_ candidate: Double, key: Double, index: Int) {
    if key < chosen.key || (key == chosen.key && index < chosen.index) { chosen = (candidate, key, index) }
  }

  /// The settled position and the answer's code (1: no candidate, 2 + k: candidate k).
  var target: (position: Double, code: UInt8) {
    @inline(__always) get {
      if chosen.index != Int.max { return (chosen.position, UInt8(2 + chosen.index)) }
      // A step with no candidate that way stays at `d`, as does a release with no candidate.
      if step != 0 || nearest.best.index == Int.max { return (position, 1) }
      return (nearest.best.position, UInt8(2 + nearest.best.index))
    }
  }
}
