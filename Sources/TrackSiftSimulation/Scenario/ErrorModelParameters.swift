/// The Gaussian part of the position error for one environment and device class, and the
/// reported-accuracy and Doppler-speed constants, from the table in `shared/ERROR-MODEL.md`.
///
/// Per axis, `e = b(t) + LP_Ts[OU(σc, τ)](t) + N(0, σw²)`: a slow bias `b` (an
/// Ornstein-Uhlenbeck process of σb and 30 min), a wander (OU of σc and τ) passed through the
/// chip's first-order low pass of time constant Ts, and white noise σw.
public struct ErrorModelParameters: Sendable, Hashable {
  /// Standard deviation of the wander per axis in meters (σc).
  public var wanderSigmaMeters: Double
  /// Correlation time of the wander in seconds (τ).
  public var wanderTimeConstantSeconds: Double
  /// Time constant of the chip's low pass in seconds (Ts).
  public var chipLowPassSeconds: Double
  /// White noise per axis in meters (σw).
  public var whiteNoiseSigmaMeters: Double
  /// Standard deviation of the slow bias per axis in meters (σb).
  public var biasSigmaMeters: Double
  /// The table's simulated 2D RMS error in meters, for checking the model.
  public var expectedRMS2DMeters: Double
  /// Reported-accuracy overconfidence factor k (1 open, 0.85 suburban, 0.6 urban, 0.7 forest).
  public var accuracyScale: Double
  /// Floor of the reported accuracy in meters: 3 (2.5 for dual-frequency phones).
  public var accuracyFloorMeters: Double
  /// Doppler velocity noise per axis in m/s (σv).
  public var dopplerSigmaMetersPerSecond: Double

  /// Correlation time of the slow bias in seconds (30 min).
  public static let biasTimeConstantSeconds = 1_800.0
  /// Correlation time of the Doppler velocity noise in seconds (assumed).
  public static let dopplerTimeConstantSeconds = 3.0

  /// The nominal per-axis error, `sqrt(σc² + σb² + σw²)`, that reported accuracy is built on.
  public var nominalSigmaMeters: Double {
    (wanderSigmaMeters * wanderSigmaMeters + biasSigmaMeters * biasSigmaMeters
      + whiteNoiseSigmaMeters * whiteNoiseSigmaMeters).squareRoot()
  }

  /// The parameters for an environment and device class.
  public init(environment: SimulatedEnvironment, device: SimulatedDevice) {
    // (σc, τ, Ts, σw, σb, 2D RMS) per environment: phone, watch, dual-frequency phone.
    let rows: [(Double, Double, Double, Double, Double, Double)]
    switch environment {
    case .openSky:
      rows = [
        (2.0, 60, 2, 0.20, 1.0, 3.2), (2.0, 60, 3, 0.10, 1.0, 3.1), (1.0, 60, 2, 0.15, 0.5, 1.6),
      ]
      accuracyScale = 1.0
    case .suburban:
      rows = [
        (3.0, 45, 2, 0.30, 1.5, 4.8), (3.0, 45, 3, 0.15, 1.5, 4.5), (1.8, 45, 2, 0.20, 1.0, 3.0),
      ]
      accuracyScale = 0.85
    case .urbanCanyon:
      rows = [
        (7.0, 30, 6, 0.30, 3.0, 9.7), (7.0, 30, 8, 0.20, 3.0, 9.7), (4.0, 30, 5, 0.30, 2.0, 6.0),
      ]
      accuracyScale = 0.6
    case .forest:
      rows = [
        (4.5, 45, 4, 0.30, 2.0, 7.0), (4.5, 45, 6, 0.15, 2.0, 6.7), (3.0, 45, 4, 0.25, 1.5, 4.7),
      ]
      accuracyScale = 0.7
    }
    let row: (Double, Double, Double, Double, Double, Double)
    let baseDoppler: Double
    switch device {
    case .phone:
      row = rows[0]
      baseDoppler = 0.10
      accuracyFloorMeters = 3
    case .watch:
      row = rows[1]
      baseDoppler = 0.20
      accuracyFloorMeters = 3
    case .dualFrequencyPhone:
      row = rows[2]
      baseDoppler = 0.08
      accuracyFloorMeters = 2.5
    }
    (
      wanderSigmaMeters, wanderTimeConstantSeconds, chipLowPassSeconds, whiteNoiseSigmaMeters,
      biasSigmaMeters, expectedRMS2DMeters
    ) = row
    let dopplerFactor: Double =
      switch environment {
      case .openSky: 1
      case .suburban, .forest: 1.5
      case .urbanCanyon: 3
      }
    dopplerSigmaMetersPerSecond = baseDoppler * dopplerFactor
  }
}
