/// Why a FIT file was refused or could not be written, and where.
///
/// `byteOffset` counts from 0 at the start of the file (of the first file, for chained FIT
/// files); it is `nil` when the error has no place in the file (it could not be read at all).
public struct FITError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong, in words, such as `data message for undefined local type 5`.
  public var reason: String
  /// The offset of the damaged byte or of the header of the damaged message, from 0; `nil`
  /// when the error has no place in the file.
  public var byteOffset: Int?

  /// Creates an error.
  public init(reason: String, byteOffset: Int?) {
    self.reason = reason
    self.byteOffset = byteOffset
  }

  /// `byte 1234: data message for undefined local type 5`, or the reason alone when the error
  /// has no place in the file.
  public var description: String {
    byteOffset.map { "byte \($0): \(reason)" } ?? reason
  }
}

// Wording shared by the reasons.
extension FITError {
  /// `1 byte` or `N bytes`.
  static func byteCount(_ count: Int) -> String {
    count == 1 ? "1 byte" : "\(count) bytes"
  }

  /// A 16-bit value as `0x` and four hexadecimal digits.
  static func hex(_ value: UInt16) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return "0x" + String(repeating: "0", count: 4 - digits.count) + digits
  }
}
