/// One device that took part in a FIT recording (a `device_info` message): the watch itself,
/// a heart-rate strap, a power meter. Every field is `nil` when the message does not carry it.
public struct FITDevice: Sendable, Hashable, Codable {
  /// The device's index within the recording (0 is the creator).
  public var deviceIndex: Int?
  /// The manufacturer's number in the FIT profile.
  public var manufacturer: Int?
  /// The manufacturer's product number.
  public var product: Int?
  /// The device's serial number.
  public var serialNumber: UInt64?
  /// The software version (such as 3.2).
  public var softwareVersion: Double?
  /// The product name, for writers that give one.
  public var productName: String?

  /// Creates a device; every field defaults to unknown.
  public init(
    deviceIndex: Int? = nil, manufacturer: Int? = nil, product: Int? = nil,
    serialNumber: UInt64? = nil, softwareVersion: Double? = nil, productName: String? = nil
  ) {
    self.deviceIndex = deviceIndex
    self.manufacturer = manufacturer
    self.product = product
    self.serialNumber = serialNumber
    self.softwareVersion = softwareVersion
    self.productName = productName
  }
}

extension FITDevice {
  /// The device in the `device_info` message at `start`.
  init(_ definition: FITMessageDefinition, at start: Int, in data: FITBytes) {
    let bigEndian = definition.bigEndian
    self.init(
      deviceIndex: data.integer(definition.field(0), start, bigEndian).flatMap {
        Int(exactly: $0)
      },
      manufacturer: data.integer(definition.field(2), start, bigEndian).flatMap {
        Int(exactly: $0)
      },
      product: data.integer(definition.field(4), start, bigEndian).flatMap { Int(exactly: $0) },
      serialNumber: data.integer(definition.field(3), start, bigEndian),
      softwareVersion: data.number(definition.field(5), start, bigEndian).map { $0 / 100 },
      productName: data.string(definition.field(27), start))
  }
}
