import Foundation
import TrackSift

/// Turns a truth trace into the fixes a device reports, following `shared/ERROR-MODEL.md`:
/// session start (cached fix, network fixes over the time to first fix), the Gaussian error,
/// ramp-and-snap events, spikes, gaps (with the after-gap spike and error decay, and iOS
/// repeats), static hold, timestamp glitches, reported accuracy, Doppler speed and course.
///
/// The members that are not private are shared with `FixGenerator+SessionStart.swift`.
struct FixGenerator {
  let configuration: ScenarioConfiguration
  private let trace: TruthTrace
  private let plane: LocalTangentPlane
  let parameters: ErrorModelParameters
  var random: SplitMix64
  /// The recording's start, seconds since the reference date.
  let start: Double
  /// Dual-frequency phones have events half the size.
  let sizeScale: Double
  /// Converts the per-axis σ into the platform's accuracy radius (√2 on iOS, 1.51 on Android).
  let radiusPerSigma: Double
  /// The barometric altimeter, when the configuration has one.
  var barometer: BarometricAltimeter?

  private var fixes: [Fix] = []
  private var truths: [FixTruth] = []
  private var lastArrival = -Double.infinity

  // The recording's state from epoch to epoch.
  /// The ramp-and-snap event under way.
  var ramp: RampEvent?
  /// Epochs of the gap under way still to come.
  private var gapRemainingEpochs = 0
  /// Seconds without a satellite fix so far: the time to the first, then each gap's.
  private var missingSeconds = 0.0
  /// Whether iOS repeats the last fix through the gap under way.
  private var repeatsThisGap = false
  /// Satellite fixes made so far.
  var satelliteCount = 0
  /// The latest satellite fix, and the time of its truth.
  var lastSatellite: (fix: Fix, trueElapsed: Double)?
  /// A fix held back, to arrive after the next one.
  private var held: (fix: Fix, truth: FixTruth)?

  /// Gaps longer than this (seconds) are followed by a possible spike and a decaying error.
  static let longGapSeconds = 10.0

  /// A generator drawing the fixes from `random` and a barometric altimeter's altitudes from
  /// `altimeterRandom`.
  init(
    configuration: ScenarioConfiguration, trace: TruthTrace, plane: LocalTangentPlane,
    random: SplitMix64, altimeterRandom: SplitMix64
  ) {
    self.configuration = configuration
    self.trace = trace
    self.plane = plane
    self.random = random
    parameters = configuration.errorParameters
    start = configuration.startDate.timeIntervalSinceReferenceDate
    sizeScale = configuration.device == .dualFrequencyPhone ? 0.5 : 1
    radiusPerSigma = configuration.platform == .iOS ? 2.0.squareRoot() : 1.51
    if configuration.altimeter == .barometric {
      barometer = BarometricAltimeter(
        startElevationMeters: trace.state(atElapsed: 0).elevationMeters, random: altimeterRandom)
    }
  }

  var isPhone: Bool { configuration.device != .watch }

  /// Peak error of a ramp-and-snap event in meters, by environment.
  private var rampPeakRangeMeters: ClosedRange<Double> {
    switch configuration.environment {
    case .openSky: 10...20
    case .suburban, .forest: 15...40
    case .urbanCanyon: 20...80
    }
  }

  mutating func uniform(_ range: ClosedRange<Double>) -> Double {
    range.lowerBound + (range.upperBound - range.lowerBound) * random.nextUnit()
  }

  mutating func chance(_ probability: Double) -> Bool {
    random.nextUnit() < probability
  }

  /// A fix's position offset by `error` meters from the truth at `elapsed` seconds.
  func coordinate(atElapsed elapsed: Double, error: (Double, Double)) -> Coordinate {
    let state = trace.state(atElapsed: elapsed)
    return plane.unproject(
      eastMeters: state.eastMeters + error.0, northMeters: state.northMeters + error.1)
  }

  func truth(atElapsed elapsed: Double, kind: FixKind) -> FixTruth {
    let state = trace.state(atElapsed: elapsed)
    return FixTruth(
      trueCoordinate: plane.unproject(eastMeters: state.eastMeters, northMeters: state.northMeters),
      trueElevationMeters: state.elevationMeters,
      trueSpeedMetersPerSecond: state.speedMetersPerSecond,
      isMoving: state.speedMetersPerSecond > 0, kind: kind)
  }

  /// Appends a fix, keeping arrival times increasing.
  mutating func emit(_ fix: Fix, _ truth: FixTruth, arrivalElapsed: Double) {
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
    var errors = ReceiverErrors(parameters: parameters, random: &random)
    let invalidLeadingSpeeds = 1 + Int(random.nextUnit() * 3)
    let speedReporting = SpeedReporting(
      invalidLeadingFixes: invalidLeadingSpeeds, iOSZeroBelowMetersPerSecond: uniform(0.3...0.5))
    let firstEpoch = Int((timeToFirstFix / dt).rounded(.up))

    for k in 0..<epochs {
      let elapsed = Double(k) * dt
      if k > 0 { errors.advance(dt: dt, random: &random) }
      if k < firstEpoch { continue }
      if satelliteCount == 0, missingSeconds == 0 { missingSeconds = timeToFirstFix }
      updateRamp(atElapsed: elapsed, dt: dt)
      if isInGap(atElapsed: elapsed, dt: dt) {
        missEpoch(atElapsed: elapsed, dt: dt)
      } else {
        satelliteEpoch(atElapsed: elapsed, errors: &errors, speedReporting: speedReporting)
      }
    }
    if let late = held {
      emit(late.fix, late.truth, arrivalElapsed: Double(epochs) * dt)
    }
    return (fixes, truths)
  }

  /// Ends the ramp-and-snap event under way once its time is up, and starts one at the
  /// configured rate. Ramps run on through gaps.
  private mutating func updateRamp(atElapsed elapsed: Double, dt: Double) {
    if let r = ramp, elapsed - r.startElapsed > r.seconds { ramp = nil }
    guard ramp == nil, chance(configuration.rampEventsPerHour * dt / 3_600) else { return }
    let seconds = uniform(4...8)
    ramp = RampEvent(
      startElapsed: elapsed, seconds: seconds, peakMeters: uniform(rampPeakRangeMeters) * sizeScale,
      angleRadians: uniform(0...(2 * .pi)),
      accuracyInflation: chance(configuration.inflatedAccuracyShare) ? uniform(3...10) : 1)
  }

  /// Whether the epoch at `elapsed` is lost: to a random gap, an urban short one or a scripted
  /// tunnel. Starts a gap at the configured rates.
  private mutating func isInGap(atElapsed elapsed: Double, dt: Double) -> Bool {
    let c = configuration
    if gapRemainingEpochs > 0 {
      gapRemainingEpochs -= 1
      return true
    }
    if c.tunnels.contains(where: { $0.contains(elapsed) }) { return true }
    if chance(c.gapsPerHour * dt / 3_600) {
      gapRemainingEpochs = max(1, Int((uniform(2...15) / dt).rounded())) - 1
      return true
    }
    // 1-3 s gaps: 2 epochs on average.
    if chance(c.shortGapEpochShare / 2) {
      gapRemainingEpochs = max(1, Int((uniform(1...3) / dt).rounded())) - 1
      return true
    }
    return false
  }

  /// An epoch without a satellite fix. On iOS the gap may repeat the last fix every epoch.
  private mutating func missEpoch(atElapsed elapsed: Double, dt: Double) {
    if missingSeconds == 0 {
      repeatsThisGap =
        configuration.platform == .iOS && lastSatellite != nil
        && chance(configuration.gapRepeatProbability)
    }
    missingSeconds += dt
    guard repeatsThisGap, let last = lastSatellite else { return }
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

  /// An epoch with a satellite fix: its position and event, reported accuracy, Doppler speed
  /// and course, then its delivery.
  private mutating func satelliteEpoch(
    atElapsed elapsed: Double, errors: inout ReceiverErrors, speedReporting: SpeedReporting
  ) {
    let state = trace.state(atElapsed: elapsed)
    let afterGap = missingSeconds
    missingSeconds = 0
    let (position, kind, inflation) = reportedPosition(
      atElapsed: elapsed, trueSpeedMetersPerSecond: state.speedMetersPerSecond,
      afterGapSeconds: afterGap, errors: &errors)

    // Reported accuracy: k · (√2 or 1.51) · σ_nom · a slowly varying log-normal factor.
    let accuracy =
      max(
        parameters.accuracyFloorMeters,
        parameters.accuracyScale * radiusPerSigma * parameters.nominalSigmaMeters
          * exp(errors.accuracyLog)) * inflation

    let velocity = reportedVelocity(
      trueSpeedMetersPerSecond: state.speedMetersPerSecond, headingRadians: state.headingRadians,
      dopplerError: errors.dopplerMetersPerSecond, kind: kind, afterGapSeconds: afterGap,
      speedReporting)
    let altitude = reportedAltitude(
      trueElevationMeters: state.elevationMeters, atElapsed: elapsed, errors: errors,
      horizontalAccuracyMeters: accuracy)
    let fix = Fix(
      timestamp: Date(timeIntervalSinceReferenceDate: start + elapsed),
      latitudeDegrees: position.latitudeDegrees,
      longitudeDegrees: position.longitudeDegrees,
      altitudeMeters: altitude.meters,
      horizontalAccuracyMeters: accuracy,
      verticalAccuracyMeters: altitude.accuracyMeters,
      speedMetersPerSecond: velocity.speedMetersPerSecond,
      speedAccuracyMetersPerSecond: velocity.speedAccuracyMetersPerSecond,
      courseDegrees: velocity.courseDegrees,
      courseAccuracyDegrees: velocity.courseAccuracyDegrees,
      source: .satellite)
    deliver(fix, kind: kind, atElapsed: elapsed)
  }

  /// Delivers a satellite fix, maybe with the previous fix's timestamp, or held back to arrive
  /// after the next one.
  private mutating func deliver(_ fix: Fix, kind: FixKind, atElapsed elapsed: Double) {
    let c = configuration
    var fix = fix
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
      return
    }
    emit(fix, fixTruth, arrivalElapsed: arrival)
    if let late = held {
      emit(late.fix, late.truth, arrivalElapsed: arrival + 0.05)
      held = nil
    }
  }

  /// A ramp-and-snap event: the error grows for `seconds` towards `peakMeters`, then snaps
  /// back.
  struct RampEvent {
    var startElapsed: Double
    var seconds: Double
    var peakMeters: Double
    /// Direction of the growing error, clockwise from north.
    var angleRadians: Double
    /// The factor on the reported accuracy while it lasts.
    var accuracyInflation: Double
  }

  /// How the receiver reports speed, drawn once a recording.
  struct SpeedReporting {
    /// The first satellite fixes, 1-3, have no valid speed.
    var invalidLeadingFixes: Int
    /// iOS reports 0 below this speed (0.3-0.5 m/s).
    var iOSZeroBelowMetersPerSecond: Double
  }

  /// A fix's speed and course, with their accuracies; -1 where there is none.
  struct ReportedVelocity {
    var speedMetersPerSecond: Double
    var speedAccuracyMetersPerSecond: Double
    var courseDegrees: Double
    var courseAccuracyDegrees: Double
  }
}
