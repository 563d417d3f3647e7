/// What a suite tells its capacity report: the name of its operation, the
/// frame budgets it is weighed against, and the chart sections its series
/// belong to. The runner draws; the suite says what the pictures mean.
public struct ReportDefinitions: Sendable {
  public struct Frame: Sendable {
    public var name: String
    public var nanoseconds: Double

    public init(_ name: String, nanoseconds: Double) {
      self.name = name
      self.nanoseconds = nanoseconds
    }
  }

  public enum ChartKind: Sendable {
    /// One line per series, value over x (`logX` for sizes spanning decades).
    case lines(logX: Bool)
    /// One heat map per series, value over x × y, on one colour scale.
    case heatmaps
    /// Operations per second over threads, with the ideal linear line.
    case scaling
  }

  /// A section of charts; series whose `section` is its `id` are drawn in it.
  public struct Section: Sendable {
    public var id: String
    public var title: String
    public var caption: String
    public var kind: ChartKind
    /// The chart's title; for heat maps, given the series' name.
    public var chartTitle: @Sendable (String) -> String
    public var xName: String
    public var yName: String

    public init(
      id: String, title: String, caption: String, kind: ChartKind, xName: String, yName: String,
      chartTitle: @escaping @Sendable (String) -> String
    ) {
      self.id = id
      self.title = title
      self.caption = caption
      self.kind = kind
      self.xName = xName
      self.yName = yName
      self.chartTitle = chartTitle
    }
  }

  /// What one operation of some groups is, where it is not the suite's `operation`
  /// (a frame of an animation, say), so the report counts those groups in their own
  /// words: "transition frames per 120 Hz frame".
  ///
  /// ```swift
  /// ReportDefinitions.Unit("transitions/", operation: "transition frame", operations: "transition frames")
  /// ```
  public struct Unit: Sendable, Hashable {
    /// The groups, as `--filter` selects them: comma-separated parts of titles, `!` excluding.
    public var groups: String
    public var operation: String
    public var operations: String

    public init(_ groups: String, operation: String, operations: String) {
      self.groups = groups
      self.operation = operation
      self.operations = operations
    }

    /// Whether this unit applies to the group `title`.
    public func applies(to title: String) -> Bool { TitleFilter(groups).matches(title) }
  }

  /// One operation and several, as in "ns per solve", "solves per frame".
  public var operation: String
  public var operations: String
  /// The first frame is the headline (the capacity chart); the others are columns of the table.
  public var frames: [Frame]
  public var capacityCaption: String
  public var sections: [Section]
  /// Groups whose operation is another (see ``Unit``), in order: where several select a
  /// group, the later one wins.
  public var units: [Unit]
  /// What the suite's reference groups (``Benchmark/reference``) are, in its own words, said
  /// where the report leaves them out (`the least work any solver could do`); `nil`: their titles alone.
  public var referenceCaption: String?

  public init(
    operation: String, operations: String, frames: [Frame], capacityCaption: String, sections: [Section],
    units: [Unit] = [], referenceCaption: String? = nil
  ) {
    precondition(!frames.isEmpty, "a capacity report needs a frame budget")
    self.operation = operation
    self.operations = operations
    self.frames = frames
    self.capacityCaption = capacityCaption
    self.sections = sections
    self.units = units
    self.referenceCaption = referenceCaption
  }

  /// The words for one operation of the group `title` and for several: its unit's,
  /// or the suite's.
  public func unit(of title: String) -> (operation: String, operations: String) {
    guard let unit = units.last(where: { $0.applies(to: title) }) else { return (operation, operations) }
    return (unit.operation, unit.operations)
  }

  /// Plain words and no chart sections, for a suite that defines none.
  public static let generic = ReportDefinitions(
    operation: "operation", operations: "operations",
    frames: [Frame("120 Hz", nanoseconds: 1e9 / 120), Frame("60 Hz", nanoseconds: 1e9 / 60)],
    capacityCaption: "How many operations fit in one frame on one core of this machine.", sections: [])
}
