import FuzzChecks

/// libFuzzer's entry point: one input, read as a result file (baselines come from pull requests) and as a suite's titles.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzResultFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: data, count: size)
  FuzzChecks.resultFile(bytes)
  FuzzChecks.suiteTitles(bytes)
  return 0
}
