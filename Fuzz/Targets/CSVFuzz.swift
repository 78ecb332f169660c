// libFuzzer entry for format detection (with its refusal's message) and FixCSVReader.
// Build and run with `Fuzz/run.sh csv`.
import Foundation
import TrackSiftFormats

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(bytes: data, count: size)
  do {
    _ = try ActivityFileFormat.detect(prefix: bytes, fileExtension: nil)
  } catch {
    _ = error.description  // the refusal's message, with its clue
  }
  if let track = try? FixCSVReader.read(data: bytes) { formatWhatWasRead(track) }
  return 0
}
