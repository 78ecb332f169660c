import Foundation

/// The points of a plane whose distances to two foci sum to a length: the places a held stop
/// can be written at without changing the written path's length (an ellipse; a circle where
/// the foci meet). Where the length is shorter than the foci's distance no point has it, and
/// the middle of the segment between them, where it is exceeded least, stands in.
struct HoldCurve: Sendable {
  var first: (x: Double, y: Double)
  var second: (x: Double, y: Double)
  var sumMeters: Double

  init(focus first: (Double, Double), focus second: (Double, Double), sumMeters: Double) {
    self.first = first
    self.second = second
    self.sumMeters = sumMeters
  }

  /// How much longer than ``sumMeters`` the two distances from `point` to the foci are.
  func excessMeters(at point: (x: Double, y: Double)) -> Double {
    hypot(point.x - first.x, point.y - first.y) + hypot(point.x - second.x, point.y - second.y)
      - sumMeters
  }

  /// The point of the curve nearest `point`.
  ///
  /// - Complexity: O(1): the distance along the ellipse has at most two minima, so a coarse
  ///   scan of its angle and a golden-section search around the best sample find the nearest.
  func nearestPoint(to point: (x: Double, y: Double)) -> (x: Double, y: Double) {
    let centre = ((first.x + second.x) / 2, (first.y + second.y) / 2)
    let halfFoci = hypot(second.x - first.x, second.y - first.y) / 2
    let major = sumMeters / 2
    let minor = (max(major * major - halfFoci * halfFoci, 0)).squareRoot()
    let (ux, uy) =
      halfFoci > 0
      ? ((second.x - first.x) / (2 * halfFoci), (second.y - first.y) / (2 * halfFoci)) : (1, 0)
    func at(_ angle: Double) -> (x: Double, y: Double) {
      let along = major * cos(angle)
      let across = minor * sin(angle)
      return (centre.0 + along * ux - across * uy, centre.1 + along * uy + across * ux)
    }
    func squaredDistance(_ angle: Double) -> Double {
      let p = at(angle)
      return (p.x - point.x) * (p.x - point.x) + (p.y - point.y) * (p.y - point.y)
    }
    let samples = 72
    let step = 2 * Double.pi / Double(samples)
    let best =
      (0..<samples).min { squaredDistance(Double($0) * step) < squaredDistance(Double($1) * step) }
      ?? 0
    var low = (Double(best) - 1) * step
    var high = (Double(best) + 1) * step
    let ratio = (5.0.squareRoot() - 1) / 2
    // 48 golden steps narrow the 10-degree bracket below 1e-11 radians: a micrometer on a
    // curve kilometers across, and a fixed count whatever the numbers.
    for _ in 0..<48 {
      let left = high - ratio * (high - low)
      let right = low + ratio * (high - low)
      if squaredDistance(left) < squaredDistance(right) { high = right } else { low = left }
    }
    return at((low + high) / 2)
  }
}
