import Foundation
import TrackSift

/// Reads NMEA 0183 lines from bytes, merges each epoch's sentences and hands out fixes.
///
/// One pass, no look-back beyond the epoch being collected: memory is bounded by the line
/// length, whatever the size of the log.
struct NMEAParser {
  private let options: NMEAReader.Options
  private var epoch = NMEAEpoch()
  private var fieldRanges: [Range<Int>] = []
  /// The UTC day carried from the last dated epoch (or the reference date), in days since
  /// 2001-01-01.
  private var dayNumber: Int?
  private var lastTimeOfDaySeconds: Double?
  private var lastFixSeconds: Double?
  /// The fixes before the log's first date (without a reference date), until it comes.
  private var undated = NMEAUndatedFixes()
  private(set) var log = NMEALog()

  init(options: NMEAReader.Options) {
    self.options = options
    if let reference = options.referenceDate {
      dayNumber = Int((reference.timeIntervalSinceReferenceDate / 86_400).rounded(.down))
    }
    fieldRanges.reserveCapacity(24)
  }

  /// Parses every line of `bytes`, calling `emit` with each fix and whether it starts a new
  /// segment.
  /// - Throws: ``NMEAError`` for the first bad line in strict mode.
  mutating func parse(
    _ bytes: UnsafeRawBufferPointer, onConsumed: ((Int) -> Void)? = nil,
    emit: (Fix, _ startsSegment: Bool) -> Void
  ) throws(NMEAError) {
    // The fixes held for a date are given untimed if none comes, before a strict refusal too.
    defer { releaseUndated(emit) }
    try LineScanner.forEachLine(in: bytes, onConsumed: onConsumed) {
      (line, number) throws(NMEAError) in try handle(line, line: number, emit)
    }
    flush(emit)
  }

  /// Ends the log after its last line was handled: emits its last epoch, and the fixes still
  /// held for a date, untimed.
  mutating func finish(_ emit: (Fix, Bool) -> Void) {
    flush(emit)
    releaseUndated(emit)
  }

  /// Emits the fixes held for a date that never came, untimed, and counts them.
  private mutating func releaseUndated(_ emit: (Fix, Bool) -> Void) {
    let (fixes, timeOfDayCount) = undated.undated()
    log.undatedFixCount += timeOfDayCount
    for fix in fixes { emitFix(fix, emit) }
  }

  /// Reads one line (without its end): a sentence, or a GnssLogger `NMEA,` line.
  /// - Throws: ``NMEAError`` for a bad line in strict mode.
  mutating func handle(
    _ raw: UnsafeRawBufferPointer, line: Int, _ emit: (Fix, Bool) -> Void
  ) throws(NMEAError) {
    let bounds = ASCIINumber.trimmed(raw)
    guard !bounds.isEmpty else { return }
    let text = Self.unwrappingGnssLogger(UnsafeRawBufferPointer(rebasing: raw[bounds]))
    // gpsd test logs and many loggers put comments on lines starting with '#'.
    guard !text.isEmpty, text[0] != UInt8(ascii: "#") else { return }
    do throws(NMEAMalformed) {
      let fields = try frame(text)
      log.sentenceCount += 1
      let address = fields[0]
      guard address.count == 5, address[0] != UInt8(ascii: "P") else { return }
      let type = String(decoding: UnsafeRawBufferPointer(rebasing: address[2...]), as: UTF8.self)
      guard let sentence = try fields.decode(type: type) else { return }
      add(sentence, emit)
    } catch {
      let reason = error.reason
      if options.strict { throw NMEAError(reason: reason, line: line) }
      log.skipped.record(
        SkippedLine(line: line, reason: reason), maximum: NMEALog.maximumRecordedSkips,
        total: &log.skippedCount)
    }
  }

  /// The sentence of an Android GnssLogger line, `NMEA,<sentence>,<milliseconds since
  /// 1970>`: without the prefix, and without the suffix after a `*hh` checksum; any other line
  /// as it is.
  static func unwrappingGnssLogger(_ text: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
    guard text.starts(with: gnssLoggerPrefix) else { return text }
    let sentence = UnsafeRawBufferPointer(rebasing: text[gnssLoggerPrefix.count...])
    guard let star = sentence.firstIndex(of: UInt8(ascii: "*")), star + 3 < sentence.count,
      sentence[star + 3] == UInt8(ascii: ",")
    else { return sentence }
    return UnsafeRawBufferPointer(rebasing: sentence[..<(star + 3)])
  }

  /// What GnssLogger writes before each NMEA sentence.
  static let gnssLoggerPrefix = Array("NMEA,".utf8)

  /// Checks the sentence's frame (start character, printable ASCII, checksum) and splits it
  /// into fields.
  private mutating func frame(_ text: UnsafeRawBufferPointer) throws(NMEAMalformed) -> NMEAFields {
    guard text[0] == UInt8(ascii: "$") || text[0] == UInt8(ascii: "!") else {
      throw NMEAMalformed(reason: "not an NMEA sentence (no leading $ or !)")
    }
    var checksumStart: Int?
    var computed: UInt8 = 0
    for index in 1..<text.count {
      let byte = text[index]
      guard byte >= 0x20, byte < 0x7F else {
        throw NMEAMalformed(
          reason: "byte 0x\(hex(byte)) at column \(index + 1) is not printable ASCII")
      }
      if checksumStart == nil {
        if byte == UInt8(ascii: "*") {
          checksumStart = index
        } else {
          computed ^= byte
        }
      }
    }
    let bodyEnd = checksumStart ?? text.count
    if let star = checksumStart {
      // A missing checksum is accepted (it is optional for most sentences); a wrong one is not.
      guard text.count - star == 3, let high = hexValue(text[star + 1]),
        let low = hexValue(text[star + 2])
      else { throw NMEAMalformed(reason: "malformed checksum (not *hh at the end)") }
      let stated = high << 4 | low
      guard stated == computed else {
        throw NMEAMalformed(
          reason:
            "checksum mismatch: the sentence says \(hex(stated)), its bytes give \(hex(computed))")
      }
    }
    fieldRanges.removeAll(keepingCapacity: true)
    var fieldStart = 1
    for index in 1..<bodyEnd where text[index] == UInt8(ascii: ",") {
      fieldRanges.append(fieldStart..<index)
      fieldStart = index + 1
    }
    fieldRanges.append(fieldStart..<bodyEnd)
    guard !fieldRanges[0].isEmpty else { throw NMEAMalformed(reason: "empty address field") }
    return NMEAFields(line: text, ranges: fieldRanges)
  }

  private mutating func add(_ sentence: NMEASentence, _ emit: (Fix, Bool) -> Void) {
    let timed: (NMEAEpoch.TimedKind, Double?)?
    switch sentence {
    case .rmc(let value): timed = (.rmc, value.timeOfDaySeconds)
    case .gga(let value): timed = (.gga, value.timeOfDaySeconds)
    case .gns(let value): timed = (.gns, value.timeOfDaySeconds)
    case .gst(let value): timed = (.gst, value.timeOfDaySeconds)
    case .zda(let value): timed = (.zda, value.timeOfDaySeconds)
    case .gsa, .vtg: timed = nil
    }
    if let (kind, time) = timed, !epoch.accepts(kind, at: time) {
      flush(emit)
    }
    epoch.merge(sentence)
  }

  /// Ends the epoch being collected: dates it, and emits its fix if it has one.
  private mutating func flush(_ emit: (Fix, Bool) -> Void) {
    defer { epoch = NMEAEpoch() }
    guard !epoch.isOpen else { return }
    var timestamp: Date?
    if let time = epoch.timeOfDaySeconds {
      if let day = epoch.dayNumber {
        if dayNumber == nil, !undated.isEmpty {
          for fix in undated.dated(fromDay: day, at: time) { emitFix(fix, emit) }
        }
        dayNumber = day
      } else if let day = dayNumber, let last = lastTimeOfDaySeconds, time < last - 43_200 {
        // Without a date of its own, a time of day more than 12 h earlier is the next day.
        dayNumber = day + 1
      }
      lastTimeOfDaySeconds = time
      if let day = dayNumber {
        timestamp = Date(timeIntervalSinceReferenceDate: Double(day) * 86_400 + time)
      }
    }
    if epoch.isVoid { log.voidEpochCount += 1 }
    guard let fix = epoch.fix(timestamp: timestamp) else { return }
    if dayNumber == nil, epoch.timeOfDaySeconds != nil || !undated.isEmpty {
      undated.append(fix, timeOfDaySeconds: epoch.timeOfDaySeconds)
      return
    }
    emitFix(fix, emit)
  }

  /// Hands out a fix, its values screened, and whether it starts a segment.
  private mutating func emitFix(_ fix: Fix, _ emit: (Fix, Bool) -> Void) {
    var fix = fix
    FixFieldLimits.screen(&fix, refused: &log.refusedFieldCounts)
    var startsSegment = log.fixCount == 0
    if let seconds = fix.timeSeconds {
      if let last = lastFixSeconds,
        seconds < last || (options.segmentGapSeconds.map { seconds - last > $0 } ?? false)
      {
        startsSegment = true
      }
      lastFixSeconds = seconds
    }
    log.fixCount += 1
    emit(fix, startsSegment)
  }

  private func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    default: nil
    }
  }

  private func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
  }
}
