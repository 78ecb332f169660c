extension GradeFigures {
  /// Counts an interval covered moving between timed fixes.
  /// - Parameters:
  ///   - meters: its distance, in meters.
  ///   - seconds: its duration, in seconds.
  mutating func countMoving(meters: Double, seconds: Double) {
    movingMeters += meters
    movingSeconds += seconds
    gradeAdjustedMeters += meters
  }

  /// Adds a window to the profile; its moving distance, already counted as flat by
  /// ``countMoving(meters:seconds:)``, is reweighed by its grade.
  /// - Parameters:
  ///   - window: the window, next along the route.
  ///   - isClimbing: whether it counts for the VAM.
  mutating func count(_ window: GradeWindow, isClimbing: Bool) {
    windows.append(window)
    let factor = MinettiRunningCost.flatEquivalentFactor(grade: window.grade)
    gradedMovingMeters += window.movingMeters
    gradeAdjustedMeters += window.movingMeters * (factor - 1)
    if window.grade > max(steepestUphill?.grade ?? 0, 0) { steepestUphill = window }
    if window.grade < min(steepestDownhill?.grade ?? 0, 0) { steepestDownhill = window }
    if isClimbing {
      climbingAscentMeters += window.movingRiseMeters
      climbingSeconds += window.movingSeconds
    }
  }

  /// Keeps `climb` as the best climb when it lasted long enough and climbed faster.
  /// - Parameters:
  ///   - climb: a climb, finished or under way.
  ///   - minimumSeconds: the shortest moving time of a best climb, in seconds.
  mutating func offer(_ climb: GradeClimb, minimumSeconds: Double) {
    guard climb.movingSeconds >= minimumSeconds, let vam = climb.vamMetersPerHour else { return }
    if let best = bestClimb?.vamMetersPerHour, best >= vam { return }
    bestClimb = climb
  }
}
