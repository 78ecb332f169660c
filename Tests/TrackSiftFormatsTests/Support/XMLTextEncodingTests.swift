import Foundation
import Testing
import TrackSift

@testable import TrackSiftFormats

/// GPX and TCX files in UTF-16, ISO-8859-1 or windows-1252 read with their text intact.
@Suite struct XMLTextEncodingTests {
  private static let name = "Lauf am Müggelsee – Köpenick"

  private static func gpx(encoding: String, name: String = name) -> String {
    """
    <?xml version="1.0" encoding="\(encoding)"?>
    <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
     <trk><name>\(name)</name><trkseg>
      <trkpt lat="47.5" lon="8.5"><time>2024-05-01T07:00:00Z</time></trkpt>
      <trkpt lat="47.5001" lon="8.5"><time>2024-05-01T07:00:01Z</time></trkpt>
     </trkseg></trk>
    </gpx>
    """
  }

  /// The text's UTF-16 code units as bytes, little- or big-endian, with or without a mark.
  private static func utf16(_ text: String, littleEndian: Bool, mark: Bool) -> Data {
    var bytes: [UInt8] = []
    for unit in (mark ? [0xFEFF] : []) + Array(text.utf16) {
      let (high, low) = (UInt8(unit >> 8), UInt8(unit & 0xFF))
      bytes += littleEndian ? [low, high] : [high, low]
    }
    return Data(bytes)
  }

  private static func readName(_ data: Data) throws -> String? {
    let file = try ActivityFile.read(data: data, name: "run.gpx")
    #expect(file.format == .gpx)
    #expect(file.track.fixCount == 2)
    return file.track.name
  }

  @Test(arguments: [(true, true), (true, false), (false, true), (false, false)])
  func utf16EitherWayWithOrWithoutAMark(littleEndian: Bool, mark: Bool) throws {
    let data = Self.utf16(
      Self.gpx(encoding: "UTF-16"), littleEndian: littleEndian, mark: mark)
    #expect(try Self.readName(data) == Self.name)
  }

  @Test func latin1() throws {
    let name = "Müggelsee, Köpenick"
    let data = try #require(Self.gpx(encoding: "ISO-8859-1", name: name).data(using: .isoLatin1))
    #expect(try Self.readName(data) == name)
  }

  @Test func windows1252HasItsOwnCharactersAbove0x7F() throws {
    // The dash is 0x96 and the euro sign 0x80 in windows-1252, control codes in Latin-1.
    var bytes = Array(Self.gpx(encoding: "windows-1252", name: "a – b €").utf8)
    bytes.replace([0xE2, 0x80, 0x93], with: [0x96])
    bytes.replace([0xE2, 0x82, 0xAC], with: [0x80])
    #expect(try Self.readName(Data(bytes)) == "a – b €")
  }

  @Test func aFileDeclaredLatin1ButWrittenInUTF8IsReadAsUTF8() throws {
    let bytes = Array(Self.gpx(encoding: "ISO-8859-1").utf8)
    #expect(bytes.withUnsafeBytes { XMLTextEncoding.utf8($0) } == nil)
    #expect(try Self.readName(Data(bytes)) == Self.name)
  }

  @Test func utf8IsReadAsItIs() throws {
    let bytes = Array(Self.gpx(encoding: "UTF-8").utf8)
    #expect(bytes.withUnsafeBytes { XMLTextEncoding.utf8($0) } == nil)
    #expect(try Self.readName(Data(bytes)) == Self.name)
    // A single-byte encoding with nothing above 0x7F needs no converting.
    let ascii = Array(Self.gpx(encoding: "ISO-8859-1", name: "Lake").utf8)
    #expect(ascii.withUnsafeBytes { XMLTextEncoding.utf8($0) } == nil)
  }

  @Test func aUTF16TCXFileIsDetectedAndRead() throws {
    let tcx = """
      <?xml version="1.0" encoding="UTF-16"?>
      <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
       <Activities><Activity Sport="Running"><Id>2024-05-01T07:00:00Z</Id>
        <Lap StartTime="2024-05-01T07:00:00Z"><Track>
         <Trackpoint><Time>2024-05-01T07:00:00Z</Time>
          <Position><LatitudeDegrees>47.5</LatitudeDegrees>
           <LongitudeDegrees>8.5</LongitudeDegrees></Position></Trackpoint>
        </Track></Lap>
       </Activity></Activities>
      </TrainingCenterDatabase>
      """
    let data = Self.utf16(tcx, littleEndian: true, mark: true)
    #expect(try ActivityFileFormat.detect(prefix: data, fileExtension: nil) == .tcx)
    #expect(try ActivityFile.read(data: data, name: "run.tcx").track.fixCount == 1)
  }
}
