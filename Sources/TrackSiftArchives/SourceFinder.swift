import Foundation

/// Walks the path arguments of ``ActivitySources/listing(in:recursive:recognizing:)`` and
/// gathers their activity files (plain, `.gz`, and the activity members of `.zip` archives)
/// and the files it passes over.
struct SourceFinder {
  /// Whether subfolders of a folder argument are walked too.
  let recursive: Bool
  /// Whether a folder's plain file whose name has no activity extension, or a content-decided
  /// one (`.txt`), is an activity file by its content; nil passes the first over and takes the
  /// second by its name.
  let recognizes: ((_ path: String) -> Bool)?
  private(set) var found: [ActivitySource] = []
  /// The files and members passed over, as sources (never read).
  private(set) var passedOver: [ActivitySource] = []
  /// Folders already walked, resolved, so a symbolic link loop is walked once.
  private var walkedFolders: Set<String> = []

  /// A finder that walks subfolders when `recursive`, and takes a file without an activity
  /// extension where `recognizes` says it is one.
  init(recursive: Bool, recognizes: ((_ path: String) -> Bool)?) {
    self.recursive = recursive
    self.recognizes = recognizes
  }

  /// Adds the sources under one path argument.
  ///
  /// - Throws: ``ArchiveError`` when `argument` does not exist or a folder cannot be listed.
  ///   A zip archive that cannot be opened is listed as one source, whose reading fails.
  /// - Complexity: O(f + m) for f files walked and m zip members listed.
  mutating func add(argument: String) throws(ArchiveError) {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder) else {
      throw ArchiveError(path: argument, reason: "no such file or folder")
    }
    if isFolder.boolValue {
      try walk(folder: argument, relativePrefix: "")
    } else {
      let name = MemberPath.lastComponent(of: argument)
      try addFile(at: argument, relativePath: name.isEmpty ? argument : name, named: true)
    }
  }

  /// Adds a file: a zip archive's activity members, or the file itself when the user named it,
  /// its name has an activity extension that is not content-decided, or (a regular file, not
  /// `.gz`) its content is recognized. Anything else is passed over, a zip archive's other
  /// members included.
  private mutating func addFile(
    at path: String, relativePath: String, named: Bool
  ) throws(ArchiveError) {
    let name = MemberPath.lastComponent(of: path)
    if MemberPath.isZip(name) {
      do {
        let members = try ZipOpening.members(ofArchiveAt: path)
        let source = { (member: ZipOpening.ListedMember) in
          ActivitySource(
            path: path, member: member.storedPath,
            relativePath: ([relativePath] + member.components).joined(separator: "/"))
        }
        found += members.activities.map(source)
        passedOver += members.others.map(source)
      } catch {
        // A damaged archive is one source of its own: reading it gives this error (one
        // error row of a batch), and the other files are still found.
        found.append(ActivitySource(path: path, relativePath: relativePath))
      }
    } else if named || takesByName(name) || recognizesContent(at: path, named: name) {
      found.append(ActivitySource(path: path, relativePath: relativePath))
    } else {
      passedOver.append(ActivitySource(path: path, relativePath: relativePath))
    }
  }

  private mutating func walk(folder: String, relativePrefix: String) throws(ArchiveError) {
    let resolved = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
    guard walkedFolders.insert(resolved).inserted else { return }
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder)
    } catch {
      throw ArchiveError(path: folder, reason: "cannot list the folder (\(error))")
    }
    for name in names.sorted() where !name.hasPrefix(".") {
      let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
      var isFolder: ObjCBool = false
      // A broken symbolic link is no file to read: left out, as a hidden file is.
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
      if isFolder.boolValue {
        guard recursive && name != "__MACOSX" else { continue }
        try walk(folder: path, relativePrefix: relativePrefix + name + "/")
      } else {
        try addFile(at: path, relativePath: relativePrefix + name, named: false)
      }
    }
  }

  /// Whether a folder's file is taken by its name alone: an activity extension, unless its
  /// content decides (``ActivitySources/contentDecidedExtensions``, with a recognizer).
  private func takesByName(_ name: String) -> Bool {
    guard MemberPath.hasActivityExtension(name) else { return false }
    guard recognizes != nil, !MemberPath.hasGzipSuffix(name),
      let ext = MemberPath.activityExtension(of: name)
    else { return true }
    return !ActivitySources.contentDecidedExtensions.contains(ext)
  }

  /// Whether the recognizer takes the plain regular file at `path` (a FIFO or a device could
  /// hold its read forever); `false` without one, or for a `.gz`.
  private func recognizesContent(at path: String, named name: String) -> Bool {
    guard let recognizes, !MemberPath.hasGzipSuffix(name), RegularFile.exists(at: path) else {
      return false
    }
    return recognizes(path)
  }
}
