/// The columns of a CSV file of fixes that ``FixCSVReader`` understands.
enum FixCSVColumn: Hashable {
  case time, date, timeMilliseconds, gpsTime, gpsTimeMilliseconds, latitude, longitude, segment
  case satellites, provider
  /// The motion a cleaned file writes with each point (`CleanedMotion`).
  case motion
  /// A plain number of the fix: altitude, accuracies, speed, course, dilutions, sensors.
  case number(FixNumber)
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
      self = .number(.altitude)
    case "accuracy", "horizontalaccuracy", "hacc", "accuracymeters", "horizontalaccuracymeters",
      "ehpe":
      self = .number(.horizontalAccuracy)
    case "verticalaccuracy", "vacc", "verticalaccuracymeters": self = .number(.verticalAccuracy)
    case "speedaccuracy", "sacc", "speedaccuracymeterspersecond", "speedaccuracymps", "ehve":
      self = .number(.speedAccuracy)
    case "courseaccuracy", "bearingaccuracy", "courseaccuracydegrees", "bearingaccuracydegrees":
      self = .number(.courseAccuracy)
    case "speed", "speedmps", "sog", "speedmeterspersecond": self = .number(.speed)
    case "course", "bearing", "heading", "cog", "coursedegree", "coursedegrees",
      "bearingdegrees":
      self = .number(.course)
    case "hr", "heartrate", "heartratebpm": self = .number(.heartRate)
    case "cad", "cadence": self = .number(.cadence)
    case "power", "watts", "powerwatts": self = .number(.power)
    case "temperature", "temp", "atemp": self = .number(.temperature)
    case "segment", "seg", "segmentindex": self = .segment
    case "hdop": self = .number(.horizontalDilution)
    case "vdop": self = .number(.verticalDilution)
    case "pdop": self = .number(.positionDilution)
    case "sat", "sats", "satellites": self = .satellites
    case "provider", "source": self = .provider
    case "motion": self = .motion
    case "wlspositionxecefmeters", "ecefx", "ecefxmeters": self = .ecefX
    case "wlspositionyecefmeters", "ecefy", "ecefymeters": self = .ecefY
    case "wlspositionzecefmeters", "ecefz", "ecefzmeters": self = .ecefZ
    default: return nil
    }
  }
}
