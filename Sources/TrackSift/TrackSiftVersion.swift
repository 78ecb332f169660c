/// The version of the TrackSift engine (the library and its `tracksift` tool), as SemVer.
public enum TrackSiftVersion {
  /// The next release's version with `-dev` between releases (see `CHANGELOG.md`: 0.1.0 is
  /// released, what follows it is `Unreleased`).
  public static let string = "0.2.0-dev"
}
