import Foundation
import ZIPFoundation

/// Opening a zip archive for reading and listing its activity members.
enum ZipOpening {
  /// A member of an archive that is listed as an activity file.
  struct ListedMember {
    /// The member's path as stored, the key to read it by.
    var storedPath: String
    /// The sanitized components, for the source's relative path.
    var components: [String]
  }

  /// Opens the zip archive at `path` for reading.
  ///
  /// - Throws: ``ArchiveError`` `not a zip archive (...)` when the file has no end of central
  ///   directory record or its directory cannot be read, `not a regular file` for a FIFO or a
  ///   device, whose opening could wait forever.
  /// - Complexity: reads the archive's end (at most 64 KiB plus the record), not its members.
  static func open(_ path: String) throws(ArchiveError) -> Archive {
    guard RegularFile.exists(at: path) else {
      throw ArchiveError(path: path, reason: "not a regular file")
    }
    guard FileManager.default.isReadableFile(atPath: path) else {
      throw ArchiveError(path: path, reason: "cannot be read (permission denied)")
    }
    do {
      return try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
    } catch Archive.ArchiveError.missingEndOfCentralDirectoryRecord {
      throw ArchiveError(
        path: path, reason: "not a zip archive (no end of central directory record: cut short?)")
    } catch {
      throw ArchiveError(path: path, reason: "not a zip archive (\(error))")
    }
  }

  /// The file members of the archive at `path`, in stored order: those that are activity
  /// files, and the others that a listing passes over (``MemberPath/kind(ofMember:)``);
  /// hidden ones are in neither.
  ///
  /// - Throws: ``ArchiveError`` when the archive cannot be opened.
  /// - Complexity: O(n) in the number of members: one pass over the central directory.
  static func members(
    ofArchiveAt path: String
  ) throws(ArchiveError) -> (activities: [ListedMember], others: [ListedMember]) {
    let archive = try open(path)
    var activities: [ListedMember] = []
    var others: [ListedMember] = []
    for entry in archive where entry.type == .file {
      let components = MemberPath.sanitizedComponents(entry.path)
      let member = ListedMember(storedPath: entry.path, components: components)
      switch MemberPath.kind(ofMember: components) {
      case .activity: activities.append(member)
      case .other: others.append(member)
      case .hidden: break
      }
    }
    return (activities, others)
  }
}
