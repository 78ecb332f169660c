import Foundation
import Testing
import TrackSiftSimulation

@testable import TrackSift

/// Bad input never traps the recorder: random fixes (NaN, infinite and out-of-range values,
/// times that jump back, duplicates, network positions), random commands and a clock that
/// jumps, and every fix received is still judged exactly once.
@Suite struct RecorderRobustnessTests {
  static let strange: [Double] = [.nan, .infinity, -.infinity, -1, 0, 1e300, -1e300]

  @Test(arguments: 0..<20)
  func randomInputsNeverTrapAndEveryFixIsJudgedOnce(seed: Int) {
    var random = SplitMix64(seed: UInt64(seed))
    func pick() -> Double? {
      switch random.next() % 10 {
      case 0: nil
      case 1: Self.strange[Int(random.next() % UInt64(Self.strange.count))]
      default: random.nextUnit() * 20
      }
    }
    let start = Date(timeIntervalSinceReferenceDate: 700_000_000)
    var seconds = 0.0
    var recorder = Recorder(
      profile: [ActivityProfile.walking, .running, .cycling, .driving][seed % 4])
    var events = recorder.start(at: start)
    var received = 0
    for _ in 0..<600 {
      seconds += [1, 1, 1, 0, -3, 40, 0.2][Int(random.next() % 7)]
      let now = start.addingTimeInterval(random.next() % 50 == 0 ? .nan : seconds)
      switch random.next() % 40 {
      case 0: events += recorder.pause(at: now)
      case 1: events += recorder.resume(at: now)
      case 2: events += recorder.startNewSegment(at: now)
      case 3: events += recorder.tick(at: now)
      case 4:
        events += recorder.receive(
          MotionSample(
            time: now, accelerationMagnitudeMetersPerSecondSquared: pick(),
            pedometerPaceSecondsPerMeter: pick()), at: now)
      default:
        let fix = Fix(
          timestamp: random.next() % 30 == 0 ? nil : start.addingTimeInterval(seconds),
          arrivalTime: random.next() % 2 == 0 ? nil : now,
          latitudeDegrees: random.next() % 25 == 0
            ? Self.strange[Int(random.next() % 7)] : 46.5 + seconds * 1e-5,
          longitudeDegrees: 6.6 + (random.nextUnit() - 0.5) * 1e-4,
          altitudeMeters: pick(), horizontalAccuracyMeters: pick(),
          speedMetersPerSecond: pick(), speedAccuracyMetersPerSecond: pick(),
          courseDegrees: pick().map { $0 * 20 },
          source: random.next() % 20 == 0 ? .network : .satellite)
        events += recorder.receive(fix, at: now)
        received += recorder.state == .finished ? 0 : 1
      }
      let live = recorder.liveMetrics
      #expect(live.metrics.distanceMeters.isFinite && live.metrics.distanceMeters >= 0)
      #expect(live.speedMetersPerSecond.isFinite && live.speedMetersPerSecond >= 0)
    }
    events += recorder.finish(at: start.addingTimeInterval(seconds))
    var judged: [Int] = []
    for event in events {
      if case .fixJudged(let sequence, _) = event.kind { judged.append(sequence) }
    }
    #expect(judged.sorted() == Array(0..<recorder.receivedFixCount))
    #expect(recorder.receivedFixCount == received)
  }
}
