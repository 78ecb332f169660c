/// One segment of an analysed track: which fixes were kept and where the filters put them.
///
/// All arrays but ``simplifiedIndices`` have one element per accepted fix.
public struct AnalyzedSegment: Sendable, Hashable {
  /// Indices into the input segment's fixes of the fixes accepted by the gate and the filter.
  public var acceptedFixIndices: [Int]
  /// The live position for each accepted fix: the filter's, smoothed over the few fixes
  /// after it that the recorder holds back.
  public var liveCoordinates: [Coordinate]
  /// The smoothed position for each accepted fix (equal to the live one where the segment has
  /// no times, because without times there is no motion model).
  public var refinedCoordinates: [Coordinate]
  /// Whether the person was moving over the interval ending at each accepted fix, as the
  /// live stop detector judged it (with the dwell before a stop counted stopped and the fixes
  /// after the departure moving).
  public var isMoving: [Bool]
  /// Whether the person was moving over the interval ending at each accepted fix, for the
  /// refined figures: the live stops with their ends, starts and existence checked against the
  /// whole recording (equal to ``isMoving`` where the segment has no times).
  public var refinedIsMoving: [Bool]
  /// Whether each accepted fix is part of a stop whose positions crept further than their
  /// accuracy explains (see `StopCreep`): stopped for the refined times, its step counted as
  /// distance; its refined position lies on the line from the stop's arrival to its departure.
  /// One per accepted fix (all `false` where the segment has no times).
  public var refinedIsCreeping: [Bool] = []
  /// The smoother's path into the accepted fixes (by position among them) whose step from the
  /// fix before crosses a signal loss the person kept moving through (see ``GapPath``): the
  /// refined figures measure that step along it, and the cleaned file draws it.
  public var refinedGapPaths: [Int: GapPath] = [:]
  /// The same for the live figures: the live smoother's path across each signal loss they
  /// measure along one.
  public var liveGapPaths: [Int: GapPath] = [:]
  /// The net movement of each stop the live figures counted as the person left it, in meters,
  /// by the position among the accepted fixes of the fix the person set off to (see
  /// ``ActivityProfile/countsStopMovement``); counted with the step into that fix.
  public var liveStopMovementMeters: [Int: Double] = [:]
  /// The speed the refined figures trusted at each accepted fix in m/s (a reported speed that
  /// was corroborated; see ``SpeedVerdict``), `nil` where they trusted none or had only a
  /// speed derived from positions: the speeds the maximum and the best windows are taken from.
  public var trustedSpeedsMetersPerSecond: [Double?] = []
  /// The altitude the refined climb is counted on at each accepted fix, in meters: the
  /// smoothed altitude of its best source (see ``ClimbSummary``), `nil` where it has none.
  public var climbAltitudesMeters: [Double?] = []
  /// Indices into the accepted fixes of the points kept by Douglas-Peucker on the refined
  /// positions.
  public var simplifiedIndices: [Int]
  /// Whether the segment's times drove the motion model, and if not, why (a segment whose
  /// times are not ``TimeUsability/usable`` is analysed without them).
  public var timeUsability: TimeUsability = .usable
  /// Whether the segment came from a file TrackSift cleaned and its refined figures were
  /// measured as written (every fix carries a ``CleanedMotion``): its refined positions are
  /// the fixes' own.
  public var isMeasuredAsWritten = false
}
