/// Where a ``Recorder`` is in its life.
public enum RecorderState: Sendable, Hashable, Codable {
  /// Not started: no location work is needed.
  case idle
  /// Started, waiting for a reliable fix (the warm-up of the acquisition policy). Fixes are
  /// recorded and judged already.
  case acquiring
  /// Recording, with a reliable fix.
  case recording
  /// Paused, by the user or automatically (standing still).
  case paused(PauseReason)
  /// Finished: nothing more is recorded.
  case finished

  /// Why a recording is paused.
  public enum PauseReason: String, Sendable, Hashable, Codable {
    /// The user paused: fixes are refused and the next fix after resuming starts a segment.
    case manual
    /// The person stood still (auto-pause): fixes are still recorded, and count as stopped.
    case automatic
  }

  /// A short name for displays and logs: `idle`, `acquiring`, `recording`, `paused`,
  /// `auto-paused`, `finished`.
  public var name: String {
    switch self {
    case .idle: "idle"
    case .acquiring: "acquiring"
    case .recording: "recording"
    case .paused(.manual): "paused"
    case .paused(.automatic): "auto-paused"
    case .finished: "finished"
    }
  }
}
