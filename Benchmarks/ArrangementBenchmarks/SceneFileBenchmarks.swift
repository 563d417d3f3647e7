import ArrangementSolver
import BenchmarkRunner
import SceneFormat

/// The scene-file path: 2,000 random scenes (the `random` group's) as a
/// stream, read, answered and written, separately and end to end. Each
/// operation is one scene; the groups also report megabytes of input (or, for
/// writing, of output) per second.
enum SceneFileBenchmarks {
  static let count = 2000

  /// The scenes as stream lines, and the whole stream's bytes.
  static func stream(seed: UInt64) -> (lines: [Range<Int>], bytes: [UInt8]) {
    var scenes = RandomScenes(seed: seed)
    var writer = JSONWriter(capacity: count * 600)
    var lines: [Range<Int>] = []
    for _ in 0..<count {
      let start = writer.count
      writer.scene(scenes.next())
      lines.append(start..<writer.count)
      writer.byte(UInt8(ascii: "\n"))
    }
    return (lines, Array(writer.written))
  }

  static func benchmarks(seed: UInt64, reference: String) -> [Benchmark] {
    let (_, bytes) = stream(seed: seed)
    let answerBytes: Int = {
      var writer = JSONWriter(capacity: count * 400)
      for scene in Sweep.random(seed: seed, count: count) { writer.line(scene.scene.solve()) }
      return writer.count
    }()
    return [
      // Reading only: the lines decoded and validated, nothing solved or written.
      Benchmark("scene-file/parse", operations: count, reference: reference, bytesProcessed: bytes.count) {
        let (lines, bytes) = stream(seed: seed)
        return {
          bytes.withUnsafeBufferPointer { bytes in
            for line in lines {
              // A good stream: an error here would be a bug in the benchmark.
              try! SceneFile.check(.solve, document: UnsafeBufferPointer(rebasing: bytes[line]))
            }
          }
        }
      },
      // Writing only: the solutions written as stream lines into a reused buffer.
      Benchmark("scene-file/write", operations: count, reference: reference, bytesProcessed: answerBytes) {
        let solutions = Sweep.random(seed: seed, count: count).map { $0.scene.solve() }
        var writer = JSONWriter(capacity: count * 400)
        return {
          writer.truncate(to: 0)
          for solution in solutions { writer.line(solution) }
          blackHole(writer.count)
        }
      },
      // End to end, as `solve --lines` does it without the file: read, solve, write.
      Benchmark("scene-file/stream", operations: count, reference: reference, bytesProcessed: bytes.count) {
        let (lines, bytes) = stream(seed: seed)
        var writer = JSONWriter(capacity: count * 400)
        return {
          writer.truncate(to: 0)
          bytes.withUnsafeBufferPointer { bytes in
            for line in lines {
              try! SceneFile.answer(.solve, line: UnsafeBufferPointer(rebasing: bytes[line]), into: &writer)
            }
          }
          blackHole(writer.count)
        }
      },
    ]
  }
}
