import Foundation
import TrackSift
import TrackSiftFormats
import TrackSiftSimulation

/// The Google Smartphone Decimeter Challenge files in `shared/data/truth`: a phone's fixes
/// computed by weighted least squares (`goGPS_WLS.csv`, unfiltered) and the SPAN reference
/// (`ground_truth.csv`).
///
/// Both count time in GPS seconds (no leap seconds); ``GPSTime`` converts them to UTC, with
/// the same 18 s for both (2017-2026), so they align as they were recorded.
///
/// ``FixCSVReader`` reads both files too (`tracksift eval goGPS_WLS.csv --truth
/// ground_truth.csv` scores them alike: refined +0.95 %, p95 5.0 m); this reading, which
/// leaves rows without a solution out instead of having the gate refuse them, keeps the
/// figures the evaluation has reported since it began.
enum GSDCRecording {
  /// The fixes of `goGPS_WLS.csv`: one segment, positions, HDOP and an accuracy estimated from
  /// it as the NMEA reader does (HDOP x 5 m); rows without a solution (NaN) are left out, so
  /// they show as gaps.
  static func weightedLeastSquaresTrack(_ url: URL) throws -> Track {
    var fixes: [Fix] = []
    for fields in try rows(url) {
      guard fields.count >= 11, let gpsTime = Double(fields[1]), let latitude = Double(fields[5]),
        let longitude = Double(fields[6]), latitude.isFinite, longitude.isFinite
      else { continue }
      var fix = Fix(
        timestamp: Date(
          timeIntervalSinceReferenceDate: GPSTime.utcSecondsSinceReferenceDate(gpsSeconds: gpsTime)),
        latitudeDegrees: latitude, longitudeDegrees: longitude,
        altitudeMeters: Double(fields[7]).flatMap { $0.isFinite ? $0 : nil }, source: .satellite)
      fix.receiver.horizontalDilution = Double(fields[10]).flatMap { $0.isFinite ? $0 : nil }
      // The same estimate the NMEA reader makes: HDOP times a 5 m range error.
      fix.horizontalAccuracyMeters = fix.receiver.horizontalDilution.map { $0 * 5 }
      fix.receiver.positionDilution = Double(fields[9]).flatMap { $0.isFinite ? $0 : nil }
      fixes.append(fix)
    }
    return Track(
      name: url.deletingLastPathComponent().lastPathComponent, segments: [Segment(fixes: fixes)])
  }

  /// The reference of `ground_truth.csv`: position, speed and moving state (above 0.2 m/s)
  /// each epoch. Its distances are left at 0: `EvaluationTruth` sums them over the span the
  /// fixes cover.
  static func reference(_ url: URL) throws -> [TruthPoint] {
    try rows(url).compactMap { fields in
      guard fields.count >= 11, let millis = Double(fields[2]), let latitude = Double(fields[3]),
        let longitude = Double(fields[4]), let speed = Double(fields[9])
      else { return nil }
      return TruthPoint(
        timeSeconds: GPSTime.utcSecondsSinceReferenceDate(gpsSeconds: millis / 1_000),
        coordinate: Coordinate(latitudeDegrees: latitude, longitudeDegrees: longitude),
        speedMetersPerSecond: speed, distanceMeters: 0, isMoving: speed >= 0.2)
    }
  }

  /// The data rows of a CSV file with a header, split at commas; rows that do not parse are
  /// skipped by the callers.
  private static func rows(_ url: URL) throws -> [[Substring]] {
    let text = try String(contentsOf: url, encoding: .utf8)
    return text.split(whereSeparator: \.isNewline).dropFirst().map {
      $0.split(separator: ",", omittingEmptySubsequences: false)
    }
  }
}
