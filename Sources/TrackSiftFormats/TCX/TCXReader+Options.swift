extension TCXReader {
  /// How ``TCXReader`` treats a damaged file.
  public struct Options: Sendable, Hashable {
    /// When false (the default), the first damage (a file cut short, mismatched tags, a value
    /// that is not a number or a time) throws an ``XMLReadError`` naming its line and column. When
    /// true, the reader returns every trackpoint that was complete before the damage (the open
    /// track, lap and activity kept with what they had) and names the damage in
    /// ``TCXDocument/stoppedAt``.
    public var lenient: Bool

    /// Creates options.
    public init(lenient: Bool = false) {
      self.lenient = lenient
    }
  }
}
