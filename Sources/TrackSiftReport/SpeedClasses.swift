import Foundation

/// The few speed classes the route is coloured by: five classes split at the 20th, 40th, 60th
/// and 80th percentiles of the moving speeds (over 0.5 m/s), rounded to half a km/h (a whole
/// one above 20 km/h), so the colours show how the pace varied within the activity whatever its
/// speed; one spike cannot squeeze every other speed into one class. The last is open-ended.
struct SpeedClasses: Equatable {
  /// The most speeds the percentiles are taken from.
  static let sampleSize = 20_000

  /// The upper bounds of the classes but the last, in km/h, ascending and distinct.
  let boundsKilometersPerHour: [Double]

  init(speedsMetersPerSecond: [Double]) {
    // Percentiles of an even sample of at most ``sampleSize`` speeds: as good for five
    // colours, and a million-fix route need not be sorted.
    let stride = max(1, speedsMetersPerSecond.count / Self.sampleSize)
    let sorted = Swift.stride(from: 0, to: speedsMetersPerSecond.count, by: stride)
      .map { speedsMetersPerSecond[$0] }.filter { $0.isFinite && $0 > 0.5 }.sorted()
    guard !sorted.isEmpty else {
      boundsKilometersPerHour = [2, 4, 6, 8]
      return
    }
    var bounds: [Double] = []
    for fraction in [0.2, 0.4, 0.6, 0.8] {
      let speed = sorted[Int(Double(sorted.count - 1) * fraction)] * 3.6
      let step = speed > 20 ? 1.0 : 0.5
      let rounded = max(step, (speed / step).rounded() * step)
      if rounded > (bounds.last ?? 0) { bounds.append(rounded) }
    }
    boundsKilometersPerHour = bounds
  }

  /// The class of a speed, from 0 (slowest) to `count - 1`.
  func index(ofMetersPerSecond speed: Double) -> Int {
    let kilometersPerHour = speed * 3.6
    return boundsKilometersPerHour.firstIndex { kilometersPerHour < $0 }
      ?? boundsKilometersPerHour.count
  }

  /// The legend's label of each class.
  var labels: [String] {
    let texts = boundsKilometersPerHour.map {
      ReportNumber.format($0, digits: $0.rounded() == $0 ? 0 : 1)
    }
    return (0...texts.count).map { index in
      if index == 0 { return "< \(texts[0]) km/h" }
      if index == texts.count { return "≥ \(texts[index - 1]) km/h" }
      return "\(texts[index - 1])–\(texts[index]) km/h"
    }
  }
}
