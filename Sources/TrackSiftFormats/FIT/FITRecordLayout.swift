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
    latitude = definition.field(0)
    longitude = definition.field(1)
    altitude = definition.field(2)
    heartRate = definition.field(3)
    cadence = definition.field(4)
    distance = definition.field(5)
    speed = definition.field(6)
    power = definition.field(7)
    temperature = definition.field(13)
    gpsAccuracy = definition.field(31)
    enhancedSpeed = definition.field(73)
    enhancedAltitude = definition.field(78)
  }
}
