import Foundation
import TrackSift

/// Writes a `Track` as CSV, one row per fix, in columns that ``FixCSVReader`` reads back.
///
/// The header is `time,lat,lon,ele,accuracy,vertical_accuracy,speed,course,speed_accuracy,`
/// `course_accuracy,hr,cadence,power,temperature,hdop,vdop,pdop,sat,source,segment`, followed
/// by `motion` when some fix has a `CleanedMotion` (a cleaned file), `verdict` when verdicts
/// are given and `speed_verdict` when speed verdicts are. `source` is the fix's `FixSource`
/// name, empty when unknown.
/// Times are ISO 8601 UTC with the fewest fractional digits that read back exactly; numbers
/// are plain decimals with the shortest digits that read back to the same `Double`; an unknown
/// value is an empty field. `segment` is the segment's index in the track (from 0), so
/// reading the file back gives the same segments (empty ones excepted). `verdict` is the
/// fix's `Verdict.code`, empty for a fix without one; `speed_verdict` its speed's
/// `SpeedVerdict.code` (`trusted`, `unjudged` or the reason a speed is not used). Lines end with `\n` (RFC 4180 allows
/// CRLF; readers accept both).
public enum FixCSVWriter {
  /// The header row's column names.
  public static let columns = [
    "time", "lat", "lon", "ele", "accuracy", "vertical_accuracy", "speed", "course",
    "speed_accuracy", "course_accuracy", "hr", "cadence", "power", "temperature", "hdop", "vdop",
    "pdop", "sat", "source", "segment",
  ]

  /// The CSV text of `track`.
  /// - Parameters:
  ///   - track: the fixes.
  ///   - verdicts: each fix's verdict, parallel to the segments' fixes (as
  ///     `TrackAnalysis.verdicts` gives them); adds the `verdict` column.
  ///   - speedVerdicts: each fix's speed verdict, parallel alike (as
  ///     `TrackAnalysis.speedVerdicts` gives them); adds the `speed_verdict` column.
  /// - Complexity: O(n) in the number of fixes.
  public static func string(
    from track: Track, verdicts: [[Verdict]]? = nil, speedVerdicts: [[SpeedVerdict]]? = nil
  ) -> String {
    var output = columns.joined(separator: ",")
    let writesMotion = track.segments.contains { $0.fixes.contains { $0.cleanedMotion != nil } }
    if writesMotion { output += ",motion" }
    if verdicts != nil { output += ",verdict" }
    if speedVerdicts != nil { output += ",speed_verdict" }
    output += "\n"
    output.reserveCapacity(output.utf8.count + 120 * track.fixCount)
    func field(_ value: Double?) -> String { value.map(DecimalText.string) ?? "" }
    for (segmentIndex, segment) in track.segments.enumerated() {
      let segmentVerdicts = verdicts.flatMap { segmentIndex < $0.count ? $0[segmentIndex] : nil }
      let segmentSpeedVerdicts = speedVerdicts.flatMap {
        segmentIndex < $0.count ? $0[segmentIndex] : nil
      }
      for (fixIndex, fix) in segment.fixes.enumerated() {
        let receiver = fix.receiver
        let sensors = fix.sensors
        let fields = [
          fix.timeSeconds.map { ISO8601Time.string(secondsSinceReferenceDate: $0) } ?? "",
          DecimalText.string(fix.latitudeDegrees), DecimalText.string(fix.longitudeDegrees),
          field(fix.altitudeMeters), field(fix.horizontalAccuracyMeters),
          field(fix.verticalAccuracyMeters), field(fix.speedMetersPerSecond),
          field(fix.courseDegrees), field(fix.speedAccuracyMetersPerSecond),
          field(fix.courseAccuracyDegrees), field(sensors.heartRateBeatsPerMinute),
          field(sensors.cadencePerMinute), field(sensors.powerWatts),
          field(sensors.temperatureCelsius), field(receiver.horizontalDilution),
          field(receiver.verticalDilution), field(receiver.positionDilution),
          receiver.satellitesUsed.map(String.init) ?? "",
          fix.source == .unknown ? "" : fix.source.rawValue, String(segmentIndex),
        ]
        output += fields.joined(separator: ",")
        if writesMotion { output += "," + (fix.cleanedMotion?.rawValue ?? "") }
        if verdicts != nil {
          output += ","
          if let segmentVerdicts, fixIndex < segmentVerdicts.count {
            output += segmentVerdicts[fixIndex].code
          }
        }
        if speedVerdicts != nil {
          output += ","
          if let segmentSpeedVerdicts, fixIndex < segmentSpeedVerdicts.count {
            output += segmentSpeedVerdicts[fixIndex].code
          }
        }
        output += "\n"
      }
    }
    return output
  }

  /// The UTF-8 bytes of ``string(from:verdicts:speedVerdicts:)``.
  public static func data(
    from track: Track, verdicts: [[Verdict]]? = nil, speedVerdicts: [[SpeedVerdict]]? = nil
  ) -> Data {
    Data(string(from: track, verdicts: verdicts, speedVerdicts: speedVerdicts).utf8)
  }

  /// Writes `track` to `url` atomically; parameters as in
  /// ``string(from:verdicts:speedVerdicts:)``.
  /// - Throws: the file system's error when the file cannot be written.
  public static func write(
    _ track: Track, to url: URL, verdicts: [[Verdict]]? = nil,
    speedVerdicts: [[SpeedVerdict]]? = nil
  ) throws {
    try data(from: track, verdicts: verdicts, speedVerdicts: speedVerdicts)
      .write(to: url, options: .atomic)
  }
}
