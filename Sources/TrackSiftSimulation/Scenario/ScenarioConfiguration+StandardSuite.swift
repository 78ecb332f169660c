import TrackSift

extension ScenarioConfiguration {
  /// The standard evaluation suite: every environment, every device class, walking, running and
  /// cycling, on the street grid, for each seed (4 × 3 × 3 × seeds configurations).
  ///
  /// Phones and watches follow iOS conventions and dual-frequency phones Android's (the
  /// dual-frequency phones measured are Android phones). All other knobs are the defaults.
  ///
  /// - Parameters:
  ///   - durationSeconds: Length of each recording in seconds.
  ///   - seeds: The seeds; each gives a different street grid and different errors.
  /// - Returns: The configurations, environment-major, then device, activity and seed.
  public static func standardSuite(
    durationSeconds: Int = 2_700, seeds: [UInt64] = [1, 2, 3]
  ) -> [ScenarioConfiguration] {
    var suite: [ScenarioConfiguration] = []
    for environment in SimulatedEnvironment.allCases {
      for device in SimulatedDevice.allCases {
        for activity in [ActivityKind.walking, .running, .cycling] {
          for seed in seeds {
            suite.append(
              ScenarioConfiguration(
                environment: environment, device: device,
                platform: device == .dualFrequencyPhone ? .android : .iOS,
                activity: activity, route: .streetGrid, durationSeconds: durationSeconds,
                seed: seed))
          }
        }
      }
    }
    return suite
  }
}
