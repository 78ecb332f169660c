import Foundation
import TrackSift

/// Turns a truth trace into the fixes a device reports, following `shared/ERROR-MODEL.md`:
/// session start (cached fix, network fixes over the time to first fix), the Gaussian error,
/// ramp-and-snap events, spikes, gaps (with the after-gap spike and error decay, and iOS
/// repeats), static hold, timestamp glitches, reported accuracy, Doppler speed and course.
struct FixGenerator {
  private let configuration: ScenarioConfiguration
  private let trace: TruthTrace
  private let plane: LocalTangentPlane
  private let parameters: ErrorModelParameters
  private var random: SplitMix64
  private let start: Double
  /// Dual-frequency phones have events half the size.
  private let sizeScale: Double
  /// Converts the per-axis σ into the platform's accuracy radius (√2 on iOS, 1.51 on Android).
  private let radiusPerSigma: Double

  private var fixes: [Fix] = []
  private var truths: [FixTruth] = []
  private var lastArrival = -Double.infinity

  /// Correlation time of the reported accuracy's log-normal factor, seconds.
  static let accuracyFactorSeconds = 20.0
  /// Standard deviation of the log of the reported accuracy's factor.
  static let accuracyFactorLogSigma = 0.3
  /// Decay time of the extra error after a gap, seconds.
  static let afterGapDecaySeconds = 20.0
  /// Gaps longer than this (seconds) are followed by a possible spike and a decaying error.
  static let longGapSeconds = 10.0

  init(
    configuration: ScenarioConfiguration, trace: TruthTrace, plane: LocalTangentPlane,
    random: SplitMix64
  ) {
    self.configuration = configuration
    self.trace = trace
    self.plane = plane
    self.random = random
    parameters = configuration.errorParameters
    start = configuration.startDate.timeIntervalSinceReferenceDate
    sizeScale = configuration.device == .dualFrequencyPhone ? 0.5 : 1
    radiusPerSigma = configuration.platform == .iOS ? 2.0.squareRoot() : 1.51
  }

  private var isPhone: Bool { configuration.device != .watch }

  /// Peak error of a ramp-and-snap event in meters, by environment.
  private var rampPeakRangeMeters: ClosedRange<Double> {
    switch configuration.environment {
    case .openSky: 10...20
    case .suburban, .forest: 15...40
    case .urbanCanyon: 20...80
    }
  }

  private mutating func uniform(_ range: ClosedRange<Double>) -> Double {
    range.lowerBound + (range.upperBound - range.lowerBound) * random.nextUnit()
  }

  private mutating func chance(_ probability: Double) -> Bool {
    random.nextUnit() < probability
  }

  /// A fix's position offset by `error` meters from the truth at `elapsed` seconds.
  private func coordinate(atElapsed elapsed: Double, error: (Double, Double)) -> Coordinate {
    let state = trace.state(atElapsed: elapsed)
    return plane.unproject(
      eastMeters: state.eastMeters + error.0, northMeters: state.northMeters + error.1)
  }

  private func truth(atElapsed elapsed: Double, kind: FixKind) -> FixTruth {
    let state = trace.state(atElapsed: elapsed)
    return FixTruth(
      trueCoordinate: plane.unproject(eastMeters: state.eastMeters, northMeters: state.northMeters),
      trueElevationMeters: state.elevationMeters,
      trueSpeedMetersPerSecond: state.speedMetersPerSecond,
      isMoving: state.speedMetersPerSecond > 0, kind: kind)
  }

  /// Appends a fix, keeping arrival times increasing.
  private mutating func emit(_ fix: Fix, _ truth: FixTruth, arrivalElapsed: Double) {
    var fix = Self.atReceiverResolution(fix)
    let arrival = Self.rounded(max(start + arrivalElapsed, lastArrival + 0.001), 1e3)
    lastArrival = arrival
    fix.arrivalTime = Date(timeIntervalSinceReferenceDate: arrival)
    fixes.append(fix)
    truths.append(truth)
  }

  /// The fix with the resolution receivers report: 1 ms, 1e-7 degrees (about 1 cm), 0.1 m of
  /// altitude and accuracy, 0.01 m/s, 0.1 degrees.
  private static func atReceiverResolution(_ fix: Fix) -> Fix {
    var fix = fix
    fix.timestamp = fix.timestamp.map {
      Date(timeIntervalSinceReferenceDate: rounded($0.timeIntervalSinceReferenceDate, 1e3))
    }
    fix.latitudeDegrees = rounded(fix.latitudeDegrees, 1e7)
    fix.longitudeDegrees = rounded(fix.longitudeDegrees, 1e7)
    fix.altitudeMeters = fix.altitudeMeters.map { rounded($0, 10) }
    fix.horizontalAccuracyMeters = fix.horizontalAccuracyMeters.map { rounded($0, 10) }
    fix.verticalAccuracyMeters = fix.verticalAccuracyMeters.map { rounded($0, 10) }
    fix.speedMetersPerSecond = fix.speedMetersPerSecond.map { rounded($0, 100) }
    fix.speedAccuracyMetersPerSecond = fix.speedAccuracyMetersPerSecond.map { rounded($0, 100) }
    fix.courseDegrees = fix.courseDegrees.map { rounded($0, 10) }
    fix.courseAccuracyDegrees = fix.courseAccuracyDegrees.map { rounded($0, 10) }
    return fix
  }

  /// `value` rounded to `1 / scale`; dividing by the scale gives the shortest decimals.
  private static func rounded(_ value: Double, _ scale: Double) -> Double {
    (value * scale).rounded() / scale
  }

  /// Makes every fix of the recording, in arrival order.
  mutating func generate() -> ([Fix], [FixTruth]) {
    let c = configuration
    let dt = c.sampleIntervalSeconds
    let epochs = dt > 0 ? Int((Double(max(c.durationSeconds, 0)) / dt).rounded(.down)) : 0
    let timeToFirstFix = chance(c.coldStartProbability) ? uniform(30...60) : uniform(1...15)
    if isPhone { sessionStart(timeToFirstFix: timeToFirstFix) }
    var error = PositionErrorProcess(parameters: parameters, random: &random)
    let sigma = parameters.nominalSigmaMeters
    let dopplerSigma = parameters.dopplerSigmaMetersPerSecond
    let dopplerTau = ErrorModelParameters.dopplerTimeConstantSeconds
    var doppler = (dopplerSigma * random.nextGaussian(), dopplerSigma * random.nextGaussian())
    var accuracyLog = Self.accuracyFactorLogSigma * random.nextGaussian()
    // The altitude's error: 1.5 times the horizontal one per axis, a wander twice as slow, passed
    // through the chip's low pass like the horizontal wander. Fitted to the Pixel 4 chipset drive
    // (shared/data/truth): 0.95 m against its SPAN truth, moving 0.10 m in a second, 0.21 m in 5 s
    // and 0.98 m in a minute, where a plain 45 s wander would move twice as much in 1-5 s.
    let verticalSigma = 1.5 * parameters.nominalSigmaMeters
    let verticalSeconds = 2 * parameters.wanderTimeConstantSeconds
    let chipSeconds = parameters.chipLowPassSeconds
    var vertical = verticalSigma * random.nextGaussian()
    var verticalChip = vertical * (verticalSeconds / (verticalSeconds + chipSeconds)).squareRoot()
    var decay = (0.0, 0.0)
    var ramp:
      (startElapsed: Double, seconds: Double, peak: Double, angle: Double, inflation: Double)?
    var gapRemainingEpochs = 0
    var missingSeconds = 0.0
    var repeatsThisGap = false
    let invalidLeadingSpeeds = 1 + Int(random.nextUnit() * 3)
    let iOSZeroSpeedBelow = uniform(0.3...0.5)
    let shortGapStart = c.shortGapEpochShare / 2  // 1-3 s gaps: 2 epochs on average
    var satelliteCount = 0
    var lastSatellite: (fix: Fix, trueElapsed: Double)?
    var held: (fix: Fix, truth: FixTruth)?
    let firstEpoch = Int((timeToFirstFix / dt).rounded(.up))

    for k in 0..<epochs {
      let elapsed = Double(k) * dt
      if k > 0 {
        error.advance(dt: dt, random: &random)
        doppler.0 = OrnsteinUhlenbeck.step(
          doppler.0, sigma: dopplerSigma, timeConstantSeconds: dopplerTau, dt: dt, random: &random)
        doppler.1 = OrnsteinUhlenbeck.step(
          doppler.1, sigma: dopplerSigma, timeConstantSeconds: dopplerTau, dt: dt, random: &random)
        accuracyLog = OrnsteinUhlenbeck.step(
          accuracyLog, sigma: Self.accuracyFactorLogSigma,
          timeConstantSeconds: Self.accuracyFactorSeconds, dt: dt, random: &random)
        vertical = OrnsteinUhlenbeck.step(
          vertical, sigma: verticalSigma, timeConstantSeconds: verticalSeconds, dt: dt,
          random: &random)
        verticalChip += (vertical - verticalChip) * (1 - exp(-dt / chipSeconds))
        let fade = exp(-dt / Self.afterGapDecaySeconds)
        decay = (decay.0 * fade, decay.1 * fade)
      }
      if k < firstEpoch { continue }
      if satelliteCount == 0, missingSeconds == 0 { missingSeconds = timeToFirstFix }

      // Ramps run on through gaps; they start at the configured rate.
      if let r = ramp, elapsed - r.startElapsed > r.seconds { ramp = nil }
      if ramp == nil, chance(c.rampEventsPerHour * dt / 3_600) {
        let seconds = uniform(4...8)
        ramp = (
          elapsed, seconds, uniform(rampPeakRangeMeters) * sizeScale, uniform(0...(2 * .pi)),
          chance(c.inflatedAccuracyShare) ? uniform(3...10) : 1
        )
      }

      // Gaps: random ones, the urban short ones, and the scripted tunnels.
      var inGap = false
      if gapRemainingEpochs > 0 {
        gapRemainingEpochs -= 1
        inGap = true
      } else if c.tunnels.contains(where: { $0.contains(elapsed) }) {
        inGap = true
      } else if chance(c.gapsPerHour * dt / 3_600) {
        gapRemainingEpochs = max(1, Int((uniform(2...15) / dt).rounded())) - 1
        inGap = true
      } else if chance(shortGapStart) {
        gapRemainingEpochs = max(1, Int((uniform(1...3) / dt).rounded())) - 1
        inGap = true
      }
      if inGap {
        if missingSeconds == 0 {
          repeatsThisGap =
            c.platform == .iOS && lastSatellite != nil && chance(c.gapRepeatProbability)
        }
        missingSeconds += dt
        if repeatsThisGap, let last = lastSatellite {
          // iOS keeps delivering the last fix: old timestamp, speed 0, a large accuracy.
          var repeated = last.fix
          repeated.speedMetersPerSecond = 0
          repeated.courseDegrees = -1
          repeated.courseAccuracyDegrees = -1
          repeated.horizontalAccuracyMeters = (100 + 5 * missingSeconds + uniform(0...50))
          emit(
            repeated, truth(atElapsed: last.trueElapsed, kind: .duplicateTimestamp),
            arrivalElapsed: elapsed + uniform(0.05...0.35))
        }
        continue
      }

      let state = trace.state(atElapsed: elapsed)
      var kind = FixKind.good
      var inflation = 1.0
      let afterGap = missingSeconds
      missingSeconds = 0
      let position: Coordinate
      if isPhone, state.speedMetersPerSecond < 0.3, afterGap == 0, let last = lastSatellite,
        chance(c.staticHoldProbability)
      {
        kind = .staticHold
        position = last.fix.coordinate
      } else {
        var e = error.sample(random: &random)
        if afterGap > Self.longGapSeconds {
          // The error restarts at 2-3 σ and fades; the first fix may be a spike.
          let growth = (pow(uniform(2...3), 2) - 1).squareRoot() * sigma
          decay = (growth * random.nextGaussian(), growth * random.nextGaussian())
          if chance(c.afterGapSpikeProbability) {
            kind = .spike
            let size = uniform(20...200) * sizeScale
            let angle = uniform(0...(2 * .pi))
            e = (e.0 + size * sin(angle), e.1 + size * cos(angle))
          } else {
            kind = .firstAfterGap
          }
        } else if let r = ramp, elapsed > r.startElapsed {
          kind = .rampAndSnap
          let grown = r.peak * min(1, (elapsed - r.startElapsed) / r.seconds)
          e = (e.0 + grown * sin(r.angle), e.1 + grown * cos(r.angle))
          inflation = r.inflation
        } else if chance(c.spikeProbabilityPerFix) {
          kind = .spike
          let size = uniform(30...300) * sizeScale
          let angle = uniform(0...(2 * .pi))
          e = (e.0 + size * sin(angle), e.1 + size * cos(angle))
          inflation = chance(c.inflatedAccuracyShare) ? uniform(3...10) : 1
        }
        position = coordinate(atElapsed: elapsed, error: (e.0 + decay.0, e.1 + decay.1))
      }

      // Reported accuracy: k · (√2 or 1.51) · σ_nom · a slowly varying log-normal factor.
      let accuracy =
        max(
          parameters.accuracyFloorMeters,
          parameters.accuracyScale * radiusPerSigma * sigma * exp(accuracyLog)) * inflation

      // Doppler speed and course from the noisy velocity.
      let vEast = state.speedMetersPerSecond * sin(state.headingRadians) + doppler.0
      let vNorth = state.speedMetersPerSecond * cos(state.headingRadians) + doppler.1
      var speed = (vEast * vEast + vNorth * vNorth).squareRoot()
      let speedAccuracy = max(0.15, 1.5 * dopplerSigma)
      var speedValid = true
      if kind == .staticHold {
        speed = 0
      } else if satelliteCount < invalidLeadingSpeeds || afterGap > 0 {
        speedValid = false
      } else if state.speedMetersPerSecond > 0.5, chance(c.spuriousZeroSpeedProbability) {
        speed = 0
      } else if c.platform == .iOS, speed < iOSZeroSpeedBelow {
        speed = 0
      }
      var course = -1.0
      var courseAccuracy = -1.0
      if speedValid, speed >= 0.5 {
        course = atan2(vEast, vNorth) * 180 / .pi
        if course < 0 { course += 360 }
        courseAccuracy = min(180, speedAccuracy / speed * 180 / .pi)
      }

      var fix = Fix(
        timestamp: Date(timeIntervalSinceReferenceDate: start + elapsed),
        latitudeDegrees: position.latitudeDegrees,
        longitudeDegrees: position.longitudeDegrees,
        altitudeMeters: state.elevationMeters + verticalChip,
        horizontalAccuracyMeters: accuracy,
        verticalAccuracyMeters: 1.5 * accuracy,
        speedMetersPerSecond: speedValid ? speed : -1,
        speedAccuracyMetersPerSecond: speedValid ? speedAccuracy : -1,
        courseDegrees: course,
        courseAccuracyDegrees: courseAccuracy,
        source: .satellite)
      var fixKind = kind
      var outOfOrder = false
      if let last = lastSatellite, chance(c.duplicateTimestampProbability) {
        fix.timestamp = last.fix.timestamp
        if fixKind == .good { fixKind = .duplicateTimestamp }
      } else if held == nil, chance(c.outOfOrderProbability) {
        outOfOrder = true
        if fixKind == .good { fixKind = .outOfOrder }
      }
      satelliteCount += 1
      lastSatellite = (fix, elapsed)
      let arrival = elapsed + uniform(0.05...0.35)
      let fixTruth = truth(atElapsed: elapsed, kind: fixKind)
      if outOfOrder {
        held = (fix, fixTruth)
        continue
      }
      emit(fix, fixTruth, arrivalElapsed: arrival)
      if let late = held {
        emit(late.fix, late.truth, arrivalElapsed: arrival + 0.05)
        held = nil
      }
    }
    if let late = held {
      emit(late.fix, late.truth, arrivalElapsed: Double(epochs) * dt)
    }
    return (fixes, truths)
  }

  /// Phones: maybe a stale cached fix, then network fixes (cell or NLP, then Wi-Fi) until the
  /// first satellite fix.
  private mutating func sessionStart(timeToFirstFix: Double) {
    let c = configuration
    if chance(c.cachedStartProbability) {
      // Log-uniform age (10 s to 2 h) and distance (0.1 to 50 km).
      let ageSeconds = 10 * pow(720, random.nextUnit())
      let distanceMeters = 100 * pow(500, random.nextUnit())
      let angle = uniform(0...(2 * .pi))
      let fromWiFi = chance(0.5)
      let position = coordinate(
        atElapsed: 0, error: (distanceMeters * sin(angle), distanceMeters * cos(angle)))
      let fix = Fix(
        timestamp: Date(timeIntervalSinceReferenceDate: start - ageSeconds),
        latitudeDegrees: position.latitudeDegrees, longitudeDegrees: position.longitudeDegrees,
        altitudeMeters: fromWiFi ? 0 : 100,
        horizontalAccuracyMeters: fromWiFi ? 65 : uniform(3...10),
        verticalAccuracyMeters: fromWiFi ? -1 : 8,
        speedMetersPerSecond: -1, speedAccuracyMetersPerSecond: -1,
        courseDegrees: -1, courseAccuracyDegrees: -1,
        source: fromWiFi ? .network : .satellite)
      emit(fix, truth(atElapsed: 0, kind: .cachedStart), arrivalElapsed: 0)
    }
    var elapsed = uniform(0.2...0.8)
    var first = true
    while elapsed < timeToFirstFix {
      let accuracy: Double
      if first {
        accuracy = c.platform == .iOS ? 1_414 : uniform(15...130)
      } else {
        accuracy = 65
      }
      first = false
      let sigma = accuracy / radiusPerSigma
      let position = coordinate(
        atElapsed: elapsed,
        error: (sigma * random.nextGaussian(), sigma * random.nextGaussian()))
      let fix = Fix(
        timestamp: Date(timeIntervalSinceReferenceDate: start + elapsed),
        latitudeDegrees: position.latitudeDegrees, longitudeDegrees: position.longitudeDegrees,
        altitudeMeters: 0, horizontalAccuracyMeters: accuracy, verticalAccuracyMeters: -1,
        speedMetersPerSecond: -1, speedAccuracyMetersPerSecond: -1,
        courseDegrees: -1, courseAccuracyDegrees: -1, source: .network)
      emit(fix, truth(atElapsed: elapsed, kind: .network), arrivalElapsed: elapsed + 0.3)
      elapsed += uniform(1...3)
    }
  }
}
