/// The columns of a GnssLogger `Fix` line that ``GnssLoggerReader`` reads.
enum GnssLoggerFixColumn: Int, CaseIterable {
  case provider, latitude, longitude, altitude, speed, accuracy, bearing, time
  case speedAccuracy, bearingAccuracy, verticalAccuracy, mockLocation

  /// The columns of logs before version 3, which may have no `# Fix,...` header line.
  static let version2Layout: [GnssLoggerFixColumn?] = [
    .provider, .latitude, .longitude, .altitude, .speed, .accuracy, .bearing, .time,
    .speedAccuracy, .bearingAccuracy,
  ]

  /// The column a header name gives (``header``, in any case), or `nil` for columns the
  /// reader ignores (`elapsedRealtimeNanos`, `NumberOfUsedSignals`, ...).
  init?(header: String) {
    let name = header.lowercased()
    guard let column = Self.allCases.first(where: { $0.header.lowercased() == name }) else {
      return nil
    }
    self = column
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
