import Foundation
import FuzzChecks

#if !FUZZING
  /// Without libFuzzer: replays the given corpus files or folders, or random inputs, through the same checks.
  @main
  struct Replay {
    static func main() {
      replayMain("fuzz-scene-file", check: FuzzChecks.sceneFile)
    }
  }
#endif
