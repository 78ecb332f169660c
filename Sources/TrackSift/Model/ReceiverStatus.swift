/// What a GNSS receiver said about the quality of its solution (GPX `fix`, `sat`, `hdop`, ...;
/// NMEA GGA and GSA). Every field is optional: `nil` means the source did not say.
///
/// Stored compactly (unknown is NaN or -1 inside, `nil` outside) so that a fix stays small.
public struct ReceiverStatus: Sendable, Hashable, Codable {
  /// The kind of solution, as GPX's `fixType` names it.
  public enum FixType: String, Sendable, Hashable, Codable, CaseIterable {
    /// No fix.
    case none
    /// Two-dimensional fix (no altitude).
    case twoDimensional = "2d"
    /// Three-dimensional fix.
    case threeDimensional = "3d"
    /// Differential GPS.
    case differential = "dgps"
    /// Military precise positioning service.
    case precise = "pps"
  }

  /// The solution kind.
  public var fixType: FixType?
  private var storedSatellites: Int32
  private var storedHorizontalDilution: Double
  private var storedVerticalDilution: Double
  private var storedPositionDilution: Double

  /// Creates a receiver status; every field defaults to unknown.
  public init(
    fixType: FixType? = nil,
    satellitesUsed: Int? = nil,
    horizontalDilution: Double? = nil,
    verticalDilution: Double? = nil,
    positionDilution: Double? = nil
  ) {
    self.fixType = fixType
    storedSatellites = satellitesUsed.map { Int32(clamping: max($0, 0)) } ?? -1
    storedHorizontalDilution = horizontalDilution ?? .nan
    storedVerticalDilution = verticalDilution ?? .nan
    storedPositionDilution = positionDilution ?? .nan
  }

  /// Number of satellites used in the solution.
  public var satellitesUsed: Int? {
    get { storedSatellites < 0 ? nil : Int(storedSatellites) }
    set { storedSatellites = newValue.map { Int32(clamping: max($0, 0)) } ?? -1 }
  }
  /// Horizontal dilution of precision (unitless).
  public var horizontalDilution: Double? {
    get { storedHorizontalDilution.isNaN ? nil : storedHorizontalDilution }
    set { storedHorizontalDilution = newValue ?? .nan }
  }
  /// Vertical dilution of precision (unitless).
  public var verticalDilution: Double? {
    get { storedVerticalDilution.isNaN ? nil : storedVerticalDilution }
    set { storedVerticalDilution = newValue ?? .nan }
  }
  /// Position (3-D) dilution of precision (unitless).
  public var positionDilution: Double? {
    get { storedPositionDilution.isNaN ? nil : storedPositionDilution }
    set { storedPositionDilution = newValue ?? .nan }
  }

  /// True when the receiver said nothing.
  public var isEmpty: Bool {
    fixType == nil && satellitesUsed == nil && horizontalDilution == nil
      && verticalDilution == nil && positionDilution == nil
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.fixType == rhs.fixType && lhs.satellitesUsed == rhs.satellitesUsed
      && lhs.horizontalDilution == rhs.horizontalDilution
      && lhs.verticalDilution == rhs.verticalDilution
      && lhs.positionDilution == rhs.positionDilution
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(fixType)
    hasher.combine(satellitesUsed)
    hasher.combine(horizontalDilution)
  }

  private enum CodingKeys: String, CodingKey {
    case fixType, satellitesUsed, horizontalDilution, verticalDilution, positionDilution
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      fixType: try c.decodeIfPresent(FixType.self, forKey: .fixType),
      satellitesUsed: try c.decodeIfPresent(Int.self, forKey: .satellitesUsed),
      horizontalDilution: try c.decodeIfPresent(Double.self, forKey: .horizontalDilution),
      verticalDilution: try c.decodeIfPresent(Double.self, forKey: .verticalDilution),
      positionDilution: try c.decodeIfPresent(Double.self, forKey: .positionDilution))
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encodeIfPresent(fixType, forKey: .fixType)
    try c.encodeIfPresent(satellitesUsed, forKey: .satellitesUsed)
    try c.encodeIfPresent(horizontalDilution, forKey: .horizontalDilution)
    try c.encodeIfPresent(verticalDilution, forKey: .verticalDilution)
    try c.encodeIfPresent(positionDilution, forKey: .positionDilution)
  }
}

extension ReceiverStatus {
  /// The one-sigma user-equivalent range error in meters that turns an autonomous receiver's
  /// HDOP into a horizontal accuracy: 2-D RMS = HDOP x 5 m.
  ///
  /// gpsd's error model assumes 15 m at 95 % per unit of HDOP for autonomous fixes
  /// (`H_UERE_NO_DGPS`), 7.5 m as a 2-D RMS; the project's error model puts open-sky receivers
  /// at 3-5 m 2-D RMS with HDOP near 1. 5 m is the upper end of the second. It is the one
  /// figure every reader and the pipeline use for a fix that states no accuracy.
  public static let autonomousRangeErrorMeters = 5.0

  /// The horizontal accuracy in meters that the HDOP gives for an autonomous fix
  /// (``autonomousRangeErrorMeters`` times the HDOP), or `nil` without a finite HDOP above 0.
  public var horizontalAccuracyFromDilutionMeters: Double? {
    guard let dilution = horizontalDilution, dilution.isFinite, dilution > 0 else { return nil }
    return dilution * Self.autonomousRangeErrorMeters
  }
}
