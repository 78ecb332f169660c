import TrackSift

extension ActivityMetadata {
  /// The metadata of a GPX file: its own name, description, creator and links, then its
  /// tracks' (or, when the routes were read as its track, its routes' names), and its
  /// waypoints. Empty strings and links without a target count as none.
  init(gpx document: GPXDocument, routesRead: Bool) {
    let trackNames =
      routesRead
      ? document.routes.compactMap { Self.given($0.name) }
      : document.tracks.compactMap { Self.given($0.name) }
    let trackDetails = document.trackDetails.sorted { $0.key < $1.key }.map(\.value)
    let links = document.links + trackDetails.flatMap(\.links)
    self.init(
      name: Self.given(document.name) ?? trackNames.first,
      description: Self.given(document.description)
        ?? trackDetails.lazy.compactMap { Self.given($0.description) }.first,
      creator: Self.given(document.creator),
      links: links.prefix(Self.maximumItemCount).compactMap { link in
        link.href.isEmpty ? nil : ActivityLink(href: link.href, text: Self.given(link.text))
      },
      trackNames: trackNames,
      waypoints: document.waypoints.prefix(Self.maximumItemCount).map { waypoint in
        ActivityWaypoint(
          name: Self.given(waypoint.name), description: Self.given(waypoint.description),
          coordinate: Coordinate(
            latitudeDegrees: waypoint.fix.latitudeDegrees,
            longitudeDegrees: waypoint.fix.longitudeDegrees))
      })
  }

  /// The metadata of a TCX file's activities (or of its courses, when they were read as its
  /// track): their names and notes, the program (`Author`) and the devices (`Creator`).
  init(tcx document: TCXDocument, coursesRead: Bool) {
    let activities = coursesRead ? document.courses : document.activities
    let names = activities.compactMap { Self.given($0.name) }
    let deviceNames = Self.distinct(activities.compactMap { Self.given($0.creator) })
    self.init(
      name: names.first,
      description: activities.lazy.compactMap { Self.given($0.notes) }.first,
      creator: Self.given(document.author) ?? deviceNames.first,
      deviceNames: deviceNames, trackNames: names)
  }

  /// The metadata of a FIT file: the product names of its devices, and as its creator the
  /// `file_id` product name, else the creator device's (index 0), else the name of the
  /// manufacturer.
  init(fit activity: FITActivity) {
    let creatorDevice = activity.devices.first { $0.deviceIndex == 0 }
    let manufacturer = activity.fileID?.manufacturer ?? creatorDevice?.manufacturer
    self.init(
      creator: Self.given(activity.fileID?.productName)
        ?? Self.given(creatorDevice?.productName)
        ?? manufacturer.flatMap { FITProfile.manufacturerNames[$0] },
      deviceNames: Self.distinct(activity.devices.compactMap { Self.given($0.productName) }))
  }

  /// `text` unless it is missing, empty or only white space.
  private static func given(_ text: String?) -> String? {
    guard let text, text.contains(where: { !$0.isWhitespace }) else { return nil }
    return text
  }

  /// `names` without repeats, first occurrences in order, at most ``maximumItemCount``.
  private static func distinct(_ names: [String]) -> [String] {
    var seen: Set<String> = []
    var result: [String] = []
    for name in names where result.count < maximumItemCount && seen.insert(name).inserted {
      result.append(name)
    }
    return result
  }
}
