import Foundation

/// Activity files whose every string field carries markup, attribute breakers, script URLs,
/// bidirectional overrides, line separators and control characters: for tests of what shows
/// a file's strings (they must come out escaped, never run).
///
/// Each file holds one track of ``fixCount`` fixes one second apart, moving north at about
/// 3 m/s from 2024-05-01T07:00:00Z, so that analysis has something to do. Every name,
/// description, creator and device name is ``payloadText``; each link's target is one of the
/// ``payloads``. The GPX file also has two waypoints, and its `metadata` `name` is
/// ``payloadText`` padded to 5,000 characters (past any display limit).
public enum HostileFiles {
  /// The hostile strings, each as it must be shown (escaped, never interpreted).
  public static let payloads: [String] = [
    "<script>alert(1)</script>",
    "\" onmouseover=\"x",
    "' onerror='alert(2)",
    "javascript:alert(1)",
    "</script>",
    "\u{202E}gnp.exe",  // RIGHT-TO-LEFT OVERRIDE
    "line\u{2028}separator",  // LINE SEPARATOR
    "ctl\u{01}\u{08}\u{1B}[2J\u{7F}",  // SOH, BS, ESC (an ANSI clear screen), DEL
    "&lt;b&gt;",  // text that only looks escaped: it must not be decoded again
  ]

  /// Every payload in one string, separated by spaces: the value of every string field.
  public static let payloadText = payloads.joined(separator: " ")

  /// The number of fixes of each file's track.
  public static let fixCount = 120

  /// A GPX 1.1 file with hostile text in its creator, name, description, links, track and
  /// waypoints.
  public static func gpx() -> String {
    let text = xml(payloadText)
    let longName = payloadText + String(repeating: "x", count: 5_000 - payloadText.count)
    var output = """
      <?xml version="1.0" encoding="UTF-8"?>
      <gpx version="1.1" creator="\(text)" xmlns="http://www.topografix.com/GPX/1/1">
       <metadata>
        <name>\(xml(longName))</name>
        <desc>\(text)</desc>

      """
    for payload in payloads {
      output += "  <link href=\"\(xml(payload))\"><text>\(text)</text></link>\n"
    }
    output += " </metadata>\n"
    for index in [0, fixCount - 1] {
      let (latitude, longitude) = position(index)
      output += " <wpt lat=\"\(latitude)\" lon=\"\(longitude)\">"
      output += "<name>\(text)</name><desc>\(text)</desc></wpt>\n"
    }
    output += " <trk><name>\(text)</name><desc>\(text)</desc>\n"
    output += "  <link href=\"\(xml(payloads[3]))\"><text>\(text)</text></link>\n  <trkseg>\n"
    for index in 0..<fixCount {
      let (latitude, longitude) = position(index)
      output += "   <trkpt lat=\"\(latitude)\" lon=\"\(longitude)\">"
      output += "<ele>410</ele><time>\(time(index))</time></trkpt>\n"
    }
    return output + "  </trkseg>\n </trk>\n</gpx>\n"
  }

  /// A TCX file with hostile text in its author, the activity's `Id`, `Notes` and creator.
  public static func tcx() -> String {
    let text = xml(payloadText)
    var output = """
      <?xml version="1.0" encoding="UTF-8"?>
      <TrainingCenterDatabase
       xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"
       xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
       <Activities><Activity Sport="Running"><Id>\(text)</Id>
        <Lap StartTime="\(time(0))">
         <TotalTimeSeconds>\(fixCount - 1)</TotalTimeSeconds>
         <DistanceMeters>\(3 * (fixCount - 1))</DistanceMeters>
         <Track>

      """
    for index in 0..<fixCount {
      let (latitude, longitude) = position(index)
      output += """
            <Trackpoint><Time>\(time(index))</Time><Position>\
        <LatitudeDegrees>\(latitude)</LatitudeDegrees>\
        <LongitudeDegrees>\(longitude)</LongitudeDegrees></Position>\
        <AltitudeMeters>410</AltitudeMeters><DistanceMeters>\(3 * index)</DistanceMeters>\
        </Trackpoint>

        """
    }
    return output + """
          </Track>
         </Lap>
         <Notes>\(text)</Notes>
         <Creator xsi:type="Device_t"><Name>\(text)</Name><UnitId>1</UnitId>\
      <ProductID>1</ProductID></Creator>
        </Activity></Activities>
       <Author xsi:type="Application_t"><Name>\(text)</Name></Author>
      </TrainingCenterDatabase>

      """
  }

  /// A FIT activity file with hostile product names in its `file_id` and two `device_info`
  /// messages (the creator's and a sensor's).
  ///
  /// A FIT string field holds at most 254 bytes before its NUL, and none can hold a NUL, so
  /// each name is ``payloadText`` (and, for the sensor, the payloads in reverse order) cut at
  /// a character boundary within that size. Never `nil`: the bytes are written here, without
  /// the reader's test builder, which lives in another test target.
  public static func fit() -> [UInt8]? {
    var file = FITBytesWriter()
    let creatorName = fitString(payloadText)
    let sensorName = fitString(payloads.reversed().joined(separator: " "))
    // file_id: type (activity), manufacturer (development), product, time created, name.
    file.define(
      local: 0, global: 0,
      fields: [(0, 1, 0x00), (1, 2, 0x84), (2, 2, 0x84), (4, 4, 0x86), (8, creatorName.size, 0x07)])
    file.data(local: 0, [4] + le(255, 2) + le(1, 2) + le(fitTime(0), 4) + creatorName.bytes)
    // device_info: device index, manufacturer, product name.
    for (index, name) in [creatorName, sensorName].enumerated() {
      file.define(
        local: 1, global: 23, fields: [(0, 1, 0x02), (2, 2, 0x84), (27, name.size, 0x07)])
      file.data(local: 1, [UInt8(index)] + le(255, 2) + name.bytes)
    }
    // record: timestamp, latitude, longitude (semicircles).
    file.define(local: 2, global: 20, fields: [(253, 4, 0x86), (0, 4, 0x85), (1, 4, 0x85)])
    for index in 0..<fixCount {
      let (latitude, longitude) = position(index)
      file.data(
        local: 2,
        le(fitTime(index), 4) + le(semicircles(latitude), 4) + le(semicircles(longitude), 4))
    }
    return file.bytes()
  }

  // MARK: - The track

  /// The position of fix `index`: 3 m north of the one before.
  private static func position(_ index: Int) -> (latitude: Double, longitude: Double) {
    (47.3769 + Double(index) * 3 / 111_195, 8.5417)
  }

  /// The time of fix `index` in ISO 8601.
  private static func time(_ index: Int) -> String {
    String(format: "2024-05-01T07:%02d:%02dZ", index / 60, index % 60)
  }

  /// The time of fix `index` in FIT seconds (since 1989-12-31T00:00:00Z).
  private static func fitTime(_ index: Int) -> UInt64 { 1_083_481_200 + UInt64(index) }

  private static func semicircles(_ degrees: Double) -> UInt64 {
    UInt64(UInt32(bitPattern: Int32(degrees * 2_147_483_648 / 180)))
  }

  // MARK: - Encoding

  /// `text` for XML text or a quoted attribute: markup characters as entities, control
  /// characters (illegal raw, or invisible) as character references.
  private static func xml(_ text: String) -> String {
    var output = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": output += "&amp;"
      case "<": output += "&lt;"
      case ">": output += "&gt;"
      case "\"": output += "&quot;"
      case "'": output += "&apos;"
      case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
        output += "&#x\(String(scalar.value, radix: 16));"
      default: output.unicodeScalars.append(scalar)
      }
    }
    return output
  }

  /// `text` as a FIT string field: UTF-8 cut at a character boundary to 254 bytes, then NUL.
  private static func fitString(_ text: String) -> (bytes: [UInt8], size: UInt8) {
    var bytes: [UInt8] = []
    for character in text where bytes.count + character.utf8.count <= 254 {
      bytes += character.utf8
    }
    return (bytes + [0], UInt8(bytes.count + 1))
  }

  /// The low `count` bytes of `value`, little-endian.
  private static func le(_ value: UInt64, _ count: Int) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
  }
}

/// Writes a FIT file byte by byte: a 14-byte header, definition and data messages, CRCs.
private struct FITBytesWriter {
  var records: [UInt8] = []

  /// Appends a little-endian definition message; fields are `(number, size, base type)`.
  mutating func define(local: UInt8, global: UInt16, fields: [(UInt8, UInt8, UInt8)]) {
    records += [0x40 | local, 0, 0, UInt8(global & 0xFF), UInt8(global >> 8)]
    records.append(UInt8(fields.count))
    for field in fields { records += [field.0, field.1, field.2] }
  }

  /// Appends a data message with a normal header.
  mutating func data(local: UInt8, _ bytes: [UInt8]) { records += [local] + bytes }

  /// The whole file: header with its CRC, records, file CRC.
  func bytes() -> [UInt8] {
    let size = UInt32(records.count)
    var header: [UInt8] = [14, 0x20, 0x54, 0x08]  // protocol 2.0, profile 21.32
    header += (0..<4).map { UInt8(truncatingIfNeeded: size >> (8 * $0)) }
    header += Array(".FIT".utf8)
    header += Self.le16(Self.crc(header))
    let body = header + records
    return body + Self.le16(Self.crc(body))
  }

  private static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }

  /// The FIT CRC-16, one nibble at a time as the protocol describes it.
  private static func crc(_ bytes: [UInt8]) -> UInt16 {
    let table: [UInt16] = [
      0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401,
      0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400,
    ]
    var crc: UInt16 = 0
    for byte in bytes {
      for nibble in [byte & 0xF, byte >> 4] {
        let tmp = table[Int(crc & 0xF)]
        crc = (crc >> 4) & 0x0FFF
        crc = crc ^ tmp ^ table[Int(nibble)]
      }
    }
    return crc
  }
}
