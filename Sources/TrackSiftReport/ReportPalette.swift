/// The report's colours, chosen to stay apart for people with the common colour-vision
/// deficiencies and in greyscale print.
///
/// Ordered classes (speed) take five steps of viridis (van der Walt and Smith, matplotlib
/// 2015), which is perceptually uniform and monotonic in lightness, so it also prints in grey.
/// Categories (devices, refusal reasons) take the Okabe-Ito palette (Okabe and Ito 2008,
/// "Color Universal Design"), distinguishable under protanopia, deuteranopia and tritanopia.
/// Grade classes diverge from grey through Okabe-Ito's blues (down) and oranges (up), the pair
/// that stays apart under every common deficiency; in grey print the bar's side of the zero
/// line still tells up from down.
enum ReportPalette {
  /// Five viridis steps from dark (slow) to light (fast).
  static let ordered = ["#440154", "#3b528b", "#21918c", "#5ec962", "#fde725"]
  /// The Okabe-Ito colours, black last.
  static let categorical = [
    "#0072b2", "#e69f00", "#009e73", "#cc79a7", "#d55e00", "#56b4e9", "#f0e442", "#000000",
  ]

  /// The grade classes' colours (``GradeClasses``), steep descent to steep climb.
  static let grade = ["#0072b2", "#56b4e9", "#bbbbbb", "#e69f00", "#d55e00"]

  /// The colour of category `index`, cycling through ``categorical``.
  static func category(_ index: Int) -> String { categorical[index % categorical.count] }
}
