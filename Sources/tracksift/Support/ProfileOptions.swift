import ArgumentParser
import TrackSift
import TrackSiftEvaluation
import TrackSiftFormats

/// `--profile` of the commands that measure an activity file (`analyze`, `clean`, `replay`):
/// the option's profile when given, else the file's sport, else running.
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
