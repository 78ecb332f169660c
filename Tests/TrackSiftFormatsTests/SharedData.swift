import Foundation

/// The shared data folder: `shared/data` in the folder that holds the package root, found by
/// walking up from this file.
let sharedDataDirectory: URL? = {
  var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  while directory.pathComponents.count > 1 {
    let candidate = directory.appendingPathComponent("shared/data")
    if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
    directory.deleteLastPathComponent()
  }
  return nil
}()

/// Whether `../shared` is present; real-data tests are skipped (and say so) when it is not.
let sharedDataPresent = sharedDataDirectory != nil
