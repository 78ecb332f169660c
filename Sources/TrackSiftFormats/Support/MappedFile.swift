#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file mapped read-only into memory, whose already-read pages can be handed back.
///
/// Readers stream through a file once; without help, every page they touched stays resident
/// until the end, so reading a 400 MB file costs 400 MB of memory on top of the result.
/// ``releasePages(before:)`` tells the kernel the pages behind the reader are no longer needed:
/// they leave memory and, being clean pages of a read-only file mapping, come back from the
/// file if they are touched again. That keeps a reader's footprint to the result plus a few
/// megabytes, whatever the file's size.
///
/// Another process must not truncate the file while it is mapped: touching a page beyond the
/// new end would stop the program with a bus error (the cost of mapping instead of reading).
final class MappedFile {
  /// The file's bytes; empty for an empty file.
  let bytes: UnsafeRawBufferPointer
  private let pageSize: Int
  private var releasedBytes = 0

  /// Maps the file at `path`.
  /// - Throws: a message saying why it cannot be opened or mapped.
  init(path: String) throws(MappedFileError) {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw MappedFileError(errno: errno) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw MappedFileError(errno: errno) }
    guard (status.st_mode & S_IFMT) == S_IFREG else {
      throw MappedFileError(message: "not a regular file")
    }
    pageSize = max(Int(sysconf(Int32(_SC_PAGESIZE))), 4_096)
    let size = Int(status.st_size)
    guard size > 0 else {
      bytes = UnsafeRawBufferPointer(start: nil, count: 0)
      return
    }
    guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0),
      address != MAP_FAILED
    else { throw MappedFileError(errno: errno) }
    _ = madvise(address, size, MADV_SEQUENTIAL)
    bytes = UnsafeRawBufferPointer(start: address, count: size)
  }

  deinit {
    if let address = bytes.baseAddress {
      munmap(UnsafeMutableRawPointer(mutating: address), bytes.count)
    }
  }

  /// Lets the kernel drop the whole pages before `offset` from memory; reading them again is
  /// still valid (they are read back from the file).
  func releasePages(before offset: Int) {
    guard let address = bytes.baseAddress else { return }
    let end = min(offset, bytes.count) / pageSize * pageSize
    guard end > releasedBytes else { return }
    _ = madvise(
      UnsafeMutableRawPointer(mutating: address + releasedBytes), end - releasedBytes,
      MADV_DONTNEED)
    releasedBytes = end
  }
}

/// Why a file could not be mapped.
struct MappedFileError: Error {
  var message: String

  init(message: String) { self.message = message }

  init(errno code: Int32) {
    message = String(cString: strerror(code))
  }
}
