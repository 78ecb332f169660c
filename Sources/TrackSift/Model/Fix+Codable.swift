import Foundation

extension Fix: Codable {
  private enum CodingKeys: String, CodingKey {
    case timestamp, arrivalTime, latitudeDegrees, longitudeDegrees, altitudeMeters
    case horizontalAccuracyMeters, verticalAccuracyMeters, speedMetersPerSecond
    case speedAccuracyMetersPerSecond, courseDegrees, courseAccuracyDegrees, source, receiver
    case sensors, cleanedMotion
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      timestamp: try c.decodeIfPresent(Date.self, forKey: .timestamp),
      arrivalTime: try c.decodeIfPresent(Date.self, forKey: .arrivalTime),
      latitudeDegrees: try c.decode(Double.self, forKey: .latitudeDegrees),
      longitudeDegrees: try c.decode(Double.self, forKey: .longitudeDegrees),
      altitudeMeters: try c.decodeIfPresent(Double.self, forKey: .altitudeMeters),
      horizontalAccuracyMeters: try c.decodeIfPresent(
        Double.self, forKey: .horizontalAccuracyMeters),
      verticalAccuracyMeters: try c.decodeIfPresent(Double.self, forKey: .verticalAccuracyMeters),
      speedMetersPerSecond: try c.decodeIfPresent(Double.self, forKey: .speedMetersPerSecond),
      speedAccuracyMetersPerSecond: try c.decodeIfPresent(
        Double.self, forKey: .speedAccuracyMetersPerSecond),
      courseDegrees: try c.decodeIfPresent(Double.self, forKey: .courseDegrees),
      courseAccuracyDegrees: try c.decodeIfPresent(Double.self, forKey: .courseAccuracyDegrees),
      source: try c.decodeIfPresent(FixSource.self, forKey: .source) ?? .unknown,
      receiver: try c.decodeIfPresent(ReceiverStatus.self, forKey: .receiver) ?? ReceiverStatus(),
      sensors: try c.decodeIfPresent(SensorValues.self, forKey: .sensors) ?? SensorValues(),
      cleanedMotion: try c.decodeIfPresent(CleanedMotion.self, forKey: .cleanedMotion))
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encodeIfPresent(timestamp, forKey: .timestamp)
    try c.encodeIfPresent(arrivalTime, forKey: .arrivalTime)
    try c.encode(latitudeDegrees, forKey: .latitudeDegrees)
    try c.encode(longitudeDegrees, forKey: .longitudeDegrees)
    try c.encodeIfPresent(altitudeMeters, forKey: .altitudeMeters)
    try c.encodeIfPresent(horizontalAccuracyMeters, forKey: .horizontalAccuracyMeters)
    try c.encodeIfPresent(verticalAccuracyMeters, forKey: .verticalAccuracyMeters)
    try c.encodeIfPresent(speedMetersPerSecond, forKey: .speedMetersPerSecond)
    try c.encodeIfPresent(speedAccuracyMetersPerSecond, forKey: .speedAccuracyMetersPerSecond)
    try c.encodeIfPresent(courseDegrees, forKey: .courseDegrees)
    try c.encodeIfPresent(courseAccuracyDegrees, forKey: .courseAccuracyDegrees)
    try c.encode(source, forKey: .source)
    if !receiver.isEmpty { try c.encode(receiver, forKey: .receiver) }
    if !sensors.isEmpty { try c.encode(sensors, forKey: .sensors) }
    try c.encodeIfPresent(cleanedMotion, forKey: .cleanedMotion)
  }
}
