import Foundation

/// Telling a regular file from a FIFO, a socket or a device before opening it: opening a FIFO
/// for reading waits for a writer, which in a batch may never come.
public enum RegularFile {
  /// Whether `path` is a regular file, through symbolic links.
  public static func exists(at path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
  }
}
