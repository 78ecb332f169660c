import Foundation
import TrackSift

/// Turns parsed GeoJSON into a ``GeoJSONDocument`` for ``GeoJSONReader``; errors name the path
/// of the value at fault.
struct GeoJSONTrackBuilder {
  private(set) var document = GeoJSONDocument()

  /// The root value: a `FeatureCollection`, a `Feature` or a geometry.
  mutating func readRoot(_ root: JSONValue) throws(GeoJSONError) {
    let type = try Self.type(of: root, path: "")
    switch type {
    case "FeatureCollection":
      guard let features = root["features"]?.array else {
        throw GeoJSONError(reason: "a FeatureCollection needs a \"features\" array")
      }
      for (index, feature) in features.enumerated() {
        try readFeature(feature, path: "features[\(index)]")
      }
    case "Feature": try readFeature(root, path: "")
    default: try readGeometry(root, properties: nil, path: "", propertiesPath: "")
    }
  }

  private static func type(of value: JSONValue, path: String) throws(GeoJSONError) -> String {
    guard case .object = value else {
      throw GeoJSONError(
        reason: "expected a GeoJSON object, found \(value.kindDescription)", path: path)
    }
    guard let type = value["type"]?.string else {
      throw GeoJSONError(reason: "a GeoJSON object needs a \"type\" string", path: path)
    }
    return type
  }

  private static func join(_ path: String, _ member: String) -> String {
    path.isEmpty ? member : path + "." + member
  }

  private mutating func readFeature(_ feature: JSONValue, path: String) throws(GeoJSONError) {
    let type = try Self.type(of: feature, path: path)
    guard type == "Feature" else {
      throw GeoJSONError(reason: "expected a Feature, found \"\(type)\"", path: path)
    }
    guard let geometry = feature["geometry"], !Self.isNull(geometry) else {
      document.skippedGeometryCount += 1
      return
    }
    var properties = feature["properties"]
    if let value = properties, Self.isNull(value) { properties = nil }
    try readGeometry(
      geometry, properties: properties, path: Self.join(path, "geometry"),
      propertiesPath: Self.join(path, "properties"))
  }

  private static func isNull(_ value: JSONValue) -> Bool {
    if case .null = value { return true }
    return false
  }

  private mutating func readGeometry(
    _ geometry: JSONValue, properties: JSONValue?, path: String, propertiesPath: String
  ) throws(GeoJSONError) {
    let type = try Self.type(of: geometry, path: path)
    let coordinatesPath = Self.join(path, "coordinates")
    func coordinates() throws(GeoJSONError) -> [JSONValue] {
      guard let array = geometry["coordinates"]?.array else {
        throw GeoJSONError(reason: "a \(type) needs a \"coordinates\" array", path: path)
      }
      return array
    }
    let part = Part(properties: properties, path: propertiesPath)
    switch type {
    case "LineString", "MultiPoint":
      try addSegment(try coordinates(), path: coordinatesPath, part: part)
    case "MultiLineString":
      for (index, line) in try coordinates().enumerated() {
        guard let positions = line.array else {
          throw GeoJSONError(
            reason: "expected an array of positions, found \(line.kindDescription)",
            path: "\(coordinatesPath)[\(index)]")
        }
        try addSegment(
          positions, path: "\(coordinatesPath)[\(index)]", part: part.line(index))
      }
    case "Point":
      guard let position = geometry["coordinates"] else {
        throw GeoJSONError(reason: "a Point needs \"coordinates\"", path: path)
      }
      try addSegment([position], path: coordinatesPath, part: part.point())
    case "GeometryCollection":
      guard let geometries = geometry["geometries"]?.array else {
        throw GeoJSONError(
          reason: "a GeometryCollection needs a \"geometries\" array", path: path)
      }
      for (index, member) in geometries.enumerated() {
        try readGeometry(
          member, properties: nil, path: Self.join(path, "geometries[\(index)]"),
          propertiesPath: "")
      }
    case "Polygon", "MultiPolygon":
      document.skippedGeometryCount += 1
    default:
      throw GeoJSONError(reason: "not a GeoJSON geometry type: \"\(type)\"", path: path)
    }
  }

  /// The properties that belong to one run of positions: a feature's, or one line's of a
  /// `MultiLineString` (its arrays are arrays of arrays), or a `Point`'s (which may give a
  /// single time instead of an array).
  private struct Part {
    var properties: JSONValue?
    var path: String
    var lineIndex: Int?
    var isPoint = false

    func line(_ index: Int) -> Part {
      Part(properties: properties, path: path, lineIndex: index)
    }

    func point() -> Part {
      Part(properties: properties, path: path, isPoint: true)
    }

    /// The array of `name` in `object` for these positions, with its path; `nil` when absent.
    func array(
      _ name: String, in object: JSONValue?, objectPath: String
    ) throws(GeoJSONError) -> (values: [JSONValue], path: String)? {
      guard let value = object?[name], !GeoJSONTrackBuilder.isNull(value) else { return nil }
      let memberPath = GeoJSONTrackBuilder.join(objectPath, name)
      if isPoint, value.array == nil { return ([value], memberPath) }
      guard let values = value.array else {
        throw GeoJSONError(
          reason: "expected an array, found \(value.kindDescription)", path: memberPath)
      }
      guard let lineIndex else { return (values, memberPath) }
      let linePath = "\(memberPath)[\(lineIndex)]"
      guard lineIndex < values.count else {
        throw GeoJSONError(reason: "no values for this line", path: linePath)
      }
      guard let lineValues = values[lineIndex].array else {
        throw GeoJSONError(
          reason: "expected an array, found \(values[lineIndex].kindDescription)", path: linePath)
      }
      return (lineValues, linePath)
    }

    /// The times of these positions: `times`, `coordTimes`, `coordinateProperties.times`, or a
    /// point's `time` or `timestamp`.
    func times() throws(GeoJSONError) -> (values: [JSONValue], path: String)? {
      if let found = try array("times", in: properties, objectPath: path) { return found }
      if let found = try array("coordTimes", in: properties, objectPath: path) { return found }
      if let found = try array(
        "times", in: properties?["coordinateProperties"],
        objectPath: GeoJSONTrackBuilder.join(path, "coordinateProperties"))
      {
        return found
      }
      guard isPoint else { return nil }
      if let found = try array("time", in: properties, objectPath: path) { return found }
      return try array("timestamp", in: properties, objectPath: path)
    }
  }

  private mutating func addSegment(
    _ positions: [JSONValue], path: String, part: Part
  ) throws(GeoJSONError) {
    var fixes: [Fix] = []
    fixes.reserveCapacity(positions.count)
    for (index, position) in positions.enumerated() {
      guard let numbers = position.array, numbers.count >= 2,
        let longitude = numbers[0].number, let latitude = numbers[1].number
      else {
        throw GeoJSONError(
          reason: "a position needs a longitude and a latitude (numbers), found "
            + position.kindDescription,
          path: part.isPoint ? path : "\(path)[\(index)]")
      }
      let altitude = numbers.count >= 3 ? numbers[2].number : nil
      fixes.append(
        Fix(latitudeDegrees: latitude, longitudeDegrees: longitude, altitudeMeters: altitude))
    }
    if let (values, timesPath) = try part.times() {
      try checkCount(values, positions: positions.count, path: timesPath)
      try setTimes(values, of: &fixes, path: timesPath)
    }
    let extensionPath = Self.join(part.path, GeoJSONFixValue.propertyName)
    if let extensionObject = part.properties?[GeoJSONFixValue.propertyName] {
      for value in GeoJSONFixValue.allCases {
        guard
          let (values, valuesPath) = try part.array(
            value.key, in: extensionObject, objectPath: extensionPath)
        else { continue }
        try checkCount(values, positions: positions.count, path: valuesPath)
        for index in fixes.indices where !value.set(values[index], of: &fixes[index]) {
          throw GeoJSONError(
            reason: "not a \(value.key) value: \(values[index].kindDescription)",
            path: "\(valuesPath)[\(index)]")
        }
      }
    }
    for index in fixes.indices {
      FixFieldLimits.screen(&fixes[index], refused: &document.refusedFieldCounts)
    }
    guard !fixes.isEmpty else { return }
    document.track.segments.append(Segment(fixes: fixes))
  }

  private func checkCount(
    _ values: [JSONValue], positions: Int, path: String
  ) throws(GeoJSONError) {
    guard values.count == positions else {
      throw GeoJSONError(
        reason: "\(values.count) values for \(positions) positions", path: path)
    }
  }

  /// Sets the fixes' times from ISO 8601 strings or epoch numbers (in the unit of their
  /// median magnitude).
  private mutating func setTimes(
    _ values: [JSONValue], of fixes: inout [Fix], path: String
  ) throws(GeoJSONError) {
    let numbers = values.compactMap(\.number)
    let unit = numbers.isEmpty ? nil : EpochTimeUnit(values: numbers)
    if let unit, document.epochTimeUnit == nil { document.epochTimeUnit = unit }
    for (index, value) in values.enumerated() {
      switch value {
      case .null: continue
      case .number(let epoch):
        fixes[index].timestamp = Date(timeIntervalSince1970: epoch / (unit ?? .seconds).perSecond)
      case .string(var text):
        guard
          let seconds = text.withUTF8({
            ISO8601Time.secondsSinceReferenceDate(UnsafeRawBufferPointer($0))
          })
        else {
          throw GeoJSONError(reason: "not an ISO 8601 time: \"\(text)\"", path: "\(path)[\(index)]")
        }
        fixes[index].timestamp = Date(timeIntervalSinceReferenceDate: seconds)
      default:
        throw GeoJSONError(
          reason: "expected a time (text or a number), found \(value.kindDescription)",
          path: "\(path)[\(index)]")
      }
    }
  }
}
