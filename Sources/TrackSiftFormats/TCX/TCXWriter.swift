import Foundation
import TrackSift

/// Writes a `Track` as a TCX (Garmin Training Center Database v2) activity.
///
/// The file holds one `Activity` (one per session for a multisport recording) with one `Lap`
/// and a `Track` per segment: in TCX, as Garmin writes it, a new `Track` within a lap is where
/// the timer stopped, so ``TCXReader`` reads the same segments back (a lap's first `Track`
/// continues the lap before). The lap's totals are
/// the ``DeviceTotals`` given, or else computed from the fixes: `TotalTimeSeconds` summed over
/// the segments from their first to their last timed fix, `DistanceMeters` along the fixes
/// within segments on the WGS84 ellipsoid, `MaximumSpeed` the largest valid reported speed,
/// average and maximum heart rate of the fixes, and `Calories` 0 (the schema requires it).
///
/// Each trackpoint has `Time` (UTC, with the fewest fractional digits that read back exactly),
/// `Position`, `AltitudeMeters`, `DistanceMeters` (the given distances, else cumulative along
/// the activity, never bridging two segments), `HeartRateBpm`, `Cadence` (for sports other
/// than running) and the ActivityExtension v2 `TPX` with `Speed`, `RunCadence` (running) and
/// `Watts`. Numbers are written with the shortest digits that read back to the same `Double`,
/// so ``TCXReader`` gives back the same positions, times, altitudes, speeds, heart rates,
/// cadences and powers. What TCX has no element for (accuracies, course, receiver status,
/// temperature, arrival time, source) goes into TrackSift's extension, namespace
/// ``trackSiftNamespace``, as one `<tracksift:values>` element in the trackpoint's
/// `Extensions` (the table is in the docs of `TCXTrackSiftValue`), which ``TCXReader`` reads
/// back and other programs skip.
public enum TCXWriter {
  /// The Training Center Database v2 namespace.
  public static let namespace = "http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"
  /// The ActivityExtension v2 namespace (prefix `ns3`, as Garmin Connect writes it).
  public static let activityExtensionNamespace =
    "http://www.garmin.com/xmlschemas/ActivityExtension/v2"

  /// The XML namespace of TrackSift's TCX extension.
  public static let trackSiftNamespace = "urn:tracksift:tcx:extension:v1"

  /// The TCX text of `track`.
  /// - Parameters:
  ///   - track: the fixes; empty segments are left out.
  ///   - sport: the `Sport` attribute: `Running`, `Biking` or `Other` in the schema.
  ///   - totals: the lap's totals; computed from the fixes when `nil`.
  ///   - distancesMeters: each fix's cumulative distance in meters, parallel to the segments'
  ///     fixes (as ``TCXActivity/distancesMeters``); computed where `nil` or missing.
  /// - Complexity: O(n) in the number of fixes.
  public static func string(
    from track: Track, sport: String = "Other", totals: DeviceTotals? = nil,
    distancesMeters: [[Double?]]? = nil
  ) -> String {
    document(
      [
        Part(
          segments: written(track), sport: sport, namedSport: nil, totals: totals,
          distancesMeters: distancesMeters)
      ], fixCount: track.fixCount)
  }

  /// The TCX text of several activities (a multisport recording's sessions), one `Activity`
  /// each with its lap's totals computed from its fixes and its `Sport` from its sport
  /// (``sport(for:)``); a sport whose name is not its `Sport` (`walking` is `Other`, `cycling`
  /// is `Biking`) is written under its own name in TrackSift's `<tracksift:sport>` in the
  /// activity's `Extensions` too, which ``TCXReader`` reads as the activity's sport.
  /// `ActivityFile` reads two or more activities back as sessions. Activities without a fix
  /// are left out.
  /// - Complexity: O(n) in the number of fixes.
  public static func string(from activities: [WrittenActivity]) -> String {
    let parts = activities.map { activity in
      let schemaSport = Self.sport(for: activity.sport)
      // The sport's own name where `Sport` says another (a walk is `Other`).
      let named = activity.sport.flatMap {
        $0.lowercased() == schemaSport.lowercased() ? nil : $0
      }
      return Part(
        segments: written(activity.track), sport: schemaSport, namedSport: named, totals: nil,
        distancesMeters: nil)
    }
    return document(parts, fixCount: activities.reduce(0) { $0 + $1.track.fixCount })
  }

  /// The TCX `Sport` for a sport as a FIT file names it: `Running`, `Biking`, or `Other` for
  /// any other (the schema has no more).
  public static func sport(for sport: String?) -> String {
    switch sport.flatMap({ ActivityKind(sport: $0) }) {
    case .running: "Running"
    case .cycling: "Biking"
    case .walking, .driving, nil: "Other"
    }
  }

  /// One `Activity` as written: its segments (each with its index in its track, for
  /// `distancesMeters`), its `Sport`, the sport's own name for TrackSift's extension, and its
  /// lap's totals and distances where given.
  private struct Part {
    var segments: [(offset: Int, element: Segment)]
    var sport: String
    var namedSport: String?
    var totals: DeviceTotals?
    var distancesMeters: [[Double?]]?
  }

  /// The segments of `track` that hold a fix, with their indices.
  private static func written(_ track: Track) -> [(offset: Int, element: Segment)] {
    Array(track.segments.enumerated().filter { !$0.element.fixes.isEmpty })
  }

  /// The whole file: the XML declaration, the root, and an `Activities` element of the parts
  /// that hold a segment (none without one).
  private static func document(_ parts: [Part], fixCount: Int) -> String {
    var output = ""
    output.reserveCapacity(512 + 420 * fixCount)
    output += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    output += "<TrainingCenterDatabase xmlns=\"\(namespace)\""
    output += " xmlns:ns3=\"\(activityExtensionNamespace)\""
    output += " xmlns:tracksift=\"\(trackSiftNamespace)\""
    output += " xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\""
    output += " xsi:schemaLocation=\"\(namespace)"
    output += " http://www.garmin.com/xmlschemas/TrainingCenterDatabasev2.xsd\">\n"
    let written = parts.filter { !$0.segments.isEmpty }
    if !written.isEmpty {
      output += "  <Activities>\n"
      for part in written { activity(part, to: &output) }
      output += "  </Activities>\n"
    }
    output += "</TrainingCenterDatabase>\n"
    return output
  }

  /// One `Activity` of one `Lap` holding the part's segments, one `Track` each; its
  /// `namedSport` goes into TrackSift's `<tracksift:sport>` in the activity's `Extensions`.
  private static func activity(_ part: Part, to output: inout String) {
    let isRunning = part.sport.lowercased() == "running"
    output += "    <Activity Sport=\"\(GPXWriter.escaped(part.sport, inAttribute: true))\">\n"
    let firstTime =
      part.segments.lazy.flatMap(\.element.fixes).compactMap(\.timeSeconds).first ?? 0
    output += "      <Id>\(ISO8601Time.string(secondsSinceReferenceDate: firstTime))</Id>\n"
    var cumulativeMeters = 0.0
    lap(part.totals ?? computedTotals(of: part.segments.map(\.element)), to: &output)
    for (segmentIndex, segment) in part.segments {
      output += "        <Track>\n"
      let given = part.distancesMeters.flatMap {
        segmentIndex < $0.count ? $0[segmentIndex] : nil
      }
      var previous: Fix?
      for (fixIndex, fix) in segment.fixes.enumerated() {
        if let previous { cumulativeMeters += stepMeters(previous, fix) }
        previous = fix
        let distance = given.flatMap { fixIndex < $0.count ? $0[fixIndex] : nil }
        trackpoint(
          fix, distanceMeters: distance ?? cumulativeMeters, isRunning: isRunning, to: &output)
      }
      output += "        </Track>\n"
    }
    output += "      </Lap>\n"
    if let namedSport = part.namedSport {
      output += "      <Extensions><tracksift:sport>"
      output +=
        "\(GPXWriter.escaped(namedSport, inAttribute: false))</tracksift:sport></Extensions>\n"
    }
    output += "    </Activity>\n"
  }

  /// The UTF-8 bytes of ``string(from:sport:totals:distancesMeters:)``.
  public static func data(
    from track: Track, sport: String = "Other", totals: DeviceTotals? = nil,
    distancesMeters: [[Double?]]? = nil
  ) -> Data {
    Data(
      string(from: track, sport: sport, totals: totals, distancesMeters: distancesMeters)
        .utf8)
  }

  /// Writes `track` to `url` atomically (to a temporary file, then renamed); parameters as in
  /// ``string(from:sport:totals:distancesMeters:)``.
  /// - Throws: the file system's error when the file cannot be written.
  public static func write(
    _ track: Track, to url: URL, sport: String = "Other", totals: DeviceTotals? = nil,
    distancesMeters: [[Double?]]? = nil
  ) throws {
    try data(from: track, sport: sport, totals: totals, distancesMeters: distancesMeters)
      .write(to: url, options: .atomic)
  }

  /// Writes the activities of `string(from activities:)` to `url` atomically (to a temporary file,
  /// then renamed).
  /// - Throws: the file system's error when the file cannot be written.
  public static func write(_ activities: [WrittenActivity], to url: URL) throws {
    try Data(string(from: activities).utf8).write(to: url, options: .atomic)
  }

  /// The totals of a lap made of `segment`, computed from its fixes.
  /// - Complexity: O(n) in the fixes.
  static func computedTotals(of segments: [Segment]) -> DeviceTotals {
    var totals = DeviceTotals()
    var timer = 0.0
    var distance = 0.0
    for segment in segments {
      let times = segment.fixes.compactMap(\.timeSeconds)
      if let first = times.first {
        if totals.startTime == nil {
          totals.startTime = Date(timeIntervalSinceReferenceDate: first)
        }
        timer += (times.last ?? first) - first
      }
      for (previous, fix) in zip(segment.fixes, segment.fixes.dropFirst()) {
        distance += stepMeters(previous, fix)
      }
    }
    if totals.startTime != nil { totals.timerTimeSeconds = timer }
    totals.distanceMeters = distance
    let fixes = segments.flatMap(\.fixes)
    totals.maximumSpeedMetersPerSecond = fixes.compactMap(\.validSpeedMetersPerSecond).max()
    let rates = fixes.compactMap(\.sensors.heartRateBeatsPerMinute).filter(\.isFinite)
    if !rates.isEmpty {
      totals.averageHeartRateBeatsPerMinute = (rates.reduce(0, +) / Double(rates.count))
        .rounded()
      totals.maximumHeartRateBeatsPerMinute = rates.max()
    }
    totals.kilocalories = 0
    return totals
  }

  /// The ellipsoidal distance between two fixes, or 0 when either position is not valid.
  private static func stepMeters(_ a: Fix, _ b: Fix) -> Double {
    guard a.latitudeDegrees.isFinite, a.longitudeDegrees.isFinite, b.latitudeDegrees.isFinite,
      b.longitudeDegrees.isFinite, abs(a.latitudeDegrees) <= 90, abs(b.latitudeDegrees) <= 90
    else { return 0 }
    let meters = Geodesic.distanceMeters(from: a.coordinate, to: b.coordinate)
    return meters.isFinite ? meters : 0
  }

  // MARK: - Elements

  private static func lap(_ totals: DeviceTotals, to output: inout String) {
    output += "      <Lap"
    if let start = totals.startTime?.timeIntervalSinceReferenceDate {
      output += " StartTime=\"\(ISO8601Time.string(secondsSinceReferenceDate: start))\""
    }
    output += ">\n"
    func element(_ name: String, _ value: Double?) {
      guard let value else { return }
      output += "        <\(name)>\(DecimalText.string(value))</\(name)>\n"
    }
    element("TotalTimeSeconds", totals.timerTimeSeconds ?? 0)
    element("DistanceMeters", totals.distanceMeters ?? 0)
    element("MaximumSpeed", totals.maximumSpeedMetersPerSecond)
    element("Calories", totals.kilocalories ?? 0)
    if let rate = totals.averageHeartRateBeatsPerMinute {
      output += "        <AverageHeartRateBpm><Value>\(DecimalText.string(rate))"
      output += "</Value></AverageHeartRateBpm>\n"
    }
    if let rate = totals.maximumHeartRateBeatsPerMinute {
      output += "        <MaximumHeartRateBpm><Value>\(DecimalText.string(rate))"
      output += "</Value></MaximumHeartRateBpm>\n"
    }
    output += "        <Intensity>Active</Intensity>\n"
    output += "        <TriggerMethod>Manual</TriggerMethod>\n"
  }

  private static func trackpoint(
    _ fix: Fix, distanceMeters: Double, isRunning: Bool, to output: inout String
  ) {
    let indent = "            "
    output += "          <Trackpoint>\n"
    if let seconds = fix.timeSeconds {
      output += indent
      output += "<Time>\(ISO8601Time.string(secondsSinceReferenceDate: seconds))</Time>\n"
    }
    output += indent
    output += "<Position><LatitudeDegrees>\(DecimalText.string(fix.latitudeDegrees))"
    output += "</LatitudeDegrees><LongitudeDegrees>\(DecimalText.string(fix.longitudeDegrees))"
    output += "</LongitudeDegrees></Position>\n"
    if let altitude = fix.altitudeMeters {
      output += indent
      output += "<AltitudeMeters>\(DecimalText.string(altitude))</AltitudeMeters>\n"
    }
    output += indent
    output += "<DistanceMeters>\(DecimalText.string(distanceMeters))</DistanceMeters>\n"
    let sensors = fix.sensors
    if let rate = sensors.heartRateBeatsPerMinute {
      output += indent
      output += "<HeartRateBpm><Value>\(DecimalText.string(rate))</Value></HeartRateBpm>\n"
    }
    if !isRunning, let cadence = sensors.cadencePerMinute {
      output += indent
      output += "<Cadence>\(DecimalText.string(cadence))</Cadence>\n"
    }
    var extensionValues = ""
    if let speed = fix.speedMetersPerSecond {
      extensionValues += "<ns3:Speed>\(DecimalText.string(speed))</ns3:Speed>"
    }
    if isRunning, let cadence = sensors.cadencePerMinute {
      extensionValues += "<ns3:RunCadence>\(DecimalText.string(cadence))</ns3:RunCadence>"
    }
    if let power = sensors.powerWatts {
      extensionValues += "<ns3:Watts>\(DecimalText.string(power))</ns3:Watts>"
    }
    var trackSiftValues = ""
    for value in TCXTrackSiftValue.allCases {
      guard let text = value.text(of: fix) else { continue }
      trackSiftValues += "<tracksift:\(value.name)>\(text)</tracksift:\(value.name)>"
    }
    if !extensionValues.isEmpty || !trackSiftValues.isEmpty {
      output += indent
      output += "<Extensions>"
      if !extensionValues.isEmpty { output += "<ns3:TPX>\(extensionValues)</ns3:TPX>" }
      if !trackSiftValues.isEmpty {
        output += "<tracksift:values>\(trackSiftValues)</tracksift:values>"
      }
      output += "</Extensions>\n"
    }
    output += "          </Trackpoint>\n"
  }
}
