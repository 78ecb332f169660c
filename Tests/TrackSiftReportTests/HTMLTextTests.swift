import Testing

@testable import TrackSiftReport

@Suite struct HTMLTextTests {
  @Test func escapesMarkupInTextAndAttributesAlike() {
    #expect(
      HTMLText.escaped(#"<script>alert("x")</script> & 'q'"#)
        == "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;")
    #expect(HTMLText.escaped(#"" onmouseover="x"#) == "&quot; onmouseover=&quot;x")
  }

  @Test func removesControlAndBidiOverrideCharacters() {
    let hostile = "a\u{0}b\u{7}c\u{202E}d\u{2066}e\u{2069}f\u{2028}g\u{2029}h\u{85}i\u{200F}j"
    #expect(HTMLText.sanitized(hostile) == "abcdefghij")
    #expect(HTMLText.sanitized("two\nlines\tand tab") == "two lines and tab")
    #expect(HTMLText.sanitized("Zürich 北京 🏃") == "Zürich 北京 🏃")
  }

  @Test func keepsOnlyHTTPLinks() {
    #expect(
      HTMLText.safeLink("https://example.org/a?b=1&c=2") == "https://example.org/a?b=1&amp;c=2")
    #expect(HTMLText.safeLink("HTTP://example.org") == "HTTP://example.org")
    for hostile in [
      "javascript:alert(1)", " JavaScript:alert(1)", "java\u{0}script:alert(1)", "data:text/html,x",
      "vbscript:x", "//example.org", "/etc/passwd", "file:///etc/passwd", "https://a b",
      "https:\\\\evil",
    ] {
      #expect(HTMLText.safeLink(hostile) == nil, "\(hostile)")
    }
    #expect(
      HTMLText.safeLink(#"https://x.org/"onmouseover="a"#)
        == "https://x.org/&quot;onmouseover=&quot;a")
  }

  @Test func jsonCannotCloseItsScriptElement() {
    let json = #"{"name":"</script><script>alert(1)</script><!--","x":"\#u{2028}\#u{2029}&"}"#
    let safe = HTMLText.scriptSafeJSON(json)
    #expect(!safe.contains("<") && !safe.contains(">") && !safe.contains("&"))
    #expect(!safe.contains("\u{2028}") && !safe.contains("\u{2029}"))
    #expect(safe.contains(#"\u003c/script\u003e"#))
  }
}
