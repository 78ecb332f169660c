// libFuzzer entry for TCXReader. Build and run with `Fuzz/run.sh tcx`.
import TrackSiftFormats

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: data, count: size)
  _ = try? TCXReader.read(bytes: bytes)
  return 0
}
