import Foundation
import TrackSift

/// Writes a `Track` as a FIT activity file (Garmin's Flexible and Interoperable Data Transfer
/// protocol 2.0, profile 21.32), which ``FITReader`` and other FIT programs read back.
///
/// The file holds, in order: a 14-byte header with its CRC; a `file_id` (type activity,
/// manufacturer "development", `time_created` the first fix's time); a timer start `event`;
/// one `record` per fix; between two segments a timer stop `event` and a start `event` (so
/// that the segments read back as segments); a timer stop-all `event`; one `lap` and one
/// `session` holding the totals (one of each per session for a multisport recording, see
/// `data(from activities:)`); an `activity`; the file's CRC. Empty segments are left out.
///
/// **Records.** Each fix gives a `record` with `timestamp` (whole seconds since
/// 1989-12-31T00:00:00Z, rounded: FIT keeps no fraction), `position_lat` and `position_long`
/// (semicircles, 2^31 per 180 degrees: about 8.4e-8 degrees, or 9 mm, of resolution) and
/// `distance` (cm, cumulative along the track, never across segments), and, when some fix has
/// them, `enhanced_altitude` (0.2 m, offset 500 m; left out where the vertical accuracy marks
/// it invalid), `enhanced_speed` (mm/s, valid reported speeds only), `heart_rate`, `cadence` (per minute), `power` (W), `temperature` (degrees C)
/// and `gps_accuracy` (whole meters, 254 for a larger radius). A value a fix lacks, or that
/// does not fit its field (a heart rate above 254, a time before 1990), is written as the
/// field's invalid value, so it reads back as absent. The motion of a cleaned file's points
/// (`Fix.cleanedMotion`) goes into a developer field, `tracksift_motion` (0 moving,
/// 1 creeping, 2 stopped), described by a `developer_data_id` and a `field_description`
/// before the records, where some fix has one. A fix without a valid position gives a record
/// without one, which ``FITReader`` counts but does not turn into a fix. The profile has no field for the other
/// accuracies, course, receiver status, arrival time or source, so they are not written (read
/// back, the elevation gain can differ: without a vertical accuracy, altitudes are taken with
/// the narrowest dead band).
///
/// **Totals.** The `lap` and the `session` hold the ``DeviceTotals`` given, or else those
/// computed from the fixes: `total_elapsed_time` from the first to the last timed fix,
/// `total_timer_time` summed over the segments, `total_distance` as
/// `Track.pathLengthMeters` (geodesic on WGS84), the average speed over the timer time, the
/// largest valid speed, and the average and largest heart rate. ``FITReader`` gives them back
/// as ``FITActivity/sessions`` (and `ActivityFile` as its `deviceTotals`), at FIT's
/// resolution: ms for times, cm for distances, mm/s for speeds.
///
/// - Complexity: O(n) in the number of fixes; the file is about 40 bytes a fix.
public enum FITWriter {
  /// The bytes of a FIT activity file of `track`.
  /// - Parameters:
  ///   - track: the fixes, one `record` each; empty segments are left out.
  ///   - sport: the sport of the lap and the session, as the profile's `sport` enumeration
  ///     names it (`running`, `cycling`, `walking`, `hiking`, ...; case and spaces aside);
  ///     `totals.sport` when `nil`; a name the profile does not hold leaves the field out.
  ///   - totals: the lap's and session's totals; computed from the fixes when `nil`.
  /// - Complexity: O(n) in the number of fixes.
  public static func data(
    from track: Track, sport: String? = nil, totals: DeviceTotals? = nil
  ) -> Data {
    let written = Track(name: track.name, segments: track.segments.filter { !$0.fixes.isEmpty })
    let summary = totals ?? DeviceTotals(computedFrom: written)
    return data(
      written,
      sessions: [
        Session(
          totals: summary, sport: (sport ?? summary.sport).flatMap(FITProfile.sportNumber),
          segmentCount: written.segments.count)
      ])
  }

  /// The bytes of a FIT activity file of several sessions (a multisport recording), one
  /// `lap` and one `session` each, with the activity's sport and the totals computed from its
  /// fixes, its start time its first fix's; ``FITReader`` and `ActivityFile` read them back as
  /// sessions (`ActivityFile.sessions`) where they are two or more.
  /// - Parameter activities: the sessions in order; those without a fix are left out.
  /// - Complexity: O(n) in the number of fixes.
  public static func data(from activities: [WrittenActivity]) -> Data {
    var written = Track(name: activities.first?.track.name, segments: [])
    var sessions: [Session] = []
    for activity in activities {
      let segments = activity.track.segments.filter { !$0.fixes.isEmpty }
      guard !segments.isEmpty else { continue }
      written.segments += segments
      sessions.append(
        Session(
          totals: DeviceTotals(computedFrom: Track(segments: segments)),
          sport: activity.sport.flatMap(FITProfile.sportNumber), segmentCount: segments.count))
    }
    return data(written, sessions: sessions)
  }

  /// A session as written: its totals, sport number and how many segments of the track
  /// (after those of the sessions before it) it holds.
  private struct Session {
    var totals: DeviceTotals
    var sport: Int?
    var segmentCount: Int
  }

  /// The file of `written`'s fixes (no empty segment) in `sessions`.
  private static func data(_ written: Track, sessions: [Session]) -> Data {
    let allFixes = written.segments.lazy.flatMap(\.fixes)
    let firstTime = allFixes.lazy.compactMap(\.timeSeconds).first
      .flatMap(FITRecordEncoding.fitTimestamp)
    var encoder = FITEncoder(reservingCapacity: 256 + 48 * written.fixCount)
    encoder.appendMessage(
      local: 0, global: FITProfile.fileID,
      values: [
        (field(FITProfile.FileIDField.type, .enumeration), FITProfile.Value.fileActivity),
        (
          field(FITProfile.FileIDField.manufacturer, .uint16),
          FITProfile.Value.manufacturerDevelopment
        ),
        (field(FITProfile.FileIDField.timeCreated, .uint32), firstTime.map(UInt64.init)),
      ])
    appendRecords(of: written, to: &encoder)
    var firstSegment = 0
    var lastEndTime: UInt32?
    for (index, session) in sessions.enumerated() {
      let segments = written.segments[firstSegment..<firstSegment + session.segmentCount]
      firstSegment += session.segmentCount
      let endTime =
        segments.reversed().lazy.flatMap { $0.fixes.reversed() }.compactMap(\.timeSeconds).first
        .flatMap(FITRecordEncoding.fitTimestamp) ?? endTimestamp(of: session.totals)
      lastEndTime = endTime ?? lastEndTime
      for message in [FITProfile.lap, FITProfile.session] {
        appendTotals(
          session.totals, message: message, index: index, sport: session.sport,
          endTime: endTime, to: &encoder)
      }
    }
    typealias Activity = FITProfile.ActivityField
    let timerSeconds = sessions.compactMap(\.totals.timerTimeSeconds)
    let timerTime =
      timerSeconds.isEmpty ? nil : timerSeconds.reduce(0, +) * FITProfile.Scale.timePerSecond
    encoder.appendMessage(
      local: 0, global: FITProfile.activity,
      values: [
        (field(Activity.timestamp, .uint32), lastEndTime.map(UInt64.init)),
        (field(Activity.totalTimerTime, .uint32), timerTime.flatMap(encoded(.uint32))),
        (field(Activity.sessionCount, .uint16), UInt64(sessions.count)),
        (field(Activity.type, .enumeration), FITProfile.Value.activityManual),
        (field(Activity.event, .enumeration), FITProfile.Value.eventActivity),
        (field(Activity.eventType, .enumeration), FITProfile.Value.eventTypeStop),
      ])
    return encoder.fileData()
  }

  /// Writes `track` to `url` atomically (to a temporary file, then renamed); parameters as in
  /// ``data(from:sport:totals:)``.
  /// - Throws: ``FITError`` naming the path when the file cannot be written.
  public static func write(
    _ track: Track, to url: URL, sport: String? = nil, totals: DeviceTotals? = nil
  ) throws(FITError) {
    try write(data(from: track, sport: sport, totals: totals), to: url)
  }

  /// Writes the sessions of `data(from activities:)` to `url` atomically (to a temporary
  /// file, then renamed).
  /// - Throws: ``FITError`` naming the path when the file cannot be written.
  public static func write(_ activities: [WrittenActivity], to url: URL) throws(FITError) {
    try write(data(from: activities), to: url)
  }

  /// Writes a file's bytes atomically, its failure as a ``FITError`` naming the path.
  private static func write(_ data: Data, to url: URL) throws(FITError) {
    do {
      try data.write(to: url, options: .atomic)
    } catch {
      throw FITError(
        reason: "cannot write \(url.path): \(error.localizedDescription)", byteOffset: nil)
    }
  }

  // MARK: - Messages

  /// Local types: 0 for the messages written once, 1 for `event`, 2 for `record`.
  private static let eventLocal: UInt8 = 1
  private static let recordLocal: UInt8 = 2

  /// The timer events and the records of every segment.
  private static func appendRecords(of track: Track, to encoder: inout FITEncoder) {
    typealias Event = FITProfile.EventField
    encoder.define(
      local: eventLocal, global: FITProfile.event,
      fields: [
        field(Event.timestamp, .uint32), field(Event.event, .enumeration),
        field(Event.eventType, .enumeration),
      ])
    let records = FITRecordEncoding(track: track)
    if records.carriesMotion { describeMotionField(to: &encoder) }
    encoder.define(
      local: recordLocal, global: FITProfile.record, fields: records.fields,
      developerFields: records.developerFields)
    var distanceMeters = 0.0
    for (index, segment) in track.segments.enumerated() {
      let times = segment.fixes.lazy.compactMap(\.timeSeconds)
      let start = times.first.flatMap(FITRecordEncoding.fitTimestamp)
      let end = segment.fixes.reversed().lazy.compactMap(\.timeSeconds).first
        .flatMap(FITRecordEncoding.fitTimestamp)
      appendTimerEvent(FITProfile.Value.eventTypeStart, at: start, to: &encoder)
      var previous: Coordinate?
      for fix in segment.fixes {
        if fix.coordinate.isInRange {
          if let previous {
            let step = Geodesic.distanceMeters(from: previous, to: fix.coordinate)
            if step.isFinite { distanceMeters += step }
          }
          previous = fix.coordinate
        }
        encoder.append(
          local: recordLocal, values: records.rawValues(of: fix, distanceMeters: distanceMeters))
      }
      let isLast = index == track.segments.count - 1
      appendTimerEvent(
        isLast ? FITProfile.Value.eventTypeStopAll : FITProfile.Value.eventTypeStop, at: end,
        to: &encoder)
    }
  }

  /// The `developer_data_id` and `field_description` of TrackSift's motion field
  /// (``FITCleanedMotionField``).
  private static func describeMotionField(to encoder: inout FITEncoder) {
    typealias Motion = FITCleanedMotionField
    encoder.appendMessage(
      local: 0, global: FITProfile.developerDataID,
      bytes: [(1, .byte, Motion.applicationID), (3, .uint8, [Motion.dataIndex])])
    encoder.appendMessage(
      local: 0, global: FITProfile.fieldDescription,
      bytes: [
        (0, .uint8, [Motion.dataIndex]), (1, .uint8, [Motion.number]),
        (2, .uint8, [FITBaseType.uint8.definitionByte]),
        (3, .string, Array(Motion.name.utf8) + [0]),
      ])
  }

  private static func appendTimerEvent(
    _ type: UInt64, at timestamp: UInt32?, to encoder: inout FITEncoder
  ) {
    encoder.append(
      local: eventLocal, values: [timestamp.map(UInt64.init), FITProfile.Value.eventTimer, type])
  }

  /// The `index`th `lap` or `session` (`message`) of `totals`; fields without a value are left
  /// out.
  private static func appendTotals(
    _ totals: DeviceTotals, message: UInt16, index: Int, sport: Int?, endTime: UInt32?,
    to encoder: inout FITEncoder
  ) {
    typealias Common = FITProfile.TotalsFields
    typealias Scale = FITProfile.Scale
    let isLap = message == FITProfile.lap
    let fields = isLap ? Common.lap : Common.session
    let start = totals.startTime.flatMap {
      FITRecordEncoding.fitTimestamp($0.timeIntervalSinceReferenceDate)
    }
    func scaled(_ value: Double?, _ scale: Double) -> Double? { value.map { $0 * scale } }
    var values: [(field: FITEncoder.Field, raw: UInt64?)] = [
      (field(Common.timestamp, .uint32), endTime.map(UInt64.init)),
      (field(Common.messageIndex, .uint16), UInt64(index)),
      (
        field(Common.event, .enumeration),
        isLap ? FITProfile.Value.eventLap : FITProfile.Value.eventSession
      ),
      (field(Common.eventType, .enumeration), FITProfile.Value.eventTypeStop),
      (field(Common.startTime, .uint32), start.map(UInt64.init)),
      (field(fields.sport, .enumeration), sport.flatMap { UInt64(exactly: $0) }),
    ]
    let numbers: [(UInt8, FITBaseType, Double?)] = [
      (Common.totalElapsedTime, .uint32, scaled(totals.elapsedTimeSeconds, Scale.timePerSecond)),
      (Common.totalTimerTime, .uint32, scaled(totals.timerTimeSeconds, Scale.timePerSecond)),
      (Common.totalDistance, .uint32, scaled(totals.distanceMeters, Scale.distancePerMeter)),
      (Common.totalCalories, .uint16, totals.kilocalories),
      (
        fields.enhancedAverageSpeed, .uint32,
        scaled(totals.averageSpeedMetersPerSecond, Scale.speedPerMeterPerSecond)
      ),
      (
        fields.enhancedMaximumSpeed, .uint32,
        scaled(totals.maximumSpeedMetersPerSecond, Scale.speedPerMeterPerSecond)
      ),
      (fields.averageHeartRate, .uint8, totals.averageHeartRateBeatsPerMinute),
      (fields.maximumHeartRate, .uint8, totals.maximumHeartRateBeatsPerMinute),
      (fields.totalAscent, .uint16, totals.ascentMeters),
      (fields.totalDescent, .uint16, totals.descentMeters),
    ]
    values += numbers.map { (field($0.0, $0.1), $0.2.flatMap(encoded($0.1))) }
    if !isLap {
      values.append((field(FITProfile.SessionField.firstLapIndex, .uint16), UInt64(index)))
      values.append((field(FITProfile.SessionField.lapCount, .uint16), 1))
    }
    encoder.appendMessage(local: 0, global: message, values: values)
  }

  // MARK: - Values

  private static func field(_ number: UInt8, _ type: FITBaseType) -> FITEncoder.Field {
    FITEncoder.Field(number: number, type: type)
  }

  /// A function that encodes a value as `type` (see ``FITBaseType/raw(encoding:)``).
  private static func encoded(_ type: FITBaseType) -> (Double) -> UInt64? {
    { type.raw(encoding: $0) }
  }

  /// The end of the activity the totals describe, for a track without a timed fix.
  private static func endTimestamp(of totals: DeviceTotals) -> UInt32? {
    guard let start = totals.startTime?.timeIntervalSinceReferenceDate else { return nil }
    return FITRecordEncoding.fitTimestamp(start + (totals.elapsedTimeSeconds ?? 0))
  }
}
