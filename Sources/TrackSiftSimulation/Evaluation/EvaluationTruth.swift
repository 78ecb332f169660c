import TrackSift

/// What an evaluation scores a pipeline against: the truth at each fix of a recording, and
/// what is known of the whole activity.
///
/// Simulated recordings know everything; a real recording with a reference trajectory knows
/// positions (interpolated at each fix's own time, never rounded) and the distance, and
/// leaves the rest `nil`, so the rows that need it are not scored.
public struct EvaluationTruth: Sendable {
  /// The truth at one fix.
  public struct FixSample: Sendable, Hashable {
    /// Where the fix's position really was, at the instant the fix belongs to.
    public var coordinate: Coordinate
    /// The true speed then, in meters per second, if known.
    public var speedMetersPerSecond: Double?
    /// Whether the person was moving then, if known.
    public var isMoving: Bool?
    /// Whether the fix is a known bad one (spike, cached, network, ...), if known.
    public var isBad: Bool?

    /// Creates a sample.
    public init(
      coordinate: Coordinate, speedMetersPerSecond: Double? = nil, isMoving: Bool? = nil,
      isBad: Bool? = nil
    ) {
      self.coordinate = coordinate
      self.speedMetersPerSecond = speedMetersPerSecond
      self.isMoving = isMoving
      self.isBad = isBad
    }
  }

  /// One entry per fix of the track, segments flattened in order; `nil` where the reference
  /// does not cover the fix.
  public var fixes: [FixSample?]
  /// The true trajectory in time order.
  public var path: [TruthPoint]
  /// The true distance travelled in meters.
  public var distanceMeters: Double
  /// The true climb in meters, if known. A real reference leaves it `nil`: its heights
  /// wiggle by a few centimeters from point to point, and summing their rises would count
  /// that as climb, while any dead band chosen to keep it out would decide the answer.
  public var elevationGainMeters: Double?
  /// The true moving time in seconds, if known.
  public var movingTimeSeconds: Double?
  /// The true stops, in seconds since the reference date.
  public var stops: [ClosedRange<Double>]
  /// When the recording really started (the launch window opens here), if known.
  public var startTimeSeconds: Double?
  /// Corners and hairpins passed.
  public var features: [FeaturePassage]

  /// Creates a truth.
  public init(
    fixes: [FixSample?], path: [TruthPoint], distanceMeters: Double,
    elevationGainMeters: Double? = nil, movingTimeSeconds: Double? = nil,
    stops: [ClosedRange<Double>] = [],
    startTimeSeconds: Double? = nil, features: [FeaturePassage] = []
  ) {
    self.fixes = fixes
    self.path = path
    self.distanceMeters = distanceMeters
    self.elevationGainMeters = elevationGainMeters
    self.movingTimeSeconds = movingTimeSeconds
    self.stops = stops
    self.startTimeSeconds = startTimeSeconds
    self.features = features
  }

  /// The truth of a real recording from a reference trajectory: each fix's true position is
  /// the reference interpolated at the fix's own time (fixes outside the reference's span, or
  /// without a time, get none); the distance is the reference path's length over the span
  /// the fixes cover. Where the reference has speeds, they give each fix's true speed and
  /// moving state (the nearest reference point's), the moving time and the stops (runs of
  /// still reference points lasting 5 s or more).
  ///
  /// - Parameters:
  ///   - track: the recording.
  ///   - reference: the reference positions in time order (its `distanceMeters` are ignored).
  public init(track: Track, reference: [TruthPoint]) {
    let fixList = track.segments.flatMap(\.fixes)
    let times = fixList.compactMap(\.timeSeconds)
    let first = times.min() ?? 0
    let last = times.max() ?? 0
    var covered = reference.filter { $0.timeSeconds >= first && $0.timeSeconds <= last }
    for index in covered.indices {
      covered[index].distanceMeters =
        index == 0
        ? 0
        : covered[index - 1].distanceMeters
          + Geodesic.distanceMeters(
            from: covered[index - 1].coordinate, to: covered[index].coordinate)
    }
    let hasSpeeds = !covered.isEmpty && covered.allSatisfy { $0.speedMetersPerSecond.isFinite }
    let path = TruthInterpolator(covered)
    let samples: [FixSample?] = fixList.map { fix in
      guard let time = fix.timeSeconds, let coordinate = path.coordinate(atTimeSeconds: time)
      else { return nil }
      let nearest = hasSpeeds ? path.nearest(atTimeSeconds: time) : nil
      return FixSample(
        coordinate: coordinate, speedMetersPerSecond: nearest?.speedMetersPerSecond,
        isMoving: nearest?.isMoving)
    }
    var stops: [ClosedRange<Double>] = []
    var moving = 0.0
    if hasSpeeds {
      var stillSince: Double?
      for (point, next) in zip(covered, covered.dropFirst()) {
        if point.isMoving { moving += next.timeSeconds - point.timeSeconds }
      }
      for point in covered {
        if !point.isMoving {
          stillSince = stillSince ?? point.timeSeconds
        } else if let since = stillSince {
          if point.timeSeconds - since >= 5 { stops.append(since...point.timeSeconds) }
          stillSince = nil
        }
      }
      if let since = stillSince, let end = covered.last?.timeSeconds, end - since >= 5 {
        stops.append(since...end)
      }
    }
    self.init(
      fixes: samples, path: covered, distanceMeters: covered.last?.distanceMeters ?? 0,
      movingTimeSeconds: hasSpeeds ? moving : nil, stops: stops)
  }

  /// The true distance travelled from the start of ``path`` up to `timeSeconds`, in meters,
  /// interpolated in time between the two neighbouring points: 0 before the path begins, its
  /// whole length after it ends.
  /// - Complexity: O(log n) for n path points.
  public func distanceMeters(atTimeSeconds timeSeconds: Double) -> Double {
    guard let first = path.first, let last = path.last, timeSeconds > first.timeSeconds else {
      return 0
    }
    guard timeSeconds < last.timeSeconds else { return last.distanceMeters }
    var low = 0
    var high = path.count - 1
    while high - low > 1 {
      let middle = (low + high) / 2
      if path[middle].timeSeconds <= timeSeconds { low = middle } else { high = middle }
    }
    let before = path[low]
    let after = path[high]
    let span = after.timeSeconds - before.timeSeconds
    guard span > 0 else { return after.distanceMeters }
    let fraction = (timeSeconds - before.timeSeconds) / span
    return before.distanceMeters + (after.distanceMeters - before.distanceMeters) * fraction
  }
}
