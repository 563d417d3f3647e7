import FuzzChecks

/// libFuzzer's entry point: one input, read as a scene file by every subcommand's reader.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSceneFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  FuzzChecks.sceneFile(UnsafeRawBufferPointer(start: data, count: size))
  return 0
}
