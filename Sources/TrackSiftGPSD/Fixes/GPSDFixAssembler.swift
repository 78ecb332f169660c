import Foundation
import TrackSift

/// Turns a stream of gpsd reports into fixes: one ``TrackSift/Fix`` per epoch, with the
/// receiver status of the latest SKY report.
///
/// gpsd sends a TPV when a receiver's cycle ends; while it is still learning which sentence
/// ends a cycle (the first epochs after a device appears, or a replay), it sends one TPV per
/// sentence, all with the same time, each a little more complete. The assembler passes the
/// first TPV of each time and drops the rest, so a consumer never sees two fixes with one
/// timestamp (``TrackSift/FixGate`` would refuse the second as a duplicate anyway). A TPV
/// earlier than the last fix is passed: the gate decides what an out-of-order fix means.
///
/// Call ``reset()`` when the connection to gpsd is lost: a restarted gpsd may replay or
/// resume at any time.
public struct GPSDFixAssembler: Sendable {
  /// The latest SKY report, used for the satellites and dilutions of the next fixes.
  public private(set) var latestSky: GPSDSkyReport?
  private var lastFixTime: Date?

  /// Creates an assembler with no SKY report yet.
  public init() {}

  /// Takes one report and returns the fix it gives, if any.
  ///
  /// - Parameters:
  ///   - report: the next report from gpsd.
  ///   - arrivalTime: when the report was read (the device clock).
  /// - Returns: a fix for a TPV with a 2-D or 3-D fix, a time and a position that is not a
  ///   repeat of the previous fix's time; `nil` for every other report.
  /// - Complexity: O(1).
  public mutating func fix(for report: GPSDReport, arrivalTime: Date?) -> Fix? {
    switch report {
    case .sky(let sky):
      latestSky = sky
      return nil
    case .tpv(let tpv):
      guard let fix = tpv.fix(sky: latestSky, arrivalTime: arrivalTime) else { return nil }
      if let lastFixTime, fix.timestamp == lastFixTime { return nil }
      lastFixTime = fix.timestamp
      return fix
    default:
      return nil
    }
  }

  /// Forgets the latest SKY report and the last fix time.
  public mutating func reset() {
    latestSky = nil
    lastFixTime = nil
  }
}
