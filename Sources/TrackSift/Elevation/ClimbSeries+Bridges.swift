extension ClimbSeries {
  /// Where the device is believed over the terrain model, and the device's offset from it.
  struct DeviceKept {
    /// Accepted fixes (positions in the segment) on a bridge or in a tunnel.
    var positions: Set<Int>
    /// The device's median altitude above the terrain model, in meters (its datum).
    var offsetMeters: Double
  }

  /// The stretches where the device's smoothed altitude, moved onto the terrain model's datum,
  /// stays further from the terrain than ``ClimbConfiguration/bridgeDisagreementMeters`` and
  /// ``ClimbConfiguration/bridgeSigmaMultiple`` times its own noise for at least
  /// ``ClimbConfiguration/bridgeMinimumSeconds``: a bridge over a valley the DEM has
  /// (the device stays level where the terrain dips), a tunnel under a hill (the terrain rises
  /// over the device). A shorter disagreement is the device's own error and is left alone.
  /// Each stretch then widens to where the two agree again within the device's dead band, so
  /// the terrain's slope down into the valley is not counted either.
  static func deviceKept(
    _ inputs: [Input], device: Series, terrain: Series, configuration: ClimbConfiguration
  ) -> DeviceKept {
    var differences: [Double] = []
    for position in inputs.indices {
      if let altitude = device.altitudesMeters[position],
        let elevation = terrain.altitudesMeters[position]
      {
        differences.append(altitude - elevation)
      }
    }
    guard let offset = SampledMedian.of(differences) else {
      return DeviceKept(positions: [], offsetMeters: 0)
    }
    var residuals = [Double?](repeating: nil, count: inputs.count)
    var kept: Set<Int> = []
    var run: [Int] = []
    func closeRun() {
      if let first = run.first, let last = run.last, let start = inputs[first].timeSeconds,
        let end = inputs[last].timeSeconds, end - start >= configuration.bridgeMinimumSeconds
      {
        kept.formUnion(run)
      }
      run = []
    }
    for position in inputs.indices {
      guard let altitude = device.altitudesMeters[position],
        let elevation = terrain.altitudesMeters[position]
      else { continue }
      let limit = max(
        configuration.bridgeDisagreementMeters,
        configuration.bridgeSigmaMultiple * device.sigmasMeters[position])
      residuals[position] = abs(altitude - offset - elevation)
      if abs(altitude - offset - elevation) > limit {
        run.append(position)
      } else {
        closeRun()
      }
    }
    closeRun()
    return DeviceKept(
      positions: widened(kept, residuals: residuals, bands: device.deadBandsMeters),
      offsetMeters: offset)
  }

  /// `kept` grown outwards, fix by fix, while the disagreement stays beyond the dead band.
  private static func widened(_ kept: Set<Int>, residuals: [Double?], bands: [Double]) -> Set<Int> {
    var result = kept
    for position in kept {
      for step in [-1, 1] {
        var next = position + step
        while residuals.indices.contains(next), !result.contains(next),
          let residual = residuals[next], residual > bands[next]
        {
          result.insert(next)
          next += step
        }
      }
    }
    return result
  }
}
