extension ReceiverStatus {
  /// The one-sigma user-equivalent range error in meters that turns an autonomous receiver's
  /// HDOP into a horizontal accuracy: 2-D RMS = HDOP x 5 m.
  ///
  /// gpsd's error model assumes 15 m at 95 % per unit of HDOP for autonomous fixes
  /// (`H_UERE_NO_DGPS`), 7.5 m as a 2-D RMS; the project's error model puts open-sky receivers
  /// at 3-5 m 2-D RMS with HDOP near 1. 5 m is the upper end of the second. It is the one
  /// figure every reader and the pipeline use for a fix that states no accuracy.
  public static let autonomousRangeErrorMeters = 5.0

  /// The horizontal accuracy in meters that the HDOP gives for an autonomous fix
  /// (``autonomousRangeErrorMeters`` times the HDOP), or `nil` without a finite HDOP above 0.
  public var horizontalAccuracyFromDilutionMeters: Double? {
    guard let dilution = horizontalDilution, dilution.isFinite, dilution > 0 else { return nil }
    return dilution * Self.autonomousRangeErrorMeters
  }
}

extension Fix {
  /// The fix with a horizontal accuracy from its HDOP when it states none
  /// (``ReceiverStatus/horizontalAccuracyFromDilutionMeters``); otherwise unchanged.
  ///
  /// The pipeline applies it to every fix it takes, live and batch alike, so that a GPX, FIT
  /// or hand-made fix with only an HDOP is judged and filtered as an NMEA one is. An accuracy
  /// the fix states (even an invalid one) is left for the gate to judge.
  ///
  /// - Complexity: O(1).
  public var withAccuracyFromDilution: Fix {
    guard horizontalAccuracyMeters == nil,
      let accuracy = receiver.horizontalAccuracyFromDilutionMeters
    else { return self }
    var fix = self
    fix.horizontalAccuracyMeters = accuracy
    return fix
  }
}
