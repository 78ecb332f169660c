import TrackSift

/// The map's page coordinates: positions in a local east-north plane in meters (north up,
/// true scale in both directions around the centre), scaled to fit the drawing area.
struct MapCanvas {
  /// Width and height of the drawing in pixels.
  let width: Double
  let height: Double
  /// Meters one pixel spans.
  let metersPerPixel: Double
  let plane: LocalTangentPlane
  private let west: Double
  private let north: Double
  private let margin: Double

  /// A canvas at most `maximumWidth` by `maximumHeight` pixels that holds every position of
  /// `coordinates` with `margin` pixels around them.
  init(
    fitting coordinates: [Coordinate], maximumWidth: Double = 960, maximumHeight: Double = 640,
    margin: Double = 28
  ) {
    let latitudes = coordinates.map(\.latitudeDegrees)
    let longitudes = coordinates.map(\.longitudeDegrees)
    let centre = Coordinate(
      latitudeDegrees: ((latitudes.min() ?? 0) + (latitudes.max() ?? 0)) / 2,
      longitudeDegrees: ((longitudes.min() ?? 0) + (longitudes.max() ?? 0)) / 2)
    plane = LocalTangentPlane(origin: centre)
    var (west, east, south, north) = (0.0, 0.0, 0.0, 0.0)
    for coordinate in coordinates {
      let (x, y) = plane.project(coordinate)
      (west, east, south, north) = (min(west, x), max(east, x), min(south, y), max(north, y))
    }
    // A track that never moved still gets a map 100 m across.
    let spanEast = max(east - west, 100)
    let spanNorth = max(north - south, 100)
    let scale = max(
      spanEast / (maximumWidth - 2 * margin), spanNorth / (maximumHeight - 2 * margin))
    metersPerPixel = scale
    width = (spanEast / scale + 2 * margin).rounded(.up)
    height = (spanNorth / scale + 2 * margin).rounded(.up)
    self.west = (west + east) / 2 - spanEast / 2
    self.north = (south + north) / 2 + spanNorth / 2
    self.margin = margin
  }

  /// The pixel position of a coordinate (x right, y down).
  func point(_ coordinate: Coordinate) -> (x: Double, y: Double) {
    let (east, northing) = plane.project(coordinate)
    return ((east - west) / metersPerPixel + margin, (north - northing) / metersPerPixel + margin)
  }

  /// The coordinate at a pixel position: the inverse of ``point(_:)``.
  func coordinate(x: Double, y: Double) -> Coordinate {
    plane.unproject(
      eastMeters: (x - margin) * metersPerPixel + west,
      northMeters: north - (y - margin) * metersPerPixel)
  }
}
