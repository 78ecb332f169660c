import Foundation
import Testing

@testable import TrackSiftFormats

/// A 12-byte FIT file header declaring `dataSize` bytes of data, with `signature` in place
/// of `.FIT`.
private func header(
  size: UInt8 = 12, dataSize: UInt32 = 0, signature: String = ".FIT"
) -> [UInt8] {
  [size, 0x10, 0, 0] + withUnsafeBytes(of: dataSize.littleEndian, Array.init)
    + Array(signature.utf8)
}

/// How the reader words a file whose header or length is wrong, and where it says it is.
@Suite struct FITFileFrameTests {
  @Test(
    arguments: [
      ([1, 2, 3, 4, 5], "5 bytes are too few for a FIT file header (12 or 14)", 0),
      (header(signature: ".FIX"), "not a FIT file header (no .FIT signature)", 0),
      (header(size: 14), "the header declares 14 bytes, only 12 bytes remain", 0),
      (header(), "the file ends before its 2-byte CRC", 12),
      (header() + [0], "the file ends before its 2-byte CRC", 13),
      (
        header(dataSize: 1),
        "the file ends 1 byte before the end of the data its header declares (1 byte from byte 12)",
        12
      ),
      (
        header(dataSize: 10) + [0],
        "the file ends 9 bytes before the end of the data its header declares "
          + "(10 bytes from byte 12)", 13
      ),
    ] as [([UInt8], String, Int)])
  func refusesItWithItsPlace(bytes: [UInt8], reason: String, byteOffset: Int) {
    #expect(throws: FITError(reason: reason, byteOffset: byteOffset)) {
      try FITReader.read(data: Data(bytes))
    }
  }

  @Test func lenientModeStopsAtTheDamageOfAnEmptyFile() throws {
    let activity = try FITReader.read(
      data: Data(header(dataSize: 1)), options: FITReader.Options(lenient: true))
    #expect(activity.fileCount == 1)
    #expect(activity.stoppedAt?.byteOffset == 12)
    #expect(activity.track.fixCount == 0)
  }
}
