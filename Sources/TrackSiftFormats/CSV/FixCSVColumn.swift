/// The columns of a CSV file of fixes that ``FixCSVReader`` understands.
enum FixCSVColumn: Hashable {
  case time, date, timeMilliseconds, gpsTime, gpsTimeMilliseconds, latitude, longitude, altitude
  case horizontalAccuracy
  case verticalAccuracy, speed, course, speedAccuracy, courseAccuracy
  case heartRate, cadence, power, temperature, segment
  case horizontalDilution, verticalDilution, positionDilution, satellites, provider
  /// A position in Earth-centred, Earth-fixed meters, read where a file has no latitude and
  /// longitude (the GSDC 2022 `device_gnss.csv` files' least-squares solution).
  case ecefX, ecefY, ecefZ

  /// The column a header names, or `nil` for columns the reader ignores (such as `distance`).
  ///
  /// Matching ignores case, spaces, `_` and `-`, and a unit in brackets or parentheses
  /// (`Heart Rate [bpm]`, `speed (m/s)`).
  init?(header: Substring) {
    var key = ""
    var skipping = false
    for character in header.lowercased() {
      switch character {
      case "[", "(": skipping = true
      case "]", ")": skipping = false
      case " ", "_", "-", "\"": break
      default: if !skipping { key.append(character) }
      }
    }
    switch key {
    case "time", "timestamp", "datetime", "utc", "unixtime": self = .time
    case "date", "utcdate": self = .date
    case "unixtimemillis", "utctimemillis", "timestampms", "timemillis": self = .timeMilliseconds
    case "gpstime", "gpsseconds": self = .gpsTime
    case "millissincegpsepoch", "gpstimemillis", "gpsmillis": self = .gpsTimeMilliseconds
    case "lat", "latitude", "latdeg", "latitudedegrees", "positionlat": self = .latitude
    case "lon", "lng", "long", "longitude", "londeg", "lngdeg", "longitudedegrees", "positionlong":
      self = .longitude
    case "ele", "alt", "altitude", "elevation", "altitudemeters", "altitudem", "elevationm":
      self = .altitude
    case "accuracy", "horizontalaccuracy", "hacc", "accuracymeters", "horizontalaccuracymeters",
      "ehpe":
      self = .horizontalAccuracy
    case "verticalaccuracy", "vacc", "verticalaccuracymeters": self = .verticalAccuracy
    case "speedaccuracy", "sacc", "speedaccuracymeterspersecond", "speedaccuracymps", "ehve":
      self = .speedAccuracy
    case "courseaccuracy", "bearingaccuracy", "courseaccuracydegrees", "bearingaccuracydegrees":
      self = .courseAccuracy
    case "speed", "speedmps", "sog", "speedmeterspersecond": self = .speed
    case "course", "bearing", "heading", "cog", "coursedegree", "coursedegrees",
      "bearingdegrees":
      self = .course
    case "hr", "heartrate", "heartratebpm": self = .heartRate
    case "cad", "cadence": self = .cadence
    case "power", "watts", "powerwatts": self = .power
    case "temperature", "temp", "atemp": self = .temperature
    case "segment", "seg", "segmentindex": self = .segment
    case "hdop": self = .horizontalDilution
    case "vdop": self = .verticalDilution
    case "pdop": self = .positionDilution
    case "sat", "sats", "satellites": self = .satellites
    case "provider", "source": self = .provider
    case "wlspositionxecefmeters", "ecefx", "ecefxmeters": self = .ecefX
    case "wlspositionyecefmeters", "ecefy", "ecefymeters": self = .ecefY
    case "wlspositionzecefmeters", "ecefz", "ecefzmeters": self = .ecefZ
    default: return nil
    }
  }

  /// The numeric field of a fix the column holds, or `nil` for one read on its own (times,
  /// position, satellites, provider, segment).
  var fixNumber: FixNumber? {
    switch self {
    case .altitude: .altitude
    case .horizontalAccuracy: .horizontalAccuracy
    case .verticalAccuracy: .verticalAccuracy
    case .speed: .speed
    case .course: .course
    case .speedAccuracy: .speedAccuracy
    case .courseAccuracy: .courseAccuracy
    case .heartRate: .heartRate
    case .cadence: .cadence
    case .power: .power
    case .temperature: .temperature
    case .horizontalDilution: .horizontalDilution
    case .verticalDilution: .verticalDilution
    case .positionDilution: .positionDilution
    case .time, .date, .timeMilliseconds, .gpsTime, .gpsTimeMilliseconds, .latitude, .longitude,
      .segment, .satellites, .provider, .ecefX, .ecefY, .ecefZ:
      nil
    }
  }
}
