/// Measures, on the recording itself, the part of a receiver's position error that is new at
/// every fix (white), which is what a smoother can remove.
///
/// A phone's or a watch's positions come out of the chip's own filter: most of their error is
/// a slow wander that no smoother removes, and little of it changes from one fix to the next.
/// Taking a stated or assumed accuracy of 5 m as white noise makes the smoother treat real
/// bends as noise and cut them (see <doc:SmoothingDefaults>). The measure: for positions at
/// equal intervals, the second difference `d_k = z_k+1 - 2 z_k + z_k-1` removes a constant
/// velocity; white acceleration over non-overlapping intervals adds nothing to the covariance
/// of `d_k` and `d_k+2`, while white position noise of variance `r` adds exactly `r` (the one
/// fix they share), and nothing to that of `d_k` and `d_k+3` (none shared). A sustained
/// acceleration (a steady turn) or a slow wander is smooth and adds about as much to both. So
/// `r = E[d_k d_k+2] - E[d_k d_k+3]`, averaged over both axes: the lag-2 and lag-3 terms of the
/// autocovariance least-squares method (Odelson, Rajamani and Rawlings 2006, "A new
/// autocovariance least-squares method for estimating noise covariances", Automatica 42(2)).
/// An estimate that comes out negative means no measurable white noise.
///
/// - Complexity: O(1) per position, without allocation.
struct WhitePositionNoiseEstimator: Sendable, Hashable {
  /// Products of second differences two and three fixes apart needed, each, before
  /// ``varianceSquareMeters`` is given: with about a hundred, the estimate's own noise is a few
  /// hundredths of a square meter for a walker's or a runner's second differences (variance
  /// about 0.2 m^2 on the loop runs), well below the 1 m^2 floor of the filters.
  static let minimumProducts = 100
  /// Two intervals count as equal within this share of the later one; second differences
  /// over unequal intervals do not cancel a constant velocity.
  static let intervalTolerance = 0.01

  /// Meters east and north.
  private struct Offset: Sendable, Hashable {
    var east: Double
    var north: Double
  }

  private var previous: Offset?
  private var previousTimeSeconds = -Double.infinity
  private var previousInterval: Double?
  /// The last three second differences, `nil` where the intervals differed.
  private var lastDifference: Offset?
  private var differenceTwoBack: Offset?
  private var differenceThreeBack: Offset?
  private var lastStep: Offset?
  /// Sums and counts of the products two and three fixes apart.
  private var lagTwoSum = 0.0
  private var lagTwoCount = 0
  private var lagThreeSum = 0.0
  private var lagThreeCount = 0

  /// Creates an estimator that has seen nothing.
  init() {}

  /// The white noise variance per axis in square meters, or `nil` until enough equal
  /// intervals were seen. May be negative or zero: no white noise measurable.
  var varianceSquareMeters: Double? {
    guard lagTwoCount >= Self.minimumProducts, lagThreeCount >= Self.minimumProducts else {
      return nil
    }
    return lagTwoSum / Double(lagTwoCount) - lagThreeSum / Double(lagThreeCount)
  }

  /// The white noise's standard deviation per axis in meters, 0 where none is measurable, or
  /// `nil` until enough equal intervals were seen.
  var sigmaMeters: Double? { varianceSquareMeters.map { max($0, 0).squareRoot() } }

  /// Takes the next position, in meters in one plane, at `timeSeconds`.
  mutating func add(timeSeconds: Double, eastMeters: Double, northMeters: Double) {
    guard timeSeconds.isFinite, eastMeters.isFinite, northMeters.isFinite else { return }
    guard let previous, timeSeconds > previousTimeSeconds else {
      restart()
      previous = Offset(east: eastMeters, north: northMeters)
      previousTimeSeconds = timeSeconds
      return
    }
    let interval = timeSeconds - previousTimeSeconds
    let step = Offset(east: eastMeters - previous.east, north: northMeters - previous.north)
    var difference: Offset?
    if let lastStep, let previousInterval,
      abs(interval - previousInterval) <= Self.intervalTolerance * interval
    {
      difference = Offset(east: step.east - lastStep.east, north: step.north - lastStep.north)
    }
    if let difference {
      // Products with the differences two and three fixes before this one.
      if let twoBefore = differenceTwoBack {
        lagTwoSum += difference.east * twoBefore.east + difference.north * twoBefore.north
        lagTwoCount += 2
      }
      if let threeBefore = differenceThreeBack {
        lagThreeSum += difference.east * threeBefore.east + difference.north * threeBefore.north
        lagThreeCount += 2
      }
    }
    differenceThreeBack = differenceTwoBack
    differenceTwoBack = lastDifference
    lastDifference = difference
    lastStep = step
    previousInterval = interval
    self.previous = Offset(east: eastMeters, north: northMeters)
    previousTimeSeconds = timeSeconds
  }

  /// Forgets the positions since the last one (a new plane, a new run), keeping the sums.
  mutating func restart() {
    previous = nil
    previousTimeSeconds = -.infinity
    previousInterval = nil
    lastDifference = nil
    differenceTwoBack = nil
    differenceThreeBack = nil
    lastStep = nil
  }
}
