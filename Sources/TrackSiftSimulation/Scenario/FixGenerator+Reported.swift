import Foundation
import TrackSift

/// The values a satellite fix reports: its altitude, position and Doppler velocity.
extension FixGenerator {
  /// A satellite fix's altitude and vertical accuracy: the barometer's, with no accuracy, or
  /// the GNSS altitude, with an accuracy of 1.5 times the horizontal one.
  mutating func reportedAltitude(
    trueElevationMeters: Double, atElapsed elapsed: Double, errors: ReceiverErrors,
    horizontalAccuracyMeters: Double
  ) -> (meters: Double, accuracyMeters: Double?) {
    if var barometer {
      let meters = barometer.altitudeMeters(
        trueElevationMeters: trueElevationMeters, elapsedSeconds: elapsed)
      self.barometer = barometer
      return (meters, nil)
    }
    return (trueElevationMeters + errors.verticalChipMeters, 1.5 * horizontalAccuracyMeters)
  }

  /// Where a satellite fix lies, the event it shows, and the factor on its reported accuracy:
  /// a phone's static hold, the restart after a long gap (maybe a spike), a ramp-and-snap
  /// event, a spike, or the error alone.
  mutating func reportedPosition(
    atElapsed elapsed: Double, trueSpeedMetersPerSecond: Double, afterGapSeconds afterGap: Double,
    errors: inout ReceiverErrors
  ) -> (Coordinate, FixKind, inflation: Double) {
    let c = configuration
    if isPhone, trueSpeedMetersPerSecond < 0.3, afterGap == 0, let last = lastSatellite,
      chance(c.staticHoldProbability)
    {
      return (last.fix.coordinate, .staticHold, 1)
    }
    var kind = FixKind.good
    var inflation = 1.0
    var e = errors.position.sample(random: &random)
    if afterGap > Self.longGapSeconds {
      // The error restarts at 2-3 σ and fades; the first fix may be a spike.
      let growth = (pow(uniform(2...3), 2) - 1).squareRoot() * parameters.nominalSigmaMeters
      errors.afterGapMeters = (growth * random.nextGaussian(), growth * random.nextGaussian())
      if chance(c.afterGapSpikeProbability) {
        kind = .spike
        e = Self.displaced(
          e, byMeters: uniform(20...200) * sizeScale, towards: uniform(0...(2 * .pi)))
      } else {
        kind = .firstAfterGap
      }
    } else if let r = ramp, elapsed > r.startElapsed {
      kind = .rampAndSnap
      let grown = r.peakMeters * min(1, (elapsed - r.startElapsed) / r.seconds)
      e = Self.displaced(e, byMeters: grown, towards: r.angleRadians)
      inflation = r.accuracyInflation
    } else if chance(c.spikeProbabilityPerFix) {
      kind = .spike
      e = Self.displaced(
        e, byMeters: uniform(30...300) * sizeScale, towards: uniform(0...(2 * .pi)))
      inflation = chance(c.inflatedAccuracyShare) ? uniform(3...10) : 1
    }
    let position = coordinate(
      atElapsed: elapsed, error: (e.0 + errors.afterGapMeters.0, e.1 + errors.afterGapMeters.1))
    return (position, kind, inflation)
  }

  /// An error moved `meters` further in the direction `radians` clockwise from north.
  static func displaced(
    _ error: (eastMeters: Double, northMeters: Double), byMeters meters: Double,
    towards radians: Double
  ) -> (eastMeters: Double, northMeters: Double) {
    (error.eastMeters + meters * sin(radians), error.northMeters + meters * cos(radians))
  }

  /// The Doppler speed and course a satellite fix reports, from the noisy velocity; -1 where
  /// the receiver gives none.
  mutating func reportedVelocity(
    trueSpeedMetersPerSecond trueSpeed: Double, headingRadians: Double,
    dopplerError: (Double, Double), kind: FixKind, afterGapSeconds afterGap: Double,
    _ speedReporting: SpeedReporting
  ) -> ReportedVelocity {
    let c = configuration
    let vEast = trueSpeed * sin(headingRadians) + dopplerError.0
    let vNorth = trueSpeed * cos(headingRadians) + dopplerError.1
    var speed = (vEast * vEast + vNorth * vNorth).squareRoot()
    let speedAccuracy = max(0.15, 1.5 * parameters.dopplerSigmaMetersPerSecond)
    var speedValid = true
    if kind == .staticHold {
      speed = 0
    } else if satelliteCount < speedReporting.invalidLeadingFixes || afterGap > 0 {
      speedValid = false
    } else if trueSpeed > 0.5, chance(c.spuriousZeroSpeedProbability) {
      speed = 0
    } else if c.platform == .iOS, speed < speedReporting.iOSZeroBelowMetersPerSecond {
      speed = 0
    }
    var course = -1.0
    var courseAccuracy = -1.0
    if speedValid, speed >= 0.5 {
      course = atan2(vEast, vNorth) * 180 / .pi
      if course < 0 { course += 360 }
      courseAccuracy = min(180, speedAccuracy / speed * 180 / .pi)
    }
    return ReportedVelocity(
      speedMetersPerSecond: speedValid ? speed : -1,
      speedAccuracyMetersPerSecond: speedValid ? speedAccuracy : -1,
      courseDegrees: course, courseAccuracyDegrees: courseAccuracy)
  }
}
