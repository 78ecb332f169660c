import Foundation
import TrackSift

/// Writes a `Track` as GeoJSON (RFC 7946, Butler et al. 2016): a `FeatureCollection` with a
/// `LineString` feature per segment.
///
/// Positions are `[longitude, latitude]`, or `[longitude, latitude, altitude]` when every fix
/// of the segment has an altitude. A segment of one fix is a `Point` (a line needs two
/// positions); empty segments are left out. Fixes whose coordinates are not finite (JSON has
/// no NaN) are left out with their times and verdicts. Every feature has the properties
/// `segment` (the index in the track, from 0) and, on request, `times` (ISO 8601 UTC, `null`
/// for a fix without time) and `verdicts` (each fix's `Verdict.code`), parallel to the
/// coordinates, and, unless turned off, `tracksift`: TrackSift's extension, arrays of the
/// fixes' other values (accuracies, speed, course, source, dilutions, sensors; the table is in
/// the docs of `GeoJSONFixValue`), so that ``GeoJSONReader`` reads back what the analysis
/// uses. Numbers are written with the shortest digits that read back to the same
/// `Double` and without a trailing `.0`.
public enum GeoJSONWriter {
  /// What each feature carries beside its geometry.
  public struct Options: Sendable, Hashable {
    /// Whether to add the `times` property.
    public var includesTimes: Bool
    /// Whether to add the `verdicts` property (when verdicts are given).
    public var includesVerdicts: Bool
    /// Whether to add the `tracksift` property: the fixes' values beyond position and time.
    public var includesFixValues: Bool

    /// Creates options; by default features carry times, verdicts and the fixes' values.
    public init(
      includesTimes: Bool = true, includesVerdicts: Bool = true, includesFixValues: Bool = true
    ) {
      self.includesTimes = includesTimes
      self.includesVerdicts = includesVerdicts
      self.includesFixValues = includesFixValues
    }
  }

  /// The GeoJSON text of `track`.
  /// - Parameters:
  ///   - track: the fixes.
  ///   - verdicts: each fix's verdict, parallel to the segments' fixes (as
  ///     `TrackAnalysis.verdicts` gives them); a fix without one gets `null`.
  ///   - speedVerdicts: each fix's speed verdict, parallel alike (as
  ///     `TrackAnalysis.speedVerdicts` gives them), written as `speedVerdicts` (each
  ///     `SpeedVerdict.code`) with the verdicts.
  ///   - options: the properties to write.
  /// - Complexity: O(n) in the number of fixes.
  public static func string(
    from track: Track, verdicts: [[Verdict]]? = nil, speedVerdicts: [[SpeedVerdict]]? = nil,
    options: Options = Options()
  ) -> String {
    var output = "{\"type\":\"FeatureCollection\",\"features\":["
    output.reserveCapacity(64 + 80 * track.fixCount)
    var firstFeature = true
    for (segmentIndex, segment) in track.segments.enumerated() {
      let indices = segment.fixes.indices.filter {
        segment.fixes[$0].latitudeDegrees.isFinite && segment.fixes[$0].longitudeDegrees.isFinite
      }
      guard !indices.isEmpty else { continue }
      if !firstFeature { output += "," }
      firstFeature = false
      let withAltitude = indices.allSatisfy {
        segment.fixes[$0].altitudeMeters.map(\.isFinite) ?? false
      }
      func position(_ fix: Fix) -> String {
        var text = "[\(number(fix.longitudeDegrees)),\(number(fix.latitudeDegrees))"
        if withAltitude, let altitude = fix.altitudeMeters { text += ",\(number(altitude))" }
        return text + "]"
      }
      output += "{\"type\":\"Feature\",\"geometry\":"
      if indices.count == 1 {
        output += "{\"type\":\"Point\",\"coordinates\":\(position(segment.fixes[indices[0]]))}"
      } else {
        output += "{\"type\":\"LineString\",\"coordinates\":["
        output += indices.map { position(segment.fixes[$0]) }.joined(separator: ",")
        output += "]}"
      }
      output += ",\"properties\":{\"segment\":\(segmentIndex)"
      if options.includesTimes {
        output += ",\"times\":["
        output += indices.map { index in
          segment.fixes[index].timeSeconds.map {
            "\"\(ISO8601Time.string(secondsSinceReferenceDate: $0))\""
          } ?? "null"
        }.joined(separator: ",")
        output += "]"
      }
      if options.includesVerdicts, let verdicts {
        let segmentVerdicts = segmentIndex < verdicts.count ? verdicts[segmentIndex] : []
        output += ",\"verdicts\":["
        output += indices.map {
          $0 < segmentVerdicts.count ? "\"\(segmentVerdicts[$0].code)\"" : "null"
        }.joined(separator: ",")
        output += "]"
      }
      if options.includesVerdicts, let speedVerdicts {
        let segmentVerdicts = segmentIndex < speedVerdicts.count ? speedVerdicts[segmentIndex] : []
        output += ",\"speedVerdicts\":["
        output += indices.map {
          $0 < segmentVerdicts.count ? "\"\(segmentVerdicts[$0].code)\"" : "null"
        }.joined(separator: ",")
        output += "]"
      }
      if options.includesFixValues {
        var values: [String] = []
        for value in GeoJSONFixValue.allCases where value != .altitude || !withAltitude {
          let texts = indices.map { value.text(of: segment.fixes[$0]) }
          guard texts.contains(where: { $0 != nil }) else { continue }
          values.append(
            "\"\(value.key)\":[" + texts.map { $0 ?? "null" }.joined(separator: ",") + "]")
        }
        if !values.isEmpty {
          output += ",\"\(GeoJSONFixValue.propertyName)\":{" + values.joined(separator: ",") + "}"
        }
      }
      output += "}}"
    }
    output += "]}\n"
    return output
  }

  /// The UTF-8 bytes of ``string(from:verdicts:speedVerdicts:options:)``.
  public static func data(
    from track: Track, verdicts: [[Verdict]]? = nil, speedVerdicts: [[SpeedVerdict]]? = nil,
    options: Options = Options()
  ) -> Data {
    Data(
      string(from: track, verdicts: verdicts, speedVerdicts: speedVerdicts, options: options).utf8)
  }

  /// Writes `track` to `url` atomically; parameters as in
  /// ``string(from:verdicts:speedVerdicts:options:)``.
  /// - Throws: the file system's error when the file cannot be written.
  public static func write(
    _ track: Track, to url: URL, verdicts: [[Verdict]]? = nil,
    speedVerdicts: [[SpeedVerdict]]? = nil, options: Options = Options()
  ) throws {
    try data(from: track, verdicts: verdicts, speedVerdicts: speedVerdicts, options: options)
      .write(to: url, options: .atomic)
  }

  /// The shortest text that reads back to `value`, without a trailing `.0` (`12`, `0.5`,
  /// `1e-07`); `value` must be finite.
  static func number(_ value: Double) -> String {
    let text = value.description
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }
}
