// libFuzzer entry for GPXReader. Build and run with `Fuzz/run.sh gpx`.
import TrackSiftFormats

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: data, count: size)
  _ = try? GPXReader.read(bytes: bytes)
  return 0
}
