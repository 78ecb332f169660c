/// The character that separates a CSV file's fields, told by its header.
///
/// A comma almost everywhere; a semicolon where a spreadsheet writes CSV for a locale whose
/// decimal separator is the comma (most of Europe), and a tab in tab-separated tables. With a
/// semicolon or a tab, a number's decimal separator may be a comma (`47,3769`): the reader
/// takes a comma in a field as the decimal point.
enum FixCSVDelimiter: UInt8, CaseIterable, Sendable {
  case comma = 0x2C
  case semicolon = 0x3B
  case tab = 0x09

  /// The delimiter of a header line: the first, in the order comma, semicolon, tab, that
  /// splits it into names holding a latitude and a longitude column (or the three ECEF
  /// coordinates); `nil` when none does.
  init?(header: Substring) {
    guard
      let delimiter = Self.allCases.first(where: { delimiter in
        header.utf8.contains(delimiter.rawValue)
          && Self.namesPosition(
            header.split(separator: delimiter.character, omittingEmptySubsequences: false)
              .compactMap { FixCSVColumn(header: $0) })
      })
    else { return nil }
    self = delimiter
  }

  /// The delimiter as a character.
  var character: Character { Character(Unicode.Scalar(rawValue)) }

  /// Whether a field's comma is its decimal separator (never with the comma delimiter).
  var takesDecimalComma: Bool { self != .comma }

  private static func namesPosition(_ columns: [FixCSVColumn]) -> Bool {
    (columns.contains(.latitude) && columns.contains(.longitude))
      || (columns.contains(.ecefX) && columns.contains(.ecefY) && columns.contains(.ecefZ))
  }
}
