import ArgumentParser

@main
struct TrackSiftCommand: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "tracksift")
}
