import BenchmarkRunner

extension FuzzChecks {
  /// Reads the bytes as a result file. A refusal must name the file; a file
  /// that is accepted must survive writing and reading again unchanged (so
  /// nothing the reader lets through is something the writer cannot keep).
  /// The file with its strings escaped is read the same, or refused the same
  /// but for columns.
  public static func resultFile(_ bytes: UnsafeRawBufferPointer) {
    let input = [UInt8](bytes)
    // A twin is up to six times larger: kept under the 16 MiB a result file may have.
    if input.count <= 1 << 20 {
      let outcomes = [input, escapedTwin(input)].map { file in
        do {
          return String(decoding: try RunResult.decode(file, path: "input.json").encoded(), as: UTF8.self)
        } catch {
          return "error: " + withoutColumns("\(error)")
        }
      }
      if outcomes[0] != outcomes[1] { fatalError("a result file and its escaped twin disagree: \(outcomes)") }
    }
    let result: RunResult
    do {
      result = try RunResult.decode(input, path: "input.json")
    } catch {
      let message = error.description
      // Values from the file appear in messages escaped, so a message is always one printable line.
      if !message.hasPrefix("input.json: ") || message.unicodeScalars.contains(where: { $0.value < 0x20 }) {
        fatalError("a refusal that does not name the file on one line: \(message)")
      }
      return
    }
    do {
      let written = try result.encoded()
      let again = try RunResult.decode([UInt8](written), path: "written.json")
      if try again.encoded() != written { fatalError("an accepted result file does not survive writing and reading") }
      if again.groups != result.groups { fatalError("an accepted result file's groups change when written") }
    } catch {
      fatalError("an accepted result file cannot be written and read again: \(error)")
    }
  }
}
