import ArgumentParser
import Foundation
import TrackSiftFormats

/// How the commands that read an activity file (`analyze`, `clean`, `convert`, `replay`,
/// `report`, `eval FILE` and its reference) read it: `--strict`, and the day of an NMEA log
/// that gives none (`--date`). The file argument stays with each command, whose help text says
/// what file it needs.
struct InputOptions: ParsableArguments {
  @Flag(help: "Refuse a damaged file, or a log with a bad line, instead of reading around it.")
  var strict = false

  @Option(
    help: ArgumentHelp(
      "The UTC day of an NMEA log's fixes before any date in it (YYYY-MM-DD): a log of GGA "
        + "sentences alone gives times of day only, and its fixes are untimed without it.",
      valueName: "day"))
  var date: UTCDay?

  /// Reads the activity file at `path` with these options (`ActivityFile.read`).
  func read(_ path: String, allowingNoPositions: Bool = false) throws -> ActivityFile {
    try ActivityFile.read(
      atPath: path, strict: strict, allowingNoPositions: allowingNoPositions,
      undatedDay: date?.start)
  }
}

/// A calendar day in UTC, given as `YYYY-MM-DD`.
struct UTCDay: ExpressibleByArgument {
  /// The day's first instant.
  var start: Date

  init?(argument: String) {
    let parts = argument.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
    else { return nil }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let components = DateComponents(year: year, month: month, day: day)
    guard components.isValidDate(in: calendar), let start = calendar.date(from: components)
    else { return nil }
    self.start = start
  }
}
