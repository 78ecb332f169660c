import Foundation
import TrackSiftArchives
import TrackSiftFormats

/// The files a batch measures, found under the paths a user gives.
public enum BatchSources {
  /// The activity files under `paths`, as `ActivitySources.listing(in:recursive:recognizing:)`
  /// of `TrackSiftArchives` finds them, with a folder's plain file whose name has no activity
  /// extension taken when its first bytes are one of the formats the readers take
  /// (`ActivityFileFormat.detect(contentsOf:)` of `TrackSiftFormats`): a gpsd or receiver log
  /// named `.log`, a GeoJSON `.json`, a GPX file without an extension; a `.txt` is taken
  /// only so (a GnssLogger log, not a README). The rest is passed over and listed.
  ///
  /// - Throws: `ArchiveError` for a path that does not exist or a folder that cannot be
  ///   listed.
  /// - Complexity: reads up to `ActivityFileFormat.detectionPrefixLength` bytes of each file
  ///   without an activity extension, besides the listing's own cost.
  public static func listing(
    in paths: [String], recursive: Bool
  ) throws(ArchiveError) -> SourceListing {
    try ActivitySources.listing(in: paths, recursive: recursive) { path in
      (try? ActivityFileFormat.detect(contentsOf: URL(fileURLWithPath: path))) != nil
    }
  }
}
