import Foundation
import GRDB
import Testing
import TrackSift
import TrackSiftFormats
import TrackSiftStore
import TrackSiftTestSupport

@testable import tracksift

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `replay --store`, `activities` and the crash safety of a recording saved as it goes.
@Suite(.serialized) struct StoreCommandTests {
  static let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Samples/city-run.gpx").standardized.path

  @Test func replayedActivityIsListedShownAndExported() async throws {
    try await onOwnThread {
      let directory = try CommandRunner.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let store = directory.appendingPathComponent("activities.sqlite").path
      let replay = try CommandRunner.run(["replay", Self.sample, "--store", store, "--json"])
      #expect(replay.status == 0, "\(replay.standardError)")
      let analysis = TrackAnalysis(track: try InputFile.track(atPath: Self.sample))
      let timeline = try CommandRunner.run(["replay", Self.sample, "--store", store])
      #expect(timeline.standardOutput.hasSuffix("Saved as activity 2 in \(store)\n"))

      let list = try CommandRunner.run(["activities", "list", "--store", store])
      #expect(list.status == 0, "\(list.standardError)")
      #expect(list.standardOutput.contains("finished"))
      #expect(list.standardOutput.split(separator: "\n").count == 3)  // header and 2 activities
      #expect(list.standardOutput.contains("7.14 km"))

      let show = try CommandRunner.run(["activities", "show", "1", "--store", store])
      #expect(
        show.standardOutput.contains(
          "accepted \(Formatting.count(analysis.verdictCounts.acceptedCount))"))
      #expect(show.standardOutput.contains("split 1 km"))
      // Elapsed as `replay` showed it: from start to finish.
      let replayed = try #require(
        timeline.standardOutput.split(separator: "\n").first { $0.hasPrefix("Distance") })
      let elapsed = try #require(replayed.split(separator: ", ").first { $0.hasPrefix("elapsed") })
      #expect(show.standardOutput.contains(", \(elapsed)\n"), "\(show.standardOutput)")

      let exported = directory.appendingPathComponent("export.gpx").path
      let export = try CommandRunner.run([
        "activities", "export", "1", "--store", store, "-o", exported,
      ])
      #expect(export.status == 0, "\(export.standardError)")
      #expect(
        try InputFile.track(atPath: exported).fixCount == analysis.verdictCounts.acceptedCount)

      let summary = try ActivityStore(path: store, readOnly: true).activity(ActivityID(rawValue: 1))
      #expect(summary.totals.distanceMeters == analysis.liveMetrics.distanceMeters)
      #expect(summary.pendingFixCount == 0)

      let missing = try CommandRunner.run(["activities", "show", "9", "--store", store])
      #expect(missing.status != 0)
      #expect(missing.standardError.contains("9"))
    }
  }

  @Test(arguments: [("km", 7), ("mi", 4)])
  func replaySplitCuesInTheChosenUnit(unit: String, count: Int) throws {
    let replay = try CommandRunner.run(["replay", Self.sample, "--splits", unit])
    #expect(replay.status == 0, "\(replay.standardError)")
    let cues = replay.standardOutput.split(separator: "\n").filter { $0.contains(" split ") }
    // 7.14 km: 7 kilometers, 4 miles.
    #expect(cues.count == count, "\(cues)")
    #expect(cues.allSatisfy { $0.contains(" \(unit) in ") }, "\(cues)")
  }

  /// Replays in a child process killed with SIGKILL at 20 random moments: after each kill the
  /// store holds every fix the child reported committed, each once and equal to the file's, with
  /// the batch's verdict or (only at the tail) a pending one; every unfinished activity then
  /// finishes cleanly with the live figures of its stored fixes.
  @Test func killedRecordingsKeepEveryCommittedFix() async throws {
    try await onOwnThread {
      let binary = try #require(CommandRunner.binary)
      let directory = try CommandRunner.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let store = directory.appendingPathComponent("crash.sqlite").path
      let track = try InputFile.track(atPath: Self.sample)
      let fixes = track.allFixes
      let verdicts = TrackAnalysis(track: track).verdicts.flatMap { $0 }
      var random = SystemRandomNumberGenerator()
      var committedByActivity: [Int64: Int] = [:]
      for _ in 1...20 {
        let process = Process()
        process.executableURL = binary
        process.arguments = [
          "replay", Self.sample, "--store", store, "--speed", "400", "--report-commits", "--json",
        ]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: Double.random(in: 0.6...2.4, using: &random))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let reported = String(
          decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        // `committed ACTIVITY SEQUENCE`: on a loaded machine a run can be killed before it
        // creates its activity, or before its first commit (the next run then removes the
        // fixless activity), so activity ids are not run numbers.
        for line in reported.split(separator: "\n") where line.hasPrefix("committed ") {
          let words = line.split(separator: " ")
          guard words.count == 3, let id = Int64(words[1]), let sequence = Int(words[2]) else {
            continue
          }
          committedByActivity[id] = max(committedByActivity[id] ?? -1, sequence)
        }
      }
      let database = try ActivityStore(path: store)
      let activities = try database.activities()
      #expect(activities.count <= 20)
      #expect(Set(committedByActivity.keys).isSubset(of: Set(activities.map(\.id.rawValue))))
      for activity in activities {
        let stored = try database.fixes(of: activity.id)
        let committed = committedByActivity[activity.id.rawValue] ?? -1
        #expect(stored.count > committed, "activity \(activity.id) lost committed fixes")
        #expect(stored.map(\.sequence) == Array(0..<stored.count))
        var pendingFrom: Int?
        for row in stored {
          #expect(row.fix == fixes[row.sequence])
          if let verdict = row.verdict {
            #expect(pendingFrom == nil, "a judged fix after a pending one")
            #expect(verdict == verdicts[row.sequence])
          } else if pendingFrom == nil {
            pendingFrom = row.sequence
          }
        }
        #expect(stored.count - (pendingFrom ?? stored.count) <= Recorder.lookAheadFixes + 1)
      }
      // Each unfinished activity finishes cleanly, with the live figures of its stored fixes.
      let configuration = RecorderConfiguration(profile: .running)
      for activity in try database.unfinishedActivities() {
        let storedTrack = try database.track(of: activity.id, acceptedOnly: false)
        var session = try RecordingSession(
          resuming: activity.id, in: database, configuration: configuration)
        _ = try session.finish(at: activity.lastFixTimestamp ?? activity.startedAt)
        let finished = try database.activity(activity.id)
        #expect(finished.isFinished)
        #expect(finished.pendingFixCount == 0)
        let expected = TrackAnalysis(track: storedTrack).liveMetrics.distanceMeters
        #expect(finished.totals.distanceMeters == expected)
      }
    }
  }

  /// An activity left unfinished (as by a killed `replay --store`) is finished, or deleted,
  /// from the command line.
  @Test func activitiesFinishAndDelete() async throws {
    try await onOwnThread {
      let directory = try CommandRunner.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let store = directory.appendingPathComponent("finish.sqlite").path
      let track = try InputFile.track(atPath: Self.sample)
      do {
        let database = try ActivityStore(path: store)
        var session = try RecordingSession(
          configuration: RecorderConfiguration(profile: ActivityProfile(activity: .running)),
          store: database, name: "Killed", at: track.allFixes[0].timestamp!)
        let inputs = try RecordingReplay.inputs(for: track)
        for input in inputs.prefix(inputs.count / 2) where input.kind != .finish {
          _ = session.apply { RecordingReplay.apply(input, to: &$0) }
        }
        try session.commit()
      }
      let listed = try CommandRunner.run(["activities", "list", "--store", store])
      #expect(listed.standardOutput.contains("unfinished"), "\(listed.standardOutput)")

      let finish = try CommandRunner.run(["activities", "finish", "1", "--store", store])
      #expect(finish.status == 0, "\(finish.standardError)")
      #expect(finish.standardOutput.hasPrefix("Finished activity 1: "), "\(finish.standardOutput)")
      let summary = try ActivityStore(path: store, readOnly: true).activity(ActivityID(rawValue: 1))
      #expect(summary.isFinished)
      #expect(summary.pendingFixCount == 0)
      #expect((summary.totals.distanceMeters ?? 0) > 1_000)
      #expect(summary.finishedAt == summary.lastFixTimestamp)

      let again = try CommandRunner.run(["activities", "finish", "1", "--store", store])
      #expect(again.status != 0)
      #expect(again.standardError.contains("activity 1 is already finished"))

      let delete = try CommandRunner.run(["activities", "delete", "1", "--store", store])
      #expect(delete.status == 0, "\(delete.standardError)")
      #expect(delete.standardOutput.hasPrefix("Deleted activity 1 (Killed, "))
      #expect(try ActivityStore(path: store, readOnly: true).activities().isEmpty)
      let gone = try CommandRunner.run(["activities", "delete", "1", "--store", store])
      #expect(gone.status != 0)
      #expect(gone.standardError.contains("unknown activity"), "\(gone.standardError)")
      let noStore = try CommandRunner.run([
        "activities", "delete", "1", "--store", directory.appendingPathComponent("no").path,
      ])
      #expect(noStore.standardError.contains("no such store"))
      #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("no").path))
    }
  }

  /// A store with a damaged page: refused for writing (`replay --store` appends nothing),
  /// listed read-only with the damaged activity marked.
  @Test func aDamagedStoreIsRefusedForWritingButListed() async throws {
    try await onOwnThread {
      let directory = try CommandRunner.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let store = directory.appendingPathComponent("damaged.sqlite").path
      for _ in 0..<2 {
        let replay = try CommandRunner.run(["replay", Self.sample, "--store", store])
        #expect(replay.status == 0, "\(replay.standardError)")
      }
      let pages = try damageFixTable(store)
      let replay = try CommandRunner.run(["replay", Self.sample, "--store", store])
      #expect(replay.status != 0)
      #expect(
        replay.standardError.contains("fails SQLite's integrity check"), "\(replay.standardError)")
      let finish = try CommandRunner.run(["activities", "delete", "1", "--store", store])
      #expect(finish.standardError.contains("fails SQLite's integrity check"))

      let list = try CommandRunner.run(["activities", "list", "--store", store])
      #expect(list.status == 0, "pages \(pages): \(list.standardError)")
      let rows = list.standardOutput.split(separator: "\n")
      #expect(rows.count >= 3, "\(list.standardOutput)")
      #expect(list.standardOutput.contains("damaged"), "\(list.standardOutput)")
      #expect(list.standardOutput.contains("The store is damaged"))
      // Nothing was appended: still two activities.
      #expect(rows.filter { $0.contains("finished") }.count == 2, "\(list.standardOutput)")
    }
  }

  /// A store file the user may not write, in a directory the user may not write either, is
  /// listed and shown (as an immutable file). Needs a user other than root, whom permissions
  /// do not stop: the file is opened read-only as if by such a user.
  @Test func aReadOnlyStoreIsListedAndShown() async throws {
    try await onOwnThread {
      let directory = try CommandRunner.temporaryDirectory()
      defer {
        try? FileManager.default.setAttributes(
          [.posixPermissions: 0o755], ofItemAtPath: directory.path)
        try? FileManager.default.removeItem(at: directory)
      }
      let inner = directory.appendingPathComponent("ro")
      try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
      let store = inner.appendingPathComponent("read-only.sqlite").path
      let replay = try CommandRunner.run(["replay", Self.sample, "--store", store])
      #expect(replay.status == 0, "\(replay.standardError)")
      try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: store)
      try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: inner.path)
      defer {
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: inner.path)
      }
      // Root is not stopped by permissions: as root, run the commands as nobody.
      let asUser: [String] =
        getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
        ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []
      try FileManager.default.setAttributes(
        [.posixPermissions: 0o755], ofItemAtPath: directory.path)
      func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        let binary = try #require(CommandRunner.binary)
        process.executableURL = URL(fileURLWithPath: asUser.first ?? binary.path)
        process.arguments =
          Array(asUser.dropFirst()) + (asUser.isEmpty ? [] : [binary.path]) + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
      }
      let list = try run(["activities", "list", "--store", store])
      #expect(list.status == 0, "\(list.output)")
      #expect(list.output.contains("7.14 km"), "\(list.output)")
      let show = try run(["activities", "show", "1", "--store", store])
      #expect(show.status == 0, "\(show.output)")
      #expect(show.output.hasPrefix("Activity 1: "))
      // Nothing was created beside it.
      #expect(!FileManager.default.fileExists(atPath: store + "-shm") || asUser.isEmpty)
      if !asUser.isEmpty || getuid() != 0 {
        let replayAgain = try run(["replay", Self.sample, "--store", store])
        #expect(replayAgain.status != 0, "\(replayAgain.output)")
      }
    }
  }

  /// A store whose creation was killed before its schema was written is an empty database:
  /// read-only commands say so, and recording into it creates the store.
  @Test func aStoreKilledDuringCreationSaysSo() async throws {
    try await onOwnThread {
      let directory = try CommandRunner.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      for (name, contents) in [("zero.sqlite", Data()), ("empty.sqlite", nil)] {
        let store = directory.appendingPathComponent(name).path
        if let contents {
          #expect(FileManager.default.createFile(atPath: store, contents: contents))
        } else {
          // An empty WAL database, as SQLite leaves it before the first transaction commits.
          let queue = try DatabaseQueue(path: store)
          try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA journal_mode = WAL") }
          try queue.close()
        }
        let list = try CommandRunner.run(["activities", "list", "--store", store])
        #expect(list.status != 0)
        #expect(
          list.standardError.contains("is empty, not yet a store"), "\(name): \(list.standardError)"
        )
        #expect(!list.standardError.contains("needs migrating"))
        let replay = try CommandRunner.run(["replay", Self.sample, "--store", store])
        #expect(replay.status == 0, "\(replay.standardError)")
        let again = try CommandRunner.run(["activities", "list", "--store", store])
        #expect(again.status == 0, "\(again.standardError)")
      }
    }
  }
}

/// Overwrites the header of the fix table's pages in the store at `path` (the pages of
/// its B-tree but the root), as a disk or a copy gone wrong would.
/// - Returns: the pages damaged.
private func damageFixTable(_ path: String) throws -> [Int] {
  let database = try DatabaseQueue(path: path)
  let (pageSize, pages) = try database.read { db in
    let pageSize = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4_096
    // The B-tree pages of the fix table, from SQLite's dbstat virtual table when present,
    // else every page after the first eight (schema, activity, segment tables come first).
    let pages =
      (try? Int.fetchAll(
        db, sql: "SELECT pageno FROM dbstat WHERE name = 'fix' AND pagetype = 'leaf'")) ?? []
    return (pageSize, pages)
  }
  try database.close()
  var damaged = pages
  if damaged.isEmpty {
    let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    damaged = Array(9...max(9, size / pageSize - 2))
  }
  let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
  defer { try? handle.close() }
  for page in damaged.prefix(3) {
    try handle.seek(toOffset: UInt64((page - 1) * pageSize))
    try handle.write(contentsOf: Data(repeating: 0xFF, count: 16))
  }
  return Array(damaged.prefix(3))
}
