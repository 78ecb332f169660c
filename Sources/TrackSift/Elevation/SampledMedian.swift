/// The median of a long list of numbers, from at most ``sampleLimit`` of them evenly spaced:
/// the robust estimates of the climb (a noise level, a datum offset) need a median's
/// robustness, not its last digit, and sorting a million altitudes would cost more than the
/// rest of the climb.
enum SampledMedian {
  /// The most values sorted.
  static let sampleLimit = 20_001

  /// The median of `values`, or `nil` for none.
  static func of(_ values: [Double]) -> Double? {
    guard !values.isEmpty else { return nil }
    let stride = max(1, values.count / sampleLimit)
    var sample = Swift.stride(from: 0, to: values.count, by: stride).map { values[$0] }
    sample.sort()
    return sample[sample.count / 2]
  }
}
