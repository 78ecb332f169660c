/// Why a file was not recognised as any format TrackSift reads.
public struct FormatDetectionError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What the content looked like, where it came close to a format TrackSift reads.
  public enum Clue: Sendable, Hashable {
    /// XML whose root element (its local name, such as `pwx` or `kml`) is neither GPX's nor
    /// TCX's.
    case xmlRootElement(String)
    /// A first line of comma-separated names (up to 80 characters of it) that names no
    /// latitude and longitude columns, nor ECEF ones.
    case headerWithoutPosition(String)
  }

  /// The first bytes of the file, printable ASCII as is and other bytes as `\xNN`.
  public var start: String
  /// What the content looked like, when it looked like a table or XML.
  public var clue: Clue?

  /// Creates an error.
  public init(start: String, clue: Clue? = nil) {
    self.start = start
    self.clue = clue
  }

  /// Creates an error that shows the first 16 bytes of `prefix`.
  init(prefix: some Collection<UInt8>, clue: Clue?) {
    var text = ""
    for byte in prefix.prefix(16) {
      switch byte {
      case 0x20..<0x7F where byte != UInt8(ascii: "\\"): text.unicodeScalars.append(.init(byte))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        text += "\\x" + (hex.count == 1 ? "0" : "") + hex
      }
    }
    self.init(start: text, clue: clue)
  }

  /// `not a GPX, TCX, FIT, NMEA, CSV, GeoJSON or GnssLogger file`, then why:
  /// - `(XML whose root element is <pwx>, where GPX's is <gpx> and TCX's
  ///   <TrainingCenterDatabase>)`;
  /// - `(its first line names no latitude and longitude columns: "Timestamp,Heart Rate")`;
  /// - `(starts with "\x89PNG\x0D\x0A")` otherwise, or `(it is empty)` for an empty file.
  public var description: String {
    let reason =
      switch clue {
      case .xmlRootElement(let name):
        "XML whose root element is <\(name)>, where GPX's is <gpx> and TCX's"
          + " <TrainingCenterDatabase>"
      case .headerWithoutPosition(let header):
        "its first line names no latitude and longitude columns: \"\(header)\""
      case nil: start.isEmpty ? "it is empty" : "starts with \"\(start)\""
      }
    return "not a GPX, TCX, FIT, NMEA, CSV, GeoJSON or GnssLogger file (\(reason))"
  }
}
