import Foundation

/// The shared data folder: `shared/data` in the folder that holds the package root, found by
/// walking up from this file.
public let sharedDataDirectory: URL? = {
  var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  while directory.pathComponents.count > 1 {
    let candidate = directory.appendingPathComponent("shared/data")
    if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
    directory.deleteLastPathComponent()
  }
  return nil
}()

/// Whether `../shared` is present; real-data tests are skipped (and say so) when it is not.
public let sharedDataPresent = sharedDataDirectory != nil

/// The shared file at `relativePath`, or an error naming the missing path.
public func sharedFile(_ relativePath: String) throws -> URL {
  guard let directory = sharedDataDirectory else {
    throw TestError("../shared/data is absent")
  }
  let url = directory.appendingPathComponent(relativePath)
  guard FileManager.default.fileExists(atPath: url.path) else {
    throw TestError("missing shared data file: \(url.path)")
  }
  return url
}
