import Foundation
import Testing
import TrackSiftFormats

/// Inputs the libFuzzer targets in `Fuzz/` found to crash a reader, minimised with
/// `-minimize_crash=1`: each is read or refused with the reader's typed error, never a trap.
@Suite struct FuzzRegressionTests {
  static func bytes(_ base64: String) -> Data {
    Data(base64Encoded: base64)!
  }

  /// A FIT file_id whose product field holds a 64-bit value above `Int.max`, which the decoder
  /// converted with a trapping `Int(_:)` (found by `Fuzz/run.sh fit` after 277,830 runs).
  @Test func fitFileIDWithOutOfRangeInteger() {
    let data = Self.bytes(
      "DBBkAPUCAAAuRklUQAABAAAEhgAAAAAAAACRApCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCoqKioqBqQ"
        + "qKioqKioGh6VAP8B//+oqKioqKioqKioGqioqKioqKioGjGG/AlpH34A/39a//9/A5oA/QkRHpUA/wH//6ioqKio"
        + "qKioqKioqKioqKioqKgaHpUA/wH//6ioqKioqKioGqioqKioqKioGg==")
    for lenient in [false, true] {
      _ = try? FITReader.read(data: data, options: .init(lenient: lenient))
    }
  }
}
