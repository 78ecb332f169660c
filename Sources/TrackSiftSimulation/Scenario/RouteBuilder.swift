import Foundation

/// Draws a route in local meters like a turtle: straight runs and circular turns, sampled densely
/// (at most 2 m and 5 degrees apart) so a traveller's position and the path's curvature can be
/// read off any point.
struct RouteBuilder {
  /// East offsets of the points in meters.
  private(set) var eastMeters: [Double] = [0]
  /// North offsets of the points in meters.
  private(set) var northMeters: [Double] = [0]
  /// Path curvature at each point in 1/m (0 on straights); sets the cornering speed limit.
  private(set) var curvaturesPerMeter: [Double] = [0]
  /// Distance from the start at each point in meters.
  private(set) var alongMeters: [Double] = [0]
  /// Sharp turns: kind and the index of the middle point.
  private(set) var features: [(kind: RouteFeature.Kind, index: Int)] = []
  /// Heading in radians clockwise from north.
  private(set) var headingRadians: Double

  static let maximumStepMeters = 2.0
  static let maximumStepRadians = 5 * Double.pi / 180

  init(headingRadians: Double = .pi / 2) {
    self.headingRadians = headingRadians
  }

  var lengthMeters: Double { alongMeters[alongMeters.count - 1] }

  /// Goes straight on for `meters`.
  mutating func forward(_ meters: Double) {
    guard meters > 0 else { return }
    let steps = Int((meters / Self.maximumStepMeters).rounded(.up))
    let step = meters / Double(steps)
    for _ in 0..<steps {
      append(stepMeters: step, directionRadians: headingRadians, curvature: 0)
    }
  }

  /// Turns by `degrees` (positive: right, clockwise) on a circle of `radiusMeters`, marking a
  /// feature when the turn is sharp (radius under 20 m: a track bend is not a corner).
  mutating func turn(degrees: Double, radiusMeters: Double) {
    let angle = degrees * .pi / 180
    guard angle != 0 else { return }
    let steps = max(
      2,
      Int((abs(angle) / Self.maximumStepRadians).rounded(.up)),
      Int((abs(angle) * radiusMeters / Self.maximumStepMeters).rounded(.up)))
    let stepAngle = angle / Double(steps)
    let chord = 2 * radiusMeters * sin(abs(stepAngle) / 2)
    let curvature = 1 / radiusMeters
    let first = eastMeters.count
    curvaturesPerMeter[first - 1] = max(curvaturesPerMeter[first - 1], curvature)
    for _ in 0..<steps {
      // The chord of an arc step points along the mean heading of the step.
      append(
        stepMeters: chord, directionRadians: headingRadians + stepAngle / 2, curvature: curvature)
      headingRadians += stepAngle
    }
    let turned = abs(degrees)
    if radiusMeters >= 20 {
      return
    } else if turned > 135 {
      features.append((.hairpin, first + steps / 2 - 1))
    } else if turned >= 45 {
      features.append((.corner, first + steps / 2 - 1))
    }
  }

  private mutating func append(stepMeters: Double, directionRadians: Double, curvature: Double) {
    eastMeters.append(eastMeters[eastMeters.count - 1] + stepMeters * sin(directionRadians))
    northMeters.append(northMeters[northMeters.count - 1] + stepMeters * cos(directionRadians))
    alongMeters.append(lengthMeters + stepMeters)
    curvaturesPerMeter.append(curvature)
  }
}
