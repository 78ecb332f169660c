import Foundation
import TrackSift
import TrackSiftFormats

/// An input file as the commands read it: ``ActivityFile``, with what the reader passed over
/// told on standard error.
enum InputFile {
  /// The track of the activity file at `path` (`ActivityFile.read(atPath:)`); what the reader
  /// passed over is told on standard error, on a `Read:` line.
  static func track(atPath path: String) throws -> Track {
    let file = try ActivityFile.read(atPath: path)
    printNote(of: file)
    return file.track
  }

  /// Tells the file's note on standard error as `Read: ...`, when there is one.
  static func printNote(of file: ActivityFile) {
    if let note = file.note { FileHandle.standardError.write(Data("Read: \(note)\n".utf8)) }
  }
}
