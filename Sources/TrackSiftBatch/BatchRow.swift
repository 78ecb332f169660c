import Foundation
import TrackSift

/// One line of a batch summary: a file (or archive member), what became of it, and its
/// figures.
public struct BatchRow: Encodable, Sendable {
  /// The version of the row's layout; it changes when a field is renamed or removed.
  public static let schemaVersion = 1

  /// Whether the file was measured.
  public enum Status: String, Codable, Sendable {
    /// Read and measured.
    case ok
    /// Unreadable, of no known format, damaged beyond reading, or holding no fix.
    case error
  }

  /// ``schemaVersion``.
  public var schema = BatchRow.schemaVersion
  /// The file's path relative to the input that found it (`export.zip/activities/1.fit.gz`).
  public var file: String
  /// The file on disk: the archive itself for a member.
  public var path: String
  /// The member's path inside its zip archive, `nil` for a file on disk.
  public var member: String?
  /// The SHA-256 of the file's bytes (decompressed, for a `.gz`: the same activity gives the
  /// same hash however it is stored), in hex; `nil` when they could not be read.
  public var sha256: String?
  /// Whether it was measured.
  public var status: Status
  /// Why not, in words, for an error row.
  public var error: String?
  /// The format the file was read as (`gpx`, `fit`, ...).
  public var format: String?
  /// What the pipeline made of it, as `tracksift analyze --json` prints it (its `file` is
  /// ``file``), less the grade windows.
  public var analysis: AnalysisSummary?
  /// The engine's version.
  public var engine = TrackSiftVersion.string
  /// ``BatchConfiguration/hash`` of the configuration the row was made with.
  public var configurationHash: String

  /// The row as one line of JSON (no line break inside).
  public func jsonLine() throws -> String { try JSONText.printable(self, compact: true) }
}
