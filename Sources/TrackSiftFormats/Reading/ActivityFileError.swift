/// Why ``ActivityFile`` refused a file: its path and the reason, which for a file a reader
/// refused is that reader's own error, saying where (a line and column, a byte offset).
public struct ActivityFileError: Error, Sendable, CustomStringConvertible {
  /// What is wrong with the file.
  public enum Reason: Sendable {
    /// Nothing exists at the path.
    case noSuchFile
    /// The path names a folder.
    case folder
    /// The file could not be opened or read; the file system's words.
    case unreadable(String)
    /// The content is none of the formats TrackSift reads.
    case unknownFormat(FormatDetectionError)
    /// The reader of the file's format refused it: its error (``XMLReadError`` for GPX and TCX,
    /// ``FITError``, ``NMEAError``, ``FixCSVError``, ``GeoJSONError`` or
    /// ``GnssLoggerError``), which says where. A damaged file with no position before its
    /// damage is refused with the damage.
    case refused(any Error)
    /// The file was read but holds nothing to measure (no fix, or no position without the
    /// device's totals to give instead), in words such as `the NMEA log holds no fix (...)`.
    case nothingToRead(String)
  }

  /// The path of the file, as given.
  public var path: String
  /// What is wrong with the file.
  public var reason: Reason

  /// Creates an error.
  public init(path: String, reason: Reason) {
    self.path = path
    self.reason = reason
  }

  /// `PATH: REASON`, such as `run.gpx: line 3, column 5: unexpected end of file inside <trkpt>`
  /// or `notes.txt: not a GPX, TCX, FIT, NMEA, CSV, GeoJSON or GnssLogger file (...)`.
  public var description: String {
    let reason =
      switch reason {
      case .noSuchFile: "no such file"
      case .folder: "a folder, not a file"
      case .unreadable(let message): "cannot read the file (\(message))"
      case .unknownFormat(let error): error.description
      case .refused(let error): String(describing: error)
      case .nothingToRead(let words): words
      }
    return "\(path): \(reason)"
  }
}
