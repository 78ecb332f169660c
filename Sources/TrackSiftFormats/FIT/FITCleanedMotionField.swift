import TrackSift

/// TrackSift's developer field for the motion a cleaned file writes with each point
/// (`CleanedMotion`): FIT's profile has no field for it, so ``FITWriter`` describes one, a
/// `uint8` named ``name`` in the `record`s (developer data index 0, field 0), and the reader
/// gives its values back to the fixes.
enum FITCleanedMotionField {
  /// The field's name, as its `field_description` gives it.
  static let name = "tracksift_motion"
  /// The developer data index and the field number it is described with.
  static let dataIndex: UInt8 = 0
  static let number: UInt8 = 0
  /// TrackSift's application ID in `developer_data_id`: a fixed UUID, so that programs that
  /// keep developer data tell TrackSift's fields apart from others'.
  static let applicationID: [UInt8] = [
    0x54, 0x72, 0x61, 0x63, 0x6B, 0x53, 0x69, 0x66, 0x74, 0x4D, 0x6F, 0x74, 0x69, 0x6F, 0x6E, 0x01,
  ]

  /// The value written for a motion.
  static func code(_ motion: CleanedMotion) -> UInt64 {
    switch motion {
    case .moving: 0
    case .creeping: 1
    case .stopped: 2
    }
  }

  /// The motion a value stands for; `nil` for a value this version does not know.
  static func motion(code: Double) -> CleanedMotion? {
    switch code {
    case 0: .moving
    case 1: .creeping
    case 2: .stopped
    default: nil
    }
  }
}
