// libFuzzer entry for GnssLoggerReader, lenient and strict, every source. Build and run with
// `Fuzz/run.sh gnsslogger`.
import Foundation
import TrackSift
import TrackSiftFormats

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(bytes: data, count: size)
  let sources = Set(FixSource.allCases)
  if let log = try? GnssLoggerReader.read(
    data: bytes, options: .init(strict: false, sources: sources))
  {
    formatWhatWasRead(log.track)
  }
  _ = try? GnssLoggerReader.read(data: bytes, options: .init(strict: true, sources: sources))
  return 0
}
