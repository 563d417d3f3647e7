extension Scene {
  /// Solves the arrangement: where each pane goes, its size classes and z-index.
  ///
  /// A pure function of the scene: the same scene gives bit-identical output.
  /// Any `Double` is accepted (R29): bad numbers are sanitised, and the answer
  /// is always finite and inside the layout area. Use ``validate()`` to report
  /// bad numbers instead.
  ///
  /// ```swift
  /// let solution = Scene(container: Rect(x: 0, y: 0, width: 950, height: 760)).solve()
  /// solution.primary.frame  // (0, 0, 475, 760): the default split is equal
  /// ```
  ///
  /// - Complexity: O(*r*) in the number of regions; no heap allocation.
  public func solve() -> Solution {
    // 1. The layout area: the container inset by the safe area (R1, R29).
    let context = SolveContext(self)

    // 2. An area with no width or no height shows neither pane (R1).
    guard context.hasArea else { return context.bothHidden }

    // 3. The fold that applies: active, dividing, nearest the centre (R16, R22).
    let fold = Fold.applying(in: regions, context: context)

    // 4. Arrange the panes in the chosen style (§4, §5).
    switch style {
    case .split: return splitArrangement(context: context, fold: fold)
    case .overlay: return overlayArrangement(context: context, fold: fold)
    }
  }
}
