import Testing

@testable import TrackSiftFormats

private func kind(_ name: String) -> GPXElementKind {
  var name = name
  return name.withUTF8 { GPXElementKind(localName: UnsafeRawBufferPointer($0)) }
}

/// Every local name the GPX reader knows, and names beside them that it does not.
@Suite struct GPXElementKindTests {
  @Test(arguments: [
    ("hr", GPXElementKind.heartRate), ("ele", .elevation), ("trk", .track), ("rte", .route),
    ("wpt", .waypoint), ("sat", .satellites), ("fix", .fixType), ("cad", .cadence),
    ("gpx", .gpx), ("time", .time), ("name", .name), ("hdop", .horizontalDilution),
    ("vdop", .verticalDilution), ("pdop", .positionDilution), ("trkpt", .trackPoint),
    ("rtept", .routePoint), ("speed", .speed), ("atemp", .airTemperature), ("power", .power),
    ("trkseg", .trackSegment), ("course", .course), ("source", .source),
    ("cadence", .cadence), ("metadata", .metadata), ("heartRate", .heartRate),
    ("extensions", .extensions), ("arrivalTime", .arrivalTime), ("PowerInWatts", .power),
    ("speedAccuracy", .speedAccuracy), ("courseAccuracy", .courseAccuracy),
    ("verticalAccuracy", .verticalAccuracy), ("horizontalAccuracy", .horizontalAccuracy),
  ])
  func namesItsKind(name: String, expected: GPXElementKind) {
    #expect(kind(name) == expected)
  }

  @Test(arguments: [
    "", "h", "HR", "el", "elev", "Time", "trkpts", "rtep", "sources", "cadenc", "metadat",
    "heartrate", "extension", "arrivaltime", "PowerInWatt", "speedaccuracy", "courseAccuracyX",
    "verticalAccurac", "horizontalAccuracy2", "link",
  ])
  func otherNamesAreOther(name: String) {
    #expect(kind(name) == .other)
  }
}
