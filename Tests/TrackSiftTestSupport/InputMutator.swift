import Foundation

/// Damaged variants of a valid input, reproducible from a seed: truncations, bit flips, byte
/// runs overwritten with interesting values, and splices of two inputs. A reader must answer
/// each with a result or a typed error, never a trap, a hang or an absurd allocation.
public struct InputMutator: Sendable {
  private var state: UInt64

  /// Creates a mutator; the same seed gives the same variants.
  public init(seed: UInt64) {
    state = seed
  }

  /// SplitMix64.
  private mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  private mutating func below(_ bound: Int) -> Int {
    bound <= 1 ? 0 : Int(next() % UInt64(bound))
  }

  /// Bytes that stress parsers: boundaries of integer types, separators and markup.
  /// For JSON: quotes, brackets, braces, colons, backslashes and the letters of literals.
  private static let interesting: [UInt8] = [
    0x00, 0x01, 0x7F, 0x80, 0xFE, 0xFF, 0x0A, 0x0D, 0x2C, 0x2A, 0x24, 0x3C, 0x3E, 0x22, 0x26,
    0x2D, 0x2E, 0x30, 0x39, 0x45, 0x3A, 0x5B, 0x5D, 0x7B, 0x7D, 0x5C, 0x65, 0x6E, 0x74,
  ]

  /// One damaged variant of `input` (with `other` for splices).
  public mutating func mutate(_ input: [UInt8], other: [UInt8]) -> [UInt8] {
    guard !input.isEmpty else { return other }
    var bytes = input
    switch below(5) {
    case 0:  // truncate
      bytes.removeLast(below(bytes.count) + 1)
    case 1:  // flip bits
      for _ in 0...below(8) {
        bytes[below(bytes.count)] ^= UInt8(1) << UInt8(below(8))
      }
    case 2:  // overwrite a run with one interesting byte
      let start = below(bytes.count)
      let length = min(bytes.count - start, below(16) + 1)
      let value = Self.interesting[below(Self.interesting.count)]
      for index in start..<(start + length) { bytes[index] = value }
    case 3:  // splice: the start of one, the end of the other
      let cut = below(bytes.count)
      let otherCut = below(max(1, other.count))
      bytes = Array(bytes[..<cut]) + Array(other.dropFirst(otherCut))
    default:  // duplicate or delete a chunk
      let start = below(bytes.count)
      let length = min(bytes.count - start, below(64) + 1)
      if below(2) == 0 {
        bytes.insert(contentsOf: bytes[start..<(start + length)], at: start)
      } else {
        bytes.removeSubrange(start..<(start + length))
      }
    }
    return bytes
  }

  /// `count` damaged variants drawn from the inputs.
  public mutating func variants(of inputs: [[UInt8]], count: Int) -> [[UInt8]] {
    (0..<count).map { _ in
      mutate(inputs[below(inputs.count)], other: inputs[below(inputs.count)])
    }
  }
}
