/// Counts the refined climb over the segments of a track: the chosen altitudes' gain and loss,
/// and each source's on its own.
struct ClimbCounter {
  /// Whether a terrain model is given; without one the chosen altitudes are the device's, and
  /// are counted once.
  let hasTerrainModel: Bool
  private var chosenWithTerrain = SwingCounter()
  /// Device altitudes the smoother left out of the chosen climb as spikes.
  private(set) var chosenSpikeCount = 0
  private var bySource: [ClimbSource: SwingCounter] = [:]
  private var fixCounts: [ClimbSource: Int] = [:]
  private var chosenCounts: [ClimbSource: Int] = [:]
  private var deviceKeptCount = 0
  private var isAnchored = false

  init(hasTerrainModel: Bool) {
    self.hasTerrainModel = hasTerrainModel
  }

  /// Adds one segment's altitudes.
  mutating func add(_ series: ClimbSeries) {
    let deviceSource = series.deviceSource
    if hasTerrainModel {
      Self.count(series.chosen, countsChange: series.countsChange, into: &chosenWithTerrain)
    }
    chosenSpikeCount +=
      series.chosenSources.contains(deviceSource) ? series.device?.spikeCount ?? 0 : 0
    // Counted in locals first: a dictionary update per fix costs a hash each.
    var (terrain, barometer, gnss) = (0, 0, 0)
    for case let source? in series.chosenSources {
      switch source {
      case .terrainModel: terrain += 1
      case .barometer: barometer += 1
      case .gnss: gnss += 1
      }
    }
    for (source, count) in [
      (ClimbSource.terrainModel, terrain), (.barometer, barometer), (.gnss, gnss),
    ] where count > 0 {
      chosenCounts[source, default: 0] += count
    }
    deviceKeptCount += series.deviceKeptCount
    isAnchored = isAnchored || series.isAnchoredToTerrain
    for (source, own) in [(deviceSource, series.device), (.terrainModel, series.terrain)] {
      guard let own else { continue }
      Self.count(
        own, countsChange: series.countsChange, into: &bySource[source, default: SwingCounter()])
      fixCounts[source, default: 0] += own.altitudesMeters.count { $0 != nil }
    }
  }

  private static func count(
    _ series: ClimbSeries.Series, countsChange: [Bool], into accumulator: inout SwingCounter
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
        altitudeMeters: altitude, deadBandMeters: series.deadBandsMeters[position],
        isMoving: countsChange[position])
    }
  }

  /// The chosen altitudes' climb.
  var chosen: SwingCounter {
    hasTerrainModel ? chosenWithTerrain : bySource.values.first ?? SwingCounter()
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
    return ClimbSummary(
      source: source, sources: sources, deviceKeptFixCount: deviceKeptCount,
      isAnchoredToTerrainModel: isAnchored)
  }
}
