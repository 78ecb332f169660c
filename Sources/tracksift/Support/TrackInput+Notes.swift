import TrackSift
import TrackSiftFormats

/// The `Read:` notes: what a reader passed over or left out, in words.
extension TrackInput {
  /// `the file is damaged (byte 78233: the file ends ...): the 237 fixes before it read`, or
  /// `nil` for an undamaged file.
  static func damageNote(_ damage: (any CustomStringConvertible)?, fixCount: Int) -> String? {
    guard let damage else { return nil }
    return "the file is damaged (\(damage)): the "
      + Formatting.count(fixCount, "fix", plural: "fixes") + " before it read"
  }

  /// `2 lines skipped (the first: line 88: ...)`, or `nil` for none.
  static func skippedNote(_ count: Int, _ skipped: [SkippedLine]) -> String? {
    guard count > 0, let first = skipped.first else { return nil }
    return Formatting.count(count, "line") + " skipped ("
      + (count == 1 ? "" : "the first: ") + "\(first))"
  }

  /// `the GPS provider's Fix lines (FLP 95, NLP 54 left out)`, or `nil` when none was left out.
  static func providerNote(_ log: GnssLoggerLog) -> String? {
    guard !log.isFromNMEA else { return "no Fix line: the NMEA lines read" }
    let sources = Set(log.track.segments.flatMap(\.fixes).map(\.source))
    let providers = log.fixLinesByProvider.sorted { $0.key < $1.key }
    let left = providers.filter { !sources.contains(FixSource(providerName: $0.key)) }
    guard !left.isEmpty else { return nil }
    let read = providers.filter { sources.contains(FixSource(providerName: $0.key)) }
    return "the \(read.map(\.key).joined(separator: " and ")) provider's Fix lines ("
      + left.map { "\($0.key) \(Formatting.count($0.value))" }.joined(separator: ", ")
      + " left out)"
  }

  /// Which unit a column of epoch numbers was read in (told by their magnitude), or `nil` for
  /// times written as dates.
  static func epochNote(_ unit: EpochTimeUnit?) -> String? {
    unit.map { "times are epoch \($0.rawValue)" }
  }

  /// The notes that are there, joined; `nil` for none.
  static func joined(_ notes: [String?]) -> String? {
    let present = notes.compactMap { $0 }
    return present.isEmpty ? nil : present.joined(separator: "; ")
  }
}
