import Foundation
import TrackSift

/// Reads an Android GnssLogger log (Google's app for raw GNSS measurements, which also wrote
/// the Google Smartphone Decimeter Challenge logs) into a `Track`.
///
/// Each `Fix` line is one location a provider of the phone delivered: `GPS` (the GNSS chip's
/// own solution) becomes `FixSource.satellite`, `FLP` (the fused provider)
/// `FixSource.fused`, `NLP` (cell and Wi-Fi) `FixSource.network`, any other (such as `GT`,
/// a ground truth written in the same form) `FixSource.unknown` (see
/// ``TrackSift/FixSource/init(providerName:)``). GnssLogger records every
/// provider at once; the track holds the best one's fixes (the chip's when there are any),
/// or those of the sources ``Options/sources`` names, providers interleaved as the phone
/// delivered them, in one segment. Judging them is the `FixGate`'s job (most presets refuse
/// network fixes; a fused fix at a GPS fix's time is a duplicate).
///
/// The columns are those the log's `# Fix,...` header line names (version 3 logs add
/// `elapsedRealtimeNanos`, `VerticalAccuracyMeters` and more); without one, version 2's
/// order: `Provider, LatitudeDegrees, LongitudeDegrees, AltitudeMeters, SpeedMps,
/// AccuracyMeters, BearingDegrees, UnixTimeMillis, SpeedAccuracyMps, BearingAccuracyDegrees`.
/// Values are Android's `Location`'s: `AccuracyMeters` is a 68 % radius, the `Fix`
/// convention as it is; altitude is above the WGS 84 ellipsoid; `UnixTimeMillis` is the fix
/// time. An empty field is unknown. Older logs write 0 for what a location lacks: a zero
/// speed, bearing or vertical accuracy is unknown, and so is a zero speed or bearing whose
/// accuracy is zero. `Fix` lines flagged `MockLocation` are left out unless
/// ``Options/includesMockLocations`` asks for them.
///
/// A log without `Fix` lines (location logging off) gives the fixes of its `NMEA` lines, read
/// as ``NMEAReader`` reads them. Every other line (`Raw`, `Status`, sensors, comments) is
/// passed over. A `Fix` line with a field that is not a number, or without a position, is
/// skipped and recorded (lenient, the default) or thrown (``Options/strict``): GnssLogger
/// writes no checksum, so a corrupt field leaves the whole line in doubt.
///
/// Values out of their physical range are refused and counted (``FixFieldLimits``,
/// ``GnssLoggerLog/refusedFieldCounts``).
///
/// - Complexity: O(n) in the size of the log; memory is the fixes.
public enum GnssLoggerReader {
  /// Reads the GnssLogger log at `url`.
  ///
  /// The file is memory-mapped and the pages already read are given back as the reader goes;
  /// another process must not truncate the file meanwhile.
  /// - Throws: ``GnssLoggerError`` when the file cannot be read, or for the first bad line in
  ///   strict mode.
  public static func read(contentsOf url: URL, options: Options = .init())
    throws(GnssLoggerError) -> GnssLoggerLog
  {
    let file: MappedFile
    do {
      file = try MappedFile(path: url.path)
    } catch {
      throw GnssLoggerError(reason: "cannot read \(url.path): \(error.message)", line: 0)
    }
    return try parse(file.bytes, options: options, onConsumed: file.releasePages(before:))
  }

  /// Reads a GnssLogger log from the bytes of a file.
  /// - Throws: ``GnssLoggerError`` for the first bad line in strict mode.
  public static func read(data: Data, options: Options = .init()) throws(GnssLoggerError)
    -> GnssLoggerLog
  {
    let result = data.withUnsafeBytes { bytes in
      Result { () throws(GnssLoggerError) -> GnssLoggerLog in
        try parse(bytes, options: options, onConsumed: nil)
      }
    }
    return try result.get()
  }

  /// Reads a GnssLogger log from text.
  /// - Throws: ``GnssLoggerError`` for the first bad line in strict mode.
  public static func read(string: String, options: Options = .init()) throws(GnssLoggerError)
    -> GnssLoggerLog
  {
    try read(data: Data(string.utf8), options: options)
  }

  private static func parse(
    _ bytes: UnsafeRawBufferPointer, options: Options, onConsumed: ((Int) -> Void)?
  ) throws(GnssLoggerError) -> GnssLoggerLog {
    var parser = GnssLoggerParser(options: options)
    try LineScanner.forEachLine(in: bytes, onConsumed: onConsumed) {
      (line, number) throws(GnssLoggerError) in try parser.handle(line, line: number)
    }
    return parser.finish()
  }
}
