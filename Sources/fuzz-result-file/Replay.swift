import Foundation
import FuzzChecks

#if !FUZZING
  /// Without libFuzzer: replays the given corpus files or folders, or random inputs, through the same checks.
  @main
  struct Replay {
    static func main() {
      replayMain("fuzz-result-file") { bytes in
        FuzzChecks.resultFile(bytes)
        FuzzChecks.suiteTitles(bytes)
      }
    }
  }
#endif
