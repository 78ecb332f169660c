import CSystemZlib
import Foundation

/// Inflates a gzip (or zlib) stream fed in chunks, keeping at most `maximumBytes` of output.
///
/// A class because zlib's `z_stream` must stay at one address between calls. Concatenated gzip
/// members are joined: after a member's end, the next input byte starts a new member (RFC 1952
/// section 2.2). Not safe to share between threads; each read makes its own.
final class GzipInflater {
  /// Where the stream comes from and what has been made of it so far.
  private enum State {
    /// No input byte yet.
    case empty
    /// Inside a member, whose end has not been seen.
    case inMember
    /// After a member's end: more input starts another member.
    case betweenMembers
  }

  /// Output is taken out of zlib in pieces of this many bytes.
  private static let scratchBytes = 64 * 1024
  /// zlib counts input in `UInt32`: larger chunks are fed in slices of this many bytes.
  private static let sliceBytes = 1 << 30

  private let stream: UnsafeMutablePointer<z_stream>
  private let scratch: UnsafeMutablePointer<UInt8>
  private let path: String
  private let member: String?
  private let maximumBytes: Int
  private var state = State.empty
  /// Input bytes consumed so far, for the offset in a damage report.
  private var consumedBytes = 0
  /// The decompressed bytes so far.
  private(set) var output = Data()

  /// Starts an inflater whose errors name `path` (and `member` of a zip archive).
  ///
  /// - Parameter maximumBytes: the most output bytes accepted; one more is an error.
  /// - Throws: ``ArchiveError`` when zlib cannot start (out of memory).
  init(path: String, member: String?, maximumBytes: Int) throws(ArchiveError) {
    self.path = path
    self.member = member
    self.maximumBytes = maximumBytes
    stream = .allocate(capacity: 1)
    stream.initialize(to: z_stream())
    scratch = .allocate(capacity: Self.scratchBytes)
    // 15 + 32: the largest window, and a gzip or zlib header told apart by zlib itself.
    let status = inflateInit2_(
      stream, 15 + 32, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
    guard status == Z_OK else {
      stream.deallocate()
      scratch.deallocate()
      throw ArchiveError(
        path: path, member: member, reason: "zlib could not start (status \(status))")
    }
  }

  deinit {
    inflateEnd(stream)
    stream.deallocate()
    scratch.deallocate()
  }

  /// Inflates the next bytes of the stream.
  ///
  /// - Throws: ``ArchiveError`` when the data is not gzip or zlib, is damaged (with the input
  ///   byte offset), or inflates to more than `maximumBytes`.
  /// - Complexity: O(n + m) for n input and m output bytes.
  func append(_ chunk: Data) throws(ArchiveError) {
    var failure: ArchiveError?
    chunk.withUnsafeBytes { raw in
      guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return }
      do throws(ArchiveError) {
        try feed(base, count: raw.count)
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
  }

  /// The whole output, once the input has ended.
  ///
  /// - Throws: ``ArchiveError`` when there was no input at all or the last member was cut
  ///   short.
  func finish() throws(ArchiveError) -> Data {
    switch state {
    case .empty:
      throw failure("empty, no gzip data")
    case .inMember:
      throw failure("gzip data cut short after \(consumedBytes) bytes")
    case .betweenMembers:
      return output
    }
  }

  private func feed(_ base: UnsafePointer<UInt8>, count: Int) throws(ArchiveError) {
    var offset = 0
    while offset < count {
      if state != .inMember {
        if state == .betweenMembers { inflateReset(stream) }
        state = .inMember
      }
      let slice = min(count - offset, Self.sliceBytes)
      stream.pointee.next_in = UnsafeMutablePointer(mutating: base + offset)
      stream.pointee.avail_in = UInt32(slice)
      try inflateAvailableInput(givenBytes: slice)
      let used = slice - Int(stream.pointee.avail_in)
      offset += used
      consumedBytes += used
    }
  }

  /// Runs zlib until it has taken all the input it was given or a member has ended.
  ///
  /// - Parameter givenBytes: how many input bytes zlib was given, for a damage offset.
  private func inflateAvailableInput(givenBytes: Int) throws(ArchiveError) {
    while true {
      stream.pointee.next_out = scratch
      stream.pointee.avail_out = UInt32(Self.scratchBytes)
      let status = inflate(stream, Z_NO_FLUSH)
      try keep(Self.scratchBytes - Int(stream.pointee.avail_out))
      switch status {
      case Z_STREAM_END:
        state = .betweenMembers
        return
      case Z_OK:
        if stream.pointee.avail_in == 0 && stream.pointee.avail_out != 0 { return }
      case Z_BUF_ERROR:
        return  // no progress possible: zlib waits for more input
      default:
        let at = consumedBytes + givenBytes - Int(stream.pointee.avail_in)
        // zlib reads the two magic bytes before it judges them.
        if at <= 2 { throw failure("not gzip data (zlib: \(message))") }
        throw failure("gzip data damaged at byte \(at) (zlib: \(message))")
      }
    }
  }

  private func keep(_ producedBytes: Int) throws(ArchiveError) {
    guard producedBytes > 0 else { return }
    guard producedBytes <= maximumBytes - output.count else {
      throw failure("more than \(maximumBytes) bytes once decompressed")
    }
    output.append(scratch, count: producedBytes)
  }

  private var message: String {
    stream.pointee.msg.map { String(cString: $0) } ?? "error"
  }

  private func failure(_ reason: String) -> ArchiveError {
    ArchiveError(path: path, member: member, reason: reason)
  }
}
