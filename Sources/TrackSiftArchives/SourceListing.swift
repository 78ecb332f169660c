/// What ``ActivitySources/listing(in:recursive:recognizing:)`` found under the paths a user
/// gave: the activity files to read, and the files it passed over.
public struct SourceListing: Sendable, Hashable {
  /// The activity files, sorted (``ActivitySource`` order), each once.
  public var sources: [ActivitySource]
  /// The relative paths (as ``ActivitySource/relativePath`` names them) of the files in
  /// folders and the members of archives that are no activity file by their name nor, for a
  /// plain file, by their content; sorted, each once.
  public var passedOver: [String]

  /// A listing of `sources` and the files `passedOver`.
  public init(sources: [ActivitySource], passedOver: [String]) {
    self.sources = sources
    self.passedOver = passedOver
  }

  /// How many files were passed over per extension: lowercased, less one trailing `.gz`,
  /// with its dot (`.md`), or `no extension`; the most common first, ties by name.
  public var passedOverByExtension: [(name: String, count: Int)] {
    var counts: [String: Int] = [:]
    for path in passedOver {
      let name = MemberPath.activityExtension(of: MemberPath.lastComponent(of: path))
      counts[name.map { "." + $0 } ?? "no extension", default: 0] += 1
    }
    return counts.map { (name: $0.key, count: $0.value) }
      .sorted { $0.count != $1.count ? $0.count > $1.count : $0.name < $1.name }
  }
}
