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

  /// One operation and several, as in "ns per solve", "solves per frame".
  public var operation: String
  public var operations: String
  /// The first frame is the headline (the capacity chart); the others are columns of the table.
  public var frames: [Frame]
  public var capacityCaption: String
  public var sections: [Section]

  public init(
    operation: String, operations: String, frames: [Frame], capacityCaption: String, sections: [Section]
  ) {
    precondition(!frames.isEmpty, "a capacity report needs a frame budget")
    self.operation = operation
    self.operations = operations
    self.frames = frames
    self.capacityCaption = capacityCaption
    self.sections = sections
  }

  /// Plain words and no chart sections, for a suite that defines none.
  public static let generic = ReportDefinitions(
    operation: "operation", operations: "operations",
    frames: [Frame("120 Hz", nanoseconds: 1e9 / 120), Frame("60 Hz", nanoseconds: 1e9 / 60)],
    capacityCaption: "How many operations fit in one frame on one core of this machine.", sections: [])
}
