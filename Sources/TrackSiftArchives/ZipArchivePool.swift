import Foundation
import ZIPFoundation

/// Zip archives kept open between reads, each with its members by path, so that reading a
/// whole export member by member walks its central directory once per open archive, not once
/// per member.
///
/// An open archive is lent to one read at a time (ZIPFoundation's `Archive` seeks a shared
/// file handle), so concurrent reads of one zip open one archive each; at most ``capacity``
/// idle ones are kept, the least recently returned dropped first. An archive whose file has
/// changed size or modification date since it was opened is not lent again.
///
/// `@unchecked Sendable`: `idle` is only touched with `lock` held, and a lent archive belongs
/// to the one read that holds it.
final class ZipArchivePool: @unchecked Sendable {
  /// An open archive and its members, lent to one read at a time.
  final class OpenArchive {
    /// The archive, for `extract`.
    let archive: Archive
    /// Members by stored path; the first of several members with one path wins, as in
    /// `Archive.subscript`.
    let entries: [String: Entry]
    /// What the file was when opened.
    fileprivate let identity: Identity

    fileprivate init(archive: Archive, identity: Identity) {
      self.archive = archive
      self.identity = identity
      entries = Dictionary(archive.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    }
  }

  /// A file as it was when opened: a changed file is opened again.
  fileprivate struct Identity: Equatable {
    var path: String
    var sizeBytes: UInt64
    var modified: Date
  }

  /// The pool `ActivitySources.data(of:maximumBytes:)` reads members through.
  static let shared = ZipArchivePool(capacity: 8)

  /// The most idle archives kept open.
  let capacity: Int
  private let lock = NSLock()
  private var idle: [OpenArchive] = []

  /// A pool keeping at most `capacity` idle archives open.
  init(capacity: Int) {
    self.capacity = capacity
  }

  /// Runs `body` with the archive at `path`, opened now or taken from the pool, then puts it
  /// back.
  ///
  /// - Throws: ``ArchiveError`` when the file is missing or not a zip archive, or what `body`
  ///   throws.
  /// - Complexity: O(1) when an idle archive is at hand; O(n) in its members to open one.
  func withArchive<Result>(
    at path: String, _ body: (OpenArchive) throws(ArchiveError) -> Result
  ) throws(ArchiveError) -> Result {
    let identity = try Self.identity(of: path)
    let open: OpenArchive
    if let taken = take(identity) {
      open = taken
    } else {
      open = OpenArchive(archive: try ZipOpening.open(path), identity: identity)
    }
    defer { giveBack(open) }
    return try body(open)
  }

  private func take(_ identity: Identity) -> OpenArchive? {
    lock.withLock {
      guard let index = idle.lastIndex(where: { $0.identity == identity }) else { return nil }
      return idle.remove(at: index)
    }
  }

  private func giveBack(_ open: OpenArchive) {
    lock.withLock {
      idle.append(open)
      if idle.count > capacity { idle.removeFirst(idle.count - capacity) }
    }
  }

  private static func identity(of path: String) throws(ArchiveError) -> Identity {
    let attributes: [FileAttributeKey: Any]
    do {
      attributes = try FileManager.default.attributesOfItem(atPath: path)
    } catch {
      throw ArchiveError(path: path, reason: "no such file or folder")
    }
    return Identity(
      path: URL(fileURLWithPath: path).standardizedFileURL.path,
      sizeBytes: (attributes[.size] as? NSNumber)?.uint64Value ?? 0,
      modified: attributes[.modificationDate] as? Date ?? .distantPast)
  }
}
