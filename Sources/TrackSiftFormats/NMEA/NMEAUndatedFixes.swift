import Foundation
import TrackSift

/// The fixes of an NMEA log that come before its first date, held until one comes.
///
/// A receiver gives the time of day in every GGA from its first fix, but the date only in RMC
/// or ZDA, which some write later (an RMC marked void with an empty date during a cold start)
/// or never. The fixes before the first date take its day, counted back: a time of day more
/// than 12 hours later than the fix after it is the day before (the rule ``NMEAReader`` applies
/// forwards).
///
/// - Complexity: memory is the fixes held; for a log without a date, all its fixes.
struct NMEAUndatedFixes {
  private var held: [(fix: Fix, timeOfDaySeconds: Double?)] = []

  /// Whether no fix is held.
  var isEmpty: Bool { held.isEmpty }

  /// Holds a fix, with its epoch's time of day when it has one.
  mutating func append(_ fix: Fix, timeOfDaySeconds: Double?) {
    held.append((fix, timeOfDaySeconds))
  }

  /// The fixes held, in order, dated back from the first date: `dayNumber` (days since
  /// 2001-01-01) at `timeOfDaySeconds`; a fix without a time of day stays untimed. None is
  /// held afterwards.
  mutating func dated(fromDay dayNumber: Int, at timeOfDaySeconds: Double) -> [Fix] {
    var fixes = held.map(\.fix)
    var day = dayNumber
    var after = timeOfDaySeconds
    for index in held.indices.reversed() {
      guard let time = held[index].timeOfDaySeconds else { continue }
      if time > after + 43_200 { day -= 1 }
      after = time
      fixes[index].timestamp = Date(timeIntervalSinceReferenceDate: Double(day) * 86_400 + time)
    }
    held = []
    return fixes
  }

  /// The fixes held, in order and untimed (the log gave no date), and how many had a time of
  /// day. None is held afterwards.
  mutating func undated() -> (fixes: [Fix], timeOfDayCount: Int) {
    defer { held = [] }
    return (held.map(\.fix), held.count { $0.timeOfDaySeconds != nil })
  }
}
