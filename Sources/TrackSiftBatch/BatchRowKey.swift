/// What a resumed batch and a merge read back from a summary line: which file and content
/// it is, how it was made, and the totals it adds to.
struct BatchRowKey: Decodable, Hashable {
  struct Analysis: Decodable, Hashable {
    struct Figures: Decodable, Hashable {
      var distanceMeters: Double?
    }
    var fixCount: Int
    var refined: Figures
  }

  var file: String
  var path: String
  var member: String?
  var sha256: String?
  var status: BatchRow.Status
  var configurationHash: String
  var analysis: Analysis?

  /// The same file: its name and its place.
  var identity: String { file + "\u{0}" + path + "\u{0}" + (member ?? "") }
}
