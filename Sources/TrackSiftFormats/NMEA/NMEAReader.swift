import Foundation
import TrackSift

/// Reads NMEA 0183 logs (RMC, GGA, GNS, GSA, GST, VTG, ZDA from any talker) into fixes.
///
/// **Epochs.** The sentences that share one UTC time of day form an epoch, and each epoch with
/// a valid position gives one `Fix`. Timed sentences (RMC, GGA, GNS, GST, ZDA) open an epoch;
/// a new time, or a second sentence of a kind already seen, closes it. Untimed sentences (GSA,
/// VTG) join the epoch being collected. An epoch is void, and gives no fix, when any of its
/// sentences says so: RMC status `V` or mode `N`, GGA quality 0, GNS modes all `N`.
///
/// **Fields.** Position from GGA, else GNS, else RMC. Altitude is GGA's (or GNS's) altitude
/// above mean sea level, as the sentence gives it; the geoid separation is not added. Speed
/// (knots to m/s) and true course from RMC, else VTG (km/h preferred to knots). Satellites and
/// HDOP from GGA or GNS, else HDOP from GSA; PDOP, VDOP and 2-D/3-D from GSA. Fix type:
/// differential for GGA quality 2, 4, 5 (DGPS, RTK fixed, RTK float; GNS modes D, R, F),
/// precise for quality 3, else GSA's 2-D or 3-D. Source: `FixSource.satellite` for qualities
/// 1-5, `FixSource.unknown` for 6 (estimated, dead reckoning) and 7 (manual input; some
/// phones write it for their own fixes), `FixSource.simulated` for 8.
///
/// **Accuracy.** With a GST, `horizontalAccuracyMeters` is √(σlat² + σlon²), the 2-D RMS of
/// the one-sigma latitude and longitude errors (the radius convention of `Fix`), and
/// `verticalAccuracyMeters` is the altitude σ. Without one, horizontal accuracy is an
/// *estimate*, HDOP × UERE, with a one-sigma user-equivalent range error of 5 m for autonomous
/// fixes, 1.25 m for DGPS/SBAS, 0.5 m for RTK float and 0.05 m for RTK fixed (derived from
/// gpsd's error model and the project's ERROR-MODEL.md); estimated, manual and simulated fixes
/// get none. Vertical accuracy is never derived from VDOP.
///
/// **Time.** A fix's time comes from its sentences only: the time of day of the epoch on the
/// date of the last RMC or ZDA (a date is carried to later epochs, and a time of day more than
/// 12 hours earlier than the previous one is taken as the next day). The fixes before the
/// first date take it, counted back the same way (a receiver writes GGA from its first fix
/// but some date RMC later); with ``Options/referenceDate``, its day is used instead. A log
/// with no date at all and no reference date gives untimed fixes, counted in
/// ``NMEALog/undatedFixCount``: a made-up date would be a wrong one. RMC two-digit years 80-99
/// are 1980-1999, 00-79 are 2000-2079.
///
/// **Android GnssLogger.** A line `NMEA,<sentence>,<milliseconds since 1970>`, as GnssLogger
/// writes it, is read as its sentence; the logger's own time is not used.
///
/// **Bad lines.** Lines starting with `#` and blank lines are ignored; unknown sentence types
/// (GSV, GLL, proprietary `$P...`, `!AIVDM`) are counted and passed over. A wrong checksum, a
/// missing `$`, a byte that is not printable ASCII, a field that is not a value of its kind or
/// a sentence with too few fields is skipped and recorded (lenient, the default) or thrown
/// (``Options/strict``). A missing checksum is accepted.
///
/// Values out of their physical range are refused and counted (``FixFieldLimits``,
/// ``NMEALog/refusedFieldCounts``).
///
/// - Complexity: O(n) in the size of the log; memory is the fixes plus one epoch (and, for
///   ``forEachFix(contentsOf:options:_:)``, the fixes before the first date).
public enum NMEAReader {
  /// Reads the NMEA log at `url`.
  ///
  /// The file is memory-mapped and the pages already read are given back as the reader goes;
  /// another process must not truncate the file meanwhile.
  /// - Throws: ``NMEAError`` when the file cannot be read, or for the first bad line in strict
  ///   mode.
  public static func read(contentsOf url: URL, options: Options = .init()) throws(NMEAError)
    -> NMEALog
  {
    let file = try map(url)
    var builder = TrackBuilder()
    var log = try parse(file.bytes, options: options, onConsumed: file.releasePages(before:)) {
      builder.add($0, startsSegment: $1)
    }
    log.track = builder.track
    return log
  }

  /// Reads an NMEA log from the bytes of a file.
  /// - Throws: ``NMEAError`` for the first bad line in strict mode.
  public static func read(data: Data, options: Options = .init()) throws(NMEAError) -> NMEALog {
    let result = data.withUnsafeBytes { bytes in
      Result { () throws(NMEAError) -> NMEALog in
        var builder = TrackBuilder()
        var log = try parse(bytes, options: options, onConsumed: nil) {
          builder.add($0, startsSegment: $1)
        }
        log.track = builder.track
        return log
      }
    }
    return try result.get()
  }

  /// Reads an NMEA log from text.
  /// - Throws: ``NMEAError`` for the first bad line in strict mode.
  public static func read(string: String, options: Options = .init()) throws(NMEAError)
    -> NMEALog
  {
    try read(data: Data(string.utf8), options: options)
  }

  /// Calls `body` with each fix of the NMEA log at `url`, in order, without keeping them:
  /// memory stays bounded however long the log is.
  ///
  /// - Parameters:
  ///   - url: the file; it is memory-mapped as in ``read(contentsOf:options:)``.
  ///   - options: as for ``read(contentsOf:options:)``.
  ///   - body: receives each fix.
  /// - Returns: the log with an empty track (``NMEALog/fixCount`` counts the fixes given).
  /// - Throws: ``NMEAError`` when the file cannot be read, or for the first bad line in strict
  ///   mode; `body` has seen every fix before that line.
  @discardableResult
  public static func forEachFix(
    contentsOf url: URL, options: Options = .init(), _ body: (Fix) -> Void
  ) throws(NMEAError) -> NMEALog {
    let file = try map(url)
    return try parse(file.bytes, options: options, onConsumed: file.releasePages(before:)) {
      fix, _ in body(fix)
    }
  }

  private static func parse(
    _ bytes: UnsafeRawBufferPointer, options: Options, onConsumed: ((Int) -> Void)?,
    _ emit: (Fix, Bool) -> Void
  ) throws(NMEAError) -> NMEALog {
    var parser = NMEAParser(options: options)
    try parser.parse(bytes, onConsumed: onConsumed, emit: emit)
    return parser.log
  }

  private static func map(_ url: URL) throws(NMEAError) -> MappedFile {
    do {
      return try MappedFile(path: url.path)
    } catch {
      throw NMEAError(reason: "cannot read \(url.path): \(error.message)", line: 0)
    }
  }

  /// Collects fixes into segments.
  private struct TrackBuilder {
    var track = Track()

    mutating func add(_ fix: Fix, startsSegment: Bool) {
      if startsSegment || track.segments.isEmpty { track.segments.append(Segment()) }
      track.segments[track.segments.count - 1].fixes.append(fix)
    }
  }
}
