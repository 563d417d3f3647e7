import ArrangementSolver
import BenchmarkRunner

public enum BenchPlaceholder {}
