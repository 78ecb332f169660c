import Foundation

/// How a ``SimulatedDEM``'s samples depart from the bare ground, for one DEM product (see
/// <doc:SimulatedTerrainAndDEM> for the figures and their sources).
///
/// A sample's error is the sum of
/// - a correlated error: ``correlatedSigmaMeters`` times `1 + grade / slopeDoublingGrade`
///   times a unit random field of correlation length ``correlationLengthMeters``;
/// - pixel noise: ``pixelNoiseSigmaMeters`` times a normal value drawn afresh for each sample;
/// - the surface the radar saw over the ground, which SRTM and Copernicus (surface models)
///   keep: in a forest ``canopyVisibleFraction`` of a canopy ``canopyHeightMeters`` tall, in an
///   urban canyon ``buildingVisibleFraction`` of buildings ``buildingHeightMeters`` tall, each
///   times a cover between 0 and 1 that varies over ``coverCorrelationLengthMeters``;
/// then rounded to a whole meter.
public struct DEMErrorModel: Sendable, Hashable, Codable {
  /// The product's name in reports.
  public var name: String
  /// Standard deviation of the correlated error on level ground, in meters.
  public var correlatedSigmaMeters: Double
  /// Distance at which the correlated error's correlation falls to 1/e, in meters.
  public var correlationLengthMeters: Double
  /// Grade (rise per meter) at which the correlated error is twice its level-ground size.
  public var slopeDoublingGrade: Double
  /// Standard deviation of the independent error of each sample, in meters.
  public var pixelNoiseSigmaMeters: Double
  /// Share of the canopy's height the product shows above the ground in a forest.
  public var canopyVisibleFraction: Double
  /// Height of the forest canopy, in meters.
  public var canopyHeightMeters: Double
  /// Share of the buildings' height a street's samples show in an urban canyon.
  public var buildingVisibleFraction: Double
  /// Height of the buildings of an urban canyon, in meters.
  public var buildingHeightMeters: Double
  /// Distance over which the canopy or building cover varies (its correlation length), meters.
  public var coverCorrelationLengthMeters: Double

  /// Creates an error model.
  public init(
    name: String, correlatedSigmaMeters: Double, correlationLengthMeters: Double,
    slopeDoublingGrade: Double, pixelNoiseSigmaMeters: Double, canopyVisibleFraction: Double,
    canopyHeightMeters: Double = 20, buildingVisibleFraction: Double = 0.3,
    buildingHeightMeters: Double = 20, coverCorrelationLengthMeters: Double = 300
  ) {
    self.name = name
    self.correlatedSigmaMeters = correlatedSigmaMeters
    self.correlationLengthMeters = correlationLengthMeters
    self.slopeDoublingGrade = slopeDoublingGrade
    self.pixelNoiseSigmaMeters = pixelNoiseSigmaMeters
    self.canopyVisibleFraction = canopyVisibleFraction
    self.canopyHeightMeters = canopyHeightMeters
    self.buildingVisibleFraction = buildingVisibleFraction
    self.buildingHeightMeters = buildingHeightMeters
    self.coverCorrelationLengthMeters = coverCorrelationLengthMeters
  }

  /// Copernicus GLO-30 (TanDEM-X, X band): RMSE about 2 m on level open ground, 4 m on 20 %
  /// slopes; the canopy seen at 80 % of its height.
  public static let copernicusGLO30 = DEMErrorModel(
    name: "Copernicus GLO-30", correlatedSigmaMeters: 2, correlationLengthMeters: 400,
    slopeDoublingGrade: 0.2, pixelNoiseSigmaMeters: 0.5, canopyVisibleFraction: 0.8)

  /// SRTM (C band): RMSE about 4.3 m on level open ground, 8 m on 20 % slopes; the canopy seen
  /// at half its height.
  public static let srtm = DEMErrorModel(
    name: "SRTM", correlatedSigmaMeters: 4, correlationLengthMeters: 400,
    slopeDoublingGrade: 0.2, pixelNoiseSigmaMeters: 1.5, canopyVisibleFraction: 0.5)

  /// RMSE of the error on open ground of grade `grade`, before rounding, in meters.
  public func rmseMeters(grade: Double) -> Double {
    let correlated = correlatedSigmaMeters * (1 + grade / slopeDoublingGrade)
    return (correlated * correlated + pixelNoiseSigmaMeters * pixelNoiseSigmaMeters).squareRoot()
  }

  /// The cover (0-1) of canopy or buildings where the unit cover field is `value`: a logistic
  /// of it, about 0.85 on average in a forest (gaps and clearings between the trees) and 0.72
  /// in an urban canyon (streets and squares between the blocks).
  static func cover(field value: Double, environment: SimulatedEnvironment) -> Double {
    let center = environment == .forest ? 1.9 : 1.0
    return 1 / (1 + exp(-(center + 0.8 * value)))
  }

  /// The surface bias over the ground at a cover of `cover` (0-1) in `environment`, meters.
  func surfaceBiasMeters(cover: Double, environment: SimulatedEnvironment) -> Double {
    switch environment {
    case .forest: canopyVisibleFraction * canopyHeightMeters * cover
    case .urbanCanyon: buildingVisibleFraction * buildingHeightMeters * cover
    case .openSky, .suburban: 0
    }
  }
}
