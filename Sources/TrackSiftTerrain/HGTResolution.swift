/// The two grids an HGT tile comes in, told apart by the file's size.
///
/// A tile covers one degree of latitude by one degree of longitude with a square grid whose
/// outer rows and columns lie on the tile's edges (and repeat the neighbouring tiles' edges),
/// hence one sample more per side than arc-second steps in a degree.
public enum HGTResolution: Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// 1 arc-second (about 30 m): SRTM1 (`SRTMGL1`) and Copernicus GLO-30 exported as HGT;
  /// 3601 samples a side.
  case oneArcSecond
  /// 3 arc-seconds (about 90 m): SRTM3 (`SRTMGL3`); 1201 samples a side.
  case threeArcSeconds

  /// Samples along each side: 3601 or 1201.
  public var samplesPerSide: Int {
    switch self {
    case .oneArcSecond: 3601
    case .threeArcSeconds: 1201
    }
  }

  /// The size of a tile's file: two bytes a sample, 25,934,402 or 2,884,802 bytes.
  public var byteCount: Int { 2 * samplesPerSide * samplesPerSide }

  /// The resolution whose file has exactly `byteCount` bytes, or nil for any other size.
  public init?(byteCount: Int) {
    guard let match = Self.allCases.first(where: { $0.byteCount == byteCount }) else {
      return nil
    }
    self = match
  }

  /// The resolution with `samplesPerSide` samples a side, or nil for any other count.
  public init?(samplesPerSide: Int) {
    guard let match = Self.allCases.first(where: { $0.samplesPerSide == samplesPerSide }) else {
      return nil
    }
    self = match
  }

  /// `1 arc-second` or `3 arc-seconds`.
  public var description: String {
    switch self {
    case .oneArcSecond: "1 arc-second"
    case .threeArcSeconds: "3 arc-seconds"
    }
  }

  /// The size of the largest tile file, the cap on what a compressed tile may inflate to.
  static let largestByteCount = allCases.map(\.byteCount).max() ?? 0
}
