extension FITReader {
  /// How ``FITReader`` treats a damaged file.
  public struct Options: Sendable, Hashable {
    /// When false (the default), the first damage (a wrong CRC, a truncated file, a message
    /// that refers to no definition, bytes after the last file that are not a FIT header)
    /// throws a ``FITError`` naming its offset. When true, the reader returns everything that
    /// was valid before the damage and names it in ``FITActivity/stoppedAt``.
    public var lenient: Bool

    /// Creates options.
    public init(lenient: Bool = false) {
      self.lenient = lenient
    }
  }
}
