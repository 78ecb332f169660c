extension ActivityMetrics {
  /// Takes the climb figures (gain, loss, lowest and highest altitude, refused jumps) from an
  /// accumulator counted apart from the other figures: the refined climb's (``ClimbSeries``),
  /// with the altitudes its smoother left out as spikes counted among the refused jumps.
  mutating func setClimb(_ elevation: ElevationAccumulator, spikeCount: Int) {
    let hasAltitude = elevation.minimumAltitudeMeters != nil
    elevationGainMeters = hasAltitude ? elevation.gainMeters : nil
    elevationLossMeters = hasAltitude ? elevation.lossMeters : nil
    minimumAltitudeMeters = elevation.minimumAltitudeMeters
    maximumAltitudeMeters = elevation.maximumAltitudeMeters
    let refused = elevation.refusedJumpCount + spikeCount
    refusedAltitudeJumpCount = hasAltitude || refused > 0 ? refused : nil
  }
}
