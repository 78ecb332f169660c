/// The five classes a grade chart colours its windows by: steep and moderate descents, flat,
/// moderate and steep climbs, split at ±2 % and ±6 %.
///
/// The bounds are fixed, unlike the speed classes': a grade means the same effort on any
/// route, and 6 % is about where a road climb turns hard for a cyclist and a runner starts
/// to walk. Within ±2 % a 100 m window rises 2 m or less, which is near the altitude's own
/// noise, so it counts as flat.
enum GradeClasses {
  /// The classes' lower bounds but the first, in percent, ascending.
  static let boundsPercent = [-6.0, -2, 2, 6]

  /// How many classes there are.
  static var count: Int { boundsPercent.count + 1 }

  /// The class of a grade in percent, from 0 (steepest descent) to ``count`` - 1; a grade on
  /// a bound belongs to the class above it, except that ``flatIndex`` holds both its bounds.
  static func index(ofPercent grade: Double) -> Int {
    if grade == boundsPercent[2] { return flatIndex }
    return boundsPercent.firstIndex { grade < $0 } ?? boundsPercent.count
  }

  /// The flat class's index.
  static let flatIndex = 2

  /// The legend's label of each class.
  static let labels = [
    "down > 6 %", "down 2–6 %", "flat ±2 %", "up 2–6 %", "up ≥ 6 %",
  ]
}
