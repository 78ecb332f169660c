/// The fields of a `record` message that the reader uses, found once per definition so that
/// each record is read without searching.
struct FITRecordLayout: Sendable {
  var latitude: FITFieldDefinition?
  var longitude: FITFieldDefinition?
  var altitude: FITFieldDefinition?
  var enhancedAltitude: FITFieldDefinition?
  var speed: FITFieldDefinition?
  var enhancedSpeed: FITFieldDefinition?
  var distance: FITFieldDefinition?
  var heartRate: FITFieldDefinition?
  var cadence: FITFieldDefinition?
  var power: FITFieldDefinition?
  var temperature: FITFieldDefinition?
  var gpsAccuracy: FITFieldDefinition?

  /// The layout of a `record` definition with these fields.
  init(_ definition: FITMessageDefinition) {
    typealias Field = FITProfile.RecordField
    latitude = definition.field(Field.positionLatitude)
    longitude = definition.field(Field.positionLongitude)
    altitude = definition.field(Field.altitude)
    heartRate = definition.field(Field.heartRate)
    cadence = definition.field(Field.cadence)
    distance = definition.field(Field.distance)
    speed = definition.field(Field.speed)
    power = definition.field(Field.power)
    temperature = definition.field(Field.temperature)
    gpsAccuracy = definition.field(Field.gpsAccuracy)
    enhancedSpeed = definition.field(Field.enhancedSpeed)
    enhancedAltitude = definition.field(Field.enhancedAltitude)
  }
}
