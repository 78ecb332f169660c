import Crypto
import Foundation
import TrackSift
import TrackSiftFormats

/// What a batch does with each file; its ``hash`` tells a resumed batch which rows it can keep.
public struct BatchConfiguration: Sendable, Hashable {
  /// The profile every file is measured with (`--profile`), or `nil` for the default.
  public var profile: ActivityKind?
  /// Whether a FIT or TCX file's own sport picks its profile (`--profile-from-sport`); the
  /// ``profile`` (or running) is used for files that name none.
  public var profileFromSport: Bool
  /// Whether damaged files are refused instead of read around their damage (`--strict`).
  public var strict: Bool
  /// The folder cleaned files and reports are written to, under the inputs' relative paths.
  public var outputDirectory: String?
  /// Whether each file's cleaned GPX is written to ``outputDirectory``.
  public var writesCleanedFiles: Bool
  /// Whether each file's HTML report is written to ``outputDirectory``.
  public var writesReports: Bool
  /// The folder of DEM tiles the climb is counted on (`--dem`), if any; the runner's
  /// ``BatchRunner/elevationModel`` reads it.
  public var terrainDirectory: String?

  /// A configuration; by default every file is measured as a run, leniently, with no outputs.
  public init(
    profile: ActivityKind? = nil, profileFromSport: Bool = false, strict: Bool = false,
    outputDirectory: String? = nil, writesCleanedFiles: Bool = false, writesReports: Bool = false,
    terrainDirectory: String? = nil
  ) {
    self.terrainDirectory = terrainDirectory
    self.profile = profile
    self.profileFromSport = profileFromSport
    self.strict = strict
    self.outputDirectory = outputDirectory
    self.writesCleanedFiles = writesCleanedFiles
    self.writesReports = writesReports
  }

  /// The first 16 hex digits of the SHA-256 of the engine's version and every setting that
  /// changes a row (not where outputs go): a row with another hash was made differently.
  public var hash: String {
    let settings = [
      "engine=\(TrackSiftVersion.string)", "profile=\(profile?.rawValue ?? "default")",
      "fromSport=\(profileFromSport)", "strict=\(strict)",
    ]
    // Without tiles the text is what it was before terrain models existed, so rows stay valid.
    let terrain = terrainDirectory.map { ["dem=\($0)"] } ?? []
    let text = (settings + terrain).joined(separator: ";")
    return SHA256.hash(data: Data(text.utf8)).prefix(8).map { String(format: "%02x", $0) }.joined()
  }

  /// The profile of a file with these totals, and why.
  func profileChoice(deviceTotals: DeviceTotals?) -> (activity: ActivityKind, reason: String) {
    if profileFromSport, let sport = deviceTotals?.sport, let kind = ActivityKind(sport: sport) {
      return (kind, "the file's sport")
    }
    if let profile { return (profile, "--profile") }
    return (.running, "the default")
  }
}
