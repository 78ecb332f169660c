/// The descriptive strings an activity file carries, as written (untrusted: escape before
/// display).
///
/// The strings are the file's own, with XML entities and character references decoded but
/// nothing else changed: they may hold markup, quotes, `javascript:` links, bidirectional
/// overrides (U+202E), line separators (U+2028) and control characters. Escape each one for
/// the place where it is shown.
///
/// **Limits.** A hostile file can carry huge strings and lists, so ``ActivityFile`` gives the
/// metadata ``capped()``: each string holds at most ``maximumStringLength`` (1,000) Unicode
/// scalars, cut there, and each list at most ``maximumItemCount`` (1,000) items, the first
/// ones in file order.
public struct ActivityMetadata: Sendable, Hashable {
  /// The file's name: a GPX file's `metadata` (1.1) or root (1.0) `name`, else its first
  /// track's; a TCX file's first activity `Id` or course `Name`; `nil` for a FIT file.
  public var name: String?
  /// The file's description: a GPX file's `metadata` (1.1) or root (1.0) `desc`, else its
  /// first track's; a TCX file's first activity or course `Notes`.
  public var description: String?
  /// The program or device that wrote the file: a GPX file's `creator` attribute; a TCX
  /// file's `Author` `Name`, else its first `Creator` `Name`; a FIT file's `file_id` product
  /// name, else the creator device's product name, else its manufacturer's name.
  public var creator: String?
  /// The devices that recorded the activity: a FIT file's `device_info` product names or a
  /// TCX file's `Creator` names, distinct, in file order; empty when there is none.
  public var deviceNames: [String]
  /// The links of a GPX file: `link` (1.1) or `url` with `urlname` (1.0), of the file, then
  /// of its tracks, in file order.
  public var links: [ActivityLink]
  /// The name of every GPX track (or route, when the routes were read), TCX activity or
  /// course, in file order; unnamed ones are left out.
  public var trackNames: [String]
  /// A GPX file's waypoints, in file order.
  public var waypoints: [ActivityWaypoint]

  /// The most Unicode scalars a string keeps in ``capped()``.
  public static let maximumStringLength = 1_000
  /// The most items a list keeps in ``capped()``.
  public static let maximumItemCount = 1_000

  /// Creates metadata; every field defaults to none.
  public init(
    name: String? = nil, description: String? = nil, creator: String? = nil,
    deviceNames: [String] = [], links: [ActivityLink] = [], trackNames: [String] = [],
    waypoints: [ActivityWaypoint] = []
  ) {
    self.name = name
    self.description = description
    self.creator = creator
    self.deviceNames = deviceNames
    self.links = links
    self.trackNames = trackNames
    self.waypoints = waypoints
  }

  /// True when the file carries none of the strings.
  public var isEmpty: Bool {
    name == nil && description == nil && creator == nil && deviceNames.isEmpty
      && links.isEmpty && trackNames.isEmpty && waypoints.isEmpty
  }

  /// The metadata within the limits: each string cut to ``maximumStringLength`` Unicode
  /// scalars and each list to its first ``maximumItemCount`` items.
  ///
  /// - Complexity: O(n) in the items kept, each string's cost bounded by the limit.
  public func capped() -> ActivityMetadata {
    ActivityMetadata(
      name: name.map(Self.capped), description: description.map(Self.capped),
      creator: creator.map(Self.capped), deviceNames: Self.capped(deviceNames).map(Self.capped),
      links: Self.capped(links).map {
        ActivityLink(href: Self.capped($0.href), text: $0.text.map(Self.capped))
      },
      trackNames: Self.capped(trackNames).map(Self.capped),
      waypoints: Self.capped(waypoints).map {
        ActivityWaypoint(
          name: $0.name.map(Self.capped), description: $0.description.map(Self.capped),
          coordinate: $0.coordinate)
      })
  }

  /// `text` cut to its first ``maximumStringLength`` Unicode scalars.
  private static func capped(_ text: String) -> String {
    let scalars = text.unicodeScalars
    guard
      let end = scalars.index(
        scalars.startIndex, offsetBy: maximumStringLength, limitedBy: scalars.endIndex),
      end != scalars.endIndex
    else { return text }
    return String(scalars[..<end])
  }

  /// The first ``maximumItemCount`` of `items`.
  private static func capped<Item>(_ items: [Item]) -> [Item] {
    items.count > maximumItemCount ? Array(items.prefix(maximumItemCount)) : items
  }
}
