import ArgumentParser
import TrackSift
import TrackSiftEvaluation
import TrackSiftFormats

/// `--profile` of the commands that measure an activity file (`analyze`, `clean`, `convert`,
/// `replay`, `eval FILE`): the option's profile when given, else the file's sport, else running.
/// `record` has its own: it has no file to take a sport from.
struct ProfileOptions: ParsableArguments {
  @Option(
    help: """
      The activity's thresholds: walking, running, cycling or driving (default: the file's \
      sport, else running).
      """)
  var profile: ActivityKind?

  /// The profile for a file with these device totals, and why.
  func choice(deviceTotals: DeviceTotals?) -> ProfileChoice {
    ProfileChoice(option: profile, deviceTotals: deviceTotals)
  }
}
