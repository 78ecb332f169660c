import Foundation

/// The elements that the GPX reader acts on, recognised by their local name (namespace prefixes
/// differ between writers: `gpxtpx:hr`, `ns3:hr`, `hr`).
enum GPXElementKind: UInt8 {
  // Structure.
  case other, gpx, metadata, name, track, trackSegment, trackPoint, route, routePoint, waypoint
  case extensions
  // Point values of GPX 1.0 and 1.1 (`speed` and `course` are GPX 1.0, or Garmin's v2 extension).
  case elevation, time, horizontalDilution, verticalDilution, positionDilution, satellites
  case fixType, speed, course
  // Garmin TrackPointExtension (`hr`, `cad`, `atemp`), power (`power`, `PowerInWatts`), and
  // TrackSift's `heartRate` and `cadence` for values Garmin's integer types cannot hold.
  case heartRate, cadence, airTemperature, power
  // TrackSift's own extension (see `GPXWriter`).
  case horizontalAccuracy, verticalAccuracy, speedAccuracy, courseAccuracy, source, arrivalTime

  /// True for elements whose text the reader uses.
  var holdsValue: Bool { self == .name || rawValue >= GPXElementKind.elevation.rawValue }

  /// True for `trkpt`, `rtept` and `wpt`.
  var isPoint: Bool { self == .trackPoint || self == .routePoint || self == .waypoint }

  /// True for values that are children of the point itself rather than of its extensions.
  var isPointChild: Bool {
    rawValue >= GPXElementKind.elevation.rawValue && rawValue <= GPXElementKind.course.rawValue
  }

  /// The kind named by `localName`, or `.other`.
  init(localName name: UnsafeRawBufferPointer) {
    @inline(__always) func equals(_ literal: StaticString) -> Bool {
      literal.utf8CodeUnitCount == name.count
        && memcmp(name.baseAddress!, literal.utf8Start, name.count) == 0
    }
    guard !name.isEmpty else {
      self = .other
      return
    }
    switch name.count {
    case 2: self = equals("hr") ? .heartRate : .other
    case 3:
      if equals("ele") {
        self = .elevation
      } else if equals("trk") {
        self = .track
      } else if equals("rte") {
        self = .route
      } else if equals("wpt") {
        self = .waypoint
      } else if equals("sat") {
        self = .satellites
      } else if equals("fix") {
        self = .fixType
      } else if equals("cad") {
        self = .cadence
      } else if equals("gpx") {
        self = .gpx
      } else {
        self = .other
      }
    case 4:
      if equals("time") {
        self = .time
      } else if equals("name") {
        self = .name
      } else if equals("hdop") {
        self = .horizontalDilution
      } else if equals("vdop") {
        self = .verticalDilution
      } else if equals("pdop") {
        self = .positionDilution
      } else {
        self = .other
      }
    case 5:
      if equals("trkpt") {
        self = .trackPoint
      } else if equals("rtept") {
        self = .routePoint
      } else if equals("speed") {
        self = .speed
      } else if equals("atemp") {
        self = .airTemperature
      } else if equals("power") {
        self = .power
      } else {
        self = .other
      }
    case 6:
      if equals("trkseg") {
        self = .trackSegment
      } else if equals("course") {
        self = .course
      } else if equals("source") {
        self = .source
      } else {
        self = .other
      }
    case 7: self = equals("cadence") ? .cadence : .other
    case 8: self = equals("metadata") ? .metadata : .other
    case 9: self = equals("heartRate") ? .heartRate : .other
    case 10: self = equals("extensions") ? .extensions : .other
    case 11: self = equals("arrivalTime") ? .arrivalTime : .other
    case 12: self = equals("PowerInWatts") ? .power : .other
    case 13: self = equals("speedAccuracy") ? .speedAccuracy : .other
    case 14: self = equals("courseAccuracy") ? .courseAccuracy : .other
    case 16: self = equals("verticalAccuracy") ? .verticalAccuracy : .other
    case 18: self = equals("horizontalAccuracy") ? .horizontalAccuracy : .other
    default: self = .other
    }
  }

  /// What this element means under `parent`: known names in the wrong place mean nothing.
  /// - Parameter inPointExtensions: whether the element lies inside a point's `extensions`.
  func resolved(under parent: GPXElementKind, inPointExtensions: Bool) -> GPXElementKind {
    switch self {
    case .metadata, .track, .route, .waypoint: return parent == .gpx ? self : .other
    case .name:
      switch parent {
      case .gpx, .metadata, .track, .route, .waypoint: return self
      default: return .other
      }
    case .trackSegment: return parent == .track ? self : .other
    case .trackPoint: return parent == .trackSegment ? self : .other
    case .routePoint: return parent == .route ? self : .other
    case .extensions: return parent.isPoint ? self : .other
    case .speed, .course:
      return parent.isPoint || inPointExtensions ? self : .other
    case .elevation, .time, .horizontalDilution, .verticalDilution, .positionDilution,
      .satellites, .fixType:
      return parent.isPoint ? self : .other
    case .heartRate, .cadence, .airTemperature, .power, .horizontalAccuracy, .verticalAccuracy,
      .speedAccuracy, .courseAccuracy, .source, .arrivalTime:
      return inPointExtensions ? self : .other
    case .gpx, .other: return .other
    }
  }
}
