/// The energy cost of running on a slope, from Minetti et al. 2002, and the factor that turns
/// a distance run on a slope into the flat distance of the same effort.
///
/// Minetti, Moia, Roi, Susta and Ferretti, "Energy cost of walking and running at extreme
/// uphill and downhill slopes", Journal of Applied Physiology 93 (2002): 1039-1046, fitted the
/// metabolic cost of running of ten runners on a treadmill inclined from -0.45 to +0.45 with a
/// fifth-degree polynomial in the grade `i` (rise over run, as a fraction):
///
///     C(i) = 155.4 i^5 - 30.4 i^4 - 43.3 i^3 + 46.3 i^2 + 19.5 i + 3.6   (J kg^-1 m^-1)
///
/// It is 3.6 on the flat, about 5.97 at +10 %, and lowest, about 1.78, near -18 % (the paper
/// measured its lowest cost at -20 %); it rises again on steeper descents.
///
/// **Limits.** The grades are clamped to the measured range, ``validGrades``: a polynomial
/// says nothing trustworthy outside the data it was fitted to. The runners ran at a steady
/// speed on a treadmill, so the curve gives the metabolic cost, not the effort a runner feels
/// outdoors: on steep descents, footing and braking hold runners back, and the curve credits a
/// descent with more benefit than they get (the paper notes that the top speeds it predicts
/// downhill are well above those run in downhill races). Strava replaced its laboratory-based
/// grade-adjusted pace in 2017 with a model fitted to runners' heart rates for that reason
/// (Robb, "An Improved GAP Model", Strava Engineering). This type keeps the published curve,
/// which anyone can check.
public enum MinettiRunningCost {
  /// The grades the curve was measured over, as fractions: -0.45 to +0.45. Grades outside are
  /// clamped to this range.
  public static let validGrades: ClosedRange<Double> = -0.45...0.45

  /// The cost of running on the flat, in joules per kilogram per meter: 3.6.
  public static let flatJoulesPerKilogramMeter = 3.6

  /// The energy cost of running at a grade.
  /// - Parameter grade: rise over run, as a fraction (0.1 is 10 %); clamped to
  ///   ``validGrades``. A NaN grade gives NaN.
  /// - Returns: the cost in joules per kilogram of body mass per meter run.
  /// - Complexity: O(1).
  public static func joulesPerKilogramMeter(grade: Double) -> Double {
    let i = grade.isNaN ? grade : min(max(grade, validGrades.lowerBound), validGrades.upperBound)
    // Horner's form of the polynomial in the type's description.
    let highOrder = ((155.4 * i - 30.4) * i - 43.3) * i
    return ((highOrder + 46.3) * i + 19.5) * i + flatJoulesPerKilogramMeter
  }

  /// How many meters on the flat cost as much as one meter run at a grade: `C(grade) / C(0)`.
  /// - Parameter grade: rise over run, as a fraction; clamped to ``validGrades``.
  /// - Returns: the factor, without unit: 1 on the flat, about 1.66 at +10 %, about 0.60 at
  ///   -10 %.
  /// - Complexity: O(1).
  public static func flatEquivalentFactor(grade: Double) -> Double {
    joulesPerKilogramMeter(grade: grade) / flatJoulesPerKilogramMeter
  }
}
