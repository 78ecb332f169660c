import Foundation

/// The few numbers of the FIT profile (Garmin's FIT SDK `Profile.xlsx`) that the reader and the
/// writer use: message numbers here, field numbers, enumeration values and scales in
/// `FITProfile+Fields.swift`.
enum FITProfile {
  static let fileID: UInt16 = 0
  static let session: UInt16 = 18
  static let lap: UInt16 = 19
  static let record: UInt16 = 20
  static let event: UInt16 = 21
  static let deviceInfo: UInt16 = 23
  static let activity: UInt16 = 34
  static let fieldDescription: UInt16 = 206
  static let developerDataID: UInt16 = 207

  /// Seconds from 1970-01-01 to the FIT epoch, 1989-12-31T00:00:00Z.
  static let epochUnixSeconds: Double = 631_065_600
  /// Timestamps below this are relative: seconds from a moment the device chose.
  static let minimumAbsoluteTimestamp: UInt32 = 0x1000_0000

  /// Semicircles (2^31 per 180 degrees) to degrees.
  static let degreesPerSemicircle = 180.0 / 2_147_483_648.0

  /// The profile's names of the `sport` enumeration.
  static let sportNames: [String] = [
    "generic", "running", "cycling", "transition", "fitness_equipment", "swimming",
    "basketball", "soccer", "tennis", "american_football", "training", "walking",
    "cross_country_skiing", "alpine_skiing", "snowboarding", "rowing", "mountaineering",
    "hiking", "multisport", "paddling", "flying", "e_biking", "motorcycling", "boating",
    "driving", "golf", "hang_gliding", "horseback_riding", "hunting", "fishing",
    "inline_skating", "rock_climbing", "sailing", "ice_skating", "sky_diving", "snowshoeing",
    "snowmobiling", "stand_up_paddleboarding", "surfing", "wakeboarding", "water_skiing",
    "kayaking", "rafting", "windsurfing", "kitesurfing", "tactical", "jumpmaster", "boxing",
    "floor_climbing", "baseball",
  ]

  /// Sports numbered past the contiguous table.
  static let laterSportNames: [Int: String] = [
    53: "diving", 62: "hiit", 64: "racket", 65: "wheelchair_push_walk",
    66: "wheelchair_push_run", 67: "meditation", 69: "disc_golf", 254: "all",
  ]

  /// The profile's names of a few manufacturers (its `manufacturer` enumeration), for a file
  /// that names no product.
  static let manufacturerNames: [Int: String] = [
    1: "Garmin", 23: "Suunto", 32: "Wahoo Fitness", 294: "COROS",
  ]

  /// The number of the sport the profile names `name` (case and spaces aside: `Running`,
  /// `cross country skiing`), or `nil` for a name it does not hold.
  static func sportNumber(_ name: String) -> Int? {
    let key = name.lowercased().replacingOccurrences(of: " ", with: "_")
    if let index = sportNames.firstIndex(of: key) { return index }
    return laterSportNames.first { $0.value == key }?.key
  }

  /// The name of sport number `value`, or `sport N` for a number the table does not hold.
  static func sportName(_ value: Int) -> String {
    if value >= 0 && value < sportNames.count { return sportNames[value] }
    return laterSportNames[value] ?? "sport \(value)"
  }
}
