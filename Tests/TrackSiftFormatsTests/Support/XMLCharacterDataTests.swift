import Testing

@testable import TrackSiftFormats

@Suite struct XMLCharacterDataTests {
  /// The decoded text of `raw`, or the error's reason and offset.
  static func decode(_ raw: String) -> Result<String, XMLScanner.SyntaxError> {
    let bytes = Array(raw.utf8)
    var output: [UInt8] = [0x3E]  // what was there before is kept
    do {
      try bytes.withUnsafeBufferPointer { buffer throws(XMLScanner.SyntaxError) in
        try XMLCharacterData.decode(buffer.baseAddress!, 0..<buffer.count, into: &output)
      }
    } catch {
      return .failure(error)
    }
    return .success(String(decoding: output, as: UTF8.self))
  }

  @Test func decodesThePredefinedEntitiesAndCharacterReferences() throws {
    #expect(
      try Self.decode("a &lt;b&gt; &amp; &apos;c&apos; &quot;d&quot; &#65;&#x42;&#X43; é&#233;")
        .get() == ">a <b> & 'c' \"d\" ABC éé")
    #expect(try Self.decode("").get() == ">")
    #expect(try Self.decode("no references").get() == ">no references")
  }

  @Test(arguments: [
    ("ab & c", "an '&' that starts no entity", 3),
    ("x&averyveryverylongname;", "an '&' that starts no entity", 1),
    ("&#0;", "invalid character reference &#0;", 0),
    ("&#x110000;", "invalid character reference &#x110000;", 0),
    ("ok &#12a;", "invalid character reference &#12a;", 3),
    ("&#;", "invalid character reference &#;", 0),
    (
      "1 &nbsp;",
      "the entity &nbsp; is not expanded: only the five predefined entities and "
        + "character references are", 2
    ),
  ])
  func refusesWhatItCannotDecodeAndSaysWhere(raw: String, reason: String, offset: Int) {
    guard case .failure(let error) = Self.decode(raw) else {
      Issue.record("\(raw) decoded")
      return
    }
    #expect(error.reason == reason)
    #expect(error.byteOffset == offset)
  }
}
