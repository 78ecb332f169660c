import Foundation
import TrackSift

/// What a ``SimulatedDEM``'s samples are: the ground at a grid position plus the error of a
/// ``DEMErrorModel``, rounded to a whole meter. Pure: a grid position always gives the same
/// sample, so a tile made at any time agrees with the model's own samples.
struct DEMSampler: Sendable {
  let terrain: SimulatedTerrain
  let errorModel: DEMErrorModel
  let environment: SimulatedEnvironment
  private let correlatedError: CorrelatedField
  private let cover: CorrelatedField
  private let pixelSeed: UInt64

  /// Draws the error's fields from `seed`.
  init(
    terrain: SimulatedTerrain, errorModel: DEMErrorModel, environment: SimulatedEnvironment,
    seed: UInt64
  ) {
    self.terrain = terrain
    self.errorModel = errorModel
    self.environment = environment
    var random = SplitMix64(seed: seed)
    correlatedError = CorrelatedField(
      correlationLengthMeters: errorModel.correlationLengthMeters, random: &random)
    cover = CorrelatedField(
      correlationLengthMeters: errorModel.coverCorrelationLengthMeters, random: &random)
    pixelSeed = random.next()
  }

  /// The sample at global grid `row`, `column` of the `arcSeconds` spacing (see ``DEMGrid``).
  /// - Complexity: O(modes of the fields + the terrain's components).
  func sample(row: Int, column: Int, arcSeconds: Int) -> Int16 {
    let perDegree = 3_600 / Double(arcSeconds)
    let point = terrain.plane.project(
      Coordinate(
        latitudeDegrees: Double(row) / perDegree, longitudeDegrees: Double(column) / perDegree))
    let value =
      terrain.elevationMeters(eastMeters: point.eastMeters, northMeters: point.northMeters)
      + errorMeters(eastMeters: point.eastMeters, northMeters: point.northMeters)
      + errorModel.pixelNoiseSigmaMeters
      * pixelNoise(row: row, column: column, arcSeconds: arcSeconds)
    return Int16(clamping: Int(value.rounded()))
  }

  /// The correlated error and the surface bias at a point of the terrain's plane, in meters
  /// (the sample's error before pixel noise and rounding).
  func errorMeters(eastMeters x: Double, northMeters y: Double) -> Double {
    let grade = terrain.slopeGrade(eastMeters: x, northMeters: y)
    let correlated =
      errorModel.correlatedSigmaMeters * (1 + grade / errorModel.slopeDoublingGrade)
      * correlatedError.value(eastMeters: x, northMeters: y)
    guard environment == .forest || environment == .urbanCanyon else { return correlated }
    let cover = DEMErrorModel.cover(
      field: cover.value(eastMeters: x, northMeters: y), environment: environment)
    return correlated + errorModel.surfaceBiasMeters(cover: cover, environment: environment)
  }

  /// A standard normal value of its own for each sample of each spacing.
  private func pixelNoise(row: Int, column: Int, arcSeconds: Int) -> Double {
    var random = SplitMix64(
      seed: pixelSeed &+ UInt64(bitPattern: Int64(row)) &* 0x9E37_79B9_7F4A_7C15
        &+ UInt64(bitPattern: Int64(column)) &* 0xC2B2_AE3D_27D4_EB4F &+ UInt64(arcSeconds))
    return random.nextGaussian()
  }
}
