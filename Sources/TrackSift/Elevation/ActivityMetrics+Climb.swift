extension ActivityMetrics {
  /// Takes the climb figures (gain, loss, lowest and highest altitude, refused jumps) from a
  /// counter apart from the other figures: the refined climb's (``ClimbSeries``), the altitudes
  /// its smoother left out as spikes being the refused jumps.
  mutating func setClimb(_ elevation: SwingCounter, spikeCount: Int) {
    let hasAltitude = elevation.minimumAltitudeMeters != nil
    elevationGainMeters = hasAltitude ? elevation.gainMeters : nil
    elevationLossMeters = hasAltitude ? elevation.lossMeters : nil
    minimumAltitudeMeters = elevation.minimumAltitudeMeters
    maximumAltitudeMeters = elevation.maximumAltitudeMeters
    refusedAltitudeJumpCount = hasAltitude || spikeCount > 0 ? spikeCount : nil
  }
}
