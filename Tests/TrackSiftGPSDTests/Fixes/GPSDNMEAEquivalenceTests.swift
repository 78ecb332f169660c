import Foundation
import Testing
import TrackSift
import TrackSiftFormats
import TrackSiftGPSD

/// A receiver's fix through gpsd gets the horizontal accuracy its NMEA log gives, so a live
/// recording and an analysis of the log reach the same verdicts.
@Suite struct GPSDNMEAEquivalenceTests {
  /// A GGA with the given quality and HDOP, and the matching RMC, checksummed.
  private func nmea(quality: Int, hdop: Double) -> String {
    func sentence(_ body: String) -> String {
      let checksum = body.utf8.reduce(UInt8(0)) { $0 ^ $1 }
      return "$" + body + "*" + String(format: "%02X", checksum)
    }
    let hdopText = String(format: "%.1f", hdop)
    return [
      sentence("GPRMC,095305.80,A,2712.6547,S,15303.1350,E,1.93,133.96,080407,,,A"),
      sentence(
        "GPGGA,095305.80,2712.6547,S,15303.1350,E,\(quality),07,\(hdopText),3.0,M,42.2,M,,"),
    ].joined(separator: "\r\n") + "\r\n"
  }

  @Test(
    arguments: [
      (1, 1), (1, 7.5), (1, 21.1), (2, 2.3), (4, 1.1), (5, 1.3), (6, 1.3), (8, 1.3),
    ] as [(Int, Double)])
  func horizontalAccuracyMatchesTheNMEAReader(quality: Int, hdop: Double) throws {
    let log = try NMEAReader.read(string: nmea(quality: quality, hdop: hdop))
    let fromLog = try #require(log.track.allFixes.first)
    // gpsd's status for each GGA quality (gpsd's driver_nmea0183.c).
    let status = [1: 1, 2: 2, 4: 3, 5: 4, 6: 5, 8: 8][quality]
    // gpsd's own eph for such a fix: HDOP × 19 m at 95 %.
    let report = GPSDTPVReport(
      mode: 3, status: status, time: fromLog.timestamp,
      latitudeDegrees: fromLog.latitudeDegrees, longitudeDegrees: fromLog.longitudeDegrees,
      meanSeaLevelAltitudeMeters: 3, horizontalErrorMeters: hdop * 19)
    let fromGPSD = try #require(report.fix(sky: GPSDSkyReport(horizontalDilution: hdop)))
    #expect(fromGPSD.horizontalAccuracyMeters == fromLog.horizontalAccuracyMeters)
    var logGate = FixGate(activity: .running)
    var gpsdGate = FixGate(activity: .running)
    #expect(logGate.evaluate(fromLog) == gpsdGate.evaluate(fromGPSD))
  }
}
