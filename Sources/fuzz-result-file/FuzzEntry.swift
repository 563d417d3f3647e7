import FuzzChecks

/// libFuzzer's entry point: one input, read as a result file (baselines come from pull requests).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzResultFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  FuzzChecks.resultFile(UnsafeRawBufferPointer(start: data, count: size))
  return 0
}
