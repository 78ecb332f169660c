/// Pixel coordinates written with one decimal, without `String(format:)` (a large route
/// writes tens of thousands of them).
enum SVGNumber {
  /// `value` rounded to a tenth, as `12.3`, `-4` or `0.5`.
  static func text(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let tenths = Int((value * 10).rounded())
    let sign = tenths < 0 ? "-" : ""
    let magnitude = tenths.magnitude
    let fraction = magnitude % 10
    return fraction == 0 ? "\(sign)\(magnitude / 10)" : "\(sign)\(magnitude / 10).\(fraction)"
  }

  /// `x,y` for a point list.
  static func pair(_ x: Double, _ y: Double) -> String { text(x) + "," + text(y) }

  /// `x,y` of a point, rounded to whole pixels: for the many vertices of a route or dots
  /// already thinned to about a pixel, where a tenth would only add bytes.
  static func wholePair(_ point: (x: Double, y: Double)) -> String {
    guard point.x.isFinite, point.y.isFinite else { return "0,0" }
    return "\(Int(point.x.rounded())),\(Int(point.y.rounded()))"
  }
}
