import Foundation
import TrackSift
import TrackSiftFormats

extension ActivityFile {
  /// The track of the activity file at `path` (``read(atPath:strict:allowingNoPositions:)``);
  /// what the reader passed over is told on standard error, on a `Read:` line.
  static func track(atPath path: String, strict: Bool = false) throws -> Track {
    let file = try read(atPath: path, strict: strict)
    file.printNote()
    return file.track
  }

  /// Tells the ``note`` on standard error as `Read: ...`, when there is one.
  func printNote() {
    if let note { FileHandle.standardError.write(Data("Read: \(note)\n".utf8)) }
  }
}
