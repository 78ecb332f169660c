import Foundation

/// The elements that the GPX reader acts on, recognised by their local name (namespace prefixes
/// differ between writers: `gpxtpx:hr`, `ns3:hr`, `hr`).
enum GPXElementKind: UInt8 {
  // Structure.
  case other, gpx, metadata, name, track, trackSegment, trackPoint, route, routePoint, waypoint
  case extensions
  // Descriptive text of the file, a track or a waypoint, recognised only under those (see
  // `init(descriptiveName:under:)`): `desc`, GPX 1.1 `link` with its `text`, GPX 1.0 `url`
  // and `urlname`, and a track's `type` (its sport, as the writer names it).
  case link, description, linkText, url, urlName, activityType
  // Point values of GPX 1.0 and 1.1 (`speed` and `course` are GPX 1.0, or Garmin's v2 extension).
  case elevation, time, horizontalDilution, verticalDilution, positionDilution, satellites
  case fixType, speed, course
  // Garmin TrackPointExtension (`hr`, `cad`, `atemp`), power (`power`, `PowerInWatts`), and
  // TrackSift's `heartRate` and `cadence` for values Garmin's integer types cannot hold.
  case heartRate, cadence, airTemperature, power
  // TrackSift's own extension (see `GPXWriter`).
  case horizontalAccuracy, verticalAccuracy, speedAccuracy, courseAccuracy, source, arrivalTime
  case motion

  /// True for elements whose text the reader uses.
  var holdsValue: Bool { self == .name || rawValue >= GPXElementKind.description.rawValue }

  /// True for the elements whose children may be descriptive text: the root (GPX 1.0),
  /// `metadata`, `trk`, `wpt` and `link`.
  var holdsDescriptiveText: Bool {
    switch self {
    case .gpx, .metadata, .track, .waypoint, .link: true
    default: false
    }
  }

  /// True for `trkpt`, `rtept` and `wpt`.
  var isPoint: Bool { self == .trackPoint || self == .routePoint || self == .waypoint }

  /// True for values that are children of the point itself rather than of its extensions.
  var isPointChild: Bool {
    rawValue >= GPXElementKind.elevation.rawValue && rawValue <= GPXElementKind.course.rawValue
  }

  /// The kind named by `localName`, or `.other`.
  init(localName name: UnsafeRawBufferPointer) {
    // The length picks the few names to compare, most frequent first.
    switch name.count {
    case 2: self = Self.matches(name, "hr") ? .heartRate : .other
    case 3: self = Self.kind(threeLetters: name)
    case 4: self = Self.kind(fourLetters: name)
    case 5: self = Self.kind(fiveLetters: name)
    case 6: self = Self.kind(sixLetters: name)
    case 7: self = Self.matches(name, "cadence") ? .cadence : .other
    case 8: self = Self.matches(name, "metadata") ? .metadata : .other
    case 9: self = Self.matches(name, "heartRate") ? .heartRate : .other
    case 10: self = Self.matches(name, "extensions") ? .extensions : .other
    case 11: self = Self.matches(name, "arrivalTime") ? .arrivalTime : .other
    case 12: self = Self.matches(name, "PowerInWatts") ? .power : .other
    case 13: self = Self.matches(name, "speedAccuracy") ? .speedAccuracy : .other
    case 14: self = Self.matches(name, "courseAccuracy") ? .courseAccuracy : .other
    case 16: self = Self.matches(name, "verticalAccuracy") ? .verticalAccuracy : .other
    case 18: self = Self.matches(name, "horizontalAccuracy") ? .horizontalAccuracy : .other
    default: self = .other
    }
  }

  /// The descriptive-text kind named by `localName` under `parent`, or `.other`. Kept apart
  /// from `init(localName:)`, so that the names of a point's children are compared with no
  /// more literals than before.
  init(descriptiveName name: UnsafeRawBufferPointer, under parent: GPXElementKind) {
    switch parent {
    case .gpx:
      self = Self.kind(
        name, among: [("desc", .description), ("url", .url), ("urlname", .urlName)])
    case .metadata: self = Self.kind(name, among: [("desc", .description), ("link", .link)])
    case .track:
      self = Self.kind(
        name,
        among: [
          ("desc", .description), ("link", .link), ("url", .url), ("urlname", .urlName),
          ("type", .activityType),
        ])
    case .waypoint: self = Self.kind(name, among: [("desc", .description)])
    case .link: self = Self.kind(name, among: [("text", .linkText)])
    default: self = .other
    }
  }

  private static func kind(
    _ name: UnsafeRawBufferPointer, among candidates: [(StaticString, GPXElementKind)]
  ) -> GPXElementKind {
    candidates.first { matches(name, $0.0) }?.1 ?? .other
  }

  @inline(__always)
  private static func kind(threeLetters name: UnsafeRawBufferPointer) -> GPXElementKind {
    if matches(name, "ele") { return .elevation }
    if matches(name, "trk") { return .track }
    if matches(name, "rte") { return .route }
    if matches(name, "wpt") { return .waypoint }
    if matches(name, "sat") { return .satellites }
    if matches(name, "fix") { return .fixType }
    if matches(name, "cad") { return .cadence }
    if matches(name, "gpx") { return .gpx }
    return .other
  }

  @inline(__always)
  private static func kind(fourLetters name: UnsafeRawBufferPointer) -> GPXElementKind {
    if matches(name, "time") { return .time }
    if matches(name, "name") { return .name }
    if matches(name, "hdop") { return .horizontalDilution }
    if matches(name, "vdop") { return .verticalDilution }
    if matches(name, "pdop") { return .positionDilution }
    return .other
  }

  @inline(__always)
  private static func kind(fiveLetters name: UnsafeRawBufferPointer) -> GPXElementKind {
    if matches(name, "trkpt") { return .trackPoint }
    if matches(name, "rtept") { return .routePoint }
    if matches(name, "speed") { return .speed }
    if matches(name, "atemp") { return .airTemperature }
    if matches(name, "power") { return .power }
    return .other
  }

  @inline(__always)
  private static func kind(sixLetters name: UnsafeRawBufferPointer) -> GPXElementKind {
    if matches(name, "trkseg") { return .trackSegment }
    if matches(name, "course") { return .course }
    if matches(name, "source") { return .source }
    if matches(name, "motion") { return .motion }
    return .other
  }

  /// Whether `name`, which is not empty, spells `literal`.
  @inline(__always)
  private static func matches(_ name: UnsafeRawBufferPointer, _ literal: StaticString) -> Bool {
    literal.utf8CodeUnitCount == name.count
      && memcmp(name.baseAddress!, literal.utf8Start, name.count) == 0
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
      .speedAccuracy, .courseAccuracy, .source, .arrivalTime, .motion:
      return inPointExtensions ? self : .other
    case .gpx, .other, .link, .description, .linkText, .url, .urlName, .activityType:
      return .other
    }
  }
}
