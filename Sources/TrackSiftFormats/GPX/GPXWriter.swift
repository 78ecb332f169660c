import Foundation
import TrackSift

/// Writes a ``GPXDocument`` as GPX 1.1.
///
/// The file's name goes into `metadata`; each track has its `name`, and its `desc`, `link`s
/// and `type` (its sport) from ``GPXDocument/trackDetails``.
///
/// Standard GPX holds the position, `ele`, `time` (UTC, with fractional seconds only when the
/// time has them), `fix`, `sat`, `hdop`, `vdop` and `pdop`. Heart rate, cadence and air
/// temperature go into Garmin's TrackPointExtension v1 (`gpxtpx`), which most programs read.
/// Everything else a `Fix` holds goes into the TrackSift extension, namespace
/// ``trackSiftNamespace``, as one `<tracksift:values>` element inside the point's
/// `<extensions>`:
///
/// | element | value |
/// |---|---|
/// | `speed` | `Fix.speedMetersPerSecond` (m/s) |
/// | `course` | `Fix.courseDegrees` (degrees) |
/// | `horizontalAccuracy`, `verticalAccuracy` | accuracies in meters |
/// | `speedAccuracy` | m/s |
/// | `courseAccuracy` | degrees |
/// | `heartRate`, `cadence` | readings that Garmin's integer types cannot hold (fractional or above 255) |
/// | `power` | watts |
/// | `source` | `FixSource` raw value, when not `unknown` |
/// | `arrivalTime` | ISO 8601, like `time` |
/// | `motion` | `Fix.cleanedMotion` raw value, in a file TrackSift cleaned |
///
/// Numbers are written as plain decimals with the shortest digits that read back to the same
/// `Double`, so `GPXReader.read(data: GPXWriter.data(from: document)) == document` for any
/// document whose `version` is `"1.1"` and whose `creator` is set (a missing creator is written
/// as `TrackSift`, because GPX 1.1 requires one). Non-finite numbers are written as `NaN`,
/// `INF` or `-INF`, which ``GPXReader`` reads back but GPX's `xsd:decimal` does not allow.
public enum GPXWriter {
  /// The XML namespace of TrackSift's GPX extension.
  public static let trackSiftNamespace = "urn:tracksift:gpx:extension:v1"
  /// Garmin's TrackPointExtension v1 namespace.
  public static let garminTrackPointNamespace =
    "http://www.garmin.com/xmlschemas/TrackPointExtension/v1"

  /// The GPX text of `document`.
  /// - Complexity: O(n) in the number of points.
  public static func string(from document: GPXDocument) -> String {
    var output = ""
    output.reserveCapacity(256 + 400 * pointCount(document))
    output += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    output += "<gpx version=\"1.1\" creator=\""
    output += escaped(document.creator ?? "TrackSift", inAttribute: true)
    output += "\" xmlns=\"http://www.topografix.com/GPX/1/1\""
    output += " xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\""
    output += " xmlns:gpxtpx=\"\(garminTrackPointNamespace)\""
    output += " xmlns:tracksift=\"\(trackSiftNamespace)\""
    output += " xsi:schemaLocation=\"http://www.topografix.com/GPX/1/1"
    output += " http://www.topografix.com/GPX/1/1/gpx.xsd \(garminTrackPointNamespace)"
    output += " http://www.garmin.com/xmlschemas/TrackPointExtensionv1.xsd\">\n"
    if let name = document.name {
      output += "  <metadata>\n"
      element("name", escaped(name, inAttribute: false), indent: "    ", to: &output)
      output += "  </metadata>\n"
    }
    for waypoint in document.waypoints {
      point("wpt", waypoint.fix, name: waypoint.name, indent: "  ", to: &output)
    }
    for route in document.routes {
      output += "  <rte>\n"
      if let name = route.name {
        element("name", escaped(name, inAttribute: false), indent: "    ", to: &output)
      }
      for fix in route.points { point("rtept", fix, name: nil, indent: "    ", to: &output) }
      output += "  </rte>\n"
    }
    for (index, track) in document.tracks.enumerated() {
      output += "  <trk>\n"
      if let name = track.name {
        element("name", escaped(name, inAttribute: false), indent: "    ", to: &output)
      }
      if let details = document.trackDetails[index] { trackDetails(details, to: &output) }
      for segment in track.segments {
        output += "    <trkseg>\n"
        for fix in segment.fixes { point("trkpt", fix, name: nil, indent: "      ", to: &output) }
        output += "    </trkseg>\n"
      }
      output += "  </trk>\n"
    }
    output += "</gpx>\n"
    return output
  }

  /// The UTF-8 bytes of ``string(from:)``.
  public static func data(from document: GPXDocument) -> Data {
    Data(string(from: document).utf8)
  }

  /// Writes `document` to `url` atomically (to a temporary file, then renamed).
  /// - Throws: the file system's error when the file cannot be written.
  public static func write(_ document: GPXDocument, to url: URL) throws {
    try data(from: document).write(to: url, options: .atomic)
  }

  // MARK: - Elements

  private static func pointCount(_ document: GPXDocument) -> Int {
    document.tracks.reduce(0) { $0 + $1.fixCount } + document.waypoints.count
      + document.routes.reduce(0) { $0 + $1.points.count }
  }

  /// A track's `desc`, `link`s and `type`, in the order GPX 1.1 gives them.
  private static func trackDetails(_ details: GPXDocument.TrackDetails, to output: inout String) {
    if let description = details.description {
      element("desc", escaped(description, inAttribute: false), indent: "    ", to: &output)
    }
    for link in details.links {
      output += "    <link href=\"\(escaped(link.href, inAttribute: true))\">"
      if let text = link.text { output += "<text>\(escaped(text, inAttribute: false))</text>" }
      output += "</link>\n"
    }
    if let type = details.type {
      element("type", escaped(type, inAttribute: false), indent: "    ", to: &output)
    }
  }

  private static func element(
    _ name: String, _ text: String, indent: String, to output: inout String
  ) {
    output += indent
    output += "<\(name)>"
    output += text
    output += "</\(name)>\n"
  }

  private static func point(
    _ tag: String, _ fix: Fix, name: String?, indent: String, to output: inout String
  ) {
    output += indent
    output += "<\(tag) lat=\"\(DecimalText.string(fix.latitudeDegrees))\""
    output += " lon=\"\(DecimalText.string(fix.longitudeDegrees))\">\n"
    let inner = indent + "  "
    if let altitude = fix.altitudeMeters {
      element("ele", DecimalText.string(altitude), indent: inner, to: &output)
    }
    if let seconds = fix.timeSeconds {
      element(
        "time", ISO8601Time.string(secondsSinceReferenceDate: seconds), indent: inner, to: &output)
    }
    if let name {
      element("name", escaped(name, inAttribute: false), indent: inner, to: &output)
    }
    let receiver = fix.receiver
    if let fixType = receiver.fixType {
      element("fix", fixType.rawValue, indent: inner, to: &output)
    }
    if let satellites = receiver.satellitesUsed {
      element("sat", String(satellites), indent: inner, to: &output)
    }
    if let dilution = receiver.horizontalDilution {
      element("hdop", DecimalText.string(dilution), indent: inner, to: &output)
    }
    if let dilution = receiver.verticalDilution {
      element("vdop", DecimalText.string(dilution), indent: inner, to: &output)
    }
    if let dilution = receiver.positionDilution {
      element("pdop", DecimalText.string(dilution), indent: inner, to: &output)
    }
    extensions(of: fix, indent: inner, to: &output)
    output += indent
    output += "</\(tag)>\n"
  }

  private static func extensions(of fix: Fix, indent: String, to output: inout String) {
    let sensors = fix.sensors
    // Garmin's hr and cad are unsigned bytes: other readings go to TrackSift's extension.
    let garminHeartRate = sensors.heartRateBeatsPerMinute.flatMap { unsignedByte($0, max: 255) }
    let garminCadence = sensors.cadencePerMinute.flatMap { unsignedByte($0, max: 254) }
    var garmin = ""
    if let temperature = sensors.temperatureCelsius {
      garmin += "<gpxtpx:atemp>\(DecimalText.string(temperature))</gpxtpx:atemp>"
    }
    if let garminHeartRate { garmin += "<gpxtpx:hr>\(garminHeartRate)</gpxtpx:hr>" }
    if let garminCadence { garmin += "<gpxtpx:cad>\(garminCadence)</gpxtpx:cad>" }

    var own = ""
    func add(_ name: String, _ value: Double?) {
      guard let value else { return }
      own += "<tracksift:\(name)>\(DecimalText.string(value))</tracksift:\(name)>"
    }
    add("speed", fix.speedMetersPerSecond)
    add("course", fix.courseDegrees)
    add("horizontalAccuracy", fix.horizontalAccuracyMeters)
    add("verticalAccuracy", fix.verticalAccuracyMeters)
    add("speedAccuracy", fix.speedAccuracyMetersPerSecond)
    add("courseAccuracy", fix.courseAccuracyDegrees)
    if garminHeartRate == nil { add("heartRate", sensors.heartRateBeatsPerMinute) }
    if garminCadence == nil { add("cadence", sensors.cadencePerMinute) }
    add("power", sensors.powerWatts)
    if fix.source != .unknown {
      own += "<tracksift:source>\(fix.source.rawValue)</tracksift:source>"
    }
    if let arrival = fix.arrivalTime?.timeIntervalSinceReferenceDate {
      own += "<tracksift:arrivalTime>"
      own += ISO8601Time.string(secondsSinceReferenceDate: arrival)
      own += "</tracksift:arrivalTime>"
    }
    if let motion = fix.cleanedMotion {
      own += "<tracksift:motion>\(motion.rawValue)</tracksift:motion>"
    }
    guard !garmin.isEmpty || !own.isEmpty else { return }
    output += indent
    output += "<extensions>\n"
    if !garmin.isEmpty {
      output += indent
      output += "  <gpxtpx:TrackPointExtension>\(garmin)</gpxtpx:TrackPointExtension>\n"
    }
    if !own.isEmpty {
      output += indent
      output += "  <tracksift:values>\(own)</tracksift:values>\n"
    }
    output += indent
    output += "</extensions>\n"
  }

  /// The integer text of `value` when it is a whole number in `0...max`.
  private static func unsignedByte(_ value: Double, max: Double) -> String? {
    guard value >= 0, value <= max, value.rounded() == value else { return nil }
    return String(Int(value))
  }

  /// `text` with XML's special characters escaped; control characters become character
  /// references so that other parsers neither refuse nor normalise them.
  static func escaped(_ text: String, inAttribute: Bool) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"" where inAttribute: result += "&quot;"
      case "\r": result += "&#13;"
      case "\n" where inAttribute: result += "&#10;"
      case "\t" where inAttribute: result += "&#9;"
      default:
        if scalar.value < 0x20 && scalar != "\n" && scalar != "\t" {
          result += "&#\(scalar.value);"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }
}
