import ArgumentParser
import Foundation
import TrackSift
import TrackSiftFormats
import TrackSiftReport
import TrackSiftStore

/// `tracksift activities`: what a store holds.
struct ActivitiesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "activities",
    abstract: "List, show, export, finish and delete the activities of a recording store.",
    subcommands: [List.self, Show.self, Export.self, Report.self, Finish.self, Delete.self])

  /// The store option shared by the subcommands.
  struct StoreOptions: ParsableArguments {
    @Option(help: "The SQLite store written by `record` or `replay --store`.")
    var store: String

    func open() throws -> ActivityStore {
      guard FileManager.default.fileExists(atPath: store) else {
        throw InputError(path: store, reason: "no such store")
      }
      return try ActivityStore(path: store, readOnly: true)
    }

    /// Opens an existing store for writing (never creates one).
    func openForWriting() throws -> ActivityStore {
      guard FileManager.default.fileExists(atPath: store) else {
        throw InputError(path: store, reason: "no such store")
      }
      return try ActivityStore(path: store)
    }
  }

  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the activities.")

    @OptionGroup var options: StoreOptions

    func run() throws {
      let activities = try options.open().activities()
      guard !activities.isEmpty else {
        print("\(options.store): no activities")
        return
      }
      var rows = [["id", "started (UTC)", "kind", "state", "distance", "moving", "fixes", "name"]]
      for activity in activities {
        rows.append([
          activity.id.description, activity.startedAt.formatted(.iso8601),
          activity.kind.rawValue,
          activity.isFinished ? "finished" : "unfinished",
          Formatting.distance(activity.totals.distanceMeters),
          Formatting.duration(activity.totals.movingTimeSeconds),
          activity.isDamaged ? "damaged" : Formatting.count(activity.fixCount), activity.name,
        ])
      }
      print(Formatting.table(rows))
      let damaged = activities.filter(\.isDamaged).map(\.id.description)
      if !damaged.isEmpty {
        print(
          "The store is damaged: SQLite cannot read all the rows of activit"
            + (damaged.count == 1 ? "y " : "ies ") + damaged.joined(separator: ", ") + ".")
      }
    }
  }

  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show one activity: its totals, verdicts, segments and events.")

    @OptionGroup var options: StoreOptions

    @Argument(help: "The activity's id (see `activities list`).")
    var id: Int64

    func run() throws {
      let store = try options.open()
      let id = ActivityID(rawValue: id)
      let activity = try store.activity(id)
      var verdicts: [String: Int] = [:]
      for fix in try store.fixes(of: id) {
        verdicts[fix.verdict?.code ?? "pending", default: 0] += 1
      }
      print("Activity \(id): \(activity.name) (\(activity.kind.rawValue))")
      print(
        "Started \(activity.startedAt.formatted(.iso8601)), "
          + (activity.finishedAt.map { "finished \($0.formatted(.iso8601))" } ?? "unfinished"))
      // The judged elapsed time, as `analyze` and `replay` show it; start to finish only for
      // an activity without totals.
      let elapsed =
        activity.totals.elapsedTimeSeconds
        ?? activity.finishedAt.map { $0.timeIntervalSince(activity.startedAt) }
      print(
        "Distance \(Formatting.distance(activity.totals.distanceMeters)), moving "
          + "\(Formatting.duration(activity.totals.movingTimeSeconds)), elapsed "
          + Formatting.duration(elapsed))
      print(
        "\(Formatting.fixes(activity.fixCount)) in "
          + "\(Formatting.count(activity.segmentCount, "segment")): "
          + verdicts.sorted { $0.key < $1.key }.map { "\($0.key) \(Formatting.count($0.value))" }
          .joined(separator: ", "))
      let events = try store.events(of: id)
      print("\(Formatting.count(events.count, "event")):")
      let start = activity.startedAt
      for event in events {
        let offset = Formatting.duration(max(0, event.timestamp.timeIntervalSince(start)))
        let decoded = RecorderEvent(storedPayloadJSON: event.payloadJSON)
        print("  \(offset)  \(decoded?.summary ?? event.kind)")
      }
    }
  }

  struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write one activity's accepted fixes to a GPX file, a track segment per segment.")

    @OptionGroup var options: StoreOptions

    @Argument(help: "The activity's id (see `activities list`).")
    var id: Int64

    @Option(name: .shortAndLong, help: "The GPX file to write.")
    var output: String

    @Flag(help: "Write every recorded fix, the rejected ones too.")
    var all = false

    func run() throws {
      let store = try options.open()
      let id = ActivityID(rawValue: id)
      let activity = try store.activity(id)
      var track = try store.track(of: id, acceptedOnly: !all)
      track.name = activity.name
      let document = GPXDocument(creator: "TrackSift", name: activity.name, tracks: [track])
      try OutputFile.write(to: output, inputs: [options.store]) { url in
        try GPXWriter.write(document, to: url)
      }
      print(
        "\(output): \(Formatting.count(track.fixCount, "point")) in "
          + Formatting.count(track.segments.count, "segment"))
    }
  }

  struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write one activity's offline HTML report (see `tracksift report`).")

    @OptionGroup var options: StoreOptions

    @Argument(help: "The activity's id (see `activities list`).")
    var id: Int64

    @Option(name: .shortAndLong, help: "The HTML file to write (default: activity-ID.html, here).")
    var output: String?

    @Option(help: "An MBTiles file of raster tiles to draw under the route (read locally).")
    var basemap: String?

    func run() throws {
      let store = try options.open()
      let id = ActivityID(rawValue: id)
      let activity = try store.activity(id)
      let track = try store.track(of: id, acceptedOnly: false)
      let analysis = TrackAnalysis(track: track, profile: ActivityProfile(activity: activity.kind))
      let reported = ReportedActivity(
        title: activity.name.isEmpty ? "activity \(id)" : activity.name, track: track,
        analysis: analysis, profileName: activity.kind.rawValue)
      try ReportCommand.write(
        ActivityReport(activities: [reported], basemap: try basemap.map(MBTilesBasemap.init)),
        to: output ?? "activity-\(id).html", inputs: [options.store])
    }
  }

  struct Finish: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Finish an unfinished activity (left by a killed `record` or `replay --store`).",
      discussion: """
        Its stored fixes are replayed through the recorder with the activity's own profile, \
        and it is finished at its last fix time, as `record` finishes what a crash left.
        """)

    @OptionGroup var options: StoreOptions

    @Argument(help: "The activity's id (see `activities list`).")
    var id: Int64

    func run() throws {
      let store = try options.openForWriting()
      let activity = try store.activity(ActivityID(rawValue: id))
      guard !activity.isFinished else {
        throw InputError(path: options.store, reason: "activity \(id) is already finished")
      }
      let session = try RecordingSession.finishUnfinished(activity, in: store)
      let live = session.recorder.liveMetrics
      print(
        "Finished activity \(id): \(Formatting.distance(live.metrics.distanceMeters)), moving "
          + "\(Formatting.duration(live.metrics.movingTimeSeconds)), "
          + Formatting.count(activity.fixCount, "fix", plural: "fixes"))
    }
  }

  struct Delete: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Delete an activity with its fixes, verdicts, segments and events.")

    @OptionGroup var options: StoreOptions

    @Argument(help: "The activity's id (see `activities list`).")
    var id: Int64

    func run() throws {
      let store = try options.openForWriting()
      let activity = try store.activity(ActivityID(rawValue: id))
      try store.deleteActivity(activity.id)
      print(
        "Deleted activity \(id) (\(activity.name), "
          + Formatting.count(activity.fixCount, "fix", plural: "fixes") + ")")
    }
  }
}
