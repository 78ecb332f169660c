import Foundation
import TrackSift

/// One line of a recorder's event timeline: the time since the start and what happened.
enum TimelineLine {
  /// The line for an event, or `nil` for the events a timeline leaves out (receptions, and
  /// accepted fixes unless `listingFixes`).
  static func text(for event: RecorderEvent, since start: Date, listingFixes: Bool) -> String? {
    switch event.kind {
    case .fixReceived: return nil
    case .fixJudged(_, let verdict) where verdict.isAccepted && !listingFixes: return nil
    default: break
    }
    let offset = Formatting.duration(max(0, event.time.timeIntervalSince(start)))
    let padded = String(repeating: " ", count: max(0, 8 - offset.count)) + offset
    return "\(padded)  \(event.summary)"
  }
}
