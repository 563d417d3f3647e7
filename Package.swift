// swift-tools-version: 6.0
import PackageDescription

/// What `-static-stdlib` links for a tool that imports Foundation on Linux.
let staticLibraries = [
  "Foundation", "CoreFoundation", "_FoundationICU", "FoundationEssentials", "FoundationInternationalization",
  "_FoundationCShims", "_FoundationCollections", "swiftDispatch", "dispatch", "BlocksRuntime", "swiftSynchronization",
  "stdc++",
]

// Three worlds, three modules: the solver knows nothing of benchmarks or JSON,
// the runner knows nothing of layouts, and the benchmark definitions join them.
let package = Package(
  name: "arrangement-bench",
  products: [
    .library(name: "ArrangementSolver", targets: ["ArrangementSolver"]),
    .library(name: "StrictJSON", targets: ["StrictJSON"]),
    .library(name: "SceneFormat", targets: ["SceneFormat"]),
    .library(name: "BenchmarkRunner", targets: ["BenchmarkRunner"]),
    .library(name: "BenchmarkCommands", targets: ["BenchmarkCommands"]),
    .executable(name: "arrangement-bench", targets: ["arrangement-bench"]),
  ],
  targets: [
    // The solver: standard library only, value types, no allocations on the solve path.
    // Its rounding (`rounded(.down)`, …) calls libm, which Foundation links for
    // most programs; one that uses the solver alone must link it itself.
    .target(name: "ArrangementSolver", linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
    // Strict JSON: a pull reader with exact numbers, JSON paths and line:column, and a tree for tools.
    .target(name: "StrictJSON"),
    // Scene files and streams: decoded straight from the reader into the solver's values, and the answer writer.
    .target(name: "SceneFormat", dependencies: ["ArrangementSolver", "StrictJSON"]),
    // What measuring needs of C, one file per concern: the malloc interposer (linked into every
    // executable that depends on it), counters and clocks, the resident set, callgrind's client
    // requests, the quiet-core probe and core pinning.
    .target(name: "CMeasurement"),
    // What Swift cannot call of the process API (variadic `prctl`): adopting orphaned descendants.
    .target(name: "CProcessControl"),
    // The benchmark runner: registration, measurement, statistics, baselines, verdicts.
    .target(name: "BenchmarkRunner", dependencies: ["CMeasurement", "CProcessControl", "StrictJSON"]),
    // The runner's command line on any suite (run, check, baseline, compare, report, …), so a
    // package can host its own benchmarks in an executable of its own (Examples/HostedSuite).
    .target(name: "BenchmarkCommands", dependencies: ["BenchmarkRunner"]),
    // Benchmark definitions: sweeps of scenes through the solver, and scene files through their reader.
    .target(
      name: "ArrangementBenchmarks",
      dependencies: ["ArrangementSolver", "SceneFormat", "BenchmarkRunner"],
      path: "Benchmarks/ArrangementBenchmarks"
    ),
    // The arrangement tool: the runner's commands on the arrangement suite, and the
    // layout subcommands; a library so tests can run it in-process.
    .target(
      name: "ArrangementBenchCommands",
      dependencies: ["SceneFormat", "BenchmarkRunner", "BenchmarkCommands", "ArrangementBenchmarks"]
    ),
    // The tool. In release its Swift libraries are linked in, as
    // `--static-swift-stdlib` would (a target cannot set that option; the
    // libraries that option adds are named): started dynamically it first
    // resolves thousands of symbols in the libraries of Foundation and ICU,
    // ~13 ms before the first scene of a stream against ~5 ms. Tests do not
    // depend on it (they would inherit the flags, and Testing has no static
    // library): `swift test` builds every executable beside the tests anyway.
    .executableTarget(
      name: "arrangement-bench",
      dependencies: ["ArrangementBenchCommands"],
      linkerSettings: [
        .unsafeFlags(
          ["-static-stdlib", "-Xlinker", "--start-group"]
            + staticLibraries.flatMap { ["-Xlinker", "-l\($0)"] } + ["-Xlinker", "--end-group"],
          .when(platforms: [.linux], configuration: .release))
      ]
    ),
    // Fuzzing: the invariants as a library, and three libFuzzer targets that replay a
    // corpus when built without `--sanitize=fuzzer` (scripts/fuzz.sh).
    .target(name: "FuzzChecks", dependencies: ["ArrangementSolver", "StrictJSON", "SceneFormat", "BenchmarkRunner"]),
    .executableTarget(name: "fuzz-solver", dependencies: ["FuzzChecks"]),
    .executableTarget(name: "fuzz-scene-file", dependencies: ["FuzzChecks"]),
    .executableTarget(name: "fuzz-result-file", dependencies: ["FuzzChecks"]),
    .testTarget(
      name: "ArrangementSolverTests",
      dependencies: ["ArrangementSolver", "CMeasurement"]
    ),
    .testTarget(
      name: "SceneFormatTests",
      dependencies: ["ArrangementSolver", "StrictJSON", "SceneFormat", "FuzzChecks"],
      exclude: ["Golden"]
    ),
    .testTarget(
      name: "BenchmarkRunnerTests",
      dependencies: ["BenchmarkRunner", "StrictJSON"]
    ),
    .testTarget(
      name: "ArrangementBenchCommandsTests",
      dependencies: [
        "ArrangementBenchCommands", "BenchmarkCommands", "BenchmarkRunner", "StrictJSON", "SceneFormat",
        "ArrangementSolver",
      ],
      exclude: ["Hostile"]
    ),
  ]
)
