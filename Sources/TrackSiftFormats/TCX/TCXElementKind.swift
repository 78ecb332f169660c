/// The TCX elements the reader uses, each resolved from its local name and its parent, so
/// that `DistanceMeters` of a lap and of a trackpoint are told apart.
enum TCXElementKind: Equatable {
  case other
  case root, activities, activity, courses, course, lap, track, trackpoint, position
  case heartRate, trackpointExtensions, trackpointExtension
  case lapAverageHeartRate, lapMaximumHeartRate
  /// The root's `Author` (the program that wrote the file) and an activity's or course's
  /// `Creator` (the device that recorded it).
  case author, creator
  // Elements with a value.
  case activityID, courseName, authorName, creatorName, notes
  case lapTotalTime, lapDistance, lapMaximumSpeed, lapCalories
  case lapAverageHeartRateValue, lapMaximumHeartRateValue
  case time, latitude, longitude, altitude, distance, heartRateValue, cadence
  case speed, runCadence, watts
  /// TrackSift's extension in a trackpoint's `Extensions`, and one of its values.
  case trackSiftValues
  case trackSiftValue(TCXTrackSiftValue)
  /// An activity's `Extensions`, and TrackSift's `sport` in it: the sport as a FIT file names
  /// it, where the schema's three (`Running`, `Biking`, `Other`) do not say it.
  case activityExtensions, trackSiftSport

  /// Whether the element's text is read.
  var holdsValue: Bool {
    switch self {
    case .activityID, .courseName, .authorName, .creatorName, .notes, .lapTotalTime, .lapDistance,
      .lapMaximumSpeed, .lapCalories,
      .lapAverageHeartRateValue, .lapMaximumHeartRateValue, .time, .latitude, .longitude,
      .altitude, .distance, .heartRateValue, .cadence, .speed, .runCadence, .watts,
      .trackSiftValue, .trackSiftSport:
      return true
    default: return false
    }
  }

  /// The kind of a child element named `name` (a local name, without prefix) of an element of
  /// this kind.
  func child(_ name: Range<Int>, in scanner: XMLScanner) -> TCXElementKind {
    func named(_ literal: StaticString) -> Bool { scanner.equals(name, literal) }
    switch self {
    case .root:
      if named("Activities") { return .activities }
      if named("Courses") { return .courses }
      if named("Author") { return .author }
    case .author: if named("Name") { return .authorName }
    case .creator: if named("Name") { return .creatorName }
    case .activities: if named("Activity") { return .activity }
    case .courses: if named("Course") { return .course }
    case .activity:
      if named("Lap") { return .lap }
      if named("Id") { return .activityID }
      if named("Creator") { return .creator }
      if named("Notes") { return .notes }
      if named("Extensions") { return .activityExtensions }
    case .activityExtensions: if named("sport") { return .trackSiftSport }
    case .course:
      if named("Track") { return .track }
      if named("Lap") { return .lap }
      if named("Name") { return .courseName }
      if named("Creator") { return .creator }
      if named("Notes") { return .notes }
    case .lap:
      if named("Track") { return .track }
      if named("TotalTimeSeconds") { return .lapTotalTime }
      if named("DistanceMeters") { return .lapDistance }
      if named("MaximumSpeed") { return .lapMaximumSpeed }
      if named("Calories") { return .lapCalories }
      if named("AverageHeartRateBpm") { return .lapAverageHeartRate }
      if named("MaximumHeartRateBpm") { return .lapMaximumHeartRate }
    case .lapAverageHeartRate: if named("Value") { return .lapAverageHeartRateValue }
    case .lapMaximumHeartRate: if named("Value") { return .lapMaximumHeartRateValue }
    case .track: if named("Trackpoint") { return .trackpoint }
    case .trackpoint:
      switch name.count {
      case 4: if named("Time") { return .time }
      case 7: if named("Cadence") { return .cadence }
      case 8: if named("Position") { return .position }
      case 10: if named("Extensions") { return .trackpointExtensions }
      case 12: if named("HeartRateBpm") { return .heartRate }
      case 14:
        if named("AltitudeMeters") { return .altitude }
        if named("DistanceMeters") { return .distance }
      default: break
      }
    case .position:
      if named("LatitudeDegrees") { return .latitude }
      if named("LongitudeDegrees") { return .longitude }
    case .heartRate: if named("Value") { return .heartRateValue }
    case .trackpointExtensions:
      if named("TPX") { return .trackpointExtension }
      if named("values") { return .trackSiftValues }
    case .trackSiftValues:
      for value in TCXTrackSiftValue.allCases where named(value.name) {
        return .trackSiftValue(value)
      }
    case .trackpointExtension:
      if named("Speed") { return .speed }
      if named("RunCadence") { return .runCadence }
      if named("Watts") { return .watts }
    default: break
    }
    return .other
  }
}
