extension ClimbSeries {
  /// A barometric series held to the terrain model's level: the barometer's altitude plus its
  /// difference from the terrain, averaged over ``ClimbConfiguration/barometerAnchorSeconds``
  /// around each fix.
  ///
  /// A barometer follows every rise and fall to a few centimeters but drifts with the weather
  /// (a meter or more an hour); a DEM has no drift but shows a forest's canopy or a street's
  /// buildings as bumps a few hundred meters long, and a bridge's valley. Averaged over ten
  /// minutes, their difference is the barometer's drift: the climb keeps the barometer's
  /// shape, on the terrain's level. Where the terrain model has no elevation, the nearest
  /// average carries on.
  static func anchored(
    _ device: Series, to terrain: Series, inputs: [Input], configuration: ClimbConfiguration
  ) -> Series {
    var differences: [(time: Double, meters: Double)] = []
    var positions: [Int] = []
    for position in inputs.indices {
      guard let altitude = device.altitudesMeters[position],
        let elevation = terrain.altitudesMeters[position],
        let time = inputs[position].timeSeconds
      else { continue }
      differences.append((time, elevation - altitude))
      positions.append(position)
    }
    guard !differences.isEmpty else { return device }
    let averages = movingAverages(differences, windowSeconds: configuration.barometerAnchorSeconds)
    var anchored = device
    var next = 0
    var offset = averages[0]
    for position in inputs.indices {
      while next < positions.count, positions[next] <= position {
        offset = averages[next]
        next += 1
      }
      anchored.altitudesMeters[position] = device.altitudesMeters[position].map { $0 + offset }
    }
    return anchored
  }

  /// The mean of the values within half a window of each one's time (times in order).
  private static func movingAverages(
    _ values: [(time: Double, meters: Double)], windowSeconds: Double
  ) -> [Double] {
    var sums = [0.0]
    sums.reserveCapacity(values.count + 1)
    for value in values { sums.append(sums[sums.count - 1] + value.meters) }
    var start = 0
    var end = 0
    return values.map { value in
      while values[start].time < value.time - windowSeconds / 2 { start += 1 }
      while end < values.count, values[end].time <= value.time + windowSeconds / 2 { end += 1 }
      return (sums[end] - sums[start]) / Double(end - start)
    }
  }
}
