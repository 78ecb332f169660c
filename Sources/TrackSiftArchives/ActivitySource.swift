/// One activity file among the inputs: a plain file, a gzip file, or a member of a zip archive
/// (itself possibly gzip, like `activities/1.fit.gz` inside a Strava bulk export).
///
/// Found by ``ActivitySources/sources(in:recursive:)`` and read by
/// ``ActivitySources/data(of:maximumBytes:)``. Ordered by ``relativePath``, then ``path``, then
/// ``member``, so a listing comes out the same on every machine.
public struct ActivitySource: Sendable, Hashable, Comparable {
  /// The file on disk, as reached from the path argument that found it: the archive itself
  /// for a member.
  public var path: String
  /// The member's path inside the zip archive, exactly as stored there (the key to read it);
  /// nil for a file on disk.
  public var member: String?
  /// A stable name relative to the path argument that found the source: `run.gpx`,
  /// `sub/run.gpx.gz`, `export.zip/activities/1.fit.gz`; the last path component when the
  /// argument is the file itself. A member's part is sanitized: no leading `/`, and no `.`,
  /// `..` or empty components.
  public var relativePath: String
  /// Whether the bytes are gzip: the name ends in `.gz`, in any case.
  public var isCompressed: Bool
  /// The last component of the member or file without a trailing `.gz`, such as `1.fit`.
  public var nameWithoutCompression: String

  /// A source, with ``isCompressed`` and ``nameWithoutCompression`` taken from the member's
  /// name, or the file's when `member` is nil.
  ///
  /// - Parameters:
  ///   - path: the file on disk (the archive for a member).
  ///   - member: the member's path inside the zip archive, or nil.
  ///   - relativePath: the stable name to list and report the source by.
  public init(path: String, member: String? = nil, relativePath: String) {
    self.path = path
    self.member = member
    self.relativePath = relativePath
    let name = MemberPath.lastComponent(of: member ?? path)
    let compressed = MemberPath.hasGzipSuffix(name)
    isCompressed = compressed
    nameWithoutCompression = compressed ? String(name.dropLast(3)) : name
  }

  /// Orders by ``relativePath``, then ``path``, then ``member`` (a file before its members).
  public static func < (lhs: ActivitySource, rhs: ActivitySource) -> Bool {
    if lhs.relativePath != rhs.relativePath { return lhs.relativePath < rhs.relativePath }
    if lhs.path != rhs.path { return lhs.path < rhs.path }
    return (lhs.member ?? "") < (rhs.member ?? "")
  }
}
