import Foundation
import Testing
import TrackSift
import TrackSiftSimulation

@testable import TrackSiftEvaluation

/// The real-data suite of `tracksift eval` finds every recording it scores in
/// `../shared/data`, and a missing file fails it with the file's path.
@Suite struct RealDataCorpusTests {
  @Test(.enabled(if: CommandRunner.sharedData != nil, "../shared is absent"))
  func everyCaseIsFound() throws {
    let all = try RealDataCorpus.cases(in: try #require(CommandRunner.sharedData))
    let cases = all.filter {
      if case .climb(_, _, _, _, .corpusDevice) = $0 { return false }
      return true
    }
    #expect(cases.count == RealDataCorpus.expectedCount)
    // The readers' FIT test files whose sessions record 10 m of ascent or more.
    #expect((all.count - cases.count) >= 15, "\(all.count - cases.count) corpus climbs")
    #expect(Set(cases.map(\.name)).count == cases.count)
    var drives = 0
    var loops = 0
    var paired = 0
    var races = 0
    var climbs = 0
    var surveyed = 0
    var labels: [SpikeLabel] = []
    for item in cases {
      switch item {
      case .drive(_, let track, let reference, _):
        drives += 1
        #expect(track.fixCount > 1_000 && reference.count > 1_000)
      case .loop(_, let track):
        loops += 1
        #expect(track.fixCount > 500)
      case .pairedDevice(_, _, let track, let activity, let total, let zeroSpeed):
        paired += 1
        #expect(track.fixCount > 4_000 && total > 5_000)
        // Every watch odometer of the pairs runs while its speed reads 0: 268-541 m.
        #expect((250...600).contains(zeroSpeed ?? 0))
        #expect(activity == .walking)
      case .race(_, _, _, let total):
        races += 1
        #expect(abs(total - 10_010.82) < 0.01)
      case .climb(_, let track, _, let ascent, let reference):
        climbs += 1
        surveyed += reference == .survey ? 1 : 0
        // The drives' survey references climb 17 and 35 m on Mountain View's flat streets.
        #expect(track.fixCount > 400 && ascent > (reference == .survey ? 10 : 30))
      case .spikeLog(let track, let label):
        labels.append(label)
        #expect(track.fixCount > 300)
        // Every spike is the log's highest speed, and well above its genuine top.
        let highest = track.allFixes.compactMap(\.validSpeedMetersPerSecond).max() ?? 0
        #expect(abs(highest - label.spikeMetersPerSecond) < 0.02, "\(label.file): \(highest)")
        #expect(
          label.spikeMetersPerSecond > label.genuineTopMetersPerSecond * 1.2, "\(label.file)")
      }
    }
    #expect(drives == 3 && loops == 2 && paired == 4 && races == 1 && labels.count == 28)
    #expect(climbs == 8 && surveyed == 2)
    // The labelled genuine rows of labels.tsv, and the fastest fix with a speed accuracy
    // under 1 m/s elsewhere (WIL112DAV's car at 20.37 m/s).
    let tops = Dictionary(labels.map { ($0.file, $0.genuineTopMetersPerSecond) }) { a, _ in a }
    #expect(tops["CAR109MAR_631_20221021_100410.csv"] == 21.23)
    #expect(tops["VAS821STA_821_20231007_092648.csv"] == 22.39)
    #expect(tops["WIL112DAV_634_20221019_133720.csv"].map { abs($0 - 20.37) < 0.01 } == true)
  }

  @Test func aMissingFileFailsWithItsPath() throws {
    let folder = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect {
      try RealDataCorpus.cases(in: folder)
    } throws: { error in
      "\(error)".contains(
        folder.appendingPathComponent("truth/gsdc2021-mtv-2020-05-14-pixel4-wls/goGPS_WLS.csv")
          .path)
    }
  }

  @Test func theCleanedFileIsReadBackAsWritten() throws {
    let fixes = (0..<3).map {
      Fix(
        timestamp: Date(timeIntervalSinceReferenceDate: Double($0)), latitudeDegrees: 50,
        longitudeDegrees: -2 + Double($0) * 0.0001, speedMetersPerSecond: 7)
    }
    let track = Track(name: "t", segments: [Segment(fixes: fixes)])
    let read = try RealDataCorpus.asWrittenGPX(track)
    #expect(read.allFixes == fixes)
  }

  @Test func analyzePrintsTheBestWindows() throws {
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let sample = directory.appendingPathComponent("ride.gpx").path
    let simulate = try CommandRunner.run([
      "simulate", "--seed", "2", "--activity", "cycling", "-o", sample,
    ])
    #expect(simulate.status == 0, "\(simulate.standardError)")
    let result = try CommandRunner.run(["analyze", sample, "--json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    for figures in ["live", "refined"] {
      let metrics = try #require(object[figures] as? [String: Any])
      let maximum = try #require(metrics["maximumSpeedMetersPerSecond"] as? Double)
      let bestTwo = try #require(metrics["bestTwoSecondSpeedMetersPerSecond"] as? Double)
      let bestTen = try #require(metrics["bestTenSecondSpeedMetersPerSecond"] as? Double)
      #expect(bestTen <= bestTwo && bestTwo <= maximum && bestTen > 1, "\(figures)")
    }
    let text = try CommandRunner.run(["analyze", sample])
    #expect(text.standardOutput.contains("Best 2 s "))
  }
}
