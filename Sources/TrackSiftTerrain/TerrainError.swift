/// Why a DEM tile, a tile folder or a tile to write was refused, and which file.
///
/// The CLI prints ``description`` as is: `PATH: reason`, or `PATH (MEMBER): reason` for a
/// tile inside a zip archive.
public struct TerrainError: Error, Sendable, CustomStringConvertible, Equatable {
  /// The file or folder on disk (the archive itself for a member); for a tile built in
  /// memory, the tile's name.
  public var path: String
  /// The member's path inside the zip archive, as stored there; nil for a file.
  public var member: String?
  /// What is wrong, in words, such as `1000 bytes, not the size of an HGT tile (...)`.
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
