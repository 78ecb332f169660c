import Foundation
import TrackSift

extension RecorderEvent {
  /// The event as ``RecordingSession`` stores it in ``StoredEvent/payloadJSON``: compact JSON
  /// with sorted keys, ISO 8601 dates, and the non-finite numbers as the strings `inf`, `-inf`
  /// and `nan`, so that ``init(storedPayloadJSON:)`` gives them back.
  public func storedPayloadJSON() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    encoder.dateEncodingStrategy = .iso8601
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    return String(decoding: try encoder.encode(self), as: UTF8.self)
  }

  /// The event that ``storedPayloadJSON()`` wrote; `nil` for a payload it did not write.
  public init?(storedPayloadJSON text: String) {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    guard let event = try? decoder.decode(RecorderEvent.self, from: Data(text.utf8)) else {
      return nil
    }
    self = event
  }
}
