/// Finds the out-and-back glitches of an altitude record as the altitudes arrive: at most
/// three samples in a row that leave the altitude and come back to it, leaving or coming back
/// faster than a body climbs or falls.
///
/// A forward pass that judges each altitude against the ones before it only is fooled when a
/// glitch arrives slowly enough to pass (after a gap, or at a watch's start: a fenix 2 reads
/// 55.0 m, then 142.4 m three times from two seconds later, then 56.0 m a second after). The
/// return is what it refuses, as a jump, and it restarts at the level that was right all along:
/// the glitch's rise counts as climb and its fall as nothing. Seen whole, the samples before
/// and after the glitch are nearer each other than either is to any sample of it, and one of
/// its two steps is beyond a body: the glitch is the error, not the record around it.
///
/// Samples are held back until they can be judged: once one arrives that `mayLeave` the one
/// before, it and the next ones wait until three more have come, or until an out-and-back that
/// ends with the newest is found (the shortest first) and dropped. An out-and-back starts with
/// a sample that leaves the one before it, so a calm record after a lasting step is let
/// through again at once.
///
/// - Complexity: O(1) per sample; at most ``longestSampleCount`` samples held.
struct AltitudeExcursions<Sample> {
  /// The most samples in a row an out-and-back may span: as many as the vertical smoothers
  /// refuse in a row before they take the altitude to have moved for good.
  static var longestSampleCount: Int { 3 }

  /// The samples waiting to be judged, oldest first.
  private var held: [Sample] = []
  /// The last sample let through.
  private var before: Sample?
  /// The samples let through by the last call, oldest first (empty when the newest passed
  /// straight through).
  private(set) var released: [Sample] = []
  /// The samples of the out-and-back the last call found, oldest first, if any.
  private(set) var dropped: [Sample] = []

  init() {}

  /// Adds the newest sample.
  /// - Parameters:
  ///   - sample: the sample.
  ///   - altitude: a sample's altitude, in meters.
  ///   - isJump: whether the step from the first sample to the second is beyond a body (a
  ///     spike by the caller's rule); `nil` where it cannot be judged (no time, or a time not
  ///     later), which no out-and-back spans.
  ///   - mayLeave: whether the step from the last sample let through to this one may start an
  ///     out-and-back, so that it must be held back.
  /// - Returns: whether the sample passed straight through (nothing held, and it does not
  ///   leave the one before); otherwise ``released`` and ``dropped`` say what became of the
  ///   samples held.
  mutating func add(
    _ sample: Sample, altitude: (Sample) -> Double, isJump: (Sample, Sample) -> Bool?,
    mayLeave: (Sample, Sample) -> Bool
  ) -> Bool {
    if !released.isEmpty { released.removeAll(keepingCapacity: true) }
    if !dropped.isEmpty { dropped.removeAll(keepingCapacity: true) }
    if held.isEmpty, before.map({ mayLeave($0, sample) }) != true {
      before = sample
      return true
    }
    if let length = outAndBackLength(endingAt: sample, altitude, isJump) {
      dropped.append(contentsOf: held.suffix(length))
      held.removeLast(length)
    }
    held.append(sample)
    // An out-and-back starts with a sample that leaves the one before it: the oldest held
    // goes once three more have come, and then every one after it that could start none.
    while let oldest = held.first,
      held.count > Self.longestSampleCount || before.map({ mayLeave($0, oldest) }) == false
    {
      held.removeFirst()
      before = oldest
      released.append(oldest)
    }
    return false
  }

  /// Lets every held sample through into ``released`` (the end of a segment, which no later
  /// sample can judge), and starts afresh.
  mutating func flush() {
    released = held
    dropped.removeAll(keepingCapacity: true)
    held.removeAll(keepingCapacity: true)
    before = nil
  }

  /// The length of the shortest out-and-back among the held samples that `after` ends, if any.
  private func outAndBackLength(
    endingAt after: Sample, _ altitude: (Sample) -> Double,
    _ isJump: (Sample, Sample) -> Bool?
  ) -> Int? {
    guard !held.isEmpty else { return nil }
    return (1...held.count).first { length in
      let first = held.count - length
      guard let start = first > 0 ? held[first - 1] : before else { return false }
      let glitch = held[first...]
      let apart = abs(altitude(after) - altitude(start))
      guard
        glitch.allSatisfy({
          abs(altitude($0) - altitude(start)) > apart && abs(altitude($0) - altitude(after)) > apart
        })
      else { return false }
      guard let leaves = isJump(start, held[first]),
        let returns = isJump(held[held.count - 1], after),
        zip(glitch, glitch.dropFirst()).allSatisfy({ isJump($0, $1) != nil })
      else { return false }
      return leaves || returns
    }
  }
}

extension AltitudeExcursions: Sendable where Sample: Sendable {}
extension AltitudeExcursions: Equatable where Sample: Equatable {}
extension AltitudeExcursions: Hashable where Sample: Hashable {}

extension AltitudeExcursions where Sample == Int {
  /// Whether each of `count` samples belongs to an out-and-back, with the whole record known.
  /// A sample is held only where a jump lies within the out-and-back it could start (the
  /// step into it or one of the next three), which every out-and-back's first sample has.
  /// - Parameters:
  ///   - count: the number of samples.
  ///   - altitude: the altitude of the sample at an index, in meters.
  ///   - isJump: as in ``add(_:altitude:isJump:mayLeave:)``, by index.
  static func flags(
    count: Int, altitude: (Int) -> Double, isJump: (Int, Int) -> Bool?
  ) -> [Bool] {
    var flags = [Bool](repeating: false, count: count)
    // jumpsInto[k]: the step from sample k - 1 into sample k is a jump.
    let jumpsInto = (0..<count).map { $0 > 0 && isJump($0 - 1, $0) == true }
    guard jumpsInto.contains(true) else { return flags }
    var excursions = AltitudeExcursions()
    for index in 0..<count {
      _ = excursions.add(
        index, altitude: altitude, isJump: isJump,
        mayLeave: { _, start in
          jumpsInto[start...min(start + longestSampleCount, count - 1)].contains(true)
        })
      for glitch in excursions.dropped { flags[glitch] = true }
    }
    return flags
  }
}
