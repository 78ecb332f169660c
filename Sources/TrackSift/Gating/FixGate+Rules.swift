extension FixGate {
  /// The step from the anchor to the fix under test.
  struct Step {
    var elapsedSeconds: Double
    var eastMeters: Double
    var northMeters: Double
    var distanceMeters: Double
    var allowanceMeters: Double

    init(
      from anchor: Anchor, to coordinate: Coordinate, elapsedSeconds: Double,
      allowanceMeters: Double
    ) {
      self.elapsedSeconds = elapsedSeconds
      self.allowanceMeters = allowanceMeters
      let offsets = Geodesic.localOffsets(
        anchor.coordinate.latitudeDegrees, anchor.coordinate.longitudeDegrees,
        coordinate.latitudeDegrees, coordinate.longitudeDegrees)
      eastMeters = offsets.east
      northMeters = offsets.north
      // The offsets already give the distance of a short step (one sine and one cosine); longer
      // or polar steps take Geodesic's full path, by the same rule that Geodesic applies.
      let planar = (eastMeters * eastMeters + northMeters * northMeters).squareRoot()
      distanceMeters =
        planar < Geodesic.shortStepLimitMeters
          && abs(anchor.coordinate.latitudeDegrees) < Geodesic.polarLimitDegrees
        ? planar : Geodesic.distanceMeters(from: anchor.coordinate, to: coordinate)
    }
  }

  /// The rule that refuses a fix for its own fields, whatever came before it: an invalid or
  /// null-island position, a missing time, a network source, an invalid accuracy, too few
  /// satellites, no 3-D fix, or a fix that arrived too late.
  static func fieldRejection(of fix: Fix, _ rules: Configuration) -> RejectionReason? {
    let coordinate = fix.coordinate
    guard coordinate.isInRange else { return .invalidCoordinates }
    if rules.rejectsNullIsland, coordinate.isNullIsland { return .nullIsland }

    let time = fix.finiteTimeSeconds
    if time == nil, !rules.acceptsMissingTimestamp { return .missingTimestamp }
    if rules.rejectsNetworkSource, fix.source == .network { return .networkSource }

    if let accuracy = fix.horizontalAccuracyMeters {
      if rules.rejectsInvalidAccuracy, accuracy < 0 || accuracy == .infinity {
        return .invalidAccuracy
      }
      if accuracy == 0, !rules.acceptsUnknownAccuracy { return .invalidAccuracy }
    } else if !rules.acceptsUnknownAccuracy {
      return .invalidAccuracy
    }

    if let minimum = rules.minimumSatellitesUsed, let used = fix.receiver.satellitesUsed,
      used < minimum
    {
      return .tooFewSatellites
    }
    if rules.rejectsWithoutThreeDimensionalFix, let type = fix.receiver.fixType {
      // A switch, not `==`: that would compare the raw strings.
      switch type {
      case .none, .twoDimensional: return .noThreeDimensionalFix
      case .threeDimensional, .differential, .precise: break
      }
    }

    if let maximumAge = rules.maximumFixAgeSeconds, let time,
      let arrival = fix.arrivalTime?.timeIntervalSinceReferenceDate, arrival.isFinite,
      arrival - time > maximumAge
    {
      return .stale
    }
    return nil
  }

  /// The rule that refuses a fix for when it comes in the session, `elapsedSeconds` after its
  /// start: the warm-up, the start-up accuracy ceiling (or the ceiling of the whole session),
  /// and the start-up speed limit on its reported speed.
  static func sessionRejection(
    of fix: Fix, elapsedSeconds elapsed: Double?, _ rules: Configuration
  ) -> RejectionReason? {
    if let warmUp = rules.warmUpSeconds, let elapsed, elapsed < warmUp { return .warmUp }
    if let accuracy = fix.horizontalAccuracyMeters {
      var ceiling = rules.maximumHorizontalAccuracyMeters
      if let startupCeiling = rules.startupMaximumHorizontalAccuracyMeters, let elapsed,
        elapsed < rules.startupAccuracyWindowSeconds
      {
        ceiling = startupCeiling
      }
      if let ceiling, accuracy > ceiling { return .accuracyAboveCeiling }
    }
    if let limit = startupSpeedLimit(elapsedSeconds: elapsed, rules),
      let speed = fix.validSpeedMetersPerSecond, speed > limit
    {
      return .startupSpeed
    }
    return nil
  }

  /// The start-up speed limit in meters per second `elapsedSeconds` into the session, `nil`
  /// once its window has passed or where there is none.
  static func startupSpeedLimit(elapsedSeconds elapsed: Double?, _ rules: Configuration)
    -> Double?
  {
    guard let limit = rules.startupMaximumSpeedMetersPerSecond, let elapsed,
      elapsed < rules.startupSpeedWindowSeconds
    else { return nil }
    return limit
  }
}
