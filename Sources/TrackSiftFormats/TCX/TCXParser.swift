import Foundation
import TrackSift

/// The streaming TCX parser behind ``TCXReader``: it pulls tokens from an ``XMLScanner`` and
/// builds the document as elements close.
///
/// - Complexity: O(n) in the file size; memory is the document plus the depth of nesting.
struct TCXParser {
  /// The values of the trackpoint being read; NaN until the file gives them.
  private struct PointValues {
    var time = Double.nan
    var latitude = Double.nan
    var longitude = Double.nan
    var hasLatitude = false
    var hasLongitude = false
    var altitude = Double.nan
    var distance = Double.nan
    var heartRate = Double.nan
    var cadence = Double.nan
    var runCadence = Double.nan
    var speed = Double.nan
    var power = Double.nan
    /// The values of TrackSift's extension (its position is not used).
    var extensionValues = Fix(latitudeDegrees: .nan, longitudeDegrees: .nan)

    private static func optional(_ value: Double) -> Double? { value.isNaN ? nil : value }

    var sensors: SensorValues {
      SensorValues(
        heartRateBeatsPerMinute: Self.optional(heartRate),
        cadencePerMinute: Self.optional(cadence.isNaN ? runCadence : cadence),
        powerWatts: Self.optional(power))
    }

    var timestamp: Date? { time.isNaN ? nil : Date(timeIntervalSinceReferenceDate: time) }

    var fix: Fix {
      var sensors = sensors
      sensors.temperatureCelsius = extensionValues.sensors.temperatureCelsius
      return Fix(
        timestamp: timestamp, arrivalTime: extensionValues.arrivalTime,
        latitudeDegrees: latitude, longitudeDegrees: longitude,
        altitudeMeters: Self.optional(altitude),
        horizontalAccuracyMeters: extensionValues.horizontalAccuracyMeters,
        verticalAccuracyMeters: extensionValues.verticalAccuracyMeters,
        speedMetersPerSecond: Self.optional(speed),
        speedAccuracyMetersPerSecond: extensionValues.speedAccuracyMetersPerSecond,
        courseDegrees: extensionValues.courseDegrees,
        courseAccuracyDegrees: extensionValues.courseAccuracyDegrees,
        source: extensionValues.source, receiver: extensionValues.receiver, sensors: sensors,
        cleanedMotion: extensionValues.cleanedMotion)
    }

    var sample: TCXSample {
      TCXSample(
        timestamp: timestamp, altitudeMeters: Self.optional(altitude),
        distanceMeters: Self.optional(distance), speedMetersPerSecond: Self.optional(speed),
        sensors: sensors)
    }
  }

  private var scanner: XMLScanner
  private var stack: [TCXElementKind] = []
  /// The text of the value element being read: a range of the file while it is one chunk
  /// without entities (the common case, copied nowhere), else decoded into `text`.
  private var rawText = 0..<0
  private var textBuffered = false
  private var text: [UInt8] = []
  /// Where the text of the value element being read starts, for errors.
  private var textStart = 0

  private var document = TCXDocument()
  private var activity = TCXActivity()
  private var lap = TCXLap()
  private var point = PointValues()
  private var segmentFixes: [Fix] = []
  private var segmentDistances: [Double?] = []
  /// Fixes of the current `Track` element, kept or handed to `onTrackpoint`.
  private var segmentFixCount = 0
  /// Whether the current lap has had a track with a positioned point yet.
  private var lapHasTrack = false
  /// Whether the current track continues the last segment (the first track of a lap).
  private var continuesSegment = false
  private var inCourse = false
  private var onTrackpoint: ((TCXTrackpoint) -> Void)?
  private var onConsumed: ((Int) -> Void)?
  private var lastConsumedReport = 0
  private static let consumedReportBytes = 1 << 20

  private init(scanner: XMLScanner) {
    self.scanner = scanner
    stack.reserveCapacity(16)
    text.reserveCapacity(64)
  }

  /// Parses a whole TCX file.
  /// - Parameter lenient: when true, damage ends the parse instead of throwing: the document
  ///   keeps what was complete before it and names it in ``TCXDocument/stoppedAt``.
  /// - Parameter onTrackpoint: when given, receives each positioned trackpoint of the
  ///   activities instead of the document keeping it (courses are kept).
  /// - Parameter onConsumed: when given, is told now and then the offset before which the
  ///   bytes have been read, so a memory-mapped file can give those pages back.
  static func parse(
    _ bytes: UnsafeRawBufferPointer, lenient: Bool = false,
    onTrackpoint: ((TCXTrackpoint) -> Void)? = nil,
    onConsumed: ((_ offset: Int) -> Void)? = nil
  ) throws(XMLReadError) -> TCXDocument {
    let scanner: XMLScanner
    do {
      scanner = try XMLScanner(bytes)
    } catch {
      let error = XMLReadError(
        reason: error.reason, line: 1, column: 1, byteOffset: error.byteOffset)
      if lenient { return TCXDocument(stoppedAt: error) }
      throw error
    }
    var parser = TCXParser(scanner: scanner)
    parser.onTrackpoint = onTrackpoint
    parser.onConsumed = onConsumed
    do {
      try parser.run()
    } catch {
      let error = parser.scanner.located(error)
      guard lenient else { throw error }
      parser.closeWhatIsOpen()
      parser.document.stoppedAt = error
    }
    return parser.document
  }

  /// After damage, keeps the trackpoints read so far: closes the open track, lap and
  /// activity (or course) as their end tags would, and drops a trackpoint or value left half
  /// read.
  private mutating func closeWhatIsOpen() {
    while let top = stack.last {
      switch top {
      case .track, .lap, .activity, .course: try? close()
      default: stack.removeLast()
      }
    }
  }

  private typealias SyntaxError = XMLScanner.SyntaxError

  private mutating func run() throws(SyntaxError) {
    while true {
      switch try scanner.next() {
      case .startTag(let name):
        try scanner.readAttributes()
        try open(name)
      case .endTag: try close()
      case .text(let range):
        if let top = stack.last, top.holdsValue { try addText(range, decoding: true) }
      case .cdata(let range):
        if let top = stack.last, top.holdsValue { try addText(range, decoding: false) }
      case .end: return
      }
    }
  }

  // MARK: - Elements

  private mutating func open(_ name: Range<Int>) throws(SyntaxError) {
    let localName = scanner.localName(name)
    let kind: TCXElementKind
    if let parent = stack.last {
      kind = parent == .other ? .other : parent.child(localName, in: scanner)
    } else {
      guard scanner.equals(localName, "TrainingCenterDatabase") else {
        throw SyntaxError(
          reason: "the root element is <\(scanner.string(name))>, not <TrainingCenterDatabase>",
          byteOffset: name.lowerBound - 1)
      }
      kind = .root
    }
    stack.append(kind)
    switch kind {
    case .activity:
      activity = TCXActivity(sport: try attribute("Sport").flatMap(UntrustedText.sportName))
      inCourse = false
    case .course:
      activity = TCXActivity()
      inCourse = true
    case .lap:
      lap = TCXLap(
        totals: DeviceTotals(sport: activity.sport),
        segmentIndices: activity.track.segments.count..<activity.track.segments.count)
      lapHasTrack = false
      if let startTime = try attribute("StartTime") {
        var text = startTime
        guard
          let seconds = text.withUTF8({
            ISO8601Time.secondsSinceReferenceDate(UnsafeRawBufferPointer($0))
          })
        else {
          throw SyntaxError(
            reason: "the StartTime of <Lap> is not a time: \"\(startTime.prefix(40))\"",
            byteOffset: name.lowerBound - 1)
        }
        lap.totals.startTime = Date(timeIntervalSinceReferenceDate: seconds)
      }
    case .track:
      segmentFixes = []
      segmentDistances = []
      segmentFixCount = 0
      // Garmin writes a Track per Lap and a new Track within a lap where the timer was
      // stopped: a lap's first track continues the segment of the lap before.
      continuesSegment = !lapHasTrack && !activity.track.segments.isEmpty
    case .trackpoint:
      point = PointValues()
    default:
      if kind.holdsValue {
        rawText = 0..<0
        textBuffered = false
        textStart = scanner.position
      }
    }
  }

  /// The decoded value of an attribute of the current start tag, by local name.
  private func attribute(_ localName: StaticString) throws(SyntaxError) -> String? {
    for attribute in scanner.attributes
    where scanner.equals(scanner.localName(attribute.name), localName) {
      guard scanner.needsDecoding(attribute.value) else {
        return scanner.string(attribute.value)
      }
      var bytes: [UInt8] = []
      try scanner.decode(attribute.value, into: &bytes)
      return String(decoding: bytes, as: UTF8.self)
    }
    return nil
  }

  /// Ends the innermost open element.
  // Inlined into the parse loop: since lenient reading calls it too, the compiler stopped
  // inlining it, and TCX parsing took 5-8 % longer (`tracksift bench batch --repeat 3`).
  @inline(__always)
  private mutating func close() throws(SyntaxError) {
    let kind = stack.removeLast()
    switch kind {
    case .activity: document.activities.append(activity)
    case .course: document.courses.append(activity)
    case .lap:
      FixFieldLimits.screen(&lap.totals, refused: &document.refusedFieldCounts)
      lap.segmentIndices = lap.segmentIndices.lowerBound..<activity.track.segments.count
      activity.laps.append(lap)
    case .track:
      guard segmentFixCount > 0 else { return }
      lapHasTrack = true
      if continuesSegment {
        let last = activity.track.segments.count - 1
        activity.track.segments[last].fixes += segmentFixes
        activity.distancesMeters[last] += segmentDistances
        if lap.segmentIndices.isEmpty { lap.segmentIndices = last..<last }
      } else {
        activity.track.segments.append(Segment(fixes: segmentFixes))
        activity.distancesMeters.append(segmentDistances)
      }
    case .position:
      if point.hasLatitude != point.hasLongitude {
        throw SyntaxError(
          reason: "<Position> has no \(point.hasLatitude ? "LongitudeDegrees" : "LatitudeDegrees")",
          byteOffset: scanner.position)
      }
    case .trackpoint:
      screenPoint()
      if point.hasLatitude && point.hasLongitude {
        segmentFixCount += 1
        let distance = point.distance.isNaN ? nil : point.distance
        if let onTrackpoint, !inCourse {
          onTrackpoint(
            TCXTrackpoint(
              fix: point.fix, distanceMeters: distance,
              activityIndex: document.activities.count,
              segmentIndex: activity.track.segments.count - (continuesSegment ? 1 : 0)))
        } else {
          segmentFixes.append(point.fix)
          segmentDistances.append(distance)
        }
      } else {
        activity.positionlessSamples.append(point.sample)
      }
      if let onConsumed, scanner.position - lastConsumedReport >= Self.consumedReportBytes {
        lastConsumedReport = scanner.position
        onConsumed(scanner.position)
      }
    default:
      if kind.holdsValue { try value(of: kind) }
    }
  }

  /// Refuses the current point's out-of-range values (see ``FixFieldLimits``), counting them;
  /// its device distance is held to the bound of a device's total distance.
  private mutating func screenPoint() {
    var fix = point.fix
    FixFieldLimits.screen(&fix, refused: &document.refusedFieldCounts)
    point.time = fix.timeSeconds ?? .nan
    point.altitude = fix.altitudeMeters ?? .nan
    point.speed = fix.speedMetersPerSecond ?? .nan
    point.heartRate = fix.sensors.heartRateBeatsPerMinute ?? .nan
    point.cadence = fix.sensors.cadencePerMinute ?? .nan
    point.runCadence = point.cadence.isNaN ? .nan : point.runCadence
    point.power = fix.sensors.powerWatts ?? .nan
    point.extensionValues = fix
    if !point.distance.isNaN,
      !(point.distance.isFinite && FixFieldLimits.totalDistanceMeters.contains(point.distance))
    {
      point.distance = .nan
      document.refusedFieldCounts.refuse(.deviceTotal)
    }
  }

  /// Stores the text of a value element.
  private mutating func value(of kind: TCXElementKind) throws(SyntaxError) {
    // Empty elements (`<AltitudeMeters></AltitudeMeters>`) say nothing.
    if withText({ $0.allSatisfy(ASCIINumber.isSpace) }) { return }
    switch kind {
    case .activityID: activity.name = trimmedTextString()
    case .courseName: activity.name = trimmedTextString()
    case .creatorName: activity.creator = trimmedTextString()
    case .notes: activity.notes = trimmedTextString()
    case .trackSiftSport: activity.sport = UntrustedText.sportName(trimmedTextString())
    case .authorName: document.author = trimmedTextString()
    case .time:
      guard let seconds = withText({ ISO8601Time.secondsSinceReferenceDate($0) }) else {
        throw valueError("a time", "Time")
      }
      point.time = seconds
    case .trackSiftValue(let value):
      let isSet = withText { bytes in
        value.set(
          UnsafeRawBufferPointer(rebasing: bytes[ASCIINumber.trimmed(bytes)]),
          of: &point.extensionValues)
      }
      guard isSet else { throw valueError("a \(value.name) value", "tracksift:\(value.name)") }
    default:
      guard let number = withText({ ASCIINumber.double($0) }) else {
        throw valueError("a number", Self.elementName(kind))
      }
      switch kind {
      case .latitude:
        point.latitude = number
        point.hasLatitude = true
      case .longitude:
        point.longitude = number
        point.hasLongitude = true
      case .altitude: point.altitude = number
      case .distance: point.distance = number
      case .heartRateValue: point.heartRate = number
      case .cadence: point.cadence = number
      case .runCadence: point.runCadence = number
      case .speed: point.speed = number
      case .watts: point.power = number
      case .lapTotalTime: lap.totals.timerTimeSeconds = number
      case .lapDistance: lap.totals.distanceMeters = number
      case .lapMaximumSpeed: lap.totals.maximumSpeedMetersPerSecond = number
      case .lapCalories: lap.totals.kilocalories = number
      case .lapAverageHeartRateValue: lap.totals.averageHeartRateBeatsPerMinute = number
      case .lapMaximumHeartRateValue: lap.totals.maximumHeartRateBeatsPerMinute = number
      default: break
      }
    }
  }

  private static func elementName(_ kind: TCXElementKind) -> String {
    switch kind {
    case .latitude: "LatitudeDegrees"
    case .longitude: "LongitudeDegrees"
    case .altitude: "AltitudeMeters"
    case .distance, .lapDistance: "DistanceMeters"
    case .heartRateValue, .lapAverageHeartRateValue, .lapMaximumHeartRateValue: "Value"
    case .cadence: "Cadence"
    case .runCadence: "RunCadence"
    case .speed: "Speed"
    case .watts: "Watts"
    case .lapTotalTime: "TotalTimeSeconds"
    case .lapMaximumSpeed: "MaximumSpeed"
    case .lapCalories: "Calories"
    default: "value"
    }
  }

  // MARK: - Text

  private mutating func addText(_ range: Range<Int>, decoding: Bool) throws(SyntaxError) {
    if !textBuffered, rawText.isEmpty, !decoding || !scanner.needsDecoding(range) {
      rawText = range
      return
    }
    if !textBuffered {
      text.removeAll(keepingCapacity: true)
      text.append(contentsOf: scanner.bytes(rawText))
      textBuffered = true
    }
    if decoding {
      try scanner.decode(range, into: &text)
    } else {
      text.append(contentsOf: scanner.bytes(range))
    }
  }

  private func withText<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
    textBuffered ? text.withUnsafeBytes(body) : body(scanner.bytes(rawText))
  }

  private func trimmedTextString() -> String {
    withText { bytes in
      let range = ASCIINumber.trimmed(bytes)
      return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
  }

  private func valueError(_ expected: String, _ name: String) -> SyntaxError {
    var shown = trimmedTextString()
    if shown.count > 40 { shown = String(shown.prefix(40)) + "..." }
    return SyntaxError(reason: "<\(name)> is not \(expected): \"\(shown)\"", byteOffset: textStart)
  }
}
