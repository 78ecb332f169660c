// libFuzzer entry for format detection and GeoJSONReader; what it reads is formatted as the CLI
// shows it, written by GeoJSONWriter and read again, which must succeed. Build and run with
// `Fuzz/run.sh geojson`.
import Foundation
import TrackSiftFormats

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(bytes: data, count: size)
  _ = try? ActivityFileFormat.detect(prefix: bytes, fileExtension: "geojson")
  guard let document = try? GeoJSONReader.read(data: bytes) else { return 0 }
  formatWhatWasRead(document.track)
  let written = GeoJSONWriter.data(from: document.track)
  do {
    _ = try GeoJSONReader.read(data: written)
  } catch {
    fatalError("GeoJSONReader refused GeoJSONWriter's output: \(error)")
  }
  return 0
}
