/// GPS time: seconds since 1980-01-06 00:00:00 UTC without the leap seconds UTC has taken
/// since, as receivers and the Google Smartphone Decimeter Challenge files count it.
///
/// Package access: the evaluation's own reading of the GSDC files converts with it too.
package enum GPSTime {
  /// 1980-01-06 00:00:00 UTC in seconds since 2001-01-01 UTC (`Date`'s reference date).
  static let epochSecondsSinceReferenceDate = -662_342_400.0

  /// The UTC instants (seconds since 2001-01-01) from which GPS time runs ahead of UTC by one
  /// more second: every leap second since 1980 (IERS Bulletin C; none after 2017-01-01 up to
  /// 2026).
  private static let leapSecondsSinceReferenceDate: [Double] = [
    -615_513_600,  // 1981-07-01
    -583_977_600,  // 1982-07-01
    -552_441_600,  // 1983-07-01
    -489_283_200,  // 1985-07-01
    -410_313_600,  // 1988-01-01
    -347_155_200,  // 1990-01-01
    -315_619_200,  // 1991-01-01
    -268_358_400,  // 1992-07-01
    -236_822_400,  // 1993-07-01
    -205_286_400,  // 1994-07-01
    -157_852_800,  // 1996-01-01
    -110_592_000,  // 1997-07-01
    -63_158_400,  // 1999-01-01
    157_766_400,  // 2006-01-01
    252_460_800,  // 2009-01-01
    362_793_600,  // 2012-07-01
    457_401_600,  // 2015-07-01
    504_921_600,  // 2017-01-01
  ]

  /// The UTC instant, in seconds since 2001-01-01, of `gpsSeconds` of GPS time.
  package static func utcSecondsSinceReferenceDate(gpsSeconds: Double) -> Double {
    let gps = epochSecondsSinceReferenceDate + gpsSeconds
    // GPS time is ahead by the leap seconds inserted before the UTC instant it stands for.
    var offset = 0.0
    for (index, leap) in leapSecondsSinceReferenceDate.enumerated()
    where gps - Double(index + 1) >= leap {
      offset = Double(index + 1)
    }
    return gps - offset
  }
}
