import TrackSift

extension ScenarioConfiguration {
  /// The standard evaluation suite, for every environment, device class and seed: walking,
  /// running and cycling on the street grid (on rolling ground), a hill run (running over a
  /// hill of 60-90 m and back) and a mountain ride (cycling up a mountain road of 5.5-7.5 % and
  /// back down): 4 × 3 × 5 × seeds configurations.
  ///
  /// Phones and watches follow iOS conventions and dual-frequency phones Android's (the
  /// dual-frequency phones measured are Android phones). Watches record barometric altitude
  /// and phones GNSS altitude (``SimulatedAltimeter``). All other knobs are the defaults.
  ///
  /// - Parameters:
  ///   - durationSeconds: Length of each recording in seconds.
  ///   - seeds: The seeds; each gives a different street grid, hill and mountain road, and
  ///     different errors.
  /// - Returns: The configurations, environment-major, then device, then the street grid's
  ///   walking, running and cycling, the hill run and the mountain ride, each for every seed.
  public static func standardSuite(
    durationSeconds: Int = 2_700, seeds: [UInt64] = [1, 2, 3]
  ) -> [ScenarioConfiguration] {
    let outings: [(ActivityKind, RouteShape)] = [
      (.walking, .streetGrid), (.running, .streetGrid), (.cycling, .streetGrid),
      (.running, .hill), (.cycling, .mountainRoad),
    ]
    var suite: [ScenarioConfiguration] = []
    for environment in SimulatedEnvironment.allCases {
      for device in SimulatedDevice.allCases {
        for (activity, route) in outings {
          for seed in seeds {
            suite.append(
              ScenarioConfiguration(
                environment: environment, device: device,
                platform: device == .dualFrequencyPhone ? .android : .iOS,
                activity: activity, route: route, durationSeconds: durationSeconds, seed: seed))
          }
        }
      }
    }
    return suite
  }
}
