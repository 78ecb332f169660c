import TrackSift

extension ActivityFile {
  /// What each format's reader gave, made into an ``ActivityFile``: the track, the totals and
  /// the notes, or the refusal of a file that holds nothing to measure.
  struct Reading {
    /// The file's path, as errors name it.
    var path: String
    /// Whether a file with the device's totals but no position gives its totals alone.
    var allowingNoPositions: Bool

    /// A GPX file's tracks as one track. A file whose tracks hold no point gives its routes
    /// (a planned route, often without times), and a note says so.
    func gpx(_ document: GPXDocument) throws(ActivityFileError) -> ActivityFile {
      var track = Track(name: document.tracks.first?.name ?? document.name, segments: [])
      for part in document.tracks { track.segments += part.segments }
      var notes: [String?] = []
      let routesRead =
        track.fixCount == 0 && document.routes.contains(where: { !$0.points.isEmpty })
      if routesRead {
        track = Track(
          name: document.routes.first?.name ?? document.name,
          segments: document.routes.map { Segment(fixes: $0.points) })
        notes.append("no track: the route (a planned route) read")
      } else if track.segments.allSatisfy({ $0.fixes.isEmpty }) {
        try refuseIfEmpty(track, damage: document.stoppedAt)
        let waypoints = document.waypoints.count
        throw refusal(
          "the file holds no track or route points"
            + (waypoints > 0 ? " (only " + Self.count(waypoints, "waypoint") + ")" : ""))
      }
      notes.append(damageNote(document.stoppedAt, fixCount: track.fixCount))
      var file = ActivityFile(
        track: track, format: .gpx,
        metadata: ActivityMetadata(gpx: document, routesRead: routesRead).capped())
      if !routesRead { (file.sport, file.sessions) = Self.sports(of: document) }
      return finished(file, notes, document.refusedFieldCounts)
    }

    /// The sport a GPX file's tracks name (their `type`), or, where the tracks with points
    /// name sports of different profiles (a track without a type is measured by its motion),
    /// each track as a session. Types no profile fits (`jkljkl`) are the file's sport only
    /// where every track names the same.
    static func sports(of document: GPXDocument) -> (sport: String?, sessions: [ActivitySession]) {
      var sessions: [ActivitySession] = []
      var first = 0
      for (index, part) in document.tracks.enumerated() {
        let type = document.trackDetails[index]?.type.flatMap(UntrustedText.sportName)
        let count = part.segments.count
        sessions.append(
          ActivitySession(
            totals: DeviceTotals(sport: type),
            segments: part.fixCount > 0 ? Array(first..<first + count) : []))
        first += count
      }
      let positioned = sessions.filter { !$0.segments.isEmpty }
      let profiles = Set(positioned.map { $0.totals.sport.flatMap { ActivityKind(sport: $0) } })
      if profiles.count > 1 { return (nil, sessions) }
      // One profile (or none) for every track: the file names the sport they name, if one.
      let named = positioned.compactMap(\.totals.sport)
      let hasProfile = profiles.first.flatMap { $0 } != nil
      return (hasProfile || Set(named).count == 1 ? named.first : nil, [])
    }

    /// A TCX file's activities as one track, with the device's totals of a single activity
    /// and each activity as a session of a file that holds several.
    /// A file whose activities have no position but which holds a course (a planned route,
    /// with or without times) gives the course, as a GPX file without tracks gives its routes.
    func tcx(_ document: TCXDocument) throws(ActivityFileError) -> ActivityFile {
      var file = ActivityFile(
        track: Track(
          name: document.activities.first?.name,
          segments: document.activities.flatMap(\.track.segments)),
        format: .tcx)
      if let activity = document.activities.first, document.activities.count == 1 {
        file.deviceTotals = activity.totals
        if file.deviceTotals?.distanceMeters != nil {
          file.deviceTotals?.distanceAtZeroSpeedMeters = activity.odometerMetersAtZeroSpeed
        }
      }
      if document.activities.count > 1 {
        var first = 0
        file.sessions = document.activities.map { activity in
          let count = activity.track.segments.count
          defer { first += count }
          return ActivitySession(totals: activity.totals, segments: Array(first..<first + count))
        }
      }
      let coursesRead =
        file.track.fixCount == 0 && document.courses.contains(where: { $0.track.fixCount > 0 })
      if coursesRead {
        file.track = Track(
          name: document.courses.first?.name,
          segments: document.courses.flatMap(\.track.segments))
        file.deviceTotals = nil
        file.sessions = []
        file.notes.append("no activity: the course (a planned route) read")
      }
      file.metadata = ActivityMetadata(tcx: document, coursesRead: coursesRead)
        .capped()
      try refuseIfEmpty(file.track, damage: document.stoppedAt)
      if let note = damageNote(document.stoppedAt, fixCount: file.track.fixCount) {
        file.notes.append(note)
      }
      if file.track.fixCount == 0 {
        let positionless = document.positionlessTrackpointCount
        let why =
          Self.count(positionless, "trackpoint")
          + " without one, as an indoor or treadmill activity has"
        guard allowingNoPositions,
          file.deviceTotals?.timerTimeSeconds != nil || file.deviceTotals?.distanceMeters != nil
        else {
          throw refusal(
            positionless > 0
              ? "the TCX file holds no position (\(why))" : "the TCX file holds no trackpoint")
        }
        file.notes.append("no position (\(why)): the device's totals only")
      }
      return finished(file, [], document.refusedFieldCounts)
    }

    /// A FIT file's records as its track, with its sessions' totals combined; a multisport
    /// file's track is split where each session begins (see ``ActivitySession``).
    func fit(_ activity: FITActivity) throws(ActivityFileError) -> ActivityFile {
      let (track, sessions) = ActivitySession.split(activity.track, atStartsOf: activity.sessions)
      var file = ActivityFile(
        track: track, format: .fit,
        deviceTotals: DeviceTotals(combining: activity.sessions),
        metadata: ActivityMetadata(fit: activity).capped())
      file.sessions = sessions
      if file.deviceTotals?.distanceMeters != nil {
        file.deviceTotals?.distanceAtZeroSpeedMeters = activity.odometerMetersAtZeroSpeed
      }
      try refuseIfEmpty(file.track, damage: activity.stoppedAt)
      if let note = damageNote(activity.stoppedAt, fixCount: file.track.fixCount) {
        file.notes.append(note)
      }
      if file.track.fixCount == 0 {
        let why =
          Self.count(activity.recordCount, "record") + " without one, as an indoor, "
          + "treadmill or pool activity has"
        guard allowingNoPositions, file.deviceTotals != nil else {
          throw refusal("the FIT file holds no position (\(why))")
        }
        file.notes.append("no position (\(why)): the device's totals only")
      }
      return finished(file, [], activity.refusedFieldCounts)
    }

    /// An NMEA log's fixes; a log without one is refused with what it held instead.
    func nmea(_ log: NMEALog) throws(ActivityFileError) -> ActivityFile {
      guard log.track.fixCount > 0 else {
        let void =
          log.voidEpochCount > 0
          ? Self.count(log.voidEpochCount, "epoch") + " marked void by the receiver, " : ""
        throw refusal(
          "the NMEA log holds no fix (" + Self.count(log.sentenceCount, "sentence") + ", " + void
            + Self.count(log.skippedCount, "line") + " skipped)")
      }
      let undated =
        log.undatedFixCount > 0
        ? Self.count(log.undatedFixCount, "fix", plural: "fixes")
          + " untimed: the log gives their time of day but no date (no RMC or ZDA sentence,"
          + " no day given)"
        : nil
      return finished(
        ActivityFile(track: log.track, format: .nmea),
        [skippedNote(log.skippedCount, log.skipped), undated], log.refusedFieldCounts)
    }

    /// A CSV table's rows.
    func csv(_ log: FixCSVLog) throws(ActivityFileError) -> ActivityFile {
      guard log.track.fixCount > 0 else {
        throw refusal("the CSV file holds no row after its header")
      }
      return finished(
        ActivityFile(track: log.track, format: .csv), [epochNote(log.epochTimeUnit)],
        log.refusedFieldCounts)
    }

    /// A GeoJSON file's lines and points.
    func geoJSON(_ document: GeoJSONDocument) throws(ActivityFileError) -> ActivityFile {
      guard document.track.fixCount > 0 else {
        throw refusal("the GeoJSON file holds no line or point")
      }
      let skipped =
        document.skippedGeometryCount > 0
        ? Self.count(document.skippedGeometryCount, "geometry", plural: "geometries")
          + " without a line or point passed over" : nil
      return finished(
        ActivityFile(track: document.track, format: .geojson),
        [epochNote(document.epochTimeUnit), skipped], document.refusedFieldCounts)
    }

    /// A GnssLogger log's fixes of the providers read.
    func gnssLogger(_ log: GnssLoggerLog) throws(ActivityFileError) -> ActivityFile {
      let mockNote =
        log.mockFixLineCount > 0
        ? Self.count(log.mockFixLineCount, "mock location") + " left out" : nil
      let notes = [providerNote(log), mockNote, skippedNote(log.skippedCount, log.skipped)]
        .compactMap { $0 }
      guard log.track.fixCount > 0 else {
        let why = notes.isEmpty ? "no Fix or NMEA line" : notes.joined(separator: "; ")
        throw refusal("the GnssLogger log holds no fix (\(why))")
      }
      return finished(
        ActivityFile(track: log.track, format: .gnssLogger), notes, log.refusedFieldCounts)
    }

    /// `file` with the `notes` that are there and the values refused as out of range, its
    /// segments put in time order with no time covered twice (``Track/inTimeOrder()``).
    private func finished(
      _ file: ActivityFile, _ notes: [String?], _ refused: RefusedFieldCounts
    ) -> ActivityFile {
      var file = file
      file.notes += notes.compactMap { $0 }
      if !refused.isEmpty { file.notes.append(refused.description) }
      let (track, change) = file.track.inTimeOrder()
      if let note = timeOrderNote(change) {
        file.track = track
        file.sessions = Self.sessions(file.sessions, after: change)
        file.notes.append(note)
      }
      return file
    }

    /// The sessions with their segments' new indices, in the order of their first segments (a
    /// session without one stays after the session before it).
    private static func sessions(
      _ sessions: [ActivitySession], after change: TimeOrderChange
    ) -> [ActivitySession] {
      var keyed: [(first: Int, session: ActivitySession)] = []
      for var session in sessions {
        session.segments = session.segments.flatMap { change.newSegmentIndices[$0] }.sorted()
        keyed.append((session.segments.first ?? keyed.last?.first ?? -1, session))
      }
      return keyed.enumerated().sorted {
        ($0.element.first, $0.offset) < ($1.element.first, $1.offset)
      }
      .map(\.element.session)
    }

    /// Refuses a damaged file that has no position before its damage, with the damage as the
    /// reason (strict reading would have given it).
    private func refuseIfEmpty(_ track: Track, damage: (any Error)?) throws(ActivityFileError) {
      if let damage, track.fixCount == 0 {
        throw ActivityFileError(path: path, reason: .refused(damage))
      }
    }

    private func refusal(_ words: String) -> ActivityFileError {
      ActivityFileError(path: path, reason: .nothingToRead(words))
    }
  }
}
