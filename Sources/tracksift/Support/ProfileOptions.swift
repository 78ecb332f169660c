import ArgumentParser
import TrackSift
import TrackSiftEvaluation
import TrackSiftFormats

/// `--profile` of the commands that measure an activity file (`analyze`, `clean`, `convert`,
/// `replay`, `report`, `eval FILE`): the option's profile when given, else the file's sport,
/// else the slowest profile that can hold the speed the recording holds for half a minute
/// (see ``ProfileChoice``); a multisport file's sessions each their own.
/// `record` has its own: it has no file to take a sport from.
struct ProfileOptions: ParsableArguments {
  @Option(
    help: """
      The activity's thresholds: walking, running, cycling or driving (default: the file's \
      sport, each session's in a multisport file, else running, or cycling or driving for a \
      recording that holds a speed no runner holds for half a minute).
      """)
  var profile: ActivityKind?

  /// The profile for a file, and why.
  func choice(for file: ActivityFile) -> ProfileChoice {
    ProfileChoice(option: profile, file: file)
  }
}
