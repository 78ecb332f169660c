/// Text from an untrusted file made safe to show, on a terminal or a page.
///
/// Control characters (C0, DEL, C1: a terminal's escape sequences among them) and the Unicode
/// bidirectional marks, overrides, embeddings and isolates (which can disguise what a name
/// says, as in "Trojan Source", CVE-2021-42574) are removed.
public enum UntrustedText {
  /// The longest sport name kept, in Unicode scalars: FIT's longest sport is 20 characters.
  public static let maximumSportNameLength = 64

  /// `text` without control characters (tab, line feed and carriage return become spaces)
  /// and without bidirectional marks, overrides, embeddings and isolates (U+200E, U+200F,
  /// U+061C, U+202A-U+202E, U+2066-U+2069), nor U+2028/U+2029.
  public static func sanitized(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if scalar == "\t" || scalar == "\n" || scalar == "\r" {
        result.append(" ")
      } else if !isRemoved(scalar) {
        result.append(scalar)
      }
    }
    return String(result)
  }

  /// A sport as a file names it (a TCX `Sport`, a GPX track's `type`), sanitized, trimmed and
  /// cut to ``maximumSportNameLength`` scalars; `nil` when nothing is left.
  public static func sportName(_ text: String) -> String? {
    let scalars = sanitized(text).unicodeScalars.drop { $0.properties.isWhitespace }
      .prefix(maximumSportNameLength)
    let trimmed = String(String.UnicodeScalarView(scalars))
    let end = trimmed.unicodeScalars.lastIndex { !$0.properties.isWhitespace }
    return end.map { String(trimmed.unicodeScalars[...$0]) }
  }

  private static func isRemoved(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029, 0x200E, 0x200F, 0x061C: true
    default: false
    }
  }
}
