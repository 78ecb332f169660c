// libFuzzer entry for NMEAReader, lenient and strict. Build and run with `Fuzz/run.sh nmea`.
import Foundation
import TrackSiftFormats

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(bytes: data, count: size)
  if let log = try? NMEAReader.read(data: bytes, options: .init(strict: false)) {
    formatWhatWasRead(log.track)
  }
  _ = try? NMEAReader.read(data: bytes, options: .init(strict: true))
  return 0
}
