/// What the live pipeline gave one segment, as ``TrackAnalysis`` keeps it for the refined
/// pass: a verdict on every fix and on its speed, and for each accepted fix its live position
/// and moving flag, its filter record, the speed its stop detector was given and whether its
/// step crossed a gap.
struct LivePass {
  /// The verdict on each fix of the segment, in order.
  var verdicts: [Verdict] = []
  /// The verdict on each fix's speed, in order.
  var speedVerdicts: [SpeedVerdict] = []
  /// The accepted fixes with their live positions, moving flags and trusted speeds (the
  /// refined parts are filled in later).
  var segment: AnalyzedSegment
  /// The live filter's record of each accepted fix, for the smoother (timed segments only).
  var records: [KalmanRecord] = []
  /// Whether each accepted fix counts for the sustained speed
  /// (``MetricsSample/countsForSustainedSpeed``).
  var sustainedFlags: [Bool] = []
  /// The speed the live stop detector was given at each accepted fix.
  var stopSpeeds: [SpeedEstimate?] = []
  /// Each accepted fix's ``Fix/reportedVelocity``, as the live stop detector was given it
  /// (one sine and cosine a fix, where the refined stops read it several times).
  var reportedVelocities: [Velocity?] = []
  /// Whether each accepted fix's moving flag judges a step across a gap.
  var acrossGap: [Bool] = []

  /// An empty pass with room for a segment of `fixCount` fixes.
  init(fixCount: Int, timeUsability: TimeUsability) {
    segment = AnalyzedSegment(
      acceptedFixIndices: [], liveCoordinates: [], refinedCoordinates: [], isMoving: [],
      refinedIsMoving: [], simplifiedIndices: [], timeUsability: timeUsability)
    verdicts.reserveCapacity(fixCount)
    speedVerdicts.reserveCapacity(fixCount)
    segment.acceptedFixIndices.reserveCapacity(fixCount)
    segment.liveCoordinates.reserveCapacity(fixCount)
    segment.isMoving.reserveCapacity(fixCount)
    segment.trustedSpeedsMetersPerSecond.reserveCapacity(fixCount)
    sustainedFlags.reserveCapacity(fixCount)
    stopSpeeds.reserveCapacity(fixCount)
    reportedVelocities.reserveCapacity(fixCount)
    acrossGap.reserveCapacity(fixCount)
    if timeUsability == .usable { records.reserveCapacity(fixCount) }
  }

  /// Takes one step as the live pipeline releases it, keeping only what the refined figures
  /// need; `fixes` are the segment's.
  mutating func take(_ step: LivePipeline.Step, of fixes: [Fix]) {
    verdicts.append(step.verdict)
    speedVerdicts.append(step.speedVerdict)
    guard step.verdict.isAccepted else { return }
    if let record = step.record { records.append(record) }
    // Live figures learn of a stop, and of leaving it, a few seconds late; the refined ones
    // need not: the fixes of the dwell count as stopped, those after the departure as moving.
    if step.stopStartTimeSeconds != nil || step.departureTimeSeconds != nil {
      // A copy of the indices only here, released before they grow below.
      let indices = segment.acceptedFixIndices
      if let dwellStart = step.stopStartTimeSeconds {
        StopDetector.relabel(&segment.isMoving, as: false, after: dwellStart) {
          fixes[indices[$0]].timeSeconds
        }
      }
      if let departure = step.departureTimeSeconds {
        StopDetector.relabel(&segment.isMoving, as: true, after: departure) {
          fixes[indices[$0]].timeSeconds
        }
      }
    }
    if let path = step.gapPath { segment.liveGapPaths[segment.acceptedFixIndices.count] = path }
    segment.acceptedFixIndices.append(step.sequence)
    segment.liveCoordinates.append(step.coordinate)
    segment.isMoving.append(step.isMoving)
    segment.trustedSpeedsMetersPerSecond.append(step.speedForMaximumMetersPerSecond)
    sustainedFlags.append(step.countsForSustainedSpeed)
    stopSpeeds.append(step.speed)
    reportedVelocities.append(step.reportedVelocity)
    acrossGap.append(step.isMovingAcrossGap)
  }
}
