/// A view of an HGT tile's big-endian samples, valid while the buffer it reads is.
///
/// Indices are not checked here: callers check them against ``side`` first.
struct SampleGrid {
  /// The samples, two bytes each, rows north to south.
  let bytes: UnsafeRawBufferPointer
  /// Samples along each side.
  let side: Int

  /// The raw sample (`-32768` for a void) at `row` and `column`, both in `0..<side`.
  @inline(__always)
  func sample(row: Int, column: Int) -> Int16 {
    Int16(
      bigEndian: bytes.loadUnaligned(fromByteOffset: 2 &* (row &* side &+ column), as: Int16.self))
  }
}
