import TrackSift

extension FixSource {
  /// The source that a location provider's name stands for, in any case: Android's `gps`,
  /// `network` and `fused` (as GPSLogger's CSV and most Android exports write them),
  /// GnssLogger's `GPS`, `NLP` and `FLP`, and TrackSift's own names (`satellite`,
  /// `simulated`, ...). `FixSource.unknown` for a name that says nothing of where the
  /// position came from (Android's `passive`, a ground truth's `GT`).
  public init(providerName: some StringProtocol) {
    switch providerName.lowercased() {
    case "gps", "gnss", "satellite": self = .satellite
    case "network", "nlp", "cell", "wifi": self = .network
    case "fused", "flp": self = .fused
    case "simulated": self = .simulated
    default: self = .unknown
    }
  }
}
