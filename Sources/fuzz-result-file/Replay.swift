import Foundation
import FuzzChecks

#if !FUZZING
  /// Without libFuzzer: replays the given corpus files or folders through the same checks.
  @main
  struct Replay {
    static func main() {
      let count = replayCorpus(CommandLine.arguments.dropFirst(), check: FuzzChecks.resultFile)
      print("replayed \(count) inputs: no finding")
    }
  }
#endif
