/// The lines and fields of CSV text, as ``FixCSVReader`` splits them.
enum FixCSVText {
  /// A field without the white space around it (Foundation's `trimmingCharacters` took
  /// half of the reading time).
  static func trimmed(_ field: Substring) -> String {
    // Most fields start and end with a visible ASCII character: no Unicode lookup needed.
    if let first = field.utf8.first, let last = field.utf8.last, first > 0x20, first < 0x80,
      last > 0x20, last < 0x80
    {
      return String(field)
    }
    guard let first = field.firstIndex(where: { !$0.isWhitespace }),
      let last = field.lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(field[first...last])
  }

  /// The lines of `text`, split as ``LineScanner`` splits them (by their UTF-8 bytes:
  /// splitting by `Character` cost most of the reading time of a large file).
  static func lines(of text: Substring) -> [Substring] {
    var text = text
    var ranges: [Range<Int>] = []
    text.withUTF8 { buffer in
      LineScanner.forEachLineRange(in: UnsafeRawBufferPointer(buffer), onConsumed: nil) {
        range, _ in ranges.append(range)
      }
    }
    // Offsets into native UTF-8 text become indices in constant time.
    let utf8 = text.utf8
    return ranges.map { range in
      let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
      return text[lower..<utf8.index(lower, offsetBy: range.count)]
    }
  }

  /// The fields of one line, with RFC 4180 quoting (`"a,b"`, `""` for a quote), split by
  /// `delimiter`; with a delimiter that takes a decimal comma, each field's commas become
  /// points (`47,3769` is 47.3769).
  /// - Throws: ``FixCSVError`` at line `number` when a quoted field is not closed.
  static func fields(
    of line: Substring, line number: Int, delimiter: FixCSVDelimiter = .comma
  ) throws(FixCSVError) -> [Substring] {
    let fields = try splitFields(of: line, line: number, delimiter: delimiter)
    guard delimiter.takesDecimalComma, line.utf8.contains(UInt8(ascii: ",")) else { return fields }
    return fields.map { $0.contains(",") ? Substring($0.replacing(",", with: ".")) : $0 }
  }

  private static func splitFields(
    of line: Substring, line number: Int, delimiter: FixCSVDelimiter
  ) throws(FixCSVError) -> [Substring] {
    guard line.utf8.contains(UInt8(ascii: "\"")) else {
      return unquotedFields(of: line, delimiter: delimiter.rawValue)
    }
    var result: [Substring] = []
    var current = ""
    var inQuotes = false
    var index = line.startIndex
    while index < line.endIndex {
      let character = line[index]
      if inQuotes {
        if character == "\"" {
          let next = line.index(after: index)
          if next < line.endIndex, line[next] == "\"" {
            current.append("\"")
            index = next
          } else {
            inQuotes = false
          }
        } else {
          current.append(character)
        }
      } else if character == "\"" {
        inQuotes = true
      } else if character == delimiter.character {
        result.append(Substring(current))
        current = ""
      } else {
        current.append(character)
      }
      index = line.index(after: index)
    }
    guard !inQuotes else {
      throw FixCSVError(reason: "a quoted field is not closed", line: number)
    }
    result.append(Substring(current))
    return result
  }

  /// The fields of a line without quotes: slices of it between the delimiters, split by bytes.
  private static func unquotedFields(of line: Substring, delimiter: UInt8) -> [Substring] {
    var fields: [Substring] = []
    var start = line.startIndex
    var index = start
    let utf8 = line.utf8
    while index < utf8.endIndex {
      if utf8[index] == delimiter {
        fields.append(line[start..<index])
        start = utf8.index(after: index)
      }
      utf8.formIndex(after: &index)
    }
    fields.append(line[start..<utf8.endIndex])
    return fields
  }
}
