import Testing

/// The message a golden-file mismatch records: the first line that differs.
@Suite struct GoldenFileTests {
  @Test func sameBytesDoNotDiffer() {
    #expect(GoldenFile.firstDifference(expected: "a\nb\n", actual: "a\nb\n") == nil)
  }

  @Test func oneCharacterNamesItsLine() {
    #expect(
      GoldenFile.firstDifference(
        expected: "a\nDistance 7.14 km\nc\n", actual: "a\nDistance 7.15 km\nc\n")
          == """
          at line 2 (expected 4 lines, got 4):
            expected: "Distance 7.14 km"
            actual:   "Distance 7.15 km"
          """)
  }

  @Test func trailingSpacesShowInQuotes() {
    #expect(
      GoldenFile.firstDifference(expected: "a\n", actual: "a \n")
        == """
        at line 1 (expected 2 lines, got 2):
          expected: "a"
          actual:   "a "
        """)
  }

  @Test func aLineMoreOrLess() {
    #expect(
      GoldenFile.firstDifference(expected: "a\nb\n", actual: "a\nb\nc\n")
        == """
        at line 3 (expected 3 lines, got 4):
          expected: ""
          actual:   "c"
        """)
    #expect(
      GoldenFile.firstDifference(expected: "a\nb\n", actual: "a\nb")
        == """
        at line 3 (expected 3 lines, got 2):
          expected: ""
          actual:   (no more lines)
          (only the final newline differs)
        """)
  }

  /// Strings that Swift holds equal (composed and decomposed é) are still different bytes.
  @Test func canonicallyEquivalentTextsDiffer() {
    #expect(GoldenFile.firstDifference(expected: "caf\u{E9}\n", actual: "cafe\u{301}\n") != nil)
  }
}
