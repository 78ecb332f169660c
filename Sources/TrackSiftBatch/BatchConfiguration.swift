import Crypto
import Foundation
import TrackSift
import TrackSiftFormats

/// What a batch does with each file; its ``hash`` tells a resumed batch which rows it can keep.
public struct BatchConfiguration: Sendable, Hashable {
  /// The profile every file is measured with (`--profile`), or `nil` for the default.
  public var profile: ActivityKind?
  /// Whether each file's profile is its own (`--profile-from-sport`): a FIT or TCX file's
  /// sport, else ``profile``, else the slowest profile its motion allows.
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
      // A from-sport batch's rows changed when files of no sport came to be chosen by motion,
      // and again when multisport files came to be measured session by session.
      profileFromSport ? "fromSport=true;else=motion;sessions" : "fromSport=false",
      "strict=\(strict)",
    ]
    // Without tiles the text is what it was before terrain models existed, so rows stay valid.
    let terrain = terrainDirectory.map { ["dem=\($0)"] } ?? []
    let text = (settings + terrain).joined(separator: ";")
    return SHA256.hash(data: Data(text.utf8)).prefix(8).map { String(format: "%02x", $0) }.joined()
  }

  /// The profile of a file, and why. With ``profileFromSport``: the file's sport, else
  /// ``profile``, else the slowest profile its motion allows (as `analyze` chooses, see
  /// ``ProfileChoice``). Otherwise ``profile`` (or running) for every file, its reason
  /// questioned where the file holds a speed that profile refuses (a drive measured as a run).
  /// A file of several sessions is measured session by session with ``profileFromSport``, as
  /// `analyze` measures it.
  func profileChoice(for file: ActivityFile) -> ProfileChoice {
    guard profileFromSport else {
      return ProfileChoice(
        given: profile ?? .running, reason: profile == nil ? "the default" : "--profile",
        track: file.track)
    }
    // The sport beats --profile here; without either, the motion decides, as for `analyze`.
    let named = file.sport.flatMap { ActivityKind(sport: $0) }
    if named == nil, file.sessions.isEmpty, let profile {
      return ProfileChoice(given: profile, reason: "--profile", track: file.track)
    }
    return ProfileChoice(option: nil, file: file)
  }
}
