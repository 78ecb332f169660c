import Foundation
import Testing
import TrackSift
import TrackSiftFormats
import TrackSiftTestSupport

/// Thousands of truncated, bit-flipped and spliced inputs per reader, from seeds fixed in the
/// test: every one is read or refused with the reader's typed error, never a trap. The
/// libFuzzer targets explore further; this keeps the property checked on every change.
@Suite struct ReaderMutationTests {
  /// Small valid inputs of a kind from the shared data (first `limit` bytes of each), or the
  /// given fallback when the shared data is absent.
  static func seeds(_ folder: String, extensions: [String], limit: Int = 6_000, fallback: String)
    -> [[UInt8]]
  {
    var seeds: [[UInt8]] = [Array(fallback.utf8)]
    guard let directory = sharedDataDirectory?.appendingPathComponent(folder),
      let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
    else { return seeds }
    for name in names.sorted()
    where extensions.contains((name as NSString).pathExtension.lowercased()) {
      if let data = FileManager.default.contents(
        atPath: directory.appendingPathComponent(name).path)
      {
        seeds.append(Array(data.prefix(limit)))
      }
    }
    return seeds
  }

  static let gpxSeed = """
    <?xml version="1.0"?><gpx version="1.1" creator="t"><trk><trkseg>
    <trkpt lat="46.5" lon="6.6"><ele>400</ele><time>2024-05-01T07:00:00Z</time></trkpt>
    <trkpt lat="46.5001" lon="6.6001"><time>2024-05-01T07:00:01Z</time></trkpt>
    </trkseg></trk></gpx>
    """

  static let nmeaSeed = """
    $GPRMC,070000.00,A,4630.0000,N,00636.0000,E,1.0,90.0,010524,,,A*6C
    $GPGGA,070000.00,4630.0000,N,00636.0000,E,1,08,0.9,400.0,M,48.0,M,,*54
    $GPRMC,070001.00,A,4630.0010,N,00636.0010,E,1.0,90.0,010524,,,A*6C
    """

  /// Android GnssLogger's wrapping of NMEA sentences: `NMEA,<sentence>,<milliseconds>`.
  static let gnssLoggerSeed = """
    NMEA,$GPGGA,234257.00,3725.590397,N,12210.422534,W,1,24,0.4,51.9,M,-28.4,M,,*63,1699400577561
    NMEA,$GPRMC,234257.00,A,3725.590397,N,12210.422534,W,000.0,,071123,,,A*65,1699400577566
    """

  /// GnssLogger's own `Fix` lines, after their header.
  static let gnssLoggerFixSeed = """
    # Fix,Provider,LatitudeDegrees,LongitudeDegrees,AltitudeMeters,SpeedMps,AccuracyMeters,\
    BearingDegrees,UnixTimeMillis,SpeedAccuracyMps,BearingAccuracyDegrees
    Fix,GPS,37.4235845,-122.0941221,-32.83,0.0,3.79,0.0,1589494247000,0.086,0.0
    Fix,FLP,37.4235845,-122.0941220,-29.19,0.0029,3.9,89.35,1589494248000,0.086,0.0
    """

  /// A speed-sailing logger's columns: a date beside a time of day, and EHPE.
  static let sailingSeed = """
    date,time,hdop,sat,lat,lon,ele,sog,cog,ehpe
    2011-10-18,13:12:26.000,1.2,8,50.5879544,-2.4636702,-3.97,2.62,158.77,1.02
    2011-10-18,13:12:27.000,1.2,8,50.5879294,-2.4636620,-3.87,2.86,175.55,1.01
    """

  /// The GSDC least-squares fixes: GPS time, an HDOP and no accuracy, a row without a solution.
  static let gsdcSeed = """
    Epoch index,GPS Time[s],ECEF X[m],Lat[deg],Lon[deg],Alt[m],PDOP,HDOP,provider
    1,1273529463,-2694936.1,37.4194164687255,-122.094611888307,401.2,2.08,1.02,gps
    2,1273529464,NaN,NaN,NaN,NaN,NaN,NaN,network
    """

  static let csvSeed = """
    time,lat,lon,ele,speed
    2024-05-01T07:00:00Z,46.5,6.6,400,1.0
    2024-05-01T07:00:01Z,46.5001,6.6001,401,1.1
    """

  @Test func gpxReaderSurvivesDamagedInput() {
    var mutator = InputMutator(seed: 1)
    let seeds = Self.seeds("corpus/gpx", extensions: ["gpx"], fallback: Self.gpxSeed)
    var read = 0
    for bytes in mutator.variants(of: seeds, count: 3_000) {
      let lenient = try? GPXReader.read(data: Data(bytes), options: .init(lenient: true))
      #expect(lenient != nil, "lenient reading threw")
      do {
        let document = try GPXReader.read(data: Data(bytes))
        read += 1
        #expect(document.tracks.allSatisfy { $0.fixCount >= 0 })
        #expect(lenient == document)
      } catch {
        #expect(!error.description.isEmpty)
        #expect(lenient?.stoppedAt == error)
      }
    }
    #expect(read > 0)
  }

  @Test func nmeaReaderSurvivesDamagedInput() {
    var mutator = InputMutator(seed: 2)
    let seeds =
      Self.seeds("corpus/nmea-gpsd", extensions: ["log"], fallback: Self.nmeaSeed)
      + [Array(Self.gnssLoggerSeed.utf8)]
    for strict in [false, true] {
      for bytes in mutator.variants(of: seeds, count: 2_000) {
        do {
          let log = try NMEAReader.read(
            data: Data(bytes), options: NMEAReader.Options(strict: strict))
          #expect(log.track.fixCount >= 0)
        } catch {
          #expect(!error.description.isEmpty)
        }
      }
    }
  }

  @Test func gnssLoggerReaderSurvivesDamagedInput() {
    var mutator = InputMutator(seed: 4)
    let seeds =
      Self.seeds(
        "truth/android-gnsslogger-samples/gsdc2021-sample", extensions: ["txt"], limit: 15_000,
        fallback: Self.gnssLoggerFixSeed) + [Array(Self.gnssLoggerSeed.utf8)]
    var fixes = 0
    for strict in [false, true] {
      for bytes in mutator.variants(of: seeds, count: 2_000) {
        do {
          let log = try GnssLoggerReader.read(
            data: Data(bytes), options: .init(strict: strict, sources: Set(FixSource.allCases)))
          fixes += log.track.fixCount
        } catch {
          #expect(!error.description.isEmpty)
        }
      }
    }
    #expect(fixes > 0)
  }

  @Test func csvReaderSurvivesDamagedInput() {
    var mutator = InputMutator(seed: 3)
    let seeds =
      Self.seeds("spikes/gt-31", extensions: ["csv"], limit: 2_000, fallback: Self.csvSeed)
      + [Array(Self.sailingSeed.utf8), Array(Self.gsdcSeed.utf8)]
    var read = 0
    for bytes in mutator.variants(of: seeds, count: 3_000) {
      do {
        _ = try FixCSVReader.read(data: Data(bytes))
        read += 1
      } catch {
        #expect(!error.description.isEmpty)
      }
    }
    #expect(read > 0)
  }
}
