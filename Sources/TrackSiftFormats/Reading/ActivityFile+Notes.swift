import TrackSift

/// The notes: what a reader passed over or left out, in words.
extension ActivityFile.Reading {
  /// `the file is damaged (byte 78233: the file ends ...): the 237 fixes before it read`, or
  /// `nil` for an undamaged file.
  func damageNote(_ damage: (any Error)?, fixCount: Int) -> String? {
    guard let damage else { return nil }
    return "the file is damaged (\(damage)): the "
      + Self.count(fixCount, "fix", plural: "fixes") + " before it read"
  }

  /// `2 lines skipped (the first: line 88: ...)`, or `nil` for none.
  func skippedNote(_ count: Int, _ skipped: [SkippedLine]) -> String? {
    guard count > 0, let first = skipped.first else { return nil }
    return Self.count(count, "line") + " skipped (" + (count == 1 ? "" : "the first: ")
      + "\(first))"
  }

  /// `the GPS provider's Fix lines (FLP 95, NLP 54 left out)`, or `nil` when none was left out.
  func providerNote(_ log: GnssLoggerLog) -> String? {
    guard !log.isFromNMEA else { return "no Fix line: the NMEA lines read" }
    let sources = Set(log.track.segments.flatMap(\.fixes).map(\.source))
    let providers = log.fixLinesByProvider.sorted { $0.key < $1.key }
    let left = providers.filter { !sources.contains(FixSource(providerName: $0.key)) }
    guard !left.isEmpty else { return nil }
    let read = providers.filter { sources.contains(FixSource(providerName: $0.key)) }
    return "the \(read.map(\.key).joined(separator: " and ")) provider's Fix lines ("
      + left.map { "\($0.key) \(Self.grouped($0.value))" }.joined(separator: ", ")
      + " left out)"
  }

  /// Which unit a column of epoch numbers was read in (told by their magnitude), or `nil` for
  /// times written as dates.
  func epochNote(_ unit: EpochTimeUnit?) -> String? {
    unit.map { "times are epoch \($0.rawValue)" }
  }

  /// `a segment split where its clock was set back; 2 segments out of time order put in order;
  /// 14 fixes left out: an earlier segment covers their time (the file records it twice)`, or
  /// `nil` when the file was in time order.
  func timeOrderNote(_ change: TimeOrderChange) -> String? {
    let setBacks = change.clockSetBackCount
    let split =
      setBacks == 0
      ? nil
      : setBacks == 1
        ? "a segment split where its clock was set back"
        : "segments split where their clock was set back (" + Self.count(setBacks, "place")
          + ")"
    let moved =
      change.movedSegmentCount > 0
      ? Self.count(change.movedSegmentCount, "segment") + " out of time order put in order"
      : nil
    let overlapping =
      change.overlappingFixCount > 0
      ? Self.count(change.overlappingFixCount, "fix", plural: "fixes")
        + " left out: an earlier segment covers their time (the file records it twice)"
      : nil
    let parts = [split, moved, overlapping].compactMap { $0 }
    return parts.isEmpty ? nil : parts.joined(separator: "; ")
  }

  /// `1 line` or `14,391 lines`.
  static func count(_ value: Int, _ noun: String, plural: String? = nil) -> String {
    grouped(value) + " " + (value == 1 ? noun : plural ?? noun + "s")
  }

  /// A whole number with its thousands grouped by commas: `14,391`.
  static func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var out = ""
    for (index, character) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
      out.append(character)
    }
    return value < 0 ? "-" + out : out
  }
}
