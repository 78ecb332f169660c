import Foundation

/// What a FIT file says about itself (its `file_id` message). Every field is `nil` when the
/// file does not carry it.
public struct FITFileID: Sendable, Hashable, Codable {
  /// The file type (4 is an activity, 6 a course, ...), as the FIT profile numbers it.
  public var fileType: Int?
  /// The manufacturer's number in the FIT profile (1 is Garmin, 32 Wahoo, 294 COROS, ...).
  public var manufacturer: Int?
  /// The manufacturer's product number.
  public var product: Int?
  /// The device's serial number.
  public var serialNumber: UInt64?
  /// When the file was created.
  public var timeCreated: Date?
  /// The product name, for writers that give one.
  public var productName: String?

  /// Creates a file identity; every field defaults to unknown.
  public init(
    fileType: Int? = nil, manufacturer: Int? = nil, product: Int? = nil,
    serialNumber: UInt64? = nil, timeCreated: Date? = nil, productName: String? = nil
  ) {
    self.fileType = fileType
    self.manufacturer = manufacturer
    self.product = product
    self.serialNumber = serialNumber
    self.timeCreated = timeCreated
    self.productName = productName
  }
}

extension FITFileID {
  /// The identity in the `file_id` message at `start`.
  init(_ definition: FITMessageDefinition, at start: Int, in data: FITBytes) {
    let bigEndian = definition.bigEndian
    self.init(
      fileType: data.integer(definition.field(0), start, bigEndian).flatMap { Int(exactly: $0) },
      manufacturer: data.integer(definition.field(1), start, bigEndian).flatMap {
        Int(exactly: $0)
      },
      product: data.integer(definition.field(2), start, bigEndian).flatMap { Int(exactly: $0) },
      serialNumber: data.integer(definition.field(3), start, bigEndian),
      timeCreated: data.integer(definition.field(4), start, bigEndian).map {
        FITDecoder.date(UInt32(truncatingIfNeeded: $0))
      },
      productName: data.string(definition.field(8), start))
  }
}
