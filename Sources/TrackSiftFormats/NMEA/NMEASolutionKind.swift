import TrackSift

/// The kind of solution a sentence declares: GGA's quality indicator, GNS's and RMC's mode
/// letters (NMEA 0183 v2.3 and later), mapped to what a ``Fix`` can say.
enum NMEASolutionKind: Sendable, Hashable {
  /// GGA 1, mode A: a stand-alone GNSS fix.
  case autonomous
  /// GGA 2, mode D: differential corrections (DGPS or SBAS).
  case differential
  /// GGA 3, mode P: precise (military P(Y)-code) positioning.
  case precise
  /// GGA 4, mode R: carrier-phase RTK with fixed integer ambiguities.
  case realTimeKinematicFixed
  /// GGA 5, mode F: carrier-phase RTK with float ambiguities.
  case realTimeKinematicFloat
  /// GGA 6, mode E: estimated, that is dead reckoning or extrapolation without satellites.
  case estimated
  /// GGA 7, mode M: a position typed in by hand.
  case manual
  /// GGA 8, mode S: a simulator.
  case simulated

  /// The kind for a GGA quality indicator; `nil` for 0 (invalid) and unknown values.
  init?(ggaQuality: Int) {
    switch ggaQuality {
    case 1: self = .autonomous
    case 2: self = .differential
    case 3: self = .precise
    case 4: self = .realTimeKinematicFixed
    case 5: self = .realTimeKinematicFloat
    case 6: self = .estimated
    case 7: self = .manual
    case 8: self = .simulated
    default: return nil
    }
  }

  /// The kind for a mode letter of GNS, RMC or VTG; `nil` for N (no fix) and unknown letters.
  init?(modeLetter: UInt8) {
    switch modeLetter {
    case UInt8(ascii: "A"): self = .autonomous
    case UInt8(ascii: "D"): self = .differential
    case UInt8(ascii: "P"): self = .precise
    case UInt8(ascii: "R"): self = .realTimeKinematicFixed
    case UInt8(ascii: "F"): self = .realTimeKinematicFloat
    case UInt8(ascii: "E"): self = .estimated
    case UInt8(ascii: "M"): self = .manual
    case UInt8(ascii: "S"): self = .simulated
    default: return nil
    }
  }

  /// Rank when GNS gives one letter per constellation: the best solution among them wins.
  var rank: Int {
    switch self {
    case .realTimeKinematicFixed: 8
    case .realTimeKinematicFloat: 7
    case .precise: 6
    case .differential: 5
    case .autonomous: 4
    case .estimated: 3
    case .manual: 2
    case .simulated: 1
    }
  }

  /// The fix type this kind implies; `nil` when only GSA's 2-D/3-D can say. RTK is a
  /// (carrier-phase) differential technique, and ``ReceiverStatus/FixType`` has no RTK case.
  var fixType: ReceiverStatus.FixType? {
    switch self {
    case .differential, .realTimeKinematicFixed, .realTimeKinematicFloat: .differential
    case .precise: .precise
    case .autonomous, .estimated, .manual, .simulated: nil
    }
  }

  /// Where a fix of this kind came from. Estimated and manual positions are not satellite
  /// measurements, so they are ``FixSource/unknown``: not trusted for maximum speed.
  var source: FixSource {
    switch self {
    case .autonomous, .differential, .precise, .realTimeKinematicFixed,
      .realTimeKinematicFloat:
      .satellite
    case .estimated, .manual: .unknown
    case .simulated: .simulated
    }
  }

  /// The one-sigma user-equivalent range error (UERE) in meters that turns HDOP into a
  /// horizontal accuracy (2-D RMS = HDOP × UERE); `nil` when HDOP says nothing about the
  /// position (estimated, manual, simulated).
  ///
  /// - Autonomous and precise: 5 m, the core's ``ReceiverStatus/autonomousRangeErrorMeters``
  ///   (the one figure the pipeline also applies to a fix with only an HDOP). gpsd's error model assumes 15 m at 95 % per unit of HDOP
  ///   for autonomous fixes (`H_UERE_NO_DGPS`), 7.5 m as a 2-D RMS (95 % ≈ 2 DRMS); the
  ///   project's error model (ERROR-MODEL.md) puts open-sky receivers at 3-5 m 2-D RMS with
  ///   HDOP near 1. 5 m is the upper end of the second, below gpsd's older-receiver figure.
  /// - Differential (DGPS, SBAS): 1.25 m, a quarter of autonomous, the ratio gpsd uses
  ///   (`H_UERE_WITH_DGPS` 3.75 m against 15 m).
  /// - RTK float: 0.5 m; RTK fixed: 0.05 m: decimetre and centimetre level, the usual class of
  ///   receiver specifications, kept conservative because DOP ignores multipath.
  var userEquivalentRangeErrorMeters: Double? {
    switch self {
    case .autonomous, .precise: ReceiverStatus.autonomousRangeErrorMeters
    case .differential: 1.25
    case .realTimeKinematicFloat: 0.5
    case .realTimeKinematicFixed: 0.05
    case .estimated, .manual, .simulated: nil
    }
  }
}
