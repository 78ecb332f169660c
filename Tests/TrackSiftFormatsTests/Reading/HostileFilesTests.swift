import Foundation
import Testing
import TrackSift
import TrackSiftTestSupport

@testable import TrackSiftFormats

/// Files whose strings carry markup, script URLs, bidirectional overrides and control
/// characters: read without error, strictly too, with every string kept as written.
@Suite struct HostileFilesTests {
  static let text = HostileFiles.payloadText

  @Test(arguments: [false, true])
  func gpxStringsAreKeptAsWritten(strict: Bool) throws {
    let file = try ActivityMetadataTests.read(
      Array(HostileFiles.gpx().utf8), named: "hostile.gpx", strict: strict)
    let metadata = file.metadata
    #expect(file.track.fixCount == HostileFiles.fixCount)
    #expect(file.notes.isEmpty)
    // The 5,000-character name is cut to the limit, its start kept.
    let name = try #require(metadata.name)
    #expect(name.unicodeScalars.count == ActivityMetadata.maximumStringLength)
    #expect(name.hasPrefix(Self.text))
    #expect(metadata.description == Self.text)
    #expect(metadata.creator == Self.text)
    #expect(metadata.links.map(\.href) == HostileFiles.payloads + ["javascript:alert(1)"])
    #expect(metadata.links.allSatisfy { $0.text == Self.text })
    #expect(metadata.trackNames == [Self.text])
    #expect(metadata.waypoints.count == 2)
    #expect(metadata.waypoints.allSatisfy { $0.name == Self.text && $0.description == Self.text })
  }

  @Test func payloadsHoldWhatTheyMustTest() {
    let scalars = Self.text.unicodeScalars.map(\.value)
    #expect(scalars.contains(0x202E) && scalars.contains(0x2028))
    #expect(scalars.contains(0x1B) && scalars.contains(0x01) && scalars.contains(0x7F))
    #expect(Self.text.contains("<script>alert(1)</script>"))
    #expect(Self.text.contains("\" onmouseover=\"x"))
    #expect(Self.text.contains("&lt;b&gt;"))
  }

  @Test(arguments: [false, true])
  func tcxStringsAreKeptAsWritten(strict: Bool) throws {
    let file = try ActivityMetadataTests.read(
      Array(HostileFiles.tcx().utf8), named: "hostile.tcx", strict: strict)
    #expect(file.track.fixCount == HostileFiles.fixCount)
    #expect(file.metadata.name == Self.text)
    #expect(file.metadata.description == Self.text)
    #expect(file.metadata.creator == Self.text)
    #expect(file.metadata.deviceNames == [Self.text])
    #expect(file.metadata.trackNames == [Self.text])
  }

  @Test(arguments: [false, true])
  func fitProductNamesAreKeptAsWritten(strict: Bool) throws {
    let bytes = try #require(HostileFiles.fit())
    let file = try ActivityMetadataTests.read(bytes, named: "hostile.fit", strict: strict)
    #expect(file.track.fixCount == HostileFiles.fixCount)
    let creator = try #require(file.metadata.creator)
    #expect(creator.utf8.count <= 254)
    #expect(creator.hasPrefix("<script>alert(1)</script> \" onmouseover=\"x"))
    #expect(Self.text.hasPrefix(creator))
    #expect(file.metadata.deviceNames.count == 2)
    #expect(file.metadata.deviceNames.first == creator)
    #expect(file.metadata.deviceNames.last?.hasPrefix("&lt;b&gt;") == true)
  }

  /// Three seconds in, the track moves at about 3 m/s, one fix a second.
  @Test func trackMovesAtAWalkingPace() throws {
    let fixes = try GPXReader.read(data: Data(HostileFiles.gpx().utf8)).tracks[0].allFixes
    let step = Geodesic.distanceMeters(from: fixes[10].coordinate, to: fixes[11].coordinate)
    #expect(abs(step - 3) < 0.05)
    #expect(fixes[11].timestamp!.timeIntervalSince(fixes[10].timestamp!) == 1)
  }

  /// A GPX file cut short anywhere in its metadata, leniently read, never crashes and
  /// keeps the strings that were complete.
  @Test func cutShortInTheMetadata() throws {
    let bytes = Array(HostileFiles.gpx().utf8)
    let end = try #require(bytes.firstRange(of: Array("<wpt".utf8))).lowerBound
    for length in stride(from: 1, to: end, by: 37) {
      let document = try GPXReader.read(
        data: Data(bytes[..<length]), options: .init(lenient: true))
      #expect(document.stoppedAt != nil)
      #expect(document.links.allSatisfy { !$0.href.isEmpty })
    }
  }
}
