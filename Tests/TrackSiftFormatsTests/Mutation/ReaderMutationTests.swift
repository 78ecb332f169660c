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
      do {
        let document = try GPXReader.read(data: Data(bytes))
        read += 1
        #expect(document.tracks.allSatisfy { $0.fixCount >= 0 })
      } catch {
        #expect(!error.description.isEmpty)
      }
    }
    #expect(read > 0)
  }

  @Test func nmeaReaderSurvivesDamagedInput() {
    var mutator = InputMutator(seed: 2)
    let seeds = Self.seeds("corpus/nmea-gpsd", extensions: ["log"], fallback: Self.nmeaSeed)
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

  @Test func csvReaderSurvivesDamagedInput() {
    var mutator = InputMutator(seed: 3)
    for bytes in mutator.variants(of: [Array(Self.csvSeed.utf8)], count: 3_000) {
      do {
        _ = try FixCSVReader.read(data: Data(bytes))
      } catch {
        #expect(!error.description.isEmpty)
      }
    }
  }
}
