/// The comma-separated fields of one framed sentence, as ranges into its line's bytes; field 0
/// is the address (`GPGGA`), without the `$`.
struct NMEAFields {
  var line: UnsafeRawBufferPointer
  var ranges: [Range<Int>]

  /// The number of fields, the address included.
  var count: Int { ranges.count }

  /// The bytes of field `index`; empty when the sentence has fewer fields.
  subscript(index: Int) -> UnsafeRawBufferPointer {
    index < ranges.count
      ? UnsafeRawBufferPointer(rebasing: line[ranges[index]]) : .init(start: nil, count: 0)
  }

  /// Throws when the sentence has fewer than `required` data fields (the address not counted).
  func require(_ required: Int, _ type: String) throws(NMEAMalformed) {
    guard count - 1 >= required else {
      throw NMEAMalformed(
        reason: "truncated \(type): \(count - 1) fields where at least \(required) are needed")
    }
  }

  /// Decodes a sentence of a type the reader uses, or returns `nil` for other types.
  func decode(type: String) throws(NMEAMalformed) -> NMEASentence? {
    switch type {
    case "RMC": try rmc()
    case "GGA": try gga()
    case "GNS": try gns()
    case "GSA": try gsa()
    case "GST": try gst()
    case "VTG": try vtg()
    case "ZDA": try zda()
    default: nil
    }
  }

  private func rmc() throws(NMEAMalformed) -> NMEASentence {
    // time, status, lat, N/S, lon, E/W, speed kn, course, date[, magvar, E/W[, mode[, nav]]]
    try require(9, "RMC")
    let status = self[2]
    let mode = self[12]
    let modeKind = mode.isEmpty ? nil : NMEASolutionKind(modeLetter: mode[0])
    return .rmc(
      NMEASentence.RMC(
        timeOfDaySeconds: try NMEAField.timeOfDay(self[1]),
        isVoid: !(status.count == 1 && status[0] == UInt8(ascii: "A"))
          || (!mode.isEmpty && mode[0] == UInt8(ascii: "N")),
        latitudeDegrees: try NMEAField.angle(self[3], hemisphere: self[4], isLatitude: true),
        longitudeDegrees: try NMEAField.angle(self[5], hemisphere: self[6], isLatitude: false),
        speedKnots: try NMEAField.double(self[7], "speed"),
        courseDegrees: try NMEAField.double(self[8], "course"),
        dayNumber: try NMEAField.rmcDay(self[9]),
        kind: modeKind))
  }

  private func gga() throws(NMEAMalformed) -> NMEASentence {
    // time, lat, N/S, lon, E/W, quality, satellites, HDOP, altitude, M, geoid, M, age, station
    try require(9, "GGA")
    return .gga(
      NMEASentence.GGA(
        timeOfDaySeconds: try NMEAField.timeOfDay(self[1]),
        latitudeDegrees: try NMEAField.angle(self[2], hemisphere: self[3], isLatitude: true),
        longitudeDegrees: try NMEAField.angle(self[4], hemisphere: self[5], isLatitude: false),
        quality: try NMEAField.integer(self[6], "quality"),
        satellitesUsed: try NMEAField.integer(self[7], "satellites"),
        horizontalDilution: try NMEAField.double(self[8], "HDOP"),
        altitudeMeters: try NMEAField.double(self[9], "altitude")))
  }

  private func gns() throws(NMEAMalformed) -> NMEASentence {
    // time, lat, N/S, lon, E/W, modes, satellites, HDOP, altitude, geoid, age, station[, nav]
    try require(9, "GNS")
    let modes = Self.summary(ofModes: self[6])
    return .gns(
      NMEASentence.GNS(
        timeOfDaySeconds: try NMEAField.timeOfDay(self[1]),
        latitudeDegrees: try NMEAField.angle(self[2], hemisphere: self[3], isLatitude: true),
        longitudeDegrees: try NMEAField.angle(self[4], hemisphere: self[5], isLatitude: false),
        isVoid: modes.allNoFix, kind: modes.best,
        satellitesUsed: try NMEAField.integer(self[7], "satellites"),
        horizontalDilution: try NMEAField.double(self[8], "HDOP"),
        altitudeMeters: try NMEAField.double(self[9], "altitude")))
  }

  /// The best solution among a GNS sentence's mode letters (one a constellation), and
  /// whether every one says no fix (`N`).
  private static func summary(
    ofModes modes: UnsafeRawBufferPointer
  ) -> (best: NMEASolutionKind?, allNoFix: Bool) {
    var best: NMEASolutionKind?
    var allNoFix = !modes.isEmpty
    for letter in modes {
      if letter != UInt8(ascii: "N") { allNoFix = false }
      if let kind = NMEASolutionKind(modeLetter: letter), kind.rank > (best?.rank ?? 0) {
        best = kind
      }
    }
    return (best, allNoFix)
  }

  private func gsa() throws(NMEAMalformed) -> NMEASentence {
    // selection, mode, 12 satellite ids, PDOP, HDOP, VDOP[, system id]
    try require(17, "GSA")
    return .gsa(
      NMEASentence.GSA(
        fixMode: try NMEAField.integer(self[2], "fix mode"),
        positionDilution: try NMEAField.double(self[15], "PDOP"),
        horizontalDilution: try NMEAField.double(self[16], "HDOP"),
        verticalDilution: try NMEAField.double(self[17], "VDOP")))
  }

  private func gst() throws(NMEAMalformed) -> NMEASentence {
    // time, range RMS, semi-major, semi-minor, orientation, σ lat, σ lon, σ alt
    try require(8, "GST")
    return .gst(
      NMEASentence.GST(
        timeOfDaySeconds: try NMEAField.timeOfDay(self[1]),
        latitudeSigmaMeters: try NMEAField.double(self[6], "latitude error"),
        longitudeSigmaMeters: try NMEAField.double(self[7], "longitude error"),
        altitudeSigmaMeters: try NMEAField.double(self[8], "altitude error")))
  }

  private func vtg() throws(NMEAMalformed) -> NMEASentence {
    // NMEA 2.0+: course, T, course, M, speed, N, speed, K[, mode]. Before 2.0 the unit
    // letters were absent: course true, course magnetic, knots, km/h.
    if self[2].count == 1, self[2][0] == UInt8(ascii: "T") {
      try require(8, "VTG")
      return .vtg(
        NMEASentence.VTG(
          courseDegrees: try NMEAField.double(self[1], "course"),
          speedKnots: try NMEAField.double(self[5], "speed"),
          speedKilometersPerHour: try NMEAField.double(self[7], "speed")))
    }
    try require(4, "VTG")
    return .vtg(
      NMEASentence.VTG(
        courseDegrees: try NMEAField.double(self[1], "course"),
        speedKnots: try NMEAField.double(self[3], "speed"),
        speedKilometersPerHour: try NMEAField.double(self[4], "speed")))
  }

  private func zda() throws(NMEAMalformed) -> NMEASentence {
    // time, day, month, year, zone hours, zone minutes
    try require(4, "ZDA")
    let day = try NMEAField.integer(self[2], "day")
    let month = try NMEAField.integer(self[3], "month")
    let year = try NMEAField.integer(self[4], "year")
    var dayNumber: Int?
    if let day, let month, let year {
      guard let number = NMEAField.daysSinceReference(year: year, month: month, day: day)
      else { throw NMEAMalformed(reason: "ZDA date is not a calendar date") }
      dayNumber = number
    }
    return .zda(
      NMEASentence.ZDA(timeOfDaySeconds: try NMEAField.timeOfDay(self[1]), dayNumber: dayNumber))
  }
}
