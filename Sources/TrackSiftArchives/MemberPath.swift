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

  /// Whether a zip member with these sanitized components is listed as an activity file.
  ///
  /// Skipped: dot-files and anything in a dot-folder, macOS's `__MACOSX/` resource forks,
  /// names without an activity extension, and `activities.csv` at the archive's root: in a
  /// Strava bulk export that file is the summary table of all activities, not a fix log.
  static func isActivityMember(_ components: [String]) -> Bool {
    guard let name = components.last else { return false }
    if components.contains(where: { $0.hasPrefix(".") || $0 == "__MACOSX" }) { return false }
    if components.count == 1 && name.lowercased() == "activities.csv" { return false }
    guard let ext = activityExtension(of: name) else { return false }
    return ActivitySources.activityExtensions.contains(ext)
  }
}
