import Foundation

/// Finding the activity files among the paths a user gives (folders, files, `.gz` files and
/// `.zip` archives such as a Strava bulk export), and reading one file's bytes at a time.
///
/// Nothing is unpacked to disk: a zip member is streamed out of the archive in place, a
/// `.gz` is inflated as it is read, and memory holds one source's bytes, not an archive's.
public enum ActivitySources {
  /// The extensions (lowercased, compared in any case after one trailing `.gz` is removed)
  /// of the files a folder or zip archive contributes: `gpx`, `tcx`, `fit`, `nmea` and `nma`
  /// (NMEA 0183 logs), `csv` (fix tables), `geojson`, and `txt` (Android GnssLogger logs).
  ///
  /// `json` is left out: an export's JSON files are metadata far more often than GeoJSON,
  /// which a user can still name as a file argument.
  public static let activityExtensions: Set<String> = [
    "gpx", "tcx", "fit", "nmea", "nma", "csv", "geojson", "txt",
  ]

  /// The activity extensions that say little by themselves: a folder's plain file with one
  /// is taken by its content when ``listing(in:recursive:recognizing:)`` is given a
  /// recognizer, as a file without an activity extension is. A GnssLogger log is a `.txt`,
  /// but so is nearly every README and notes file beside an export.
  public static let contentDecidedExtensions: Set<String> = ["txt"]

  /// Every activity file in `paths`, sorted (``ActivitySource`` order), each file or member
  /// once even when several arguments reach it: ``listing(in:recursive:recognizing:)``'s
  /// sources, a file being taken by its name only.
  ///
  /// - Throws: ``ArchiveError`` as ``listing(in:recursive:recognizing:)`` does.
  public static func sources(
    in paths: [String], recursive: Bool
  ) throws(ArchiveError) -> [ActivitySource] {
    try listing(in: paths, recursive: recursive).sources
  }

  /// The activity files in `paths`, and the files passed over.
  ///
  /// - A file argument is taken whatever its extension, as the user named it; a `.zip` is
  ///   opened and its activity members listed; a `.gz` is one compressed file.
  /// - A folder argument contributes its files with an activity extension (or a `.gz` of
  ///   one), the plain files without one that `recognizing` takes, and its `.zip` archives;
  ///   its subfolders only when `recursive`. With `recognizing`, a plain file with one of the
  ///   ``contentDecidedExtensions`` (`.txt`) is taken only where it takes it too. Dot-files,
  ///   dot-folders and `__MACOSX` folders are left out.
  /// - A zip archive contributes its file members whose name (less `.gz`) has an activity
  ///   extension; directories, `__MACOSX/` and dot-files are left out, and `activities.csv` at
  ///   the archive's root (a Strava export's summary table, not a fix log) is passed over.
  ///   Member names are sanitized in ``ActivitySource/relativePath`` (no leading `/`, no
  ///   `..`).
  /// - Every other file of a folder, and every other member of an archive, is passed over:
  ///   listed in ``SourceListing/passedOver``, so that a batch can say what it did not read.
  ///
  /// - Parameters:
  ///   - paths: files and folders, as the user typed them.
  ///   - recursive: whether folders' subfolders are walked.
  ///   - recognizing: called with the path of each regular plain file of a folder whose name
  ///     has no activity extension (a gpsd log's `.log`, a GeoJSON `.json`) or a
  ///     content-decided one (`.txt`); it says whether the file is an activity file, by its
  ///     content. Nil passes the first over and takes the second by name.
  /// - Returns: the sources, sorted by ``ActivitySource/relativePath`` then path, and the
  ///   relative paths passed over, sorted.
  /// - Throws: ``ArchiveError`` for a path that does not exist (`no such file or folder`) or
  ///   a folder that cannot be listed. A zip archive that cannot be opened is one source
  ///   whose ``data(of:maximumBytes:)`` throws why (`not a zip archive (...)`), so a batch
  ///   gives it an error row and goes on.
  /// - Complexity: O(f + m + s log s) for f files walked, m zip members and s sources;
  ///   each zip's central directory is read once, and `recognizing` called once per file
  ///   without an activity extension.
  public static func listing(
    in paths: [String], recursive: Bool,
    recognizing: ((_ path: String) -> Bool)? = nil
  ) throws(ArchiveError) -> SourceListing {
    var finder = SourceFinder(recursive: recursive, recognizes: recognizing)
    for path in paths { try finder.add(argument: path) }
    return SourceListing(
      sources: eachOnce(finder.found), passedOver: eachOnce(finder.passedOver).map(\.relativePath))
  }

  /// `sources` sorted, each file (resolved) or member once.
  private static func eachOnce(_ sources: [ActivitySource]) -> [ActivitySource] {
    var seen: Set<[String]> = []
    return sources.sorted().filter { source in
      let file = URL(fileURLWithPath: source.path).standardizedFileURL
        .resolvingSymlinksInPath().path
      return seen.insert([file, source.member ?? ""]).inserted
    }
  }

  /// The source's bytes, decompressed: a plain file as it is (memory-mapped), a `.gz`
  /// inflated, a zip member extracted (and inflated when it is a `.gz`).
  ///
  /// Safe to call from several threads at once, also for members of one zip archive: open
  /// archives are kept in a small lock-protected pool (at most 8 idle), and each call holds
  /// one archive of its own while it reads, so a whole export is read without walking its
  /// central directory for every member. An archive changed on disk is opened again.
  ///
  /// - Parameters:
  ///   - source: a source from ``sources(in:recursive:)``.
  ///   - maximumBytes: the most bytes of output accepted (zip and gzip bombs); the default is
  ///     2 GB.
  /// - Returns: the bytes, ready for format detection.
  /// - Throws: ``ArchiveError`` naming the file (and member) when it is missing, damaged
  ///   (`gzip data damaged at byte N (zlib: ...)`, `CRC mismatch (...)`, `cut short: ...`),
  ///   or more than `maximumBytes` once decompressed.
  /// - Complexity: O(n + m) for n bytes read and m output bytes; memory O(m), plus the
  ///   pooled archive's directory for a member.
  public static func data(
    of source: ActivitySource, maximumBytes: Int = 2_000_000_000
  ) throws(ArchiveError) -> Data {
    guard let member = source.member else {
      if MemberPath.isZip(MemberPath.lastComponent(of: source.path)) {
        // An archive listed whole could not be opened: say why.
        _ = try ZipOpening.open(source.path)
      }
      return try PlainFileReader.read(source, maximumBytes: maximumBytes)
    }
    return try ZipArchivePool.shared.withArchive(at: source.path) {
      open throws(ArchiveError) -> Data in
      guard let entry = open.entries[member], entry.type == .file else {
        throw ArchiveError(path: source.path, member: member, reason: "no such member")
      }
      let reader = ZipMemberReader(
        entry: entry, archive: open.archive, source: source, maximumBytes: maximumBytes)
      return try reader.read()
    }
  }
}
