import Foundation

/// Walks the path arguments of ``ActivitySources/sources(in:recursive:)`` and gathers their
/// activity files: plain, `.gz`, and the activity members of `.zip` archives.
struct SourceFinder {
  /// Whether subfolders of a folder argument are walked too.
  let recursive: Bool
  private(set) var found: [ActivitySource] = []
  /// Folders already walked, resolved, so a symbolic link loop is walked once.
  private var walkedFolders: Set<String> = []

  /// A finder that walks subfolders when `recursive`.
  init(recursive: Bool) {
    self.recursive = recursive
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

  /// Adds a file: a zip archive's activity members, or the file itself when the user named it
  /// or its name has an activity extension.
  private mutating func addFile(
    at path: String, relativePath: String, named: Bool
  ) throws(ArchiveError) {
    let name = MemberPath.lastComponent(of: path)
    if MemberPath.isZip(name) {
      do {
        for member in try ZipOpening.activityMembers(ofArchiveAt: path) {
          let relative = ([relativePath] + member.components).joined(separator: "/")
          found.append(
            ActivitySource(path: path, member: member.storedPath, relativePath: relative))
        }
      } catch {
        // A damaged archive is one source of its own: reading it gives this error (one
        // error row of a batch), and the other files are still found.
        found.append(ActivitySource(path: path, relativePath: relativePath))
      }
    } else if named || Self.hasActivityExtension(name) {
      found.append(ActivitySource(path: path, relativePath: relativePath))
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
      // A broken symbolic link is no file to read: skipped like any non-activity name.
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
      if isFolder.boolValue {
        guard recursive && name != "__MACOSX" else { continue }
        try walk(folder: path, relativePrefix: relativePrefix + name + "/")
      } else {
        try addFile(at: path, relativePath: relativePrefix + name, named: false)
      }
    }
  }

  private static func hasActivityExtension(_ name: String) -> Bool {
    MemberPath.activityExtension(of: name).map(ActivitySources.activityExtensions.contains)
      ?? false
  }
}
