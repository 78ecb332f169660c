/// Why an input path, a gzip stream or a zip member could not be listed or read, and which.
///
/// The CLI prints ``description`` as is: `PATH: reason`, or `PATH (MEMBER): reason` for a
/// member of a zip archive.
public struct ArchiveError: Error, Sendable, CustomStringConvertible, Equatable {
  /// The file on disk (the archive itself for a member), or the name a caller gave to
  /// ``Gzip/decompress(_:name:maximumBytes:)``.
  public var path: String
  /// The member's path inside the zip archive, as stored there; nil for a file.
  public var member: String?
  /// What is wrong, in words: `no such file or folder`, `not a zip archive (...)`,
  /// `gzip data damaged at byte 12 (zlib: invalid block type)`,
  /// `more than 1000000 bytes once decompressed`, `CRC mismatch (...)`.
  public var reason: String

  /// Creates an error about `path`, or about `member` of the zip archive at `path`.
  public init(path: String, member: String? = nil, reason: String) {
    self.path = path
    self.member = member
    self.reason = reason
  }

  /// `PATH: reason`, or `PATH (MEMBER): reason` for a zip member.
  public var description: String {
    if let member { return "\(path) (\(member)): \(reason)" }
    return "\(path): \(reason)"
  }
}
