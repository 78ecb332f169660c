import Foundation
import TrackSiftFormats

/// Text from an untrusted file made safe for an HTML page.
///
/// Every string a file carries (names, descriptions, links, device names, the file's own name)
/// passes through here before it reaches the page: control characters and the Unicode
/// bidirectional overrides and isolates are removed (they can disguise what a name says, as in
/// "Trojan Source", CVE-2021-42574), and the markup characters are escaped, the same way in text
/// and in attribute values. A link is kept only when it is `http` or `https`.
public enum HTMLText {
  /// `text` without control characters or bidirectional controls (see
  /// `UntrustedText.sanitized(_:)`).
  public static func sanitized(_ text: String) -> String {
    UntrustedText.sanitized(text)
  }

  /// `text` sanitized and escaped for HTML text and quoted attribute values alike: `&`, `<`,
  /// `>`, `"` and `'` become character references.
  public static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in sanitized(text).unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// The link escaped for an `href`, or `nil` unless it is an absolute `http` or `https` URL
  /// (never `javascript:`, `data:` or a relative path that would resolve against the file).
  public static func safeLink(_ link: String) -> String? {
    let trimmed = sanitized(link).trimmingCharacters(in: .whitespaces)
    let lowered = trimmed.lowercased()
    guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://"),
      !trimmed.unicodeScalars.contains(where: { $0 == " " || $0 == "\\" })
    else { return nil }
    return escaped(trimmed)
  }

  /// JSON text made safe inside `<script type="application/json">`: `<`, `>` and `&` as
  /// `\u003c`, `\u003e`, `\u0026` (so no `</script>` or `<!--` can close or open anything),
  /// and U+2028 and U+2029 as escapes.
  public static func scriptSafeJSON(_ json: String) -> String {
    var result = ""
    result.reserveCapacity(json.utf8.count)
    for scalar in json.unicodeScalars {
      switch scalar {
      case "<": result += "\\u003c"
      case ">": result += "\\u003e"
      case "&": result += "\\u0026"
      case "\u{2028}": result += "\\u2028"
      case "\u{2029}": result += "\\u2029"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
