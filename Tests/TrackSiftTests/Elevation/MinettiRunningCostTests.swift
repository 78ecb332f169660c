import Testing

@testable import TrackSift

@Suite struct MinettiRunningCostTests {
  /// The polynomial evaluated by hand: 155.4 i^5 - 30.4 i^4 - 43.3 i^3 + 46.3 i^2 + 19.5 i + 3.6.
  @Test(arguments: [
    (0.0, 3.6),
    (0.1, 5.968214),  // 0.001554 - 0.00304 - 0.0433 + 0.463 + 1.95 + 3.6
    (-0.1, 2.151706),
    (-0.2, 1.800032),
    (0.2, 9.006688),
    (0.45, 19.4260145625),
    (-0.45, 4.0323054375),
  ])
  func costMatchesThePolynomial(grade: Double, joulesPerKilogramMeter: Double) {
    let cost = MinettiRunningCost.joulesPerKilogramMeter(grade: grade)
    #expect(abs(cost - joulesPerKilogramMeter) < 1e-9)
  }

  @Test func gradesBeyondTheMeasuredRangeAreClamped() {
    let steepest = MinettiRunningCost.joulesPerKilogramMeter(grade: 0.45)
    let steepestDown = MinettiRunningCost.joulesPerKilogramMeter(grade: -0.45)
    #expect(MinettiRunningCost.joulesPerKilogramMeter(grade: 0.8) == steepest)
    #expect(MinettiRunningCost.joulesPerKilogramMeter(grade: .infinity) == steepest)
    #expect(MinettiRunningCost.joulesPerKilogramMeter(grade: -1) == steepestDown)
    #expect(abs(steepest - 19.4260145625) < 1e-9)
    #expect(MinettiRunningCost.joulesPerKilogramMeter(grade: .nan).isNaN)
  }

  @Test func theCheapestGradeIsAGentleDescentNearMinusEighteenPercent() {
    // The paper measured its lowest cost at -0.20; its polynomial is lowest at -0.181.
    let grades = stride(from: -0.45, through: 0.45, by: 0.0001)
    let cheapest = grades.min {
      MinettiRunningCost.joulesPerKilogramMeter(grade: $0)
        < MinettiRunningCost.joulesPerKilogramMeter(grade: $1)
    }!
    #expect(abs(cheapest - -0.1813) < 0.0005)
    #expect(abs(MinettiRunningCost.joulesPerKilogramMeter(grade: cheapest) - 1.7813) < 0.0005)
    // Steeper descents cost more again.
    #expect(
      MinettiRunningCost.joulesPerKilogramMeter(grade: -0.45)
        > 2 * MinettiRunningCost.joulesPerKilogramMeter(grade: cheapest))
  }

  @Test func theFactorIsTheCostOverTheFlatCost() {
    #expect(MinettiRunningCost.flatEquivalentFactor(grade: 0) == 1)
    #expect(abs(MinettiRunningCost.flatEquivalentFactor(grade: 0.1) - 5.968214 / 3.6) < 1e-12)
    #expect(abs(MinettiRunningCost.flatEquivalentFactor(grade: -0.1) - 2.151706 / 3.6) < 1e-12)
  }
}
