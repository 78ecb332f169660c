extension StopDetector {
  /// Re-labels what the detector learnt late: sets the latest `flags` whose time is after
  /// `timeSeconds` to `value`, walking back while they hold the other value (and have a time).
  /// With ``stopStartTimeSeconds`` and `false` the dwell before a stop counts as stopped; with
  /// ``departureTimeSeconds`` and `true` the fixes since leaving count as moving.
  ///
  /// - Parameters:
  ///   - flags: the moving flags so far, one per fix, in the order the detector saw the fixes.
  ///   - timeOf: the time the detector was given for the fix of a flag, by position.
  static func relabel(
    _ flags: inout [Bool], as value: Bool, after timeSeconds: Double,
    timeOf: (Int) -> Double?
  ) {
    var position = flags.count - 1
    while position >= 0, flags[position] != value, let time = timeOf(position),
      time > timeSeconds
    {
      flags[position] = value
      position -= 1
    }
  }
}
