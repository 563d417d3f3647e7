import BenchmarkRunner

extension ArrangementSuite {
  /// The suite as the runner's commands take it. Its result files keep the name `default`,
  /// which the committed baselines and history carry.
  public static let suite = BenchmarkSuite(
    name: "default", seededBenchmarks: { benchmarks(seed: $0) }, reportDefinitions: reportDefinitions,
    series: { series() }, scaling: .init(scalingBenchmark, section: ChartSection.scaling),
    points: { filter, seed in points(matching: filter, seed: seed).map(\.id) }, thresholds: thresholds)
}
