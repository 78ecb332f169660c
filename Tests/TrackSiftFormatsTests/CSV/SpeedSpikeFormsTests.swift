import Foundation
import Testing
import TrackSift
import TrackSiftSimulation
import TrackSiftTestSupport

@testable import TrackSiftFormats

/// Every speed-sailing log of `../shared/data/spikes` in the three forms files come in: as read
/// (with the receiver's accuracy fields), as GPX with only `hdop`, `sat`, speed and course, and
/// with positions, times and speeds only (as many watch files are). The forms are made from
/// the read track by clearing fields. Each file's highest speed is its labelled spike
/// (`labels.tsv`, the upstream READMEs); `analyze`'s default profile (running) must keep it
/// out of every trusted speed and the refined maximum, and keep every genuine speed.
@Suite(.enabled(if: sharedDataPresent, "../shared is absent: speed spike form tests skipped"))
struct SpeedSpikeFormsTests {
  /// The genuine top speeds of the four logs that SpeedSailingCSVTests pins (m/s).
  static let genuineTops = [
    "gt-31/206MALLMAN_113200495_20111018_131156.csv": 18.26,
    "gt-31/Jenki36Paul_932000540_20171015_095602.csv": 5.13,
    "gt-31/WSWAFOUR_932000173_20121009_092850.csv": 18.6,
    "motion-mini/CON113GAR_635_20221016_145222.csv": 14.1,
  ]

  /// Every log: the four of SpeedSailingCSVTests and the 24 of `motion-mini/more`.
  static let paths: [String] = {
    var paths = genuineTops.keys.sorted()
    if let directory = sharedDataDirectory?.appendingPathComponent("spikes/motion-mini/more"),
      let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
    {
      paths += names.filter { $0.hasSuffix(".csv") }.sorted().map { "motion-mini/more/" + $0 }
    }
    return paths
  }()

  /// The genuine rows of `labels.tsv` by file name (m/s).
  static func genuineRows() throws -> [String: [Double]] {
    let url = try sharedFile("spikes/motion-mini/more/labels.tsv")
    var rows: [String: [Double]] = [:]
    for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n").dropFirst() {
      let fields = line.split(separator: "\t").map(String.init)
      guard fields.count >= 3, fields[1] == "genuine", let speed = Double(fields[2]) else {
        continue
      }
      rows[fields[0], default: []].append(speed)
    }
    return rows
  }

  @Test func everyLogIsThere() throws {
    #expect(Self.paths.count == 28)
    #expect(try Self.genuineRows().values.reduce(0) { $0 + $1.count } == 3)
  }

  @Test(arguments: paths, SpikeLogForm.allCases)
  func spikeLeavesAndGenuineSpeedsStay(path: String, form: SpikeLogForm) throws {
    let url = try sharedFile("spikes/" + path)
    let track = form.stripped(try FixCSVReader.read(contentsOf: url))
    // The labelled spike: the file's highest speed (its first fix at that speed).
    var spike: (segment: Int, index: Int, speed: Double)?
    for (segment, fixes) in track.segments.enumerated() {
      for (index, fix) in fixes.fixes.enumerated() {
        if let speed = fix.speedMetersPerSecond, speed > spike?.speed ?? -1 {
          spike = (segment, index, speed)
        }
      }
    }
    let labelled = try #require(spike)
    let analysis = TrackAnalysis(track: track, profile: .running)
    try check(track, analysis, labelled, path: path, name: "\(path) (\(form.rawValue))")
  }

  private func check(
    _ track: Track, _ analysis: TrackAnalysis,
    _ labelled: (segment: Int, index: Int, speed: Double),
    path: String, name: String
  ) throws {
    // Absent from every trusted speed and from the maximum.
    #expect(!analysis.speedVerdicts[labelled.segment][labelled.index].isTrusted, "\(name)")
    for (segment, fixes) in track.segments.enumerated() {
      for (index, fix) in fixes.fixes.enumerated()
      where analysis.speedVerdicts[segment][index].isTrusted {
        #expect(fix.speedMetersPerSecond != labelled.speed, "\(name): trusted spike at \(index)")
      }
    }
    let maximum = try #require(analysis.refinedMetrics.maximumSpeedMetersPerSecond)
    #expect(maximum < labelled.speed - 0.01, "\(name): refined maximum \(maximum) m/s")
    // Genuine speeds kept within 5 %.
    let fileName = URL(fileURLWithPath: path).lastPathComponent
    for genuine in try Self.genuineRows()[fileName] ?? [] {
      #expect(maximum >= 0.95 * genuine, "\(name): maximum \(maximum), genuine \(genuine)")
    }
    if let top = Self.genuineTops[path] {
      #expect(abs(maximum - top) <= 0.05 * top, "\(name): maximum \(maximum), genuine top \(top)")
    }
  }

  /// Logs whose spike left a tail of high speeds among fixes the gate accepted, given as
  /// positions, times and speeds only and analysed as `tracksift eval` does (cycling): the
  /// speeds decaying for 4.4 s after a signal loss (CHI822DYL, MCC802MAR) and those ramping
  /// between position outliers (JEN806JEN) stay out of the maximum, and so do those of a
  /// receiver whose solution jitters after a signal loss (BUL841JAM's island at 40 m/s,
  /// MAR694EDD's 8-9 m/s, TRU803JOE's 12-19 m/s): the maximum is the genuine top
  /// (`tracksift eval`'s spike table) within 5 %.
  @Test(arguments: [
    ("CHI822DYL_822_20231007_103210.csv", 7.94), ("MCC802MAR_802_20231012_112026.csv", 12.14),
    ("JEN806JEN_806_20231007_092710.csv", 7.93), ("BUL841JAM_841_20231012_095438.csv", 15.0),
    ("MAR694EDD_694_20231010_104834.csv", 4.38), ("TRU803JOE_803_20231007_092248.csv", 11.13),
  ])
  func aSpikesTailStaysOutOfTheMaximum(name: String, genuineTop: Double) throws {
    let url = try sharedFile("spikes/motion-mini/more/" + name)
    let track = SpikeLogForm.positionsTimesSpeeds.stripped(try FixCSVReader.read(contentsOf: url))
    let maximum = try #require(
      TrackAnalysis(track: track, profile: .cycling).refinedMetrics.maximumSpeedMetersPerSecond)
    #expect(maximum <= genuineTop * 1.05, "\(name): \(maximum) m/s")
    #expect(maximum >= genuineTop * 0.95, "\(name): \(maximum) m/s")
  }
}
