import TrackSift

/// A positioned TCX trackpoint as ``TCXReader/forEachTrackpoint(contentsOf:_:)`` hands it out:
/// the fix, the device's distance, and where the point belongs.
public struct TCXTrackpoint: Sendable, Hashable {
  /// The fix.
  public var fix: Fix
  /// The device's cumulative distance in meters (`DistanceMeters`), when given.
  public var distanceMeters: Double?
  /// The index (from 0) of the activity in ``TCXDocument/activities``.
  public var activityIndex: Int
  /// The index (from 0) of the segment in the activity's ``TCXActivity/track``.
  public var segmentIndex: Int

  /// Creates a trackpoint.
  public init(fix: Fix, distanceMeters: Double? = nil, activityIndex: Int, segmentIndex: Int) {
    self.fix = fix
    self.distanceMeters = distanceMeters
    self.activityIndex = activityIndex
    self.segmentIndex = segmentIndex
  }
}
