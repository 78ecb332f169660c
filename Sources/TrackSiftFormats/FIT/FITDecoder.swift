import Foundation
import TrackSift

/// The FIT decoder behind ``FITReader``: one pass over the bytes, reading values in place
/// (no copy, no allocation per field), files chained back to back one after the other.
struct FITDecoder {
  private let base: UnsafeRawPointer
  private let count: Int
  private let options: FITReader.Options
  private let onConsumed: ((Int) -> Void)?

  private var definitions = [FITMessageDefinition?](repeating: nil, count: 16)
  private var locals = [FITLocalType?](repeating: nil, count: 16)
  /// Developer field descriptions by `developer data index << 8 | field number`; `column`
  /// indexes `developerColumns`.
  private var descriptions: [UInt16: DeveloperField] = [:]
  /// The developer field values of the fixes, one column per name, and the names.
  private var developerColumns: [[Double?]] = []
  private var developerNames: [String: Int] = [:]
  private var lastTimestamp: UInt32?

  /// A developer field that a `field_description` message described.
  private struct DeveloperField {
    /// The index of its values in `developerColumns`.
    var column: Int
    var baseType: FITBaseType?
    var scale: Double
    var offset: Double
  }

  private var timerStopped = false
  private var breakBeforeNextFix = false

  private var activity = FITActivity()
  private var segments: [Segment] = []
  private var fixes: [Fix] = []
  private var fixCount = 0

  private init(
    base: UnsafeRawPointer, count: Int, options: FITReader.Options,
    onConsumed: ((Int) -> Void)?
  ) {
    self.base = base
    self.count = count
    self.options = options
    self.onConsumed = onConsumed
  }

  /// Decodes FIT bytes.
  /// - Throws: ``FITError`` for damage, unless `options.lenient`.
  static func decode(
    _ bytes: UnsafeRawBufferPointer, options: FITReader.Options,
    onConsumed: ((Int) -> Void)? = nil
  ) throws(FITError) -> FITActivity {
    guard let base = bytes.baseAddress, bytes.count > 0 else {
      let error = FITError(reason: "empty file: no FIT header", byteOffset: 0)
      if options.lenient { return FITActivity(stoppedAt: error) }
      throw error
    }
    var decoder = FITDecoder(
      base: base, count: bytes.count, options: options, onConsumed: onConsumed)
    do {
      try decoder.decodeFiles()
    } catch {
      guard options.lenient else { throw error }
      decoder.activity.stoppedAt = error
    }
    return decoder.finish()
  }

  /// Developer field names (compared lowercased) that carry the receiver's HDOP, as data
  /// fields and loggers name it.
  static let dilutionFieldNames: Set<String> = ["hdop", "gps_hdop", "horizontal_dilution"]
  /// Developer field names (compared lowercased) that carry the satellites used.
  static let satelliteFieldNames: Set<String> = [
    "sat", "sats", "satellites", "satellites_used", "num_sats", "numsv", "gps_sats",
  ]

  private mutating func finish() -> FITActivity {
    if !fixes.isEmpty { segments.append(Segment(fixes: fixes)) }
    fixes = []
    var dilutions: [Double?]?
    var satellites: [Double?]?
    for (name, column) in developerNames {
      var values = developerColumns[column]
      developerColumns[column] = []
      values.append(contentsOf: repeatElement(nil, count: fixCount - values.count))
      activity.developerFields[name] = values
      let key = name.lowercased()
      if Self.dilutionFieldNames.contains(key) { dilutions = values }
      if Self.satelliteFieldNames.contains(key) { satellites = values }
    }
    // What the receiver said goes where every format puts it, for the pipeline's receiver
    // policy (accuracy from the HDOP, too few satellites refused).
    if dilutions != nil || satellites != nil {
      var position = 0
      for segment in segments.indices {
        for index in segments[segment].fixes.indices {
          defer { position += 1 }
          if let value = dilutions?[safe: position], value.isFinite, value > 0 {
            segments[segment].fixes[index].receiver.horizontalDilution = value
          }
          if let value = satellites?[safe: position], value.isFinite, value >= 0, value < 1_000 {
            segments[segment].fixes[index].receiver.satellitesUsed = Int(value)
          }
        }
      }
    }
    activity.track = Track(segments: segments)
    return activity
  }

  // MARK: Files

  private mutating func decodeFiles() throws(FITError) {
    var offset = 0
    repeat {
      offset = try decodeFile(at: offset)
    } while offset < count
  }

  /// Decodes the FIT file that starts at `start`; returns the offset after its CRC.
  private mutating func decodeFile(at start: Int) throws(FITError) -> Int {
    let remaining = count - start
    guard remaining >= 12 else {
      throw FITError(
        reason: "\(bytes(remaining)) are too few for a FIT file header (12 or 14)",
        byteOffset: start)
    }
    let headerSize = Int(byte(start))
    guard headerSize >= 12,
      byte(start + 8) == 0x2E, byte(start + 9) == 0x46, byte(start + 10) == 0x49,
      byte(start + 11) == 0x54
    else {
      throw FITError(reason: "not a FIT file header (no .FIT signature)", byteOffset: start)
    }
    guard headerSize <= remaining else {
      throw FITError(
        reason: "the header declares \(bytes(headerSize)), only \(bytes(remaining)) remain",
        byteOffset: start)
    }
    if headerSize >= 14 {
      let stored = UInt16(byte(start + 12)) | UInt16(byte(start + 13)) << 8
      let computed = FITCRC.update(0, base, from: start, count: 12)
      if stored != 0 && stored != computed {
        throw FITError(
          reason: "header CRC is \(hex(stored)), its bytes give \(hex(computed))",
          byteOffset: start + 12)
      }
    }
    let dataSize = Int(load(UInt32.self, start + 4, bigEndian: false))
    let dataStart = start + headerSize
    let dataEnd = dataStart + dataSize
    var damage: FITError?
    if dataEnd + 2 <= count {
      let stored = UInt16(byte(dataEnd)) | UInt16(byte(dataEnd + 1)) << 8
      let computed = FITCRC.update(0, base, from: start, count: dataEnd - start)
      if stored != computed {
        damage = FITError(
          reason: "file CRC is \(hex(stored)), the bytes give \(hex(computed))",
          byteOffset: dataEnd)
      }
    } else if dataEnd <= count {
      damage = FITError(reason: "the file ends before its 2-byte CRC", byteOffset: count)
    } else {
      damage = FITError(
        reason:
          "the file ends \(bytes(dataEnd - count)) before the end of the data its header declares"
          + " (\(bytes(dataSize)) from byte \(dataStart))",
        byteOffset: count)
    }
    if let damage, !options.lenient { throw damage }

    // Each file has its own local types, developer fields, timestamps and timer.
    definitions = [FITMessageDefinition?](repeating: nil, count: 16)
    locals = [FITLocalType?](repeating: nil, count: 16)
    descriptions = [:]
    lastTimestamp = nil
    timerStopped = false
    activity.fileCount += 1
    breakBeforeNextFix = true
    try decodeMessages(from: dataStart, to: min(dataEnd, count), declaredEnd: dataEnd)
    if let damage { throw damage }
    return dataEnd + 2
  }

  // MARK: Messages

  private mutating func decodeMessages(
    from start: Int, to end: Int, declaredEnd: Int
  ) throws(FITError) {
    var offset = start
    var nextRelease = offset + (1 << 22)
    while offset < end {
      let header = byte(offset)
      if header & 0x80 != 0 {
        let local = Int((header >> 5) & 0x03)
        guard let definition = locals[local] else {
          throw FITError(
            reason: "compressed-timestamp message for undefined local type \(local)",
            byteOffset: offset)
        }
        try checkRoom(offset, definition.size, end: end, declaredEnd: declaredEnd)
        var timestamp: UInt32?
        if let last = lastTimestamp {
          let timeOffset = UInt32(header & 0x1F)
          var value = (last & ~0x1F) &+ timeOffset
          if timeOffset < last & 0x1F { value &+= 0x20 }
          timestamp = value
          lastTimestamp = value
        }
        decodeData(definition, local: local, at: offset + 1, compressedTimestamp: timestamp)
        offset += 1 + definition.size
      } else if header & 0x40 != 0 {
        offset = try decodeDefinition(
          at: offset, local: Int(header & 0x0F), hasDeveloperFields: header & 0x20 != 0,
          end: end, declaredEnd: declaredEnd)
      } else {
        let local = Int(header & 0x0F)
        guard let definition = locals[local] else {
          throw FITError(
            reason: "data message for undefined local type \(local)", byteOffset: offset)
        }
        try checkRoom(offset, definition.size, end: end, declaredEnd: declaredEnd)
        decodeData(definition, local: local, at: offset + 1, compressedTimestamp: nil)
        offset += 1 + definition.size
      }
      if offset >= nextRelease, let onConsumed {
        onConsumed(offset)
        nextRelease = offset + (1 << 22)
      }
    }
  }

  /// Throws unless `size` bytes follow the record header at `offset`.
  private func checkRoom(
    _ offset: Int, _ size: Int, end: Int, declaredEnd: Int
  ) throws(FITError) {
    guard offset + 1 + size > end else { return }
    if end < declaredEnd {
      throw FITError(
        reason: "the file ends inside a message of \(bytes(size))", byteOffset: offset)
    }
    throw FITError(
      reason: "a message of \(bytes(size)) runs past the end of the data at byte \(end)",
      byteOffset: offset)
  }

  private mutating func decodeDefinition(
    at offset: Int, local: Int, hasDeveloperFields: Bool, end: Int, declaredEnd: Int
  ) throws(FITError) -> Int {
    try checkRoom(offset, 5, end: end, declaredEnd: declaredEnd)
    let architecture = byte(offset + 2)
    guard architecture <= 1 else {
      throw FITError(
        reason: "definition with architecture \(architecture) (0 or 1 expected)",
        byteOffset: offset)
    }
    let bigEndian = architecture == 1
    let globalNumber = load(UInt16.self, offset + 3, bigEndian: bigEndian)
    let fieldCount = Int(byte(offset + 5))
    var length = 5 + 3 * fieldCount
    try checkRoom(offset, length, end: end, declaredEnd: declaredEnd)
    var developerCount = 0
    if hasDeveloperFields {
      length += 1
      try checkRoom(offset, length, end: end, declaredEnd: declaredEnd)
      developerCount = Int(byte(offset + length))
      length += 3 * developerCount
      try checkRoom(offset, length, end: end, declaredEnd: declaredEnd)
    }
    var fields: [FITFieldDefinition] = []
    fields.reserveCapacity(fieldCount)
    var size = 0
    var cursor = offset + 6
    for _ in 0..<fieldCount {
      let fieldSize = Int(byte(cursor + 1))
      var baseType = FITBaseType(definitionByte: byte(cursor + 2))
      if let type = baseType, fieldSize == 0 || fieldSize % type.size != 0 { baseType = nil }
      fields.append(
        FITFieldDefinition(
          number: byte(cursor), size: UInt8(fieldSize), baseType: baseType,
          offset: Int32(size)))
      size += fieldSize
      cursor += 3
    }
    var developerFields: [(index: UInt8, number: UInt8, offset: Int, size: Int)] = []
    if hasDeveloperFields {
      cursor += 1
      developerFields.reserveCapacity(developerCount)
      for _ in 0..<developerCount {
        let fieldSize = Int(byte(cursor + 1))
        developerFields.append(
          (index: byte(cursor + 2), number: byte(cursor), offset: size, size: fieldSize))
        size += fieldSize
        cursor += 3
      }
    }
    let definition = FITMessageDefinition(
      globalNumber: globalNumber, bigEndian: bigEndian, fields: fields,
      developerFields: developerFields)
    definitions[local] = definition
    locals[local] = FITLocalType(
      size: size, globalNumber: globalNumber, bigEndian: bigEndian,
      hasDeveloperFields: !developerFields.isEmpty, timestamp: definition.field(253),
      record: globalNumber == FITProfile.record ? FITRecordLayout(definition) : nil)
    return offset + 1 + length
  }

  private mutating func decodeData(
    _ type: FITLocalType, local: Int, at start: Int, compressedTimestamp: UInt32?
  ) {
    var timestamp = compressedTimestamp
    if let field = type.timestamp, let value = integer(field, start, type.bigEndian) {
      timestamp = UInt32(truncatingIfNeeded: value)
      lastTimestamp = timestamp
    }
    if let layout = type.record {
      decodeRecord(layout, type, local: local, at: start, timestamp: timestamp)
      return
    }
    switch type.globalNumber {
    case FITProfile.event, FITProfile.session, FITProfile.lap, FITProfile.fileID,
      FITProfile.deviceInfo, FITProfile.fieldDescription:
      break
    default:
      return
    }
    guard let definition = definitions[local] else { return }
    switch type.globalNumber {
    case FITProfile.event:
      decodeEvent(definition, at: start)
    case FITProfile.session, FITProfile.lap:
      decodeTotals(definition, at: start)
    case FITProfile.fileID:
      if activity.fileID == nil { activity.fileID = decodeFileID(definition, at: start) }
    case FITProfile.deviceInfo:
      activity.devices.append(decodeDevice(definition, at: start))
    case FITProfile.fieldDescription:
      decodeFieldDescription(definition, at: start)
    default:
      break
    }
  }

  // MARK: Records

  private mutating func decodeRecord(
    _ layout: FITRecordLayout, _ type: FITLocalType, local: Int, at start: Int,
    timestamp: UInt32?
  ) {
    activity.recordCount += 1
    let bigEndian = type.bigEndian
    if let timestamp, timestamp < FITProfile.minimumAbsoluteTimestamp {
      activity.hasRelativeTimestamps = true
    }
    guard let latitude = number(layout.latitude, start, bigEndian),
      let longitude = number(layout.longitude, start, bigEndian)
    else {
      activity.recordsWithoutPosition += 1
      return
    }
    let altitude =
      number(layout.enhancedAltitude, start, bigEndian) ?? number(layout.altitude, start, bigEndian)
    let speed =
      number(layout.enhancedSpeed, start, bigEndian) ?? number(layout.speed, start, bigEndian)
    var fix = Fix(
      timestamp: timestamp.map(Self.date),
      latitudeDegrees: latitude * FITProfile.degreesPerSemicircle,
      longitudeDegrees: longitude * FITProfile.degreesPerSemicircle,
      // (raw - 2500) / 5 rounds once, where raw / 5 - 500 gives 236.79999999999995 for 236.8.
      altitudeMeters: altitude.map { ($0 - 2_500) / 5 },
      horizontalAccuracyMeters: number(layout.gpsAccuracy, start, bigEndian),
      speedMetersPerSecond: speed.map { $0 / 1000 },
      sensors: SensorValues(
        heartRateBeatsPerMinute: number(layout.heartRate, start, bigEndian),
        cadencePerMinute: number(layout.cadence, start, bigEndian),
        powerWatts: number(layout.power, start, bigEndian),
        temperatureCelsius: number(layout.temperature, start, bigEndian)))
    FixFieldLimits.screen(&fix, refused: &activity.refusedFieldCounts)
    if breakBeforeNextFix {
      breakBeforeNextFix = false
      if !fixes.isEmpty {
        segments.append(Segment(fixes: fixes))
        fixes = []
      }
    }
    fixes.append(fix)
    activity.fixDistancesMeters.append(number(layout.distance, start, bigEndian).map { $0 / 100 })
    if type.hasDeveloperFields, let definition = definitions[local] {
      recordDeveloperFields(definition, at: start)
    }
    fixCount += 1
  }

  private mutating func recordDeveloperFields(_ definition: FITMessageDefinition, at start: Int) {
    for field in definition.developerFields {
      guard let description = descriptions[UInt16(field.index) << 8 | UInt16(field.number)],
        let baseType = description.baseType, baseType != .string, field.size >= baseType.size
      else { continue }
      let raw = rawValue(start + field.offset, baseType.size, definition.bigEndian)
      guard let value = baseType.value(raw: raw) else { continue }
      let column = description.column
      let missing = fixCount - developerColumns[column].count
      if missing > 0 {
        developerColumns[column].append(contentsOf: repeatElement(nil, count: missing))
      }
      // A field given twice in one record keeps its first value.
      if missing >= 0 {
        developerColumns[column].append(
          (value - description.offset * description.scale) / description.scale)
      }
    }
  }

  private mutating func decodeFieldDescription(_ definition: FITMessageDefinition, at start: Int) {
    let bigEndian = definition.bigEndian
    guard let index = integer(definition.field(0), start, bigEndian),
      let number = integer(definition.field(1), start, bigEndian),
      let baseTypeByte = integer(definition.field(2), start, bigEndian),
      let name = string(definition.field(3), start), !name.isEmpty
    else { return }
    let scale = self.number(definition.field(6), start, bigEndian) ?? 1
    let column: Int
    if let existing = developerNames[name] {
      column = existing
    } else {
      column = developerColumns.count
      developerColumns.append([])
      developerNames[name] = column
    }
    descriptions[UInt16(truncatingIfNeeded: index) << 8 | UInt16(truncatingIfNeeded: number)] =
      DeveloperField(
        column: column,
        baseType: FITBaseType(definitionByte: UInt8(truncatingIfNeeded: baseTypeByte)),
        scale: scale == 0 ? 1 : scale,
        offset: self.number(definition.field(7), start, bigEndian) ?? 0
      )
  }

  // MARK: Other messages

  private mutating func decodeEvent(_ definition: FITMessageDefinition, at start: Int) {
    let bigEndian = definition.bigEndian
    // Event 0 is the timer; types 0 start, 1 stop, 4 stop all, 8 and 9 stop and disable.
    guard integer(definition.field(0), start, bigEndian) == 0,
      let type = integer(definition.field(1), start, bigEndian)
    else { return }
    switch type {
    case 0:
      if timerStopped {
        timerStopped = false
        breakBeforeNextFix = true
      }
    case 1, 4, 8, 9:
      timerStopped = true
    default:
      break
    }
  }

  private mutating func decodeTotals(_ definition: FITMessageDefinition, at start: Int) {
    let bigEndian = definition.bigEndian
    let isLap = definition.globalNumber == FITProfile.lap
    func value(_ field: UInt8, scale: Double = 1) -> Double? {
      number(definition.field(field), start, bigEndian).map { $0 / scale }
    }
    var totals = DeviceTotals()
    totals.startTime = integer(definition.field(2), start, bigEndian).map {
      Self.date(UInt32(truncatingIfNeeded: $0))
    }
    totals.sport = integer(definition.field(isLap ? 25 : 5), start, bigEndian)
      .flatMap { Int(exactly: $0) }.map(FITProfile.sportName)
    totals.elapsedTimeSeconds = value(7, scale: 1000)
    totals.timerTimeSeconds = value(8, scale: 1000)
    totals.distanceMeters = value(9, scale: 100)
    totals.kilocalories = value(11)
    // Lap fields from average speed on sit one number below the session's.
    let shift: UInt8 = isLap ? 1 : 0
    totals.averageSpeedMetersPerSecond =
      value(isLap ? 110 : 124, scale: 1000) ?? value(14 - shift, scale: 1000)
    totals.maximumSpeedMetersPerSecond =
      value(isLap ? 111 : 125, scale: 1000) ?? value(15 - shift, scale: 1000)
    totals.averageHeartRateBeatsPerMinute = value(16 - shift)
    totals.maximumHeartRateBeatsPerMinute = value(17 - shift)
    totals.ascentMeters = value(22 - shift)
    totals.descentMeters = value(23 - shift)
    FixFieldLimits.screen(&totals, refused: &activity.refusedFieldCounts)
    if isLap { activity.laps.append(totals) } else { activity.sessions.append(totals) }
  }

  private func decodeFileID(_ definition: FITMessageDefinition, at start: Int) -> FITFileID {
    let bigEndian = definition.bigEndian
    return FITFileID(
      fileType: integer(definition.field(0), start, bigEndian).flatMap { Int(exactly: $0) },
      manufacturer: integer(definition.field(1), start, bigEndian).flatMap { Int(exactly: $0) },
      product: integer(definition.field(2), start, bigEndian).flatMap { Int(exactly: $0) },
      serialNumber: integer(definition.field(3), start, bigEndian),
      timeCreated: integer(definition.field(4), start, bigEndian).map {
        Self.date(UInt32(truncatingIfNeeded: $0))
      },
      productName: string(definition.field(8), start))
  }

  private func decodeDevice(_ definition: FITMessageDefinition, at start: Int) -> FITDevice {
    let bigEndian = definition.bigEndian
    return FITDevice(
      deviceIndex: integer(definition.field(0), start, bigEndian).flatMap { Int(exactly: $0) },
      manufacturer: integer(definition.field(2), start, bigEndian).flatMap { Int(exactly: $0) },
      product: integer(definition.field(4), start, bigEndian).flatMap { Int(exactly: $0) },
      serialNumber: integer(definition.field(3), start, bigEndian),
      softwareVersion: number(definition.field(5), start, bigEndian).map { $0 / 100 },
      productName: string(definition.field(27), start))
  }

  // MARK: Values

  /// A FIT timestamp (seconds since 1989-12-31T00:00:00Z) as a date.
  static func date(_ timestamp: UInt32) -> Date {
    Date(timeIntervalSince1970: FITProfile.epochUnixSeconds + Double(timestamp))
  }

  @inline(__always)
  private func byte(_ offset: Int) -> UInt8 {
    base.load(fromByteOffset: offset, as: UInt8.self)
  }

  @inline(__always)
  private func load<T: FixedWidthInteger>(_: T.Type, _ offset: Int, bigEndian: Bool) -> T {
    let value = base.loadUnaligned(fromByteOffset: offset, as: T.self)
    return bigEndian ? T(bigEndian: value) : T(littleEndian: value)
  }

  @inline(__always)
  private func rawValue(_ offset: Int, _ size: Int, _ bigEndian: Bool) -> UInt64 {
    switch size {
    case 1: UInt64(byte(offset))
    case 2: UInt64(load(UInt16.self, offset, bigEndian: bigEndian))
    case 4: UInt64(load(UInt32.self, offset, bigEndian: bigEndian))
    default: load(UInt64.self, offset, bigEndian: bigEndian)
    }
  }

  /// The first element of a numeric field of the message at `start`, or `nil` when the field
  /// is absent, invalid or not numeric.
  @inline(__always)
  private func number(_ field: FITFieldDefinition?, _ start: Int, _ bigEndian: Bool) -> Double? {
    guard let field, let type = field.baseType else { return nil }
    return type.value(raw: rawValue(start + Int(field.offset), type.size, bigEndian))
  }

  @inline(__always)
  private func integer(_ field: FITFieldDefinition?, _ start: Int, _ bigEndian: Bool) -> UInt64? {
    guard let field, let type = field.baseType else { return nil }
    return type.integer(raw: rawValue(start + Int(field.offset), type.size, bigEndian))
  }

  /// A string field up to its first NUL, or `nil` when absent or empty.
  private func string(_ field: FITFieldDefinition?, _ start: Int) -> String? {
    guard let field, field.baseType == .string else { return nil }
    let bytes = UnsafeRawBufferPointer(
      start: base + start + Int(field.offset), count: Int(field.size))
    let text = bytes.prefix { $0 != 0 }
    return text.isEmpty ? nil : String(decoding: text, as: UTF8.self)
  }

  private func bytes(_ count: Int) -> String {
    count == 1 ? "1 byte" : "\(count) bytes"
  }

  private func hex(_ value: UInt16) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return "0x" + String(repeating: "0", count: 4 - digits.count) + digits
  }
}

extension Array where Element == Double? {
  /// The element at `index`, or `nil` past the end.
  fileprivate subscript(safe index: Int) -> Double? {
    indices.contains(index) ? self[index] : nil
  }
}
