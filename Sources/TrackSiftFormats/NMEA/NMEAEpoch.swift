import Foundation
import TrackSift

/// The sentences of one epoch (one UTC time of day) merged into what becomes one ``Fix``.
///
/// Timed sentences (RMC, GGA, GNS, GST, ZDA) open and name an epoch; untimed ones (GSA, VTG)
/// join the epoch being collected, because receivers send them within their output cycle.
struct NMEAEpoch {
  /// Sentence kinds that carry a time (bits of ``timedKinds``).
  enum TimedKind: UInt8 {
    case rmc = 1
    case gga = 2
    case gns = 4
    case gst = 8
    case zda = 16
  }

  /// The UTC time of day named by the epoch's timed sentences, in seconds since midnight.
  var timeOfDaySeconds: Double?
  /// The timed sentence kinds seen; a second sentence of a kind starts a new epoch.
  var timedKinds: UInt8 = 0
  /// True when RMC (status V, mode N), GGA (quality 0) or GNS (all modes N) said "no fix".
  var isVoid = false
  /// Days since 2001-01-01 from RMC or ZDA.
  var dayNumber: Int?

  var ggaPosition: Coordinate?
  var gnsPosition: Coordinate?
  var rmcPosition: Coordinate?
  var altitudeMeters: Double?
  var ggaKind: NMEASolutionKind?
  var gnsKind: NMEASolutionKind?
  var rmcKind: NMEASolutionKind?
  var satellitesUsed: Int?
  var horizontalDilution: Double?
  var gsaHorizontalDilution: Double?
  var positionDilution: Double?
  var verticalDilution: Double?
  var gsaFixMode: Int?
  var rmcSpeedKnots: Double?
  var rmcCourseDegrees: Double?
  var vtgSpeedMetersPerSecond: Double?
  var vtgCourseDegrees: Double?
  var latitudeSigmaMeters: Double?
  var longitudeSigmaMeters: Double?
  var altitudeSigmaMeters: Double?

  /// True when nothing timed has joined yet (only GSA or VTG, or nothing).
  var isOpen: Bool { timedKinds == 0 }

  /// Whether a timed sentence of `kind` at `timeOfDaySeconds` belongs to this epoch.
  func accepts(_ kind: TimedKind, at timeOfDaySeconds: Double?) -> Bool {
    isOpen || (timedKinds & kind.rawValue == 0 && self.timeOfDaySeconds == timeOfDaySeconds)
  }

  /// Adds a timed sentence's time and kind.
  mutating func mark(_ kind: TimedKind, at time: Double?) {
    if isOpen { timeOfDaySeconds = time }
    timedKinds |= kind.rawValue
  }

  /// Merges a decoded sentence into the epoch.
  mutating func merge(_ sentence: NMEASentence) {
    switch sentence {
    case .rmc(let rmc):
      mark(.rmc, at: rmc.timeOfDaySeconds)
      isVoid = isVoid || rmc.isVoid
      dayNumber = rmc.dayNumber ?? dayNumber
      rmcPosition = coordinate(rmc.latitudeDegrees, rmc.longitudeDegrees)
      rmcKind = rmc.kind
      rmcSpeedKnots = rmc.speedKnots
      rmcCourseDegrees = rmc.courseDegrees
    case .gga(let gga):
      mark(.gga, at: gga.timeOfDaySeconds)
      if let quality = gga.quality {
        ggaKind = NMEASolutionKind(ggaQuality: quality)
        isVoid = isVoid || quality == 0
      }
      ggaPosition = coordinate(gga.latitudeDegrees, gga.longitudeDegrees)
      altitudeMeters = gga.altitudeMeters ?? altitudeMeters
      satellitesUsed = gga.satellitesUsed ?? satellitesUsed
      horizontalDilution = gga.horizontalDilution ?? horizontalDilution
    case .gns(let gns):
      mark(.gns, at: gns.timeOfDaySeconds)
      isVoid = isVoid || gns.isVoid
      gnsKind = gns.kind
      gnsPosition = coordinate(gns.latitudeDegrees, gns.longitudeDegrees)
      altitudeMeters = altitudeMeters ?? gns.altitudeMeters
      satellitesUsed = satellitesUsed ?? gns.satellitesUsed
      horizontalDilution = horizontalDilution ?? gns.horizontalDilution
    case .gsa(let gsa):
      // Multi-constellation receivers send one GSA per system with the same dilutions.
      gsaFixMode = gsa.fixMode ?? gsaFixMode
      positionDilution = gsa.positionDilution ?? positionDilution
      gsaHorizontalDilution = gsa.horizontalDilution ?? gsaHorizontalDilution
      verticalDilution = gsa.verticalDilution ?? verticalDilution
    case .gst(let gst):
      mark(.gst, at: gst.timeOfDaySeconds)
      // Zero means "not computed" on receivers that fill GST regardless; a zero vertical
      // accuracy would also mark the altitude invalid.
      latitudeSigmaMeters = positive(gst.latitudeSigmaMeters)
      longitudeSigmaMeters = positive(gst.longitudeSigmaMeters)
      altitudeSigmaMeters = positive(gst.altitudeSigmaMeters)
    case .vtg(let vtg):
      if let kmh = vtg.speedKilometersPerHour {
        vtgSpeedMetersPerSecond = kmh / 3.6
      } else if let knots = vtg.speedKnots {
        vtgSpeedMetersPerSecond = knots * metersPerSecondPerKnot
      }
      vtgCourseDegrees = vtg.courseDegrees ?? vtgCourseDegrees
    case .zda(let zda):
      mark(.zda, at: zda.timeOfDaySeconds)
      dayNumber = dayNumber ?? zda.dayNumber
    }
  }

  /// The fix of this epoch at `timestamp`, or `nil` when the epoch is void or has no position.
  ///
  /// Position from GGA, else GNS, else RMC (GGA and GNS are the fix sentences and often carry
  /// more digits). Speed and course from RMC, else VTG: RMC is timed, while a VTG belongs to
  /// an epoch only by where it stands in the stream.
  func fix(timestamp: Date?) -> Fix? {
    guard !isVoid, let position = ggaPosition ?? gnsPosition ?? rmcPosition else { return nil }
    let kind = ggaKind ?? gnsKind ?? rmcKind
    let hdop = horizontalDilution ?? gsaHorizontalDilution
    var fixType = kind?.fixType
    if fixType == nil {
      switch gsaFixMode {
      case 2: fixType = .twoDimensional
      case 3: fixType = .threeDimensional
      default: break
      }
    }
    var horizontalAccuracy: Double?
    if let latitudeSigmaMeters, let longitudeSigmaMeters {
      // The 2-D RMS of the two one-sigma errors: the radius convention of Fix.
      horizontalAccuracy =
        (latitudeSigmaMeters * latitudeSigmaMeters
        + longitudeSigmaMeters * longitudeSigmaMeters).squareRoot()
    } else if let hdop, hdop > 0, hdop.isFinite,
      let uere = (kind ?? .autonomous).userEquivalentRangeErrorMeters
    {
      // A dilution beyond its bound counts as the bound (FixFieldLimits holds it there).
      horizontalAccuracy = min(hdop, FixFieldLimits.dilution.upperBound) * uere
    }
    return Fix(
      timestamp: timestamp,
      latitudeDegrees: position.latitudeDegrees,
      longitudeDegrees: position.longitudeDegrees,
      altitudeMeters: altitudeMeters,
      horizontalAccuracyMeters: horizontalAccuracy,
      verticalAccuracyMeters: altitudeSigmaMeters,
      speedMetersPerSecond: rmcSpeedKnots.map { $0 * metersPerSecondPerKnot }
        ?? vtgSpeedMetersPerSecond,
      courseDegrees: rmcCourseDegrees ?? vtgCourseDegrees,
      source: (kind ?? .autonomous).source,
      receiver: ReceiverStatus(
        fixType: fixType, satellitesUsed: satellitesUsed, horizontalDilution: hdop,
        verticalDilution: verticalDilution, positionDilution: positionDilution))
  }

  private func coordinate(_ latitude: Double?, _ longitude: Double?) -> Coordinate? {
    guard let latitude, let longitude else { return nil }
    return Coordinate(latitudeDegrees: latitude, longitudeDegrees: longitude)
  }

  private func positive(_ value: Double?) -> Double? {
    guard let value, value > 0 else { return nil }
    return value
  }
}

/// One international knot (1852 m per hour) in meters per second.
let metersPerSecondPerKnot = 1_852.0 / 3_600.0
