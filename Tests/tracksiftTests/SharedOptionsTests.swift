import ArgumentParser
import Testing

@testable import tracksift

/// `--profile` and `--strict` come from the shared option groups wherever they mean the same:
/// the file's profile (else its sport, else running) and how strictly the file is read.
@Suite struct SharedOptionsTests {
  @Test(arguments: [
    ["in.fit", "-o", "out.gpx"], ["in.fit", "-o", "out.gpx", "--profile", "cycling", "--strict"],
  ])
  func convertTakesBothFromTheSharedGroups(arguments: [String]) throws {
    let command = try ConvertCommand.parse(arguments)
    let given = arguments.contains("--strict")
    #expect(command.profileOptions.profile == (given ? .cycling : nil))
    #expect(command.inputOptions.strict == given)
  }

  @Test func evalTakesBothForFileAndItsHelpSaysSo() throws {
    let command = try EvalCommand.parse([
      "walk.gpx", "--truth", "walk-truth.csv", "--profile", "walking", "--strict",
    ])
    #expect(command.profileOptions.profile == .walking)
    #expect(command.inputOptions.strict)
    let suite = try EvalCommand.parse(["--seeds", "1"])
    #expect(suite.profileOptions.profile == nil)
    #expect(!suite.inputOptions.strict)

    // Both under one heading of their own, before the other options.
    let help = EvalCommand.helpMessage(columns: 200)
    let heading = try #require(help.range(of: "WITH FILE:\n"))
    let options = try #require(help.range(of: "OPTIONS:\n"))
    let section = help[heading.upperBound..<options.lowerBound]
    #expect(section.contains("--profile <profile>"))
    #expect(section.contains("--strict"))
    #expect(!help[options.upperBound...].contains("--profile"))
  }

  /// `record` has no file whose sport could choose: its own `--profile`, running by default.
  @Test func recordKeepsItsOwnProfile() throws {
    #expect(try RecordCommand.parse(["--store", "a.sqlite"]).profile == .running)
    #expect(
      try RecordCommand.parse(["--store", "a.sqlite", "--profile", "cycling"]).profile == .cycling)
    #expect(throws: (any Error).self) {
      try RecordCommand.parse(["--store", "a.sqlite", "--strict"])
    }
  }
}
