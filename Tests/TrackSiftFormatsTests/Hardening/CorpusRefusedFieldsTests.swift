import Foundation
import Testing
import TrackSift
import TrackSiftTestSupport

@testable import TrackSiftFormats

/// The physical ranges leave real recordings alone: every file of ../shared/data is read with
/// no value out of range, except those listed here (checked one by one).
@Suite(.enabled(if: sharedDataPresent, "../shared is absent: corpus tests skipped"))
struct CorpusRefusedFieldsTests {
  /// Files with values out of range, and what is refused.
  static let expected: [String: RefusedFieldCounts] = [
    // 30 rows the logger wrote without a fix (fix 0, 0 satellites, ehpe 1,940-2,307 m), their
    // altitudes down to -2,829 m.
    "spikes/motion-mini/more/DUN813ROB_813_20231013_094502.csv": RefusedFieldCounts([
      .altitude: 30
    ])
  ]

  /// The refused fields of the file at `url`, or `nil` for a file no reader takes.
  static func refusedFields(_ url: URL) -> RefusedFieldCounts? {
    guard let format = try? ActivityFileFormat.detect(contentsOf: url) else { return nil }
    switch format {
    case .gpx:
      return try? GPXReader.read(contentsOf: url, options: .init(lenient: true)).refusedFieldCounts
    case .tcx:
      return try? TCXReader.read(contentsOf: url, options: .init(lenient: true)).refusedFieldCounts
    case .fit:
      return try? FITReader.read(contentsOf: url, options: .init(lenient: true)).refusedFieldCounts
    case .nmea: return try? NMEAReader.read(contentsOf: url).refusedFieldCounts
    case .csv: return try? FixCSVReader.readLog(contentsOf: url).refusedFieldCounts
    case .gnssLogger: return try? GnssLoggerReader.read(contentsOf: url).refusedFieldCounts
    case .geojson: return try? GeoJSONReader.read(contentsOf: url).refusedFieldCounts
    }
  }

  @Test func realRecordingsKeepTheirValues() throws {
    let root = try #require(sharedDataDirectory)
    let paths = (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? [])
      .sorted()
    var read = 0
    for path in paths {
      let url = root.appendingPathComponent(path)
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
        !isDirectory.boolValue, let refused = Self.refusedFields(url)
      else { continue }
      read += 1
      #expect(refused == Self.expected[path] ?? RefusedFieldCounts(), "\(path): \(refused)")
    }
    #expect(read >= 200, "only \(read) files read")
  }
}
