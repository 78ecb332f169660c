/// A link an activity file carries (GPX 1.1 `link`, GPX 1.0 `url` and `urlname`), as written.
///
/// Both strings are untrusted: `href` may hold any scheme (`javascript:` included) and `text`
/// any markup; check the scheme and escape both before display.
public struct ActivityLink: Sendable, Hashable {
  /// The link's target, as written (not checked to be a URL).
  public var href: String
  /// The link's text, or `nil` when the file gives none.
  public var text: String?

  /// Creates a link.
  public init(href: String, text: String? = nil) {
    self.href = href
    self.text = text
  }
}
