import ArgumentParser
import Foundation
import TrackSift
import TrackSiftSimulation

/// `tracksift demo`: a simulated city run with every kind of trouble, measured raw and by
/// TrackSift against the truth.
struct DemoCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "demo",
    abstract: "Simulate a troubled city run, analyse it and compare raw and cleaned figures "
      + "with the truth.")

  @Option(parsing: .unconditional, help: "Seed of the simulation.")
  var seed: UInt64 = 1

  func run() throws {
    let recording = ScenarioSimulator(configuration: Self.scenario(seed: seed)).run()
    let evaluationCase = EvaluationCase(recording: recording)
    let pipelines: [EvaluatedPipeline] = [.raw, .runningApp, .trackSiftLive, .trackSiftRefined]
    let cards = evaluationCase.scored(pipelines)
    let analysis = TrackAnalysis(track: recording.track, profile: .running)
    let counts = analysis.verdictCounts
    print(
      "A simulated \(recording.configuration.durationSeconds / 60)-minute run in an urban canyon, "
        + "phone in hand: \(Formatting.fixes(recording.track.fixCount)) with a cached "
        + "first fix, network fixes before lock, a tunnel, spikes, ramps, stops at lights, "
        + "Doppler glitches and bad timestamps.")
    print(
      "TrackSift accepted \(Formatting.count(counts.acceptedCount)), refused "
        + "\(Formatting.count(counts.rejectedCount)): "
        + counts.rejections.map { "\($0.reason.code) \(Formatting.count($0.count))" }.joined(
          separator: ", "))
    print("")
    var rows: [[String]] = [["", "truth"] + pipelines.map(\.name)]
    rows.append(
      ["Distance", Formatting.distance(recording.truthDistanceMeters)]
        + cards.map { card in
          card.distanceErrorPercent.map {
            Formatting.distance(recording.truthDistanceMeters * (1 + $0 / 100))
          } ?? "-"
        })
    rows.append(
      ["Distance error", ""] + cards.map { Self.percent($0.distanceErrorPercent) })
    rows.append(
      ["Moving time error", Formatting.duration(recording.truthMovingTimeSeconds)]
        + cards.map { Self.percent($0.movingTimeErrorPercent) })
    rows.append(
      ["Distance while stopped", "0 m/min"]
        + cards.map {
          $0.stoppedDistanceMetersPerMinute.map { String(format: "%.1f m/min", $0) } ?? "-"
        })
    rows.append(
      ["Position error p95", "0 m"]
        + cards.map { $0.horizontalErrorP95Meters.map { String(format: "%.1f m", $0) } ?? "-" })
    rows.append(
      ["Spikes > 30 m caught", "\(cards.first?.spikeCount ?? 0)"]
        + cards.map { $0.spikeRecallPercent.map { String(format: "%.0f %%", $0) } ?? "-" })
    rows.append(
      ["Launch: shown over true", "0 m/s"]
        + cards.map {
          $0.launchOvershootMetersPerSecond.map { String(format: "%+.1f m/s", $0) } ?? "-"
        })
    print(Formatting.table(rows))
  }

  /// The troubled run: urban canyon, phone, a tunnel, a cached start.
  static func scenario(seed: UInt64) -> ScenarioConfiguration {
    var configuration = ScenarioConfiguration(
      environment: .urbanCanyon, device: .phone, platform: .iOS, activity: .running,
      route: .streetGrid, durationSeconds: 2_700, seed: seed)
    configuration.cachedStartProbability = 1
    configuration.tunnels = [900...990]
    return configuration
  }

  private static func percent(_ value: Double?) -> String {
    value.map { String(format: "%+.1f %%", $0) } ?? "-"
  }
}
