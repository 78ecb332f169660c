import Foundation

extension NMEAReader {
  /// How ``NMEAReader`` treats bad lines, dates and gaps.
  public struct Options: Sendable, Hashable {
    /// When true, the first bad line (wrong checksum, malformed or truncated sentence, a line
    /// that is not a sentence) throws an ``NMEAError`` naming it. When false (the default), such
    /// lines are skipped and listed in ``NMEALog/skipped``: real logs have corrupt lines, and
    /// the fixes around them are still good.
    public var strict: Bool
    /// The UTC day of the fixes that come before any sentence with a date (RMC, ZDA): logs of
    /// GGA or GNS alone carry only the time of day. Only the calendar day (in UTC) is used.
    /// When `nil`, such fixes take the log's first date, counted back, and in a log without
    /// one they have no timestamp: a made-up date would be a wrong one.
    public var referenceDate: Date?
    /// A new segment starts when consecutive timed fixes are more than this many seconds apart,
    /// or when time goes backwards (a receiver restart or concatenated logs). `nil` keeps all
    /// fixes in one segment. The default, 60 s, keeps the short outages of a drive (tunnels,
    /// up to 40 s in the F9K truth log) inside a segment and breaks at restarts.
    public var segmentGapSeconds: Double?

    /// Creates options.
    public init(strict: Bool = false, referenceDate: Date? = nil, segmentGapSeconds: Double? = 60) {
      self.strict = strict
      self.referenceDate = referenceDate
      self.segmentGapSeconds = segmentGapSeconds
    }
  }
}
