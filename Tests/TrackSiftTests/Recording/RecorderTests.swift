import Foundation
import Testing

@testable import TrackSift

@Suite struct RecorderStateTests {
  @Test func startWarmUpRecordPauseResumeFinish() {
    var stream = FixStream()
    var recorder = Recorder(profile: .walking)
    #expect(recorder.state == .idle)
    #expect(recorder.feed(stream.fixes(seconds: 3, speedMetersPerSecond: 1.4)).isEmpty)

    let started = recorder.start(at: stream.time(stream.seconds))
    #expect(
      started.withoutFixes == [
        .segmentStarted(index: 0), .stateChanged(.acquiring), .acquisitionPolicyChanged(.warmUp),
      ])
    #expect(recorder.acquisitionPolicy.distanceFilterMeters == nil)

    // A 40 m fix does not end the warm-up; a 7 m one does, and asks for a 5 m filter.
    let poor = recorder.feed(
      stream.fixes(seconds: 2, speedMetersPerSecond: 1.4, accuracyMeters: 40))
    #expect(recorder.state == .acquiring)
    #expect(poor.withoutFixes == [.signalQualityChanged(.weak)])
    let good = recorder.feed(stream.fixes(seconds: 1, speedMetersPerSecond: 1.4, accuracyMeters: 7))
    #expect(recorder.state == .recording)
    #expect(
      good.withoutFixes == [
        .stateChanged(.recording), .acquisitionPolicyChanged(.tracking(distanceFilterMeters: 5)),
      ])
    // The signal shows good once the fixes held it for 3 s.
    #expect(recorder.signalQuality == .weak)
    let held = recorder.feed(stream.fixes(seconds: 3, speedMetersPerSecond: 1.4, accuracyMeters: 7))
    #expect(held.withoutFixes == [.signalQualityChanged(.good)])

    _ = recorder.feed(stream.fixes(seconds: 60, speedMetersPerSecond: 1.4))
    let paused = recorder.pause(at: stream.time(stream.seconds))
    #expect(recorder.state == .paused(.manual))
    #expect(paused.withoutFixes == [.stateChanged(.paused(.manual))])
    // Every fix held by the look-ahead is judged at the pause.
    #expect(paused.verdicts.count == Recorder.lookAheadFixes)
    #expect(recorder.pause(at: stream.time(stream.seconds)).isEmpty)

    // Fixes while paused are recorded and refused; distance does not grow.
    let distanceAtPause = recorder.liveMetrics.metrics.distanceMeters
    let whilePaused = recorder.feed(stream.fixes(seconds: 30, speedMetersPerSecond: 1.4))
    #expect(whilePaused.verdicts.values.allSatisfy { $0 == .rejected(.recordingPaused) })
    #expect(whilePaused.verdicts.count == 30)
    #expect(recorder.liveMetrics.metrics.distanceMeters == distanceAtPause)

    let resumed = recorder.resume(at: stream.time(stream.seconds))
    #expect(resumed.withoutFixes == [.segmentStarted(index: 1), .stateChanged(.recording)])
    _ = recorder.feed(stream.fixes(seconds: 60, speedMetersPerSecond: 1.4))
    let finished = recorder.finish(at: stream.time(stream.seconds))
    #expect(finished.withoutFixes == [.stateChanged(.finished), .acquisitionPolicyChanged(.off)])
    #expect(recorder.feed(stream.fixes(seconds: 2, speedMetersPerSecond: 1.4)).isEmpty)

    let live = recorder.liveMetrics
    #expect(live.metrics.segmentCount == 2)
    // 126 s walked while recording at 1.4 m/s; the 30 paused seconds (42 m) are not bridged.
    #expect(abs(live.metrics.distanceMeters - 124 * 1.4) < 3)
    // Started at 3 s, finished at 159 s, paused for 30 s.
    #expect(abs(live.elapsedSeconds - 156) < 0.001)
    #expect(abs(live.timerSeconds - 126) < 0.001)
    #expect(live.speedMetersPerSecond == 0)
    #expect(live.provisionalDistanceMeters == 0)
  }

  @Test func everyFixIsJudgedOnceUnderItsOwnSequence() {
    var stream = FixStream()
    var recorder = Recorder(profile: .running)
    var events = recorder.start(at: stream.time(0))
    events += recorder.feed(stream.fixes(seconds: 30, speedMetersPerSecond: 3))
    events += recorder.pause(at: stream.time(stream.seconds))
    events += recorder.feed(stream.fixes(seconds: 5, speedMetersPerSecond: 3))
    events += recorder.resume(at: stream.time(stream.seconds))
    events += recorder.feed(stream.fixes(seconds: 30, speedMetersPerSecond: 3))
    events += recorder.startNewSegment(at: stream.time(stream.seconds))
    events += recorder.feed(stream.fixes(seconds: 20, speedMetersPerSecond: 3))
    events += recorder.finish(at: stream.time(stream.seconds))
    var received: [Int: Fix] = [:]
    var judged: [Int] = []
    for event in events {
      switch event.kind {
      case .fixReceived(let sequence, _, let fix): received[sequence] = fix
      case .fixJudged(let sequence, let verdict):
        judged.append(sequence)
        let paused = (30..<35).contains(sequence)
        #expect(verdict == (paused ? .rejected(.recordingPaused) : .accepted), "fix \(sequence)")
      default: break
      }
    }
    #expect(received.count == 85)
    #expect(judged.sorted() == Array(0..<85))
  }

  @Test func pauseWhileAcquiringResumesToAcquiring() {
    var stream = FixStream()
    var recorder = Recorder(profile: .running)
    _ = recorder.start(at: stream.time(0))
    _ = recorder.feed(stream.fixes(seconds: 5, speedMetersPerSecond: 3, accuracyMeters: 40))
    #expect(recorder.state == .acquiring)
    #expect(
      recorder.pause(at: stream.time(stream.seconds)).withoutFixes == [
        .stateChanged(.paused(.manual))
      ])
    #expect(
      recorder.resume(at: stream.time(stream.seconds)).withoutFixes == [
        .segmentStarted(index: 1), .stateChanged(.acquiring),
      ])
    #expect(recorder.acquisitionPolicy == .warmUp)
    let finished = recorder.finish(at: stream.time(stream.seconds))
    #expect(finished.withoutFixes == [.stateChanged(.finished), .acquisitionPolicyChanged(.off)])
  }

  /// A walking recorder after a minute's walk and 90 s standing: automatically paused.
  private func automaticallyPaused() -> (recorder: Recorder, stream: FixStream) {
    var stream = FixStream()
    var recorder = Recorder(profile: .walking)
    _ = recorder.start(at: stream.time(0))
    _ = recorder.feed(stream.fixes(seconds: 60, speedMetersPerSecond: 1.4))
    _ = recorder.feed(stream.fixes(seconds: 90, speedMetersPerSecond: 0))
    return (recorder, stream)
  }

  @Test func manualPauseOverridesAnAutomaticOneAndFinishWhilePaused() {
    var (recorder, stream) = automaticallyPaused()
    #expect(recorder.state == .paused(.automatic))
    #expect(recorder.liveMetrics.isPaused)
    let paused = recorder.pause(at: stream.time(stream.seconds))
    #expect(paused.withoutFixes.last == .stateChanged(.paused(.manual)))
    let finished = recorder.finish(at: stream.time(stream.seconds + 10))
    #expect(finished.withoutFixes == [.stateChanged(.finished), .acquisitionPolicyChanged(.off)])
    #expect(recorder.liveMetrics.timerSeconds == 150)
  }

  @Test func finishWhileAutomaticallyPausedOrStillAcquiring() {
    var (recorder, stream) = automaticallyPaused()
    #expect(recorder.state == .paused(.automatic))
    let finished = recorder.finish(at: stream.time(stream.seconds))
    #expect(finished.withoutFixes == [.stateChanged(.finished), .acquisitionPolicyChanged(.off)])
    #expect(finished.verdicts.count == Recorder.lookAheadFixes)

    var acquiring = Recorder(profile: .running)
    _ = acquiring.start(at: stream.time(0))
    #expect(acquiring.state == .acquiring)
    #expect(
      acquiring.finish(at: stream.time(5)).withoutFixes == [
        .stateChanged(.finished), .acquisitionPolicyChanged(.off),
      ])
  }

  @Test func commandsOutOfPlaceChangeNothing() {
    var recorder = Recorder(profile: .running)
    let now = Date(timeIntervalSinceReferenceDate: 0)
    #expect(recorder.pause(at: now).isEmpty)
    #expect(recorder.resume(at: now).isEmpty)
    #expect(recorder.finish(at: now).isEmpty)
    #expect(recorder.tick(at: now).isEmpty)
    #expect(recorder.startNewSegment(at: now).isEmpty)
    _ = recorder.start(at: now)
    #expect(recorder.start(at: now).isEmpty)
    #expect(recorder.resume(at: now).isEmpty)
    // No fix yet: an interrupted source makes no empty segment.
    #expect(recorder.startNewSegment(at: now).isEmpty)
  }

  @Test func interruptedSourceStartsASegmentThatDistanceDoesNotBridge() {
    var stream = FixStream()
    var recorder = Recorder(profile: .running)
    _ = recorder.start(at: stream.time(0))
    _ = recorder.feed(stream.fixes(seconds: 30, speedMetersPerSecond: 3))
    let events = recorder.startNewSegment(at: stream.time(stream.seconds))
    #expect(events.withoutFixes == [.segmentStarted(index: 1)])
    stream.eastMeters += 500  // the source came back far away
    _ = recorder.feed(stream.fixes(seconds: 30, speedMetersPerSecond: 3))
    _ = recorder.finish(at: stream.time(stream.seconds))
    let metrics = recorder.liveMetrics.metrics
    #expect(metrics.segmentCount == 2)
    #expect(abs(metrics.distanceMeters - 58 * 3) < 3)
  }

  @Test func provisionalDistanceCoversTheHeldFixes() {
    var stream = FixStream()
    var recorder = Recorder(profile: .running)
    _ = recorder.start(at: stream.time(0))
    _ = recorder.feed(stream.fixes(seconds: 100, speedMetersPerSecond: 3))
    let live = recorder.liveMetrics
    #expect(abs(live.displayedDistanceMeters - 99 * 3) < 2)
    #expect(live.provisionalDistanceMeters > 25)
    #expect(abs(live.speedMetersPerSecond - 3) < 0.01)
    #expect(abs((live.currentPaceSecondsPerKilometer ?? 0) - 1_000 / 3) < 1)
  }
}

@Suite struct RecorderSignalTests {
  @Test func watchdogReturnsToSearching() {
    var stream = FixStream()
    var recorder = Recorder(profile: .running)
    _ = recorder.start(at: stream.time(0))
    #expect(recorder.signalQuality == .searching)
    _ = recorder.feed(stream.fixes(seconds: 5, speedMetersPerSecond: 3, accuracyMeters: 3))
    #expect(recorder.signalQuality == .strong)
    _ = recorder.tick(at: stream.time(stream.seconds + 29))
    #expect(recorder.signalQuality == .strong)
    let events = recorder.tick(at: stream.time(stream.seconds + 30))
    #expect(events.withoutFixes.contains(.signalQualityChanged(.searching)))
    #expect(recorder.liveMetrics.signalQuality == .searching)
  }

  @Test(arguments: [
    (3.0, SignalQuality.strong), (5.0, .good), (9.9, .good), (10.0, .weak), (80.0, .weak),
  ])
  func qualityFromAccuracy(accuracy: Double, quality: SignalQuality) {
    #expect(SignalQuality(horizontalAccuracyMeters: accuracy) == quality)
  }

  @Test func unknownAccuracyIsGood() {
    #expect(SignalQuality(horizontalAccuracyMeters: nil) == .good)
  }

  /// An accuracy hovering at a limit keeps the quality shown until it passes the limit by a
  /// quarter, either way.
  @Test(arguments: [
    (5.5, SignalQuality.strong, SignalQuality.strong), (6.5, .strong, .good),
    (4.5, .good, .good), (3.9, .good, .strong), (11, .good, .good), (13, .good, .weak),
    (8.5, .weak, .weak), (7.5, .weak, .good), (40, .strong, .weak), (3, .weak, .strong),
    (5.5, .searching, .good),
  ])
  func qualityKeepsItsBandNearALimit(
    accuracy: Double, current: SignalQuality, quality: SignalQuality
  ) {
    #expect(
      SignalQuality(horizontalAccuracyMeters: accuracy, keeping: current, hysteresis: 1.25)
        == quality)
  }
}

@Suite struct RecorderAcquisitionTests {
  /// Walkers and runners move a few meters a second; riders and drivers need no finer route
  /// than 10 m.
  @Test(arguments: [
    (ActivityProfile.walking, 5.0), (.running, 5), (.cycling, 10), (.driving, 10),
  ])
  func eachProfileAsksForItsDistanceFilterOnceAFixIsReliable(
    profile: ActivityProfile, filterMeters: Double
  ) {
    var stream = FixStream()
    var recorder = Recorder(profile: profile)
    _ = recorder.start(at: stream.time(0))
    #expect(recorder.acquisitionPolicy == .warmUp)
    let events = recorder.feed(
      stream.fixes(seconds: 3, speedMetersPerSecond: 3, accuracyMeters: 5))
    #expect(recorder.acquisitionPolicy.distanceFilterMeters == filterMeters)
    #expect(
      events.withoutFixes.contains(
        .acquisitionPolicyChanged(.tracking(distanceFilterMeters: filterMeters))))
  }
}

@Suite struct RecorderAutoPauseTests {
  @Test func standingWithDriftPausesAndLeavingResumes() {
    var stream = FixStream()
    var recorder = Recorder(profile: .walking)
    _ = recorder.start(at: stream.time(0))
    var events = recorder.feed(stream.fixes(seconds: 120, speedMetersPerSecond: 1.4))
    let walked = stream.eastMeters
    // Two minutes standing: positions drift 4 m around the spot, Doppler reads noise.
    let standing = stream.fixes(seconds: 120, speedMetersPerSecond: 0, noiseMeters: 4).enumerated()
      .map { index, fix -> Fix in
        var fix = fix
        fix.speedMetersPerSecond = 0.15 + 0.1 * sin(Double(index))
        return fix
      }
    events += recorder.feed(standing)
    #expect(recorder.state == .paused(.automatic))
    events += recorder.feed(stream.fixes(seconds: 120, speedMetersPerSecond: 1.4))
    events += recorder.finish(at: stream.time(stream.seconds))

    let kinds = events.withoutFixes
    let pauses = kinds.filter { if case .autoPaused = $0 { true } else { false } }
    #expect(pauses.count == 1)
    #expect(kinds.filter { $0 == .autoResumed }.count == 1)
    // The state changes are announced like any other, each right after its auto event.
    let autoPause = kinds.firstIndex { if case .autoPaused = $0 { true } else { false } }
    let autoResume = kinds.firstIndex(of: .autoResumed)
    #expect(
      autoPause.flatMap { kinds.dropFirst($0 + 1).first } == .stateChanged(.paused(.automatic)))
    #expect(autoResume.flatMap { kinds.dropFirst($0 + 1).first } == .stateChanged(.recording))
    if case .autoPaused(let since) = pauses.first {
      // The dwell began soon after the person stopped.
      #expect(abs(since.timeIntervalSince(stream.time(120))) < 10)
    }
    let metrics = recorder.liveMetrics.metrics
    // The drift adds at most a few meters; the moving time leaves out most of the stop.
    #expect(abs(metrics.distanceMeters - (walked + 120 * 1.4)) < 15)
    #expect((metrics.movingTimeSeconds ?? 0) < 240 + 20)
    #expect((metrics.movingTimeSeconds ?? 0) > 240 - 5)
  }
}

@Suite struct RecorderSpeedTests {
  @Test func launchWithACachedFixNeverSpikes() {
    var stream = FixStream()
    var recorder = Recorder(profile: .running)
    let start = stream.time(0)
    _ = recorder.start(at: start)
    // The platform hands over a cached fix from a minute ago, 400 m away, claiming 8 m/s.
    let cachedPosition = stream.plane.unproject(eastMeters: -400, northMeters: 0)
    let cached = Fix(
      timestamp: start.addingTimeInterval(-60), arrivalTime: start,
      latitudeDegrees: cachedPosition.latitudeDegrees,
      longitudeDegrees: cachedPosition.longitudeDegrees, horizontalAccuracyMeters: 30,
      speedMetersPerSecond: 8, source: .satellite)
    var events = recorder.receive(cached, at: start)
    #expect(recorder.liveMetrics.speedMetersPerSecond == 0)
    var maximumShown = 0.0
    for fix in stream.fixes(seconds: 15, speedMetersPerSecond: 2.5, reportsSpeed: false) {
      events += recorder.receive(fix, at: fix.arrivalTime!)
      maximumShown = max(maximumShown, recorder.liveMetrics.speedMetersPerSecond)
    }
    #expect(maximumShown <= 2.5 + 1)
    #expect(events.verdicts[0] == .rejected(.stale))
  }

  @Test func speedometerStartsAtZeroAndIgnoresALoneZero() {
    var stream = FixStream()
    var recorder = Recorder(profile: .driving)
    #expect(recorder.configuration.isSpeedometer)
    _ = recorder.start(at: stream.time(0))
    var shown: [Double] = []
    for (index, var fix) in stream.fixes(seconds: 40, speedMetersPerSecond: 30).enumerated() {
      if index == 25 { fix.speedMetersPerSecond = 0 }  // the 0.0 glitch
      _ = recorder.receive(fix, at: fix.arrivalTime!)
      shown.append(recorder.liveMetrics.speedMetersPerSecond)
    }
    // The speedometer's 2 s warm-up and two accepted fixes: zero first, never above the truth.
    #expect(shown[0] == 0)
    #expect(shown.allSatisfy { $0 <= 30.005 })  // 30 m/s as measured, within 4 mm/s
    #expect(shown[20...].allSatisfy { $0 > 25 })
  }

  @Test func sensorFallbackWhenSatellitesGoSilent() {
    var stream = FixStream()
    var recorder = Recorder(profile: .walking)
    _ = recorder.start(at: stream.time(0))
    _ = recorder.feed(stream.fixes(seconds: 30, speedMetersPerSecond: 1.4))
    let maximumBefore = recorder.liveMetrics.metrics.maximumSpeedMetersPerSecond
    let silentFrom = stream.seconds
    var events: [RecorderEvent] = []
    // Walking into a building: the accelerometer swings, no fix arrives.
    for tenth in 0..<200 {
      let seconds = silentFrom + Double(tenth) / 10
      events += recorder.receive(
        MotionSample(
          time: stream.time(seconds),
          accelerationMagnitudeMetersPerSecondSquared: 9.81 + 2 * sin(Double(tenth))),
        at: stream.time(seconds))
      if tenth % 10 == 0 { events += recorder.tick(at: stream.time(seconds)) }
    }
    #expect(events.withoutFixes.contains(.readingEstimated(.accelerometer)))
    var live = recorder.liveMetrics
    #expect(live.isEstimated)
    #expect(live.speedMetersPerSecond == 1.12)
    // A pedometer pace wins: 0.5 s per meter is 2 m/s.
    let late = silentFrom + 20
    _ = recorder.receive(
      MotionSample(time: stream.time(late), pedometerPaceSecondsPerMeter: 0.5),
      at: stream.time(late))
    events += recorder.tick(at: stream.time(late + 1))
    #expect(events.withoutFixes.contains(.readingEstimated(.pedometer)))
    live = recorder.liveMetrics
    #expect(live.speedMetersPerSecond == 2)
    // Standing still, no pedometer: zero.
    for tenth in 0..<60 {
      let seconds = late + 6 + Double(tenth) / 10
      _ = recorder.receive(
        MotionSample(time: stream.time(seconds), accelerationMagnitudeMetersPerSecondSquared: 9.81),
        at: stream.time(seconds))
    }
    events += recorder.tick(at: stream.time(late + 12))
    #expect(events.withoutFixes.contains(.readingEstimated(SensorFallback.Source.none)))
    #expect(recorder.liveMetrics.speedMetersPerSecond == 0)
    // Estimated readings never reach the maximum speed; a fix ends the estimate.
    stream.seconds = late + 13
    let back = recorder.feed(stream.fixes(seconds: 1, speedMetersPerSecond: 1.4))
    #expect(back.withoutFixes.contains(.readingEstimated(nil)))
    #expect(!recorder.liveMetrics.isEstimated)
    #expect(recorder.liveMetrics.metrics.maximumSpeedMetersPerSecond == maximumBefore)
  }
}

@Suite struct RecorderSplitTests {
  @Test(arguments: [SplitUnit.kilometer, .mile])
  func splitCuesCarryTheirTime(unit: SplitUnit) {
    var stream = FixStream()
    var configuration = RecorderConfiguration(profile: .running)
    configuration.splitUnit = unit
    var recorder = Recorder(configuration: configuration)
    _ = recorder.start(at: stream.time(0))
    var events = recorder.feed(stream.fixes(seconds: 700, speedMetersPerSecond: 4))
    events += recorder.finish(at: stream.time(stream.seconds))
    let splits = events.compactMap { event -> Split? in
      if case .splitReached(let split, let splitUnit) = event.kind, splitUnit == unit {
        return split
      }
      return nil
    }
    let expected = Int(699 * 4 / unit.lengthMeters)
    #expect(splits.map(\.number) == Array(1...expected))
    // At 4 m/s a kilometer takes 250 s, a mile 402 s.
    for split in splits {
      #expect(abs(split.durationSeconds - unit.lengthMeters / 4) < 1)
    }
  }
}

@Suite struct RecorderEventDescriptionTests {
  @Test(arguments: [
    (RecorderEvent.Kind.readingEstimated(nil), "reading from satellites"),
    (.readingEstimated(.pedometer), "reading estimated from pedometer"),
    (.readingEstimated(.accelerometer), "reading estimated from accelerometer"),
    (.readingEstimated(SensorFallback.Source.none), "reading estimated: no motion sensed, speed 0"),
    (.stateChanged(.paused(.automatic)), "state auto-paused"),
    (.segmentStarted(index: 2), "segment 2 started"),
  ])
  func describesAnEventPlainly(kind: RecorderEvent.Kind, text: String) {
    #expect(kind.description == text)
  }

  @Test func anAutoPauseSaysHowLongThePersonStood() {
    let time = Date(timeIntervalSinceReferenceDate: 800_000_000)
    let event = RecorderEvent(time: time, kind: .autoPaused(since: time - 12.4))
    #expect(event.summary == "auto-paused (still for 12 s)")
    #expect(event.description == "\(time.formatted(.iso8601)) auto-paused (still for 12 s)")
    let split = RecorderEvent(time: time, kind: .segmentStarted(index: 1))
    #expect(split.summary == "segment 1 started")
  }
}

@Suite struct RecorderDisplayTests {
  /// The speeds shown after each of `fixes`.
  static func shownSpeeds(_ recorder: inout Recorder, _ fixes: [Fix]) -> [Double] {
    fixes.map { fix in
      _ = recorder.receive(fix, at: fix.arrivalTime!)
      return recorder.liveMetrics.speedMetersPerSecond
    }
  }

  /// At the start of a recording the display waits for three speeds: a first Doppler reading
  /// 1.2 m/s high (a watch in a city) is not shown alone. After a pause it shows at once.
  @Test func theFirstSpeedsOfARecordingShowOnlyAsAnAverage() throws {
    var stream = FixStream()
    var recorder = Recorder(profile: .walking)
    _ = recorder.start(at: stream.time(0))
    var fixes = stream.fixes(seconds: 6, speedMetersPerSecond: 1.4)
    // The first fix gives no speed (the display's gate); the second is the first reading.
    fixes[1].speedMetersPerSecond = 2.6
    let shown = Self.shownSpeeds(&recorder, fixes)
    #expect(shown.prefix(3).allSatisfy { $0 == 0 }, "\(shown)")
    // Shown alone, the reading was 1.2 m/s over; in the average of three, 0.33 m/s.
    #expect(shown[3] > 1.4 && shown[3] < 1.4 + 0.5, "\(shown)")
  }

  /// A manual pause is no signal loss when the receiver went on delivering: the speed shows
  /// from the first fix after the resume. A real loss of 15 s withholds it for 5 s.
  @Test func aResumeIsNoSignalLossButASilenceIs() throws {
    var stream = FixStream()
    var recorder = Recorder(profile: .running)
    _ = recorder.start(at: stream.time(0))
    _ = Self.shownSpeeds(&recorder, stream.fixes(seconds: 30, speedMetersPerSecond: 3))
    _ = recorder.pause(at: stream.time(stream.seconds))
    _ = Self.shownSpeeds(&recorder, stream.fixes(seconds: 20, speedMetersPerSecond: 3))
    _ = recorder.resume(at: stream.time(stream.seconds))
    let resumed = Self.shownSpeeds(&recorder, stream.fixes(seconds: 5, speedMetersPerSecond: 3))
    #expect(resumed.allSatisfy { abs($0 - 3) < 0.01 }, "\(resumed)")

    _ = stream.fixes(seconds: 15, speedMetersPerSecond: 3)  // never delivered
    let back = Self.shownSpeeds(&recorder, stream.fixes(seconds: 7, speedMetersPerSecond: 3))
    // The speed before the loss fades; the first 5 s after it add nothing.
    #expect(back.prefix(5).allSatisfy { $0 < 3 * 0.1 }, "\(back)")
    #expect(abs(back[5] - 3) < 0.01, "\(back)")
  }
}
