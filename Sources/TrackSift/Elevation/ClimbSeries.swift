/// One segment's altitudes as the refined climb counts them: each source's smoothed altitudes
/// and dead bands, and the series chosen from them, position by position.
///
/// With a barometer and a terrain model, the chosen series is the barometer's held to the
/// terrain's level (see ``anchored(_:to:inputs:configuration:)``). Otherwise it is the terrain
/// model's where it covers the route, except where the device
/// disagrees with it steadily (a bridge, a tunnel: see
/// ``ClimbConfiguration/bridgeDisagreementMeters``), and the device's elsewhere. Device
/// altitudes that stand in for the terrain model are moved onto its datum by their median
/// difference from it (a GNSS altitude above the ellipsoid sits tens of meters off a DEM's
/// mean sea level), so switching source adds no climb.
struct ClimbSeries {
  /// What the climb needs of one accepted fix.
  struct Input {
    var timeSeconds: Double?
    /// The refined position.
    var coordinate: Coordinate
    /// Distance along the refined route, in meters.
    var distanceMeters: Double
    /// The fix's valid altitude, if any.
    var altitudeMeters: Double?
    var verticalAccuracyMeters: Double?
    var horizontalAccuracyMeters: Double?
    /// Whether the wearer moved over the interval ending at this fix (the refined stops).
    var isMoving: Bool
  }

  /// One source's altitudes over the segment, one per accepted fix.
  struct Series {
    var altitudesMeters: [Double?]
    var deadBandsMeters: [Double]
    /// The noise each altitude was smoothed with, in meters (0 where none).
    var sigmasMeters: [Double] = []
    var runStarts: Set<Int>
    /// Altitudes the smoother left out as spikes (see ``VerticalSmoother``).
    var spikeCount = 0
  }

  /// Where the device's altitudes come from (see ``AltitudeNoise/source``).
  let deviceSource: ClimbSource
  /// The device's altitudes, smoothed; `nil` without any.
  var device: Series?
  /// The terrain model's elevations, smoothed; `nil` without a model or where it covers none.
  var terrain: Series?
  /// The altitudes the climb is counted on.
  var chosen: Series
  /// The source of each chosen altitude.
  var chosenSources: [ClimbSource?]
  /// How many accepted fixes took the device's altitude where the terrain model had one.
  var deviceKeptCount = 0
  /// Whether the chosen series is the barometer's held to the terrain model's level.
  var isAnchoredToTerrain = false
  /// Whether each position's altitude change counts as climb: `false` where the wearer stood
  /// (see ``ClimbConfiguration/holdsAltitudeWhileStopped``).
  var countsChange: [Bool]

  init(
    _ inputs: [Input], noise: AltitudeNoise, elevationModel: (any ElevationModel)?,
    configuration: ClimbConfiguration
  ) {
    let deviceSource = noise.source
    self.deviceSource = deviceSource
    countsChange = inputs.map { $0.isMoving || !configuration.holdsAltitudeWhileStopped }
    let device = Self.deviceSeries(
      inputs, source: deviceSource, noise: noise, configuration: configuration)
    let terrain = elevationModel.flatMap {
      Self.terrainSeries(inputs, model: $0, configuration: configuration)
    }
    self.device = device
    self.terrain = terrain
    guard let terrain else {
      chosen =
        device
        ?? Series(
          altitudesMeters: Array(repeating: nil, count: inputs.count),
          deadBandsMeters: Array(repeating: 0, count: inputs.count), runStarts: [])
      chosenSources = chosen.altitudesMeters.map { $0 == nil ? nil : deviceSource }
      return
    }
    if let device, deviceSource == .barometer {
      chosen = Self.anchored(device, to: terrain, inputs: inputs, configuration: configuration)
      chosenSources = chosen.altitudesMeters.map { $0 == nil ? nil : deviceSource }
      isAnchoredToTerrain = true
      return
    }
    let kept = device.map {
      Self.deviceKept(inputs, device: $0, terrain: terrain, configuration: configuration)
    }
    var chosen = terrain
    var sources: [ClimbSource?] = terrain.altitudesMeters.map { $0 == nil ? nil : .terrainModel }
    if let device, let kept {
      chosen.runStarts.formUnion(device.runStarts)
      var isKept = [Bool](repeating: false, count: inputs.count)
      for position in kept.positions { isKept[position] = true }
      for position in inputs.indices
      where isKept[position] || terrain.altitudesMeters[position] == nil {
        guard let altitude = device.altitudesMeters[position] else { continue }
        if terrain.altitudesMeters[position] != nil { deviceKeptCount += 1 }
        chosen.altitudesMeters[position] = altitude - kept.offsetMeters
        chosen.deadBandsMeters[position] = device.deadBandsMeters[position]
        sources[position] = deviceSource
      }
    }
    self.chosen = chosen
    chosenSources = sources
  }

  /// The noise each device altitude is smoothed with, in meters.
  private static func deviceSigmaMeters(
    _ input: Input, source: ClimbSource, noise: AltitudeNoise,
    configuration: ClimbConfiguration
  ) -> Double {
    if source == .barometer {
      return noise.sigmaMeters(floorMeters: configuration.barometricSigmaFloorMeters)
    }
    if let accuracy = input.verticalAccuracyMeters, accuracy > 0 { return accuracy }
    return noise.sigmaMeters(floorMeters: configuration.gnssSigmaFloorMeters)
  }

  private static func deviceSeries(
    _ inputs: [Input], source: ClimbSource, noise: AltitudeNoise,
    configuration: ClimbConfiguration
  ) -> Series? {
    guard inputs.contains(where: { $0.altitudeMeters != nil }) else { return nil }
    let sigmas = inputs.map {
      deviceSigmaMeters($0, source: source, noise: noise, configuration: configuration)
    }
    let smoothed: VerticalSmoother.Result
    var deadBandMeters = configuration.barometricDeadBandMeters
    if source == .gnss {
      // The ground, parted from the receiver's wander; what white noise the smoother leaves
      // (an unfiltered fix's altitude jitters by meters) is held off by a band as wide.
      let white = noise.sigmaMeters(floorMeters: configuration.gnssSigmaFloorMeters)
      deadBandMeters = max(configuration.gnssDeadBandMeters, white)
      smoothed = Self.smoothed(
        inputs, altitudeMeters: { inputs[$0].altitudeMeters },
        sample: {
          GNSSAltitudeSmoother.Sample(
            timeSeconds: $1, distanceMeters: inputs[$0].distanceMeters, altitudeMeters: $2,
            wanderSigmaMeters: configuration.gnssWanderSigmaMeters(
              verticalAccuracyMeters: inputs[$0].verticalAccuracyMeters,
              horizontalAccuracyMeters: inputs[$0].horizontalAccuracyMeters),
            whiteSigmaMeters: white)
        },
        smooth: { GNSSAltitudeSmoother.smoothed($0, configuration: configuration.gnssSmoother) })
    } else {
      smoothed = Self.smoothed(
        inputs, altitudeMeters: { inputs[$0].altitudeMeters },
        sample: {
          VerticalSmoother.Sample(timeSeconds: $1, altitudeMeters: $2, sigmaMeters: sigmas[$0])
        },
        smooth: { VerticalSmoother.smoothed($0, configuration: configuration.smoother) })
    }
    return Series(
      altitudesMeters: smoothed.altitudesMeters,
      deadBandsMeters: Array(repeating: deadBandMeters, count: inputs.count),
      sigmasMeters: sigmas, runStarts: smoothed.runStarts,
      spikeCount: zip(inputs, smoothed.altitudesMeters).count {
        $0.altitudeMeters != nil && $1 == nil
      })
  }

  private static func terrainSeries(
    _ inputs: [Input], model: any ElevationModel, configuration: ClimbConfiguration
  ) -> Series? {
    var covers = false
    let smoothed = smoothed(
      inputs,
      altitudeMeters: { position in
        guard let elevation = model.elevationMeters(at: inputs[position].coordinate),
          elevation.isFinite
        else { return nil }
        covers = true
        return elevation
      },
      sample: {
        VerticalSmoother.Sample(
          timeSeconds: $1, altitudeMeters: $2, sigmaMeters: configuration.terrainSigmaMeters)
      },
      smooth: { VerticalSmoother.smoothed($0, configuration: configuration.smoother) })
    guard covers else { return nil }
    return Series(
      altitudesMeters: smoothed.altitudesMeters,
      deadBandsMeters: Array(repeating: configuration.terrainDeadBandMeters, count: inputs.count),
      runStarts: smoothed.runStarts)
  }

  /// Smooths the altitudes of the timed inputs with `smooth`, each made a sample by `sample`
  /// (position, time, altitude). An untimed input's altitude is kept as measured: no smoother
  /// can place it in time, but its swings are still the climb, so a stretch of untimed
  /// altitudes is one run (and the timed altitude after it starts another). `altitudeMeters`
  /// gives each input's altitude, if any.
  private static func smoothed<Sample>(
    _ inputs: [Input], altitudeMeters: (Int) -> Double?,
    sample: (Int, Double, Double) -> Sample, smooth: ([Sample]) -> VerticalSmoother.Result
  ) -> VerticalSmoother.Result {
    var altitudes = [Double?](repeating: nil, count: inputs.count)
    var runStarts: Set<Int> = []
    var positions: [Int] = []
    var samples: [Sample] = []
    var lastWasTimed: Bool?
    for (position, input) in inputs.enumerated() {
      guard let altitude = altitudeMeters(position) else { continue }
      guard let time = input.timeSeconds else {
        altitudes[position] = altitude
        if lastWasTimed != false { runStarts.insert(position) }
        lastWasTimed = false
        continue
      }
      if lastWasTimed == false { runStarts.insert(position) }
      lastWasTimed = true
      positions.append(position)
      samples.append(sample(position, time, altitude))
    }
    let result = smooth(samples)
    for (offset, position) in positions.enumerated() {
      altitudes[position] = result.altitudesMeters[offset]
    }
    for offset in result.runStarts { runStarts.insert(positions[offset]) }
    return .init(altitudesMeters: altitudes, runStarts: runStarts)
  }
}
