import Foundation
import TrackSift

/// Turns a stream of gpsd reports into fixes: one `Fix` per epoch, the most
/// complete report of the epoch, with the receiver status of the latest SKY report.
///
/// gpsd sends a TPV when a receiver's cycle ends; while it is still learning which sentence
/// ends a cycle (the first epochs after a device appears, or a replay, and for some receivers
/// for ever), it sends one TPV per sentence, all with the same time, each a little more
/// complete. The first of them may carry gpsd's own speed, differenced from two positions
/// (9.2 m/s where the receiver's RMC, a sentence later, says 1.0 m/s), and no course. So the
/// assembler passes a TPV at once only when it is complete (a speed and a course, and for a
/// 3-D fix an altitude); an incomplete one is held, replaced by later TPVs of the same time,
/// and passed when one of them is complete, or when a TPV of another time arrives, or on
/// ``flush()``. A receiver that never reports a course thus gives its fixes one epoch late.
/// A consumer never sees two fixes with one timestamp (`FixGate` would refuse the
/// second as a duplicate anyway). A TPV earlier than the last fix is passed: the gate decides
/// what an out-of-order fix means.
///
/// Call ``flush()`` and then ``reset()`` when the connection to gpsd is lost: a restarted gpsd
/// may replay or resume at any time.
public struct GPSDFixAssembler: Sendable {
  /// The latest SKY report, used for the satellites and dilutions of the next fixes.
  public private(set) var latestSky: GPSDSkyReport?
  private var lastFixTime: Date?
  private var held: (report: GPSDTPVReport, arrivalTime: Date?)?

  /// Creates an assembler with no SKY report yet.
  public init() {}

  /// Takes one report and returns the fixes it releases, oldest first: none, one, or a held
  /// fix of an earlier time followed by this report's.
  ///
  /// - Parameters:
  ///   - report: the next report from gpsd.
  ///   - arrivalTime: when the report was read (the device clock).
  /// - Returns: the fixes released by a TPV with a 2-D or 3-D fix, a time and a position;
  ///   none for other reports.
  /// - Complexity: O(1).
  public mutating func fixes(for report: GPSDReport, arrivalTime: Date?) -> [Fix] {
    switch report {
    case .sky(let sky):
      latestSky = sky
      return []
    case .tpv(let tpv):
      guard let time = tpv.fix(sky: latestSky, arrivalTime: arrivalTime)?.timestamp else {
        return []
      }
      if time == lastFixTime { return [] }
      var released: [Fix] = []
      if let held, held.report.time != tpv.time, let fix = flush() {
        released.append(fix)
      }
      if Self.isComplete(tpv) {
        held = nil
        lastFixTime = time
        if let fix = tpv.fix(sky: latestSky, arrivalTime: arrivalTime) { released.append(fix) }
      } else {
        held = (tpv, arrivalTime)
      }
      return released
    default:
      return []
    }
  }

  /// The fix of the TPV held for being incomplete, if any, with the latest SKY report.
  /// - Complexity: O(1).
  public mutating func flush() -> Fix? {
    guard let held else { return nil }
    self.held = nil
    guard let fix = held.report.fix(sky: latestSky, arrivalTime: held.arrivalTime) else {
      return nil
    }
    lastFixTime = fix.timestamp
    return fix
  }

  /// Forgets the latest SKY report, the last fix time and a held TPV.
  public mutating func reset() {
    latestSky = nil
    lastFixTime = nil
    held = nil
  }

  /// True when gpsd has nothing more to add to the epoch: a speed and a course (the RMC or
  /// VTG has been read), and an altitude for a 3-D fix (the GGA has been read).
  private static func isComplete(_ tpv: GPSDTPVReport) -> Bool {
    tpv.speedMetersPerSecond != nil && tpv.courseDegrees != nil
      && (tpv.mode != 3 || tpv.meanSeaLevelAltitudeMeters != nil)
  }
}
