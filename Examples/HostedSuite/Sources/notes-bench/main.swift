import BenchmarkCommands

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The runner's commands on the notes suite. Workers run this same executable
// in its worker mode, so nothing else is needed to measure in fresh processes.
let tool = BenchmarkTool(
  name: "notes-bench", version: "1.0.0",
  summary: "The benchmarks of a notes app's two-pane layout, measured with the arrangement-bench runner.",
  suite: NotesSuite.suite)
exit(tool.main(Array(CommandLine.arguments.dropFirst()), handlingInterrupts: true))
