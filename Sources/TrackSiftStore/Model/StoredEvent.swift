import Foundation

/// Something that happened during a recording (start, pause, resume, a split, a signal change),
/// with a JSON payload that the store keeps as text without interpreting it.
public struct StoredEvent: Sendable, Hashable {
  /// The event's position among the activity's events, from 0, unique within the activity.
  /// Event sequence numbers are counted apart from fix sequence numbers; ``timestamp`` places
  /// an event among the fixes. Appending a sequence number that is already stored does nothing.
  public var sequence: Int
  /// When the event happened.
  public var timestamp: Date
  /// What happened: any short, non-empty string, stored as given, such as the name of a
  /// `RecorderEvent.Kind` case (`"state"`, `"split"`, `"auto-paused"`). The store does not
  /// interpret it.
  public var kind: String
  /// The event's details as JSON text (any JSON value, such as `{"km":3}`, `null`, or a whole
  /// `RecorderEvent` encoded with `JSONEncoder`), stored and read back unchanged.
  public var payloadJSON: String

  /// Creates an event; the payload defaults to an empty JSON object.
  public init(sequence: Int, timestamp: Date, kind: String, payloadJSON: String = "{}") {
    self.sequence = sequence
    self.timestamp = timestamp
    self.kind = kind
    self.payloadJSON = payloadJSON
  }
}
