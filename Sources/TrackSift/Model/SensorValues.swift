/// Optional sensor readings that travel with a fix. `nil` means not measured, never zero.
///
/// Stored compactly (unknown is NaN inside, `nil` outside) so that a fix stays small.
public struct SensorValues: Sendable, Hashable, Codable {
  private var storedHeartRate: Double
  private var storedCadence: Double
  private var storedPower: Double
  private var storedTemperature: Double

  /// Creates sensor values; every reading defaults to unknown.
  public init(
    heartRateBeatsPerMinute: Double? = nil,
    cadencePerMinute: Double? = nil,
    powerWatts: Double? = nil,
    temperatureCelsius: Double? = nil
  ) {
    storedHeartRate = heartRateBeatsPerMinute ?? .nan
    storedCadence = cadencePerMinute ?? .nan
    storedPower = powerWatts ?? .nan
    storedTemperature = temperatureCelsius ?? .nan
  }

  /// Heart rate in beats per minute.
  public var heartRateBeatsPerMinute: Double? {
    get { storedHeartRate.isNaN ? nil : storedHeartRate }
    set { storedHeartRate = newValue ?? .nan }
  }
  /// Cadence per minute (revolutions for cycling; steps of one foot for most running watches).
  public var cadencePerMinute: Double? {
    get { storedCadence.isNaN ? nil : storedCadence }
    set { storedCadence = newValue ?? .nan }
  }
  /// Power in watts.
  public var powerWatts: Double? {
    get { storedPower.isNaN ? nil : storedPower }
    set { storedPower = newValue ?? .nan }
  }
  /// Temperature in degrees Celsius.
  public var temperatureCelsius: Double? {
    get { storedTemperature.isNaN ? nil : storedTemperature }
    set { storedTemperature = newValue ?? .nan }
  }

  /// True when no reading is present.
  public var isEmpty: Bool {
    heartRateBeatsPerMinute == nil && cadencePerMinute == nil && powerWatts == nil
      && temperatureCelsius == nil
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.heartRateBeatsPerMinute == rhs.heartRateBeatsPerMinute
      && lhs.cadencePerMinute == rhs.cadencePerMinute && lhs.powerWatts == rhs.powerWatts
      && lhs.temperatureCelsius == rhs.temperatureCelsius
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(heartRateBeatsPerMinute)
    hasher.combine(cadencePerMinute)
    hasher.combine(powerWatts)
    hasher.combine(temperatureCelsius)
  }

  private enum CodingKeys: String, CodingKey {
    case heartRateBeatsPerMinute, cadencePerMinute, powerWatts, temperatureCelsius
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      heartRateBeatsPerMinute: try c.decodeIfPresent(Double.self, forKey: .heartRateBeatsPerMinute),
      cadencePerMinute: try c.decodeIfPresent(Double.self, forKey: .cadencePerMinute),
      powerWatts: try c.decodeIfPresent(Double.self, forKey: .powerWatts),
      temperatureCelsius: try c.decodeIfPresent(Double.self, forKey: .temperatureCelsius))
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encodeIfPresent(heartRateBeatsPerMinute, forKey: .heartRateBeatsPerMinute)
    try c.encodeIfPresent(cadencePerMinute, forKey: .cadencePerMinute)
    try c.encodeIfPresent(powerWatts, forKey: .powerWatts)
    try c.encodeIfPresent(temperatureCelsius, forKey: .temperatureCelsius)
  }
}
