/// The version of the TrackSift engine (the library and its `tracksift` tool), as SemVer.
public enum TrackSiftVersion {
  /// `0.1.0-dev` until the first release.
  public static let string = "0.1.0-dev"
}
