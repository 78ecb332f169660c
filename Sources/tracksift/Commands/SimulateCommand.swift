import ArgumentParser
import Foundation
import TrackSift
import TrackSiftFormats
import TrackSiftSimulation
import TrackSiftTerrain

/// `tracksift simulate -o FILE`: a reproducible recording with known truth.
struct SimulateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "simulate",
    abstract: "Write a reproducible simulated recording (GPX or NMEA) and, on request, its truth "
      + "as CSV.")

  @Option(name: .shortAndLong, help: "The file to write: .gpx or .nmea.")
  var output: String

  @Option(help: "A CSV file for the truth (time, position, speed, distance, moving, elevation).")
  var truth: String?

  @Option(help: "walking, running, cycling or driving.")
  var activity: ActivityKind = .running

  @Option(help: "openSky, suburban, urbanCanyon or forest.")
  var environment: SimulatedEnvironment = .suburban

  @Option(help: "phone, watch or dualFrequencyPhone.")
  var device: SimulatedDevice = .phone

  @Option(help: "iOS or android (accuracy convention, start-up and gap behaviour).")
  var platform: SimulatedPlatform = .iOS

  @Option(help: "streetGrid, outAndBack, track, switchbacks, hill or mountainRoad.")
  var route: RouteArgument = .streetGrid

  @Option(help: "gnss or barometric (default: barometric on a watch, gnss on a phone).")
  var altimeter: SimulatedAltimeter?

  @Option(help: "A GPX file whose first track or route is followed instead of --route.")
  var routeFile: String?

  @Option(parsing: .unconditional, help: "Length of the recording in seconds (one fix a second).")
  var durationSeconds: Int = 2_700

  @Option(
    help: ArgumentHelp(
      "A folder to write HGT tiles of the simulated ground into (with a Copernicus-like DEM's "
        + "error), for analyze --dem.", valueName: "dir"))
  var dem: String?

  @Option(help: "The DEM tiles' spacing in arc seconds: 1 (3601 samples a side) or 3 (1201).")
  var demArcSeconds = 1

  @Option(parsing: .unconditional, help: "Seed of the random number generator.")
  var seed: UInt64 = 1

  func validate() throws {
    guard durationSeconds > 0, durationSeconds <= 10_000_000 else {
      throw ValidationError(
        "--duration-seconds must be positive: between 1 and 10,000,000 (not \(durationSeconds))")
    }
    if let truth, truth == output {
      throw ValidationError("--truth and --output name the same file: give two files")
    }
    guard demArcSeconds == 1 || demArcSeconds == 3 else {
      throw ValidationError("--dem-arc-seconds must be 1 or 3")
    }
    let lowered = output.lowercased()
    guard lowered.hasSuffix(".gpx") || lowered.hasSuffix(".nmea") else {
      throw ValidationError("--output must end in .gpx or .nmea")
    }
  }

  func run() throws {
    var shape = route.shape
    var origin: Coordinate?  // a route from a file starts where the file does
    if let routeFile {
      let points = try InputFile.track(atPath: routeFile).segments.flatMap(\.fixes).map(
        \.coordinate)
      guard points.count >= 2 else {
        throw InputError(path: routeFile, reason: "a route needs at least two points")
      }
      shape = .polyline(points)
      origin = points[0]
    }
    var configuration = ScenarioConfiguration(
      environment: environment, device: device, platform: platform, activity: activity,
      route: shape, durationSeconds: durationSeconds, seed: seed)
    if let origin { configuration.origin = origin }
    if let altimeter { configuration.altimeter = altimeter }
    let recording = ScenarioSimulator(configuration: configuration).run()
    let inputs = routeFile.map { [$0] } ?? []
    if let truth {
      try OutputFile.refuseOverwriting(inputs: inputs + [output], output: truth)
    }
    try OutputFile.write(to: output, inputs: inputs) { url in
      if output.lowercased().hasSuffix(".nmea") {
        try NMEAWriter.write(recording.track, to: url)
      } else {
        try GPXWriter.write(
          GPXDocument(creator: "TrackSift simulate", tracks: [recording.track]), to: url)
      }
    }
    if let truth {
      try OutputFile.write(TruthCSV.string(from: recording), to: truth, inputs: inputs)
    }
    if let dem { try Self.writeTiles(of: recording, arcSeconds: demArcSeconds, to: dem) }
    print(
      "\(output): \(Formatting.fixes(recording.track.fixCount)), true distance "
        + Formatting.distance(recording.truthDistanceMeters) + ", true climb "
        + Formatting.meters(recording.truthElevationGainMeters) + ", true moving time "
        + Formatting.duration(recording.truthMovingTimeSeconds))
  }
}

/// The built-in routes on the command line.
enum RouteArgument: String, ExpressibleByArgument, CaseIterable {
  case streetGrid
  case outAndBack
  case track
  case switchbacks
  case hill
  case mountainRoad

  var shape: RouteShape {
    switch self {
    case .streetGrid: .streetGrid
    case .outAndBack: .outAndBackWithHairpin
    case .track: .athleticsTrack
    case .switchbacks: .switchbacks
    case .hill: .hill
    case .mountainRoad: .mountainRoad
    }
  }
}

extension SimulateCommand {
  /// Writes the simulated ground under the recording as HGT tiles into `folder` (made if
  /// missing), one per degree cell the route touches.
  static func writeTiles(of recording: ScenarioRecording, arcSeconds: Int, to folder: String)
    throws
  {
    let url = URL(fileURLWithPath: folder, isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    let model = SimulatedDEM(recording: recording, arcSeconds: arcSeconds)
    for corner in model.tileSouthWestCorners {
      guard
        let name = HGTTileName(
          southLatitudeDegrees: corner.latitude, westLongitudeDegrees: corner.longitude)
      else { continue }
      let written = try HGTTile.write(
        samplesMeters: model.tileSamples(
          southWestLatitude: corner.latitude, southWestLongitude: corner.longitude,
          arcSeconds: arcSeconds),
        name: name, toFolder: url)
      print("DEM tile: \(written.path)")
    }
  }
}
