import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a command's output file safely: never onto one of the command's inputs, and through
/// a temporary file in the same folder renamed into place, so a failed or interrupted write
/// leaves the old file (or none) and never a half-written one.
enum OutputFile {
  /// Writes the file at `path` by calling `write` with a temporary file's URL, then renames
  /// the temporary file onto `path` (onto the file a symbolic link at `path` names, keeping
  /// the link). A file that is not a regular one (`/dev/stdout`, `/dev/null`, a pipe) is never
  /// replaced: the output is copied into it.
  ///
  /// - Parameters:
  ///   - path: the file to write.
  ///   - inputs: the files the command read; `path` may be none of them, by name, through a
  ///     symbolic link or as a hard link (the same device and inode).
  ///   - write: writes the whole output to the URL it is given.
  /// - Throws: ``OutputError`` saying what went wrong and where, in one line.
  static func write(
    to path: String, inputs: [String], _ write: (URL) throws -> Void
  ) throws {
    try refuseOverwriting(inputs: inputs, output: path)
    let target = URL(fileURLWithPath: path).resolvingSymlinksInPath()
    if let kind = fileKind(target.path), kind != S_IFREG {
      guard kind != S_IFDIR else { throw OutputError(path: path, reason: "a folder, not a file") }
      try writeThrough(to: target, path: path, write)
      return
    }
    let folder = target.deletingLastPathComponent()
    let temporary = folder.appendingPathComponent(
      ".\(target.lastPathComponent).tracksift-\(UUID().uuidString).tmp")
    let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, 0o666)
    guard descriptor >= 0 else {
      let reason =
        errno == ENOENT && !FileManager.default.fileExists(atPath: folder.path)
        ? "no folder \(folder.path)" : String(cString: strerror(errno))
      throw OutputError(path: path, reason: "cannot write: \(reason)")
    }
    close(descriptor)
    do {
      try write(temporary)
      var existing = stat()
      if stat(target.path, &existing) == 0 {
        // Keep the replaced file's permissions.
        _ = chmod(temporary.path, existing.st_mode & 0o7777)
      }
      guard rename(temporary.path, target.path) == 0 else {
        throw OutputError(
          path: path, reason: "cannot write: \(String(cString: strerror(errno)))")
      }
    } catch {
      _ = unlink(temporary.path)
      if let error = error as? OutputError { throw error }
      throw OutputError(path: path, error: error)
    }
  }

  /// Writes a file that is not a regular one (`/dev/stdout`, a pipe, a device): the output
  /// goes to a temporary file first (the writers may replace the file they are given, which
  /// must never happen to a device), then its bytes are copied into the target.
  private static func writeThrough(
    to target: URL, path: String, _ write: (URL) throws -> Void
  ) throws {
    let temporary = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tracksift-output-\(UUID().uuidString).tmp")
    defer { _ = unlink(temporary.path) }
    let bytes: Data
    do {
      try write(temporary)
      bytes = try Data(contentsOf: temporary)
    } catch {
      throw OutputError(path: path, error: error)
    }
    let descriptor = open(target.path, O_WRONLY)
    guard descriptor >= 0 else {
      throw OutputError(path: path, reason: "cannot write: \(String(cString: strerror(errno)))")
    }
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    do { try handle.write(contentsOf: bytes) } catch { throw OutputError(path: path, error: error) }
  }

  /// Writes `text` as UTF-8 to `path`, as ``write(to:inputs:_:)`` does.
  static func write(_ text: String, to path: String, inputs: [String]) throws {
    try write(to: path, inputs: inputs) { url in try Data(text.utf8).write(to: url) }
  }

  /// Throws when `output` is one of `inputs`: the same path, the same file through a symbolic
  /// link, or a hard link to it.
  static func refuseOverwriting(inputs: [String], output: String) throws {
    let outputURL = URL(fileURLWithPath: output).standardizedFileURL.resolvingSymlinksInPath()
    let outputIdentity = identity(output)
    for input in inputs {
      let inputURL = URL(fileURLWithPath: input).standardizedFileURL.resolvingSymlinksInPath()
      let same =
        inputURL.path == outputURL.path
        || (outputIdentity != nil && identity(input) == outputIdentity)
      if same {
        throw OutputError(
          path: output,
          reason: "is the input \(input) (the same file): give another output file; the input "
            + "is left as it is")
      }
    }
  }

  /// The device and inode of the file at `path` (symbolic links followed), or `nil` when
  /// there is none.
  private static func identity(_ path: String) -> [UInt64]? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return [UInt64(status.st_dev), UInt64(status.st_ino)]
  }

  /// The type bits (`S_IFREG`, `S_IFDIR`, ...) of the file at `path`, or `nil` when none.
  private static func fileKind(_ path: String) -> mode_t? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return status.st_mode & S_IFMT
  }
}

/// An output file that cannot be written, with what went wrong, in one line.
struct OutputError: Error, CustomStringConvertible {
  var path: String
  var reason: String
  var description: String { "\(path): \(reason)" }

  init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// The error a writer threw, in words: the operating system's reason when it gave one
  /// (`Permission denied`, `No space left on device`), not Foundation's error dictionary.
  init(path: String, error: any Error) {
    self.path = path
    reason = "cannot write: " + Self.words(for: error)
  }

  private static func words(for error: any Error) -> String {
    if let error = error as? POSIXError { return String(cString: strerror(error.code.rawValue)) }
    if let error = error as? CocoaError {
      if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError,
        underlying.domain == NSPOSIXErrorDomain
      {
        return String(cString: strerror(Int32(underlying.code)))
      }
      return error.localizedDescription
    }
    if type(of: error) is NSError.Type { return (error as NSError).localizedDescription }
    return String(describing: error)
  }
}
