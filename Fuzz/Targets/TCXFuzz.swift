// libFuzzer entry for TCXReader, strict and lenient. Build and run with `Fuzz/run.sh tcx`.
import TrackSiftFormats

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: data, count: size)
  let lenient = try? TCXReader.read(bytes: bytes, options: .init(lenient: true))
  // Lenient reading never throws, and agrees with strict reading on what it read or refused.
  guard let lenient else { fatalError("lenient reading threw") }
  do {
    let strict = try TCXReader.read(bytes: bytes)
    precondition(lenient == strict, "lenient and strict reading differ")
  } catch {
    precondition(lenient.stoppedAt == error, "lenient reading stopped elsewhere")
  }
  for activity in lenient.activities { formatWhatWasRead(activity.track, device: activity.totals) }
  return 0
}
