/// Why a file was not recognised as any format TrackSift reads.
public struct FormatDetectionError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The first bytes of the file, printable ASCII as is and other bytes as `\xNN`.
  public var start: String

  /// Creates an error.
  public init(start: String) {
    self.start = start
  }

  /// Creates an error that shows the first 16 bytes of `prefix`.
  init(prefix: some Collection<UInt8>) {
    var text = ""
    for byte in prefix.prefix(16) {
      switch byte {
      case 0x20..<0x7F where byte != UInt8(ascii: "\\"): text.unicodeScalars.append(.init(byte))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        text += "\\x" + (hex.count == 1 ? "0" : "") + hex
      }
    }
    self.init(start: text)
  }

  /// `not a GPX, TCX, FIT, NMEA, CSV or GnssLogger file (starts with "\x89PNG\x0D\x0A")`,
  /// or `(it is empty)` for an empty file.
  public var description: String {
    let place = start.isEmpty ? "it is empty" : "starts with \"\(start)\""
    return "not a GPX, TCX, FIT, NMEA, CSV or GnssLogger file (\(place))"
  }
}
