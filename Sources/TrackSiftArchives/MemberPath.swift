/// Names of files and zip members: sanitized components, extensions, and the rules for
/// which names are activity files.
enum MemberPath {
  /// The components of a member's stored path, without empty, `.` and `..` components: a
  /// member named `../../etc/passwd` or `/etc/passwd` lists as `etc/passwd`. Backslashes
  /// count as separators too (some Windows tools write them).
  ///
  /// - Complexity: O(n) in the path's length.
  static func sanitizedComponents(_ path: String) -> [String] {
    path.split(whereSeparator: { $0 == "/" || $0 == "\\" })
      .map(String.init)
      .filter { $0 != "." && $0 != ".." }
  }

  /// The part after the last `/`, or the whole path when it has none.
  static func lastComponent(of path: String) -> String {
    sanitizedComponents(path).last ?? path
  }

  /// Whether `name` ends in `.gz`, in any case, and has something before it.
  static func hasGzipSuffix(_ name: String) -> Bool {
    name.count > 3 && name.lowercased().hasSuffix(".gz")
  }

  /// The extension of `name` after one trailing `.gz` is removed, lowercased; nil when none.
  static func activityExtension(of name: String) -> String? {
    let bare = hasGzipSuffix(name) ? String(name.dropLast(3)) : name
    guard let dot = bare.lastIndex(of: "."), dot != bare.startIndex else { return nil }
    return bare[bare.index(after: dot)...].lowercased()
  }

  /// Whether `name` is a zip archive by its extension (`.zip`, any case).
  static func isZip(_ name: String) -> Bool {
    name.lowercased().hasSuffix(".zip") && name.count > 4
  }

  /// What a zip member is to a listing.
  enum Kind {
    /// An activity file by its name.
    case activity
    /// A file whose name has no activity extension: passed over, and counted.
    case other
    /// A dot-file, anything in a dot-folder or in macOS's `__MACOSX/` resource forks: not
    /// the user's, left out without a word.
    case hidden
  }

  /// What a zip member with these sanitized components is to a listing.
  ///
  /// Hidden: dot-files, anything in a dot-folder, and macOS's `__MACOSX/` resource forks.
  /// Other: names without an activity extension, and `activities.csv` at the archive's root:
  /// in a Strava bulk export that file is the summary table of all activities, not a fix log.
  static func kind(ofMember components: [String]) -> Kind {
    guard let name = components.last else { return .hidden }
    if components.contains(where: { $0.hasPrefix(".") || $0 == "__MACOSX" }) { return .hidden }
    if components.count == 1 && name.lowercased() == "activities.csv" { return .other }
    return hasActivityExtension(name) ? .activity : .other
  }

  /// Whether `name`, less one trailing `.gz`, has an activity extension
  /// (``ActivitySources/activityExtensions``).
  static func hasActivityExtension(_ name: String) -> Bool {
    activityExtension(of: name).map(ActivitySources.activityExtensions.contains) ?? false
  }
}
