import TrackSift

/// What ``GeoJSONReader`` made of a GeoJSON file: its lines and points as a track.
public struct GeoJSONDocument: Sendable {
  /// One segment for each `LineString`, each line of a `MultiLineString`, each `Point` and
  /// each `MultiPoint`, in file order.
  public var track: Track
  /// The number of geometries that hold no track (`Polygon`, `MultiPolygon`, a feature whose
  /// geometry is `null`), passed over.
  public var skippedGeometryCount: Int
  /// Whether the file's times were epoch numbers rather than ISO 8601 text, and their unit,
  /// told from their magnitude (see ``EpochTimeUnit``); `nil` for text or no times.
  public var epochTimeUnit: EpochTimeUnit?
  /// The values refused as out of range; see ``FixFieldLimits``.
  public var refusedFieldCounts: RefusedFieldCounts

  /// Creates a document.
  public init(
    track: Track = Track(), skippedGeometryCount: Int = 0, epochTimeUnit: EpochTimeUnit? = nil,
    refusedFieldCounts: RefusedFieldCounts = RefusedFieldCounts()
  ) {
    self.track = track
    self.skippedGeometryCount = skippedGeometryCount
    self.epochTimeUnit = epochTimeUnit
    self.refusedFieldCounts = refusedFieldCounts
  }
}
