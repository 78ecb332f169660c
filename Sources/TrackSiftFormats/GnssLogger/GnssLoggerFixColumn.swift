/// The columns of a GnssLogger `Fix` line that ``GnssLoggerReader`` reads.
enum GnssLoggerFixColumn: Int, CaseIterable {
  case provider, latitude, longitude, altitude, speed, accuracy, bearing, time
  case speedAccuracy, bearingAccuracy, verticalAccuracy, mockLocation

  /// The columns of logs before version 3, which may have no `# Fix,...` header line.
  static let version2Layout: [GnssLoggerFixColumn?] = [
    .provider, .latitude, .longitude, .altitude, .speed, .accuracy, .bearing, .time,
    .speedAccuracy, .bearingAccuracy,
  ]

  /// The column a header name gives, in any case, or `nil` for columns the reader ignores
  /// (`elapsedRealtimeNanos`, `NumberOfUsedSignals`, ...).
  init?(header: String) {
    switch header.lowercased() {
    case "provider": self = .provider
    case "latitudedegrees": self = .latitude
    case "longitudedegrees": self = .longitude
    case "altitudemeters": self = .altitude
    case "speedmps": self = .speed
    case "accuracymeters": self = .accuracy
    case "bearingdegrees": self = .bearing
    case "unixtimemillis": self = .time
    case "speedaccuracymps": self = .speedAccuracy
    case "bearingaccuracydegrees": self = .bearingAccuracy
    case "verticalaccuracymeters": self = .verticalAccuracy
    case "mocklocation": self = .mockLocation
    default: return nil
    }
  }

  /// The name the log's header gives the column.
  var header: String {
    switch self {
    case .provider: "Provider"
    case .latitude: "LatitudeDegrees"
    case .longitude: "LongitudeDegrees"
    case .altitude: "AltitudeMeters"
    case .speed: "SpeedMps"
    case .accuracy: "AccuracyMeters"
    case .bearing: "BearingDegrees"
    case .time: "UnixTimeMillis"
    case .speedAccuracy: "SpeedAccuracyMps"
    case .bearingAccuracy: "BearingAccuracyDegrees"
    case .verticalAccuracy: "VerticalAccuracyMeters"
    case .mockLocation: "MockLocation"
    }
  }
}
