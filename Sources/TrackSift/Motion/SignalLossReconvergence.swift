/// Tells the fixes a receiver gives while it reconverges after a signal loss: those less than
/// ``reconvergenceSeconds`` after the first fix that follows a pause of more than
/// ``signalLossSeconds``.
///
/// Their reported speed can be several times the true one, and their positions jump with it:
/// a GT-31 read 24.65, 21.09 and 11.91 m/s in the three fixes after 17 s without any, on a
/// board sailing at 3 m/s. Such speeds set no maximum and are not shown; the positions are
/// left to the gate and the filter.
public struct SignalLossReconvergence: Sendable {
  /// A pause between fixes longer than this, in seconds, is a signal loss.
  public static let signalLossSeconds = 10.0
  /// How long after a signal loss, in seconds, the receiver is taken to reconverge: 5. At 3
  /// (the GT-31 above) two Motion Mini logs kept their spike's tail as the maximum when read
  /// as positions, times and speeds: CHI822DYL's speeds decayed from 11.5 to 7.3 m/s over the
  /// 4.4 s after a 26 s loss (genuine top 7.94), MCC802MAR's likewise. 4 and 5 catch both;
  /// 8 catches no more and starts to trim genuine speeds (JEN806JEN's top 7.93 -> 7.87).
  public static let reconvergenceSeconds = 5.0
  /// A pause is a signal loss only when it is also this many times the interval before it: a
  /// sparse recording's pauses (a point every 10 m, or "smart" recording) are its pace.
  public static let intervalMultiple = 3.0

  /// Whether a pause between two fixes is a signal loss: longer than ``signalLossSeconds`` and
  /// than ``intervalMultiple`` times the interval before it (none known: not a loss).
  public static func isSignalLoss(pauseSeconds: Double, previousIntervalSeconds: Double?) -> Bool {
    guard let previousIntervalSeconds else { return false }
    return pauseSeconds > signalLossSeconds
      && pauseSeconds > intervalMultiple * previousIntervalSeconds
  }

  private var lastSeconds: Double?
  private var backSeconds: Double?

  /// Creates a tracker that has seen no fix.
  public init() {}

  /// Takes the time of the next fix; returns whether the fix falls within a reconvergence. A
  /// time that is not finite says nothing and returns `false`.
  public mutating func isReconverging(atTimeSeconds seconds: Double) -> Bool {
    guard seconds.isFinite else { return false }
    if let lastSeconds, seconds - lastSeconds > Self.signalLossSeconds { backSeconds = seconds }
    lastSeconds = max(lastSeconds ?? seconds, seconds)
    return backSeconds.map { seconds - $0 < Self.reconvergenceSeconds } ?? false
  }
}
