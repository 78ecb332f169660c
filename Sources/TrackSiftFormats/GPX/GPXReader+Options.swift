extension GPXReader {
  /// How ``GPXReader`` treats a damaged file.
  public struct Options: Sendable, Hashable {
    /// When false (the default), the first damage (a file cut short, mismatched tags, a value
    /// that is not a number) throws an ``XMLReadError`` naming its line and column. When true, the
    /// reader returns every point that was complete before the damage (the open segment,
    /// track and route kept with the points they had) and names the damage in
    /// ``GPXDocument/stoppedAt``. An app that writes GPX as it records and is killed before
    /// it closes its elements leaves such a file.
    public var lenient: Bool

    /// Creates options.
    public init(lenient: Bool = false) {
      self.lenient = lenient
    }
  }
}
