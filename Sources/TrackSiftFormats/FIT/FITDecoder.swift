import Foundation
import TrackSift

/// The FIT decoder behind ``FITReader``: one pass over the bytes, reading values in place
/// (no copy, no allocation per field), files chained back to back one after the other.
struct FITDecoder {
  private let data: FITBytes
  private let count: Int
  private let options: FITReader.Options
  private let onConsumed: ((Int) -> Void)?

  private var definitions = [FITMessageDefinition?](repeating: nil, count: 16)
  private var locals = [FITLocalType?](repeating: nil, count: 16)
  private var developer = FITDeveloperFields()
  private var lastTimestamp: UInt32?

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
    data = FITBytes(base: base)
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

  private mutating func finish() -> FITActivity {
    if !fixes.isEmpty { segments.append(Segment(fixes: fixes)) }
    fixes = []
    let values = developer.takeValues(fixCount: fixCount)
    activity.developerFields = values.byName
    // What the receiver said goes where every format puts it, for the pipeline's receiver
    // policy (accuracy from the HDOP, too few satellites refused).
    if values.dilutions != nil || values.satellites != nil {
      setReceiver(dilutions: values.dilutions, satellites: values.satellites)
    }
    if let motions = values.byName[FITCleanedMotionField.name] {
      setMotions(motions)
    }
    activity.track = Track(segments: segments)
    return activity
  }

  /// Sets the HDOP and the satellites used of the fixes from developer fields' values, one
  /// per fix; values that cannot be either are left out.
  private mutating func setReceiver(dilutions: [Double?]?, satellites: [Double?]?) {
    updateFixes { position, fix in
      if let value = dilutions?[safe: position], value.isFinite, value > 0 {
        fix.receiver.horizontalDilution = value
      }
      if let value = satellites?[safe: position], value.isFinite, value >= 0, value < 1_000 {
        fix.receiver.satellitesUsed = Int(value)
      }
    }
  }

  /// Sets the motion of the fixes of a file TrackSift cleaned from its developer field's
  /// values, one per fix.
  private mutating func setMotions(_ codes: [Double?]) {
    updateFixes { position, fix in
      fix.cleanedMotion =
        codes[safe: position].flatMap { $0 }.flatMap(FITCleanedMotionField.motion(code:))
    }
  }

  /// Calls `body` with every fix read so far and its number over the whole file (from 0), the
  /// index of its values in the developer fields' columns.
  private mutating func updateFixes(_ body: (Int, inout Fix) -> Void) {
    var position = 0
    for segment in segments.indices {
      for index in segments[segment].fixes.indices {
        body(position, &segments[segment].fixes[index])
        position += 1
      }
    }
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
    let frame = try FITFileFrame(at: start, in: data, count: count)
    if let damage = frame.damage, !options.lenient { throw damage }

    // Each file has its own local types, developer fields, timestamps and timer.
    definitions = [FITMessageDefinition?](repeating: nil, count: 16)
    locals = [FITLocalType?](repeating: nil, count: 16)
    developer.startFile()
    lastTimestamp = nil
    timerStopped = false
    activity.fileCount += 1
    breakBeforeNextFix = true
    try decodeMessages(
      from: frame.dataStart, to: min(frame.dataEnd, count), declaredEnd: frame.dataEnd)
    if let damage = frame.damage { throw damage }
    return frame.dataEnd + 2
  }

  // MARK: Messages

  private mutating func decodeMessages(
    from start: Int, to end: Int, declaredEnd: Int
  ) throws(FITError) {
    var offset = start
    var nextRelease = offset + (1 << 22)
    while offset < end {
      let header = data.byte(offset)
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
        reason: "the file ends inside a message of \(FITError.byteCount(size))", byteOffset: offset)
    }
    throw FITError(
      reason:
        "a message of \(FITError.byteCount(size)) runs past the end of the data at byte \(end)",
      byteOffset: offset)
  }

  private mutating func decodeDefinition(
    at offset: Int, local: Int, hasDeveloperFields: Bool, end: Int, declaredEnd: Int
  ) throws(FITError) -> Int {
    try checkRoom(offset, 5, end: end, declaredEnd: declaredEnd)
    let architecture = data.byte(offset + 2)
    guard architecture <= 1 else {
      throw FITError(
        reason: "definition with architecture \(architecture) (0 or 1 expected)",
        byteOffset: offset)
    }
    let bigEndian = architecture == 1
    let globalNumber = data.load(UInt16.self, offset + 3, bigEndian: bigEndian)
    let fieldCount = Int(data.byte(offset + 5))
    var length = 5 + 3 * fieldCount
    try checkRoom(offset, length, end: end, declaredEnd: declaredEnd)
    var developerCount = 0
    if hasDeveloperFields {
      length += 1
      try checkRoom(offset, length, end: end, declaredEnd: declaredEnd)
      developerCount = Int(data.byte(offset + length))
      length += 3 * developerCount
      try checkRoom(offset, length, end: end, declaredEnd: declaredEnd)
    }
    var fields: [FITFieldDefinition] = []
    fields.reserveCapacity(fieldCount)
    var size = 0
    var cursor = offset + 6
    for _ in 0..<fieldCount {
      let fieldSize = Int(data.byte(cursor + 1))
      var baseType = FITBaseType(definitionByte: data.byte(cursor + 2))
      if let type = baseType, fieldSize == 0 || fieldSize % type.size != 0 { baseType = nil }
      fields.append(
        FITFieldDefinition(
          number: data.byte(cursor), size: UInt8(fieldSize), baseType: baseType,
          offset: Int32(size)))
      size += fieldSize
      cursor += 3
    }
    var developerFields: [(index: UInt8, number: UInt8, offset: Int, size: Int)] = []
    if hasDeveloperFields {
      cursor += 1
      developerFields.reserveCapacity(developerCount)
      for _ in 0..<developerCount {
        let fieldSize = Int(data.byte(cursor + 1))
        developerFields.append(
          (index: data.byte(cursor + 2), number: data.byte(cursor), offset: size, size: fieldSize))
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
    if let field = type.timestamp, let value = data.integer(field, start, type.bigEndian) {
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
      var totals = DeviceTotals(fitSessionOrLap: definition, at: start, in: data)
      FixFieldLimits.screen(&totals, refused: &activity.refusedFieldCounts)
      if definition.globalNumber == FITProfile.lap {
        activity.laps.append(totals)
      } else {
        activity.sessions.append(totals)
      }
    case FITProfile.fileID:
      if activity.fileID == nil { activity.fileID = FITFileID(definition, at: start, in: data) }
    case FITProfile.deviceInfo:
      activity.devices.append(FITDevice(definition, at: start, in: data))
    case FITProfile.fieldDescription:
      developer.describe(definition, at: start, in: data)
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
    guard let latitude = data.number(layout.latitude, start, bigEndian),
      let longitude = data.number(layout.longitude, start, bigEndian)
    else {
      activity.recordsWithoutPosition += 1
      return
    }
    let altitude =
      data.number(layout.enhancedAltitude, start, bigEndian)
      ?? data.number(layout.altitude, start, bigEndian)
    let speed =
      data.number(layout.enhancedSpeed, start, bigEndian)
      ?? data.number(layout.speed, start, bigEndian)
    var fix = Fix(
      timestamp: timestamp.map(Self.date),
      latitudeDegrees: latitude * FITProfile.degreesPerSemicircle,
      longitudeDegrees: longitude * FITProfile.degreesPerSemicircle,
      // (raw - 2500) / 5 rounds once, where raw / 5 - 500 gives 236.79999999999995 for 236.8.
      altitudeMeters: altitude.map { ($0 - 2_500) / 5 },
      horizontalAccuracyMeters: data.number(layout.gpsAccuracy, start, bigEndian),
      speedMetersPerSecond: speed.map { $0 / 1000 },
      sensors: SensorValues(
        heartRateBeatsPerMinute: data.number(layout.heartRate, start, bigEndian),
        cadencePerMinute: data.number(layout.cadence, start, bigEndian),
        powerWatts: data.number(layout.power, start, bigEndian),
        temperatureCelsius: data.number(layout.temperature, start, bigEndian)))
    FixFieldLimits.screen(&fix, refused: &activity.refusedFieldCounts)
    if breakBeforeNextFix {
      breakBeforeNextFix = false
      if !fixes.isEmpty {
        segments.append(Segment(fixes: fixes))
        fixes = []
      }
    }
    fixes.append(fix)
    activity.fixDistancesMeters.append(
      data.number(layout.distance, start, bigEndian).map { $0 / 100 })
    if type.hasDeveloperFields, let definition = definitions[local] {
      developer.record(definition, at: start, fixIndex: fixCount, in: data)
    }
    fixCount += 1
  }

  // MARK: Other messages

  private mutating func decodeEvent(_ definition: FITMessageDefinition, at start: Int) {
    let bigEndian = definition.bigEndian
    // Event 0 is the timer; types 0 start, 1 stop, 4 stop all, 8 and 9 stop and disable.
    guard data.integer(definition.field(0), start, bigEndian) == 0,
      let type = data.integer(definition.field(1), start, bigEndian)
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

  // MARK: Times

  /// A FIT timestamp (seconds since 1989-12-31T00:00:00Z) as a date.
  static func date(_ timestamp: UInt32) -> Date {
    Date(timeIntervalSince1970: FITProfile.epochUnixSeconds + Double(timestamp))
  }
}

extension Array where Element == Double? {
  /// The element at `index`, or `nil` past the end.
  fileprivate subscript(safe index: Int) -> Double? {
    indices.contains(index) ? self[index] : nil
  }
}
