import Foundation
import Testing
import TrackSift
import TrackSiftFormats
import TrackSiftTestSupport

/// The Android GnssLogger samples: a walk whose log interleaves the chip's, the fused and the
/// network provider's fixes, and a GSDC 2021 log with a corrupt record.
@Suite(.enabled(if: sharedDataPresent, "../shared is absent: GnssLogger tests skipped"))
struct GnssLoggerTruthTests {
  static let folder = "truth/android-gnsslogger-samples/"

  @Test func theWalkReadsAsTheChipsFixes() throws {
    let url = try sharedFile(Self.folder + "android-pixel6-walk/pixel6_gnsslogger.txt")
    let log = try GnssLoggerReader.read(contentsOf: url, options: .init(strict: true))
    #expect(log.fixLinesByProvider == ["GPS": 94, "FLP": 95, "NLP": 54])
    #expect(log.mockFixLineCount == 0)
    let fixes = log.track.segments.flatMap(\.fixes)
    #expect(fixes.count == 94)
    #expect(fixes.allSatisfy { $0.source == .satellite && $0.validHorizontalAccuracyMeters != nil })
    let times = fixes.compactMap(\.timeSeconds)
    #expect(times.count == 94 && zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
    // One provider's altitudes: a Pixel's fused altitudes lie about 20 m under its chip's, and
    // mixed they would climb hundreds of meters on a flat walk.
    let analysis = TrackAnalysis(track: log.track, profile: .walking)
    let climb = try #require(analysis.refinedMetrics.elevationGainMeters)
    let descent = try #require(analysis.refinedMetrics.elevationLossMeters)
    #expect(climb + descent < 40, "climb \(climb) m, descent \(descent) m")
  }

  /// Read with every provider, the gate refuses each network fix by its source.
  @Test func networkFixesOfTheWalkAreRefused() throws {
    let url = try sharedFile(Self.folder + "android-pixel6-walk/pixel6_gnsslogger.txt")
    let log = try GnssLoggerReader.read(
      contentsOf: url, options: .init(sources: Set(FixSource.allCases)))
    let fixes = log.track.segments.flatMap(\.fixes)
    #expect(fixes.count == 243)
    let verdicts = TrackAnalysis(track: log.track, profile: .walking).verdicts.flatMap { $0 }
    for (fix, verdict) in zip(fixes, verdicts) where fix.source == .network {
      #expect(verdict == .rejected(.networkSource))
    }
  }

  /// GSDC 2022's measurements file, its least-squares solution in ECEF on every signal's row,
  /// against the survey's positions at the same times (the phone is parked).
  @Test func theGSDC2022SolutionIsReadFromItsECEFColumns() throws {
    let folder = Self.folder + "gsdc2022-sample/"
    let url = try sharedFile(folder + "device_gnss.csv")
    #expect(try ActivityFileFormat.detect(contentsOf: url) == .csv)
    let fixes = try FixCSVReader.read(contentsOf: url).allFixes
    #expect(fixes.count == 6)
    let truth = try FixCSVReader.read(contentsOf: try sharedFile(folder + "ground_truth.csv"))
      .allFixes
    for fix in fixes {
      let reference = try #require(truth.first { $0.timestamp == fix.timestamp })
      let error = Geodesic.distanceMeters(from: fix.coordinate, to: reference.coordinate)
      #expect(error < 5, "\(error) m at \(String(describing: fix.timestamp))")
    }
  }

  @Test func theCorruptRecordOfTheGSDCLogIsSkippedByItsLine() throws {
    let url = try sharedFile(Self.folder + "gsdc2021-sample/Pixel4_GnssLog.txt")
    #expect(try ActivityFileFormat.detect(contentsOf: url) == .gnssLogger)
    let log = try GnssLoggerReader.read(contentsOf: url)
    #expect(
      log.skipped.map(\.description) == [
        "line 88: AltitudeMeters: not a number: \"-29co.199999\""
      ])
    #expect(log.track.fixCount == 2)
    #expect(throws: GnssLoggerError.self) {
      try GnssLoggerReader.read(contentsOf: url, options: .init(strict: true))
    }
  }
}
