import TrackSift

/// The name of an HGT tile: the south-west corner of the one-degree cell it covers, such as
/// `N37W122` for latitudes 37 to 38 north and longitudes 122 to 121 west.
///
/// Names are written with two latitude and three longitude digits, `N`/`S` and `E`/`W`, and
/// read in any case: `N37W122`, `S01E000`, `s90w180`. A corner on the equator or the prime
/// meridian is `N00` or `E000`; `S00` and `W000` are not names.
public struct HGTTileName: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The latitude of the tile's south edge, -90 through 89 degrees.
  public let southLatitudeDegrees: Int
  /// The longitude of the tile's west edge, -180 through 179 degrees.
  public let westLongitudeDegrees: Int

  /// The tile whose south-west corner is at these whole degrees, or nil when there is no
  /// such tile (latitude outside -90...89, longitude outside -180...179).
  public init?(southLatitudeDegrees: Int, westLongitudeDegrees: Int) {
    guard (-90...89).contains(southLatitudeDegrees),
      (-180...179).contains(westLongitudeDegrees)
    else { return nil }
    self.init(unchecked: southLatitudeDegrees, westLongitudeDegrees)
  }

  /// The tile that holds `coordinate`, or nil when it is not finite or out of range.
  ///
  /// A point on an edge between two tiles belongs to the tile to its north or east, except at
  /// latitude 90 and longitude 180, which belong to the tiles whose north or east edge they
  /// are. Both tiles hold the same samples along a shared edge.
  public init?(containing coordinate: Coordinate) {
    let latitude = coordinate.latitudeDegrees
    let longitude = coordinate.longitudeDegrees
    // NaN fails every comparison.
    guard latitude >= -90, latitude <= 90, longitude >= -180, longitude <= 180 else {
      return nil
    }
    self.init(
      unchecked: min(Self.floor(latitude), 89), min(Self.floor(longitude), 179))
  }

  /// The largest whole number not above `degrees` (within -180...180): truncation, one less
  /// below zero, without the libm call `rounded(.down)` is on baseline x86-64.
  @inline(__always)
  private static func floor(_ degrees: Double) -> Int {
    let truncated = Int(degrees)
    return Double(truncated) > degrees ? truncated - 1 : truncated
  }

  /// Parses a bare name such as `N37W122` or `s01e000` (seven characters, any case).
  ///
  /// - Returns: the name, or nil when `text` is not one.
  public init?(_ text: some StringProtocol) {
    let characters = Array(text.utf8.prefix(8))
    guard characters.count == 7,
      let latitude = Self.number(characters[1...2]),
      let longitude = Self.number(characters[4...6])
    else { return nil }
    let south: Int
    switch characters[0] | 0x20 {  // ASCII lowercase
    case UInt8(ascii: "n"): south = latitude
    case UInt8(ascii: "s") where latitude > 0: south = -latitude
    default: return nil
    }
    let west: Int
    switch characters[3] | 0x20 {
    case UInt8(ascii: "e"): west = longitude
    case UInt8(ascii: "w") where longitude > 0: west = -longitude
    default: return nil
    }
    self.init(southLatitudeDegrees: south, westLongitudeDegrees: west)
  }

  init(unchecked southLatitudeDegrees: Int, _ westLongitudeDegrees: Int) {
    self.southLatitudeDegrees = southLatitudeDegrees
    self.westLongitudeDegrees = westLongitudeDegrees
  }

  /// The name in capitals, like `N37W122` or `S01E000`.
  public var description: String {
    (southLatitudeDegrees < 0 ? "S" : "N") + Self.digits(abs(southLatitudeDegrees), width: 2)
      + (westLongitudeDegrees < 0 ? "W" : "E") + Self.digits(abs(westLongitudeDegrees), width: 3)
  }

  /// The file name a tile of this name is written under: `N37W122.hgt`.
  public var fileName: String { description + ".hgt" }

  /// Whether `coordinate` lies within the tile, edges included.
  public func contains(_ coordinate: Coordinate) -> Bool {
    let latitude = coordinate.latitudeDegrees - Double(southLatitudeDegrees)
    let longitude = coordinate.longitudeDegrees - Double(westLongitudeDegrees)
    return latitude >= 0 && latitude <= 1 && longitude >= 0 && longitude <= 1
  }

  /// South to north, then west to east.
  public static func < (lhs: HGTTileName, rhs: HGTTileName) -> Bool {
    (lhs.southLatitudeDegrees, lhs.westLongitudeDegrees)
      < (rhs.southLatitudeDegrees, rhs.westLongitudeDegrees)
  }

  /// `value` in decimal, with leading zeros up to `width` digits.
  private static func digits(_ value: Int, width: Int) -> String {
    let text = String(value)
    return String(repeating: "0", count: max(0, width - text.count)) + text
  }

  /// The decimal value of ASCII digits, or nil when one is not a digit.
  private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
    var value = 0
    for digit in digits {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
      value = value * 10 + Int(digit - UInt8(ascii: "0"))
    }
    return value
  }
}
