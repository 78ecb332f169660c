// libFuzzer entry for FITReader, strict and lenient. Build and run with `Fuzz/run.sh fit`.
import TrackSiftFormats

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: data, count: size)
  _ = try? FITReader.read(bytes: bytes, options: .init(lenient: false))
  if let activity = try? FITReader.read(bytes: bytes, options: .init(lenient: true)) {
    formatWhatWasRead(activity.track, device: activity.sessions.first)
  }
  return 0
}
