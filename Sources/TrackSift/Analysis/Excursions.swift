/// Excursions found by looking ahead, for ``TrackAnalysis``.
enum Excursions {
  /// Excursions that only a later fix can judge: a short run of fixes (at most
  /// ``excursionLengthFixes``) that left the track and came back with an impossible jump.
  /// The first fix after a signal gap is often such a spike (20-200 m off), which the gap
  /// makes look possible from behind, and an error ramp grows slowly enough for the gate and
  /// the filter to follow it until it snaps back. Looking ahead, as a recorder can by holding
  /// fixes for a few seconds, unmasks both.
  ///
  /// For each step from a fix to the next that is longer than the gate's jump allowance and
  /// faster than its maximum speed, the earliest of the ``excursionLengthFixes`` fixes before
  /// it from which the fix after the jump is reachable anchors a straight line to that fix;
  /// the fixes between that lie farther than half the allowance from the line (at their
  /// time) are the excursion.
  static func indices(in fixes: [Fix], gate: FixGateConfiguration) -> Set<Int> {
    guard let maximumSpeed = gate.maximumSpeedMetersPerSecond, fixes.count >= 3 else { return [] }
    // In-range fixes with a time, in order; the others cannot be judged this way.
    let usable = fixes.indices.filter {
      fixes[$0].coordinate.isInRange && fixes[$0].timeSeconds != nil
    }
    func allowance(_ a: Fix, _ b: Fix) -> Double {
      gate.accuracyAllowanceFactor
        * ((a.validHorizontalAccuracyMeters ?? gate.assumedAccuracyMeters)
          + (b.validHorizontalAccuracyMeters ?? gate.assumedAccuracyMeters))
        + gate.jumpMarginMeters
    }
    var excursions: Set<Int> = []
    for last in usable.indices.dropFirst().dropLast() {
      let fix = fixes[usable[last]]
      let after = fixes[usable[last + 1]]
      guard let time = fix.timeSeconds, let afterTime = after.timeSeconds, afterTime > time
      else { continue }
      let jump = Geodesic.distanceMeters(from: fix.coordinate, to: after.coordinate)
      guard jump / (afterTime - time) > maximumSpeed, jump > allowance(fix, after) else {
        continue
      }
      // The earliest fix before the run that agrees with the fix after the jump anchors the
      // line; the run's fixes off it by more than half the allowance left the track.
      var anchor: Int?
      for first in stride(from: last, to: max(0, last - excursionLengthFixes), by: -1) {
        let before = fixes[usable[first - 1]]
        guard let beforeTime = before.timeSeconds, afterTime > beforeTime else { break }
        let bridge = Geodesic.distanceMeters(from: before.coordinate, to: after.coordinate)
        if bridge / (afterTime - beforeTime) <= maximumSpeed { anchor = first - 1 }
      }
      guard let anchor, let beforeTime = fixes[usable[anchor]].timeSeconds else { continue }
      let plane = LocalTangentPlane(origin: fixes[usable[anchor]].coordinate)
      let end = plane.project(after.coordinate)
      for position in (anchor + 1)...last {
        let candidate = fixes[usable[position]]
        let fraction =
          ((candidate.timeSeconds ?? beforeTime) - beforeTime) / (afterTime - beforeTime)
        let expected = plane.unproject(
          eastMeters: end.eastMeters * fraction, northMeters: end.northMeters * fraction)
        if Geodesic.distanceMeters(from: candidate.coordinate, to: expected)
          > allowance(candidate, after) / 2
        {
          excursions.insert(usable[position])
        }
      }
    }
    return excursions
  }

  /// The longest run of fixes refused as one excursion.
  static let excursionLengthFixes = 10
}
