// swift-tools-version: 6.0
import PackageDescription

// A package of its own that uses the solver and benchmarks its own code with
// the runner's commands, without changing arrangement-bench.
let package = Package(
  name: "HostedSuite",
  dependencies: [
    // The name is the one products are asked of, whatever the checkout's folder is called.
    .package(name: "arrangement-bench", path: "../..")
  ],
  targets: [
    // The code under test: a notes app's two panes, laid out by the solver alone.
    .target(
      name: "NotesLayout",
      dependencies: [.product(name: "ArrangementSolver", package: "arrangement-bench")]),
    // Prints the layout of one window size; links the solver and nothing else.
    .executableTarget(name: "notes-layout", dependencies: ["NotesLayout"]),
    // The suite and the runner's commands on it: `swift run -c release notes-bench --quick`.
    .executableTarget(
      name: "notes-bench",
      dependencies: [
        "NotesLayout",
        .product(name: "ArrangementSolver", package: "arrangement-bench"),
        .product(name: "BenchmarkRunner", package: "arrangement-bench"),
        .product(name: "BenchmarkCommands", package: "arrangement-bench"),
      ]),
  ]
)
