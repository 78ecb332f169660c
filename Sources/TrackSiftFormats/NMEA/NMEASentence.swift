/// The sentences ``NMEAReader`` uses, decoded; layouts after NMEA 0183 v4.11 and gpsd's
/// "NMEA 0183 Revealed" (https://gpsd.gitlab.io/gpsd/NMEA.html). Any talker is accepted
/// (GP, GN, GL, GA, GB, BD, QZ, ...): a sentence is known by its last three address letters.
enum NMEASentence {
  /// Recommended minimum data: time, status, position, speed, course, date, mode.
  struct RMC {
    var timeOfDaySeconds: Double?
    var isVoid: Bool
    var latitudeDegrees: Double?
    var longitudeDegrees: Double?
    var speedKnots: Double?
    var courseDegrees: Double?
    var dayNumber: Int?
    var kind: NMEASolutionKind?
  }

  /// Fix data: time, position, quality, satellites, HDOP, altitude above mean sea level.
  struct GGA {
    var timeOfDaySeconds: Double?
    var latitudeDegrees: Double?
    var longitudeDegrees: Double?
    var quality: Int?
    var satellitesUsed: Int?
    var horizontalDilution: Double?
    var altitudeMeters: Double?
  }

  /// Multi-constellation fix data: as GGA, with one mode letter per constellation.
  struct GNS {
    var timeOfDaySeconds: Double?
    var latitudeDegrees: Double?
    var longitudeDegrees: Double?
    var isVoid: Bool
    var kind: NMEASolutionKind?
    var satellitesUsed: Int?
    var horizontalDilution: Double?
    var altitudeMeters: Double?
  }

  /// Dilutions and fix mode (1 none, 2 2-D, 3 3-D); untimed.
  struct GSA {
    var fixMode: Int?
    var positionDilution: Double?
    var horizontalDilution: Double?
    var verticalDilution: Double?
  }

  /// Pseudorange error statistics: one-sigma errors of latitude, longitude and altitude in m.
  struct GST {
    var timeOfDaySeconds: Double?
    var latitudeSigmaMeters: Double?
    var longitudeSigmaMeters: Double?
    var altitudeSigmaMeters: Double?
  }

  /// Course and speed over ground; untimed.
  struct VTG {
    var courseDegrees: Double?
    var speedKnots: Double?
    var speedKilometersPerHour: Double?
  }

  /// Time and date.
  struct ZDA {
    var timeOfDaySeconds: Double?
    var dayNumber: Int?
  }

  case rmc(RMC)
  case gga(GGA)
  case gns(GNS)
  case gsa(GSA)
  case gst(GST)
  case vtg(VTG)
  case zda(ZDA)
}
