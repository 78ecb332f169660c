import Foundation
import Testing

@testable import TrackSift

/// The shared data folder (`../shared/data` beside the package root), found from this file.
private let sharedDirectory = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent()  // Gating
  .deletingLastPathComponent()  // TrackSiftTests
  .deletingLastPathComponent()  // Tests
  .deletingLastPathComponent()  // package root
  .deletingLastPathComponent()
  .appendingPathComponent("shared")

private let sharedDataPresent = FileManager.default.fileExists(atPath: sharedDirectory.path)

/// Column numbers of a speed-sailing CSV log.
private struct SailingColumns {
  var date: Int, time: Int, latitude: Int, longitude: Int, speed: Int, course: Int
  var accuracy: Int, speedAccuracy: Int

  /// Locosys GT-31: `date,time,hdop,sat,svids,lat,lon,ele,sog,cog,roc,ehpe,evpe,sogu,cogu,ehve`.
  static let gt31 = SailingColumns(
    date: 0, time: 1, latitude: 5, longitude: 6, speed: 8, course: 9, accuracy: 11,
    speedAccuracy: 15)
  /// Motion Mini: `lat,lon,ele,sog,cog,date,time,fix,sat,ehve,ehpe,evpe,ece,hdop`.
  static let motionMini = SailingColumns(
    date: 5, time: 6, latitude: 0, longitude: 1, speed: 3, course: 4, accuracy: 10,
    speedAccuracy: 9)
}

/// Reads a speed-sailing CSV log: `ehpe` is taken as the horizontal accuracy, `sog`/`cog` as
/// the reported speed and course, `ehve` as the speed accuracy. A malformed line gives `nil`.
private func readSailingLog(_ text: String, _ columns: SailingColumns) -> [Fix?] {
  text.split(whereSeparator: \.isNewline).dropFirst().map { line in
    let fields = line.split(separator: ",", omittingEmptySubsequences: false)
    guard fields.count >= 14,
      let seconds = utcSeconds(date: fields[columns.date], time: fields[columns.time]),
      let latitude = Double(fields[columns.latitude]),
      let longitude = Double(fields[columns.longitude]),
      let speed = Double(fields[columns.speed]), let course = Double(fields[columns.course]),
      let accuracy = Double(fields[columns.accuracy]),
      let speedAccuracy = Double(fields[columns.speedAccuracy])
    else { return nil }
    return Fix(
      timestamp: Date(timeIntervalSince1970: seconds), latitudeDegrees: latitude,
      longitudeDegrees: longitude, horizontalAccuracyMeters: accuracy,
      speedMetersPerSecond: speed, speedAccuracyMetersPerSecond: speedAccuracy,
      courseDegrees: course, source: .satellite)
  }
}

/// The fastest step in meters per second between consecutive accepted fixes at most
/// `maximumSeconds` apart.
private func fastestAcceptedStep(
  _ fixes: [Fix], _ verdicts: [Verdict], maximumSeconds: Double
) -> Double {
  var fastest = 0.0
  var previous: Fix?
  for (fix, verdict) in zip(fixes, verdicts) where verdict.isAccepted {
    if let previous, let t0 = previous.timeSeconds, let t1 = fix.timeSeconds,
      t1 > t0, t1 - t0 <= maximumSeconds
    {
      let step = Geodesic.distanceMeters(from: previous.coordinate, to: fix.coordinate)
      fastest = max(fastest, step / (t1 - t0))
    }
    previous = fix
  }
  return fastest
}

/// The text of a shared data file, or `nil` after recording an issue that names the path.
private func sharedText(_ relativePath: String) -> String? {
  let url = sharedDirectory.appendingPathComponent(relativePath)
  guard let text = try? String(contentsOf: url, encoding: .utf8) else {
    Issue.record("missing test data: \(url.path)")
    return nil
  }
  return text
}

/// Seconds since 1970 for `yyyy-mm-dd` and `hh:mm:ss.sss` in UTC (days from the civil date,
/// after Howard Hinnant's `days_from_civil`).
private func utcSeconds(date: Substring, time: Substring) -> Double? {
  let day = date.split(separator: "-").compactMap { Int($0) }
  let clock = time.split(separator: ":")
  guard day.count == 3, clock.count == 3, let hours = Double(clock[0]),
    let minutes = Double(clock[1]), let seconds = Double(clock[2])
  else { return nil }
  let year = day[1] <= 2 ? day[0] - 1 : day[0]
  let era = (year >= 0 ? year : year - 399) / 400
  let yearOfEra = year - era * 400
  let dayOfYear = (153 * (day[1] + (day[1] > 2 ? -3 : 9)) + 2) / 5 + day[2] - 1
  let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
  let days = era * 146_097 + dayOfEra - 719_468
  return Double(days) * 86_400 + hours * 3_600 + minutes * 60 + seconds
}

@Suite(.enabled(if: sharedDataPresent, "../shared is absent: real-data tests skipped"))
struct FixGateRealDataTests {
  @Test func utcSecondsOfAKnownInstant() throws {
    // 2012-10-09T12:18:06Z is 1349785086 s after 1970 (Python's calendar.timegm).
    let seconds = try #require(utcSeconds(date: "2012-10-09", time: "12:18:06.500"))
    #expect(abs(seconds - 1_349_785_086.5) < 1e-6)
  }

  /// A Locosys GT-31 windsurfing log with a labelled 398 m/s spike: after a 3 s signal loss the
  /// receiver ran off 30 km in 13 fixes (file rows 6500-6512) and resumed 7 minutes later.
  @Test func theGT31SpikeIsRemovedAndTheSailingKept() throws {
    guard let text = sharedText("data/spikes/gt-31/WSWAFOUR_932000173_20121009_092850.csv")
    else { return }
    let fixes = readSailingLog(text, .gt31).compactMap { $0 }
    #expect(fixes.count == 8_538)
    var gate = FixGate(activity: .cycling)
    let verdicts = gate.evaluate(fixes)
    // File rows 6500-6512 are fixes 6498-6510 (0-based, after the header).
    let spike = 6_498...6_510
    #expect(fixes[spike.lowerBound].speedMetersPerSecond.map { $0 > 90 } == true)
    #expect(verdicts[spike].allSatisfy { $0 == .rejected(.impliedSpeed) })
    #expect(verdicts[spike.lowerBound - 1].isAccepted)
    #expect(verdicts[spike.upperBound + 1].isAccepted)
    // Nothing else is refused, and no accepted 1 s step is faster than the sailing
    // (about 19 m/s at most; the spike's steps were hundreds).
    #expect(gate.counts.rejectedCount == spike.count)
    #expect(fastestAcceptedStep(fixes, verdicts, maximumSeconds: 1.5) < 20)
  }

  /// A GT-31 log whose labelled spike (24.6 m/s, 4 satellites, HDOP 2.8) is its last fix,
  /// which reports an accuracy of 123 m: the ceiling refuses it and nothing else.
  @Test func theGT31LowSatelliteSpikeIsRefusedByItsAccuracy() throws {
    guard let text = sharedText("data/spikes/gt-31/Jenki36Paul_932000540_20171015_095602.csv")
    else { return }
    let fixes = readSailingLog(text, .gt31).compactMap { $0 }
    #expect(fixes.count == 973)
    var gate = FixGate(activity: .cycling)
    let verdicts = gate.evaluate(fixes)
    #expect(verdicts.last == .rejected(.accuracyAboveCeiling))
    #expect(gate.counts.rejectedCount == 1)
  }

  /// A Motion Mini (u-blox M10, 5 Hz) left inside a building: reported speeds up to 41.6 m/s
  /// with accuracies of hundreds of meters. Every fix reporting more than 20 m/s (40 knots,
  /// which nobody reached indoors) must go, through its accuracy or its jump.
  @Test func theMotionMiniIndoorSpikesAreRemoved() throws {
    guard let text = sharedText("data/spikes/motion-mini/CON113GAR_635_20221016_145222.csv")
    else { return }
    let fixes = readSailingLog(text, .motionMini).compactMap { $0 }
    #expect(fixes.count == 6_649)
    var gate = FixGate(activity: .cycling)
    let verdicts = gate.evaluate(fixes)
    let fast = fixes.indices.filter { (fixes[$0].speedMetersPerSecond ?? 0) > 20 }
    #expect(fast.count == 52)
    #expect(fast.allSatisfy { !verdicts[$0].isAccepted })
    #expect(fastestAcceptedStep(fixes, verdicts, maximumSeconds: 1.5) < 20)
    // The accuracy ceiling (50 m) catches them all, and nothing else is refused.
    let worseThanCeiling = fixes.filter { ($0.horizontalAccuracyMeters ?? 0) > 50 }.count
    #expect(worseThanCeiling == 306)
    #expect(gate.counts[.accuracyAboveCeiling] == worseThanCeiling)
    #expect(gate.counts.rejectedCount == worseThanCeiling)
  }
}
