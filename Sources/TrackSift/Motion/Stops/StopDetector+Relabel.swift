extension StopDetector {
  /// What the detector learnt late, as one rule for every record of moving flags (the live
  /// pass's flags, the refined passes' and the live figures' intervals): the latest of `count`
  /// items, walking back from the newest while each holds the other value than `value` and has
  /// a time after `timeSeconds`. With ``stopStartTimeSeconds`` and `false` the dwell before a
  /// stop counts as stopped; with ``departureTimeSeconds`` and `true` the fixes since leaving
  /// count as moving.
  ///
  /// - Parameters:
  ///   - isMoving: the flag of the item at a position, in the order the detector saw them.
  ///   - timeOf: the time the detector was given for the item at a position.
  /// - Returns: the first position to take `value` (`count` where none does).
  /// - Complexity: O(k) in the items re-labelled.
  static func relabelledTail(
    count: Int, as value: Bool, after timeSeconds: Double, isMoving: (Int) -> Bool,
    timeOf: (Int) -> Double?
  ) -> Int {
    var position = count
    while position > 0, isMoving(position - 1) != value, let time = timeOf(position - 1),
      time > timeSeconds
    {
      position -= 1
    }
    return position
  }

  /// Re-labels `flags` by ``relabelledTail(count:as:after:isMoving:timeOf:)``.
  ///
  /// - Parameters:
  ///   - flags: the moving flags so far, one per fix, in the order the detector saw the fixes.
  ///   - timeOf: the time the detector was given for the fix of a flag, by position.
  static func relabel(
    _ flags: inout [Bool], as value: Bool, after timeSeconds: Double,
    timeOf: (Int) -> Double?
  ) {
    let start = relabelledTail(
      count: flags.count, as: value, after: timeSeconds, isMoving: { flags[$0] },
      timeOf: timeOf)
    for position in start..<flags.count { flags[position] = value }
  }
}
