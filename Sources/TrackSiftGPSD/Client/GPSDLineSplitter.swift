/// Cuts a byte stream into lines at line feeds, whatever the read boundaries, in bounded
/// memory.
///
/// A line may arrive in several reads and a read may hold several lines; the bytes of an
/// unfinished line wait for the rest. A line longer than `maximumLineBytes` is not kept: its
/// bytes are counted and dropped as they come, and it is reported as
/// ``Piece/tooLong(byteCount:)`` when its line feed arrives. Carriage returns before the line
/// feed (gpsd ends lines with CR LF) are removed; empty lines are passed over.
struct GPSDLineSplitter {
  /// A finished line, or a line that was too long.
  enum Piece: Equatable {
    case line([UInt8])
    case tooLong(byteCount: Int)
  }

  /// The longest line kept, in bytes before the line feed.
  let maximumLineBytes: Int
  private var pending: [UInt8] = []
  /// The length so far of an over-long line being dropped; `nil` when not dropping.
  private var droppedByteCount: Int?

  init(maximumLineBytes: Int) {
    self.maximumLineBytes = max(maximumLineBytes, 1)
  }

  /// The bytes of the unfinished line held (at most `maximumLineBytes`).
  var pendingByteCount: Int { pending.count }

  /// Takes the next bytes of the stream and returns the lines they finish.
  /// - Complexity: O(n) in the length of `chunk`.
  mutating func append(_ chunk: ArraySlice<UInt8>) -> [Piece] {
    var pieces: [Piece] = []
    var rest = chunk
    while !rest.isEmpty {
      guard let newline = rest.firstIndex(of: UInt8(ascii: "\n")) else {
        take(rest)
        break
      }
      take(rest[..<newline])
      rest = rest[(newline + 1)...]
      if let dropped = droppedByteCount {
        pieces.append(.tooLong(byteCount: dropped))
        droppedByteCount = nil
      } else {
        var line = pending
        while line.last == UInt8(ascii: "\r") { line.removeLast() }
        if !line.isEmpty { pieces.append(.line(line)) }
      }
      pending.removeAll(keepingCapacity: true)
    }
    return pieces
  }

  private mutating func take(_ bytes: ArraySlice<UInt8>) {
    if let dropped = droppedByteCount {
      droppedByteCount = dropped + bytes.count
    } else if pending.count + bytes.count > maximumLineBytes {
      droppedByteCount = pending.count + bytes.count
      pending = []
    } else {
      pending.append(contentsOf: bytes)
    }
  }
}
