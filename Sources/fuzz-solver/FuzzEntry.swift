import FuzzChecks

/// libFuzzer's entry point: one input, the solver invariants.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSolver(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  FuzzChecks.solver(UnsafeRawBufferPointer(start: data, count: size))
  return 0
}
