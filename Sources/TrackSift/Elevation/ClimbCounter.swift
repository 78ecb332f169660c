/// Counts the refined climb over the segments of a track: the chosen altitudes' gain and loss,
/// and each source's on its own.
struct ClimbCounter {
  /// Whether a terrain model is given; without one the chosen altitudes are the device's, and
  /// are counted once.
  let hasTerrainModel: Bool
  private var chosenWithTerrain = ElevationAccumulator()
  /// Device altitudes the smoother left out of the chosen climb as spikes.
  private(set) var chosenSpikeCount = 0
  private var bySource: [ClimbSource: ElevationAccumulator] = [:]
  private var fixCounts: [ClimbSource: Int] = [:]
  private var chosenCounts: [ClimbSource: Int] = [:]
  private var deviceKeptCount = 0

  init(hasTerrainModel: Bool) {
    self.hasTerrainModel = hasTerrainModel
  }

  /// Adds one segment's altitudes; `times` are its accepted fixes' times.
  mutating func add(_ series: ClimbSeries, deviceSource: ClimbSource, times: [Double?]) {
    if hasTerrainModel { Self.count(series.chosen, times: times, into: &chosenWithTerrain) }
    chosenSpikeCount +=
      series.chosenSources.contains(deviceSource) ? series.device?.spikeCount ?? 0 : 0
    for source in series.chosenSources { if let source { chosenCounts[source, default: 0] += 1 } }
    deviceKeptCount += series.deviceKeptCount
    for (source, own) in [(deviceSource, series.device), (.terrainModel, series.terrain)] {
      guard let own else { continue }
      Self.count(own, times: times, into: &bySource[source, default: ElevationAccumulator()])
      fixCounts[source, default: 0] += own.altitudesMeters.count { $0 != nil }
    }
  }

  private static func count(
    _ series: ClimbSeries.Series, times: [Double?], into accumulator: inout ElevationAccumulator
  ) {
    accumulator.breakSegment()
    let runStarts = series.runStarts.sorted()
    var nextRun = 0
    for (position, altitude) in series.altitudesMeters.enumerated() {
      if nextRun < runStarts.count, runStarts[nextRun] == position {
        accumulator.breakSegment()
        nextRun += 1
      }
      accumulator.add(
        altitudeMeters: altitude, timeSeconds: times[position],
        deadBandMeters: series.deadBandsMeters[position])
    }
  }

  /// The chosen altitudes' climb.
  var chosen: ElevationAccumulator {
    hasTerrainModel ? chosenWithTerrain : bySource.values.first ?? ElevationAccumulator()
  }

  /// The summary of everything added.
  var summary: ClimbSummary {
    let source = chosenCounts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
    let sources = bySource.keys.sorted().map { source in
      let accumulator = bySource[source]!
      return ClimbSummary.SourceFigures(
        source: source, gainMeters: accumulator.gainMeters, lossMeters: accumulator.lossMeters,
        fixCount: fixCounts[source] ?? 0)
    }
    return ClimbSummary(source: source, sources: sources, deviceKeptFixCount: deviceKeptCount)
  }
}
