import ArrangementSolver

/// A notes app's window: the list of notes beside the open note.
public enum NotesLayout {
  /// The window's configuration at one size: the list between 260 and 420 points,
  /// preferring a third of the window; the note at least 320 points.
  public static func scene(width: Double, height: Double) -> Scene {
    var scene = Scene(
      container: Rect(x: 0, y: 0, width: width, height: height),
      sizeClass: SizeClasses(horizontal: .regular, vertical: .regular))
    scene.primary.width = DimensionRange(
      minimum: .absolute(260), preferred: .fractional(1.0 / 3), maximum: .absolute(420))
    scene.secondary.width = DimensionRange(minimum: .absolute(320))
    return scene
  }

  /// The frames of the list and the note at one size.
  public static func frames(width: Double, height: Double) -> (list: Rect, note: Rect) {
    let solution = scene(width: width, height: height).solve()
    return (solution.primary.frame, solution.secondary.frame)
  }

  /// The widths a window passes through when it is resized from narrow to wide.
  public static let resizeWidths: [Double] = (0..<2000).map { 480 + Double($0) * 0.8 }
}
