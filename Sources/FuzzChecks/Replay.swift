import Foundation

/// Runs `check` on every file named, or in every folder named; returns how many.
public func replayCorpus(_ paths: some Sequence<String>, check: (UnsafeRawBufferPointer) -> Void) -> Int {
  var count = 0
  for path in paths {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
    let files =
      isFolder.boolValue
      ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map { "\(path)/\($0)" } : [path]
    for file in files {
      guard let data = FileManager.default.contents(atPath: file) else { continue }
      data.withUnsafeBytes(check)
      count += 1
    }
  }
  return count
}

/// Runs `check` on `count` inputs of pseudo-random bytes (lengths up to
/// `maximumLength`, drawn from `seed`): the fuzz targets' checks without
/// libFuzzer, in whatever build this is (CI runs them in release).
public func replayRandom(
  count: Int, seed: UInt64, maximumLength: Int = 512, check: (UnsafeRawBufferPointer) -> Void
) {
  var state = seed
  // SplitMix64: a fixed seed gives the same inputs on every machine.
  func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  var bytes = [UInt8](repeating: 0, count: maximumLength)
  for _ in 0..<count {
    let length = Int(next() % UInt64(maximumLength + 1))
    var index = 0
    while index < length {
      var word = next()
      for _ in 0..<8 where index < length {
        bytes[index] = UInt8(truncatingIfNeeded: word)
        word >>= 8
        index += 1
      }
    }
    bytes.withUnsafeBytes { check(UnsafeRawBufferPointer(rebasing: $0[..<length])) }
  }
}

/// The replay tools' command line: corpus files and folders, or `--random N
/// [--seed S]`. Exits 2 naming the bad argument; prints usage for `--help`.
public func replayMain(_ name: String, check: (UnsafeRawBufferPointer) -> Void) -> Never {
  let arguments = Array(CommandLine.arguments.dropFirst())
  func usage() -> String {
    """
    usage: \(name) PATH...              replay corpus files, or every file of a folder
           \(name) --random N [--seed S] check N pseudo-random inputs (seed default 1)
    """
  }
  if arguments.contains("--help") || arguments.contains("-h") {
    print(usage())
    exit(0)
  }
  guard arguments.first == "--random" else {
    let count = replayCorpus(arguments, check: check)
    print("replayed \(count) inputs: no finding")
    exit(0)
  }
  func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("\(name): \(message)\n\(usage())\n".utf8))
    exit(2)
  }
  guard arguments.count >= 2, let count = Int(arguments[1]), count >= 0 else {
    fail("--random needs a count of inputs (a whole number, 0 or more)")
  }
  var seed: UInt64 = 1
  var rest = arguments.dropFirst(2)
  while let option = rest.first {
    guard option == "--seed" else { fail("unknown argument '\(option)'") }
    guard rest.count >= 2, let value = UInt64(rest[rest.startIndex + 1]) else {
      fail("--seed needs a whole number, 0 or more")
    }
    seed = value
    rest = rest.dropFirst(2)
  }
  replayRandom(count: count, seed: seed, check: check)
  print("checked \(count) random inputs (seed \(seed)): no finding")
  exit(0)
}
