import Foundation
import Testing
import TrackSift
import TrackSiftTestSupport

@testable import TrackSiftFormats

/// Truncated, bit-flipped and spliced TCX never crashes the reader: each is read or refused
/// with an ``XMLReadError`` whose location lies within the input.
@Suite struct TCXMutationTests {
  private static let seed =
    Array(
      TCXWriter.string(
        from: Track(segments: [
          Segment(
            fixes: (0..<4).map { index in
              Fix(
                timestamp: Date(timeIntervalSinceReferenceDate: Double(index) + 0.25),
                latitudeDegrees: 47 + Double(index) * 1e-4, longitudeDegrees: 8,
                altitudeMeters: 400, speedMetersPerSecond: 3,
                sensors: SensorValues(
                  heartRateBeatsPerMinute: 140, cadencePerMinute: 85, powerWatts: 250))
            })
        ]), sport: "Running"
      ).utf8)
    + Array("<!-- &amp; <![CDATA[ x ]]> -->".utf8)

  /// Reads `bytes` strictly and leniently: lenient reading never throws, gives what strict
  /// reading gives when that succeeds, and names the damage strict reading throws.
  @discardableResult
  private func check(_ bytes: [UInt8]) -> TCXDocument? {
    let lenient: TCXDocument
    do {
      lenient = try TCXReader.read(data: Data(bytes), options: .init(lenient: true))
    } catch {
      Issue.record("lenient reading threw \(error)")
      return nil
    }
    do {
      let strict = try TCXReader.read(data: Data(bytes))
      #expect(lenient == strict)
    } catch {
      #expect(error.line >= 1 && error.column >= 1, "\(error)")
      #expect(error.byteOffset >= 0 && error.byteOffset <= bytes.count, "\(error)")
      #expect(lenient.stoppedAt == error)
    }
    return lenient
  }

  @Test func everyTruncationIsReadOrRefusedAndLenientGivesAPrefix() throws {
    let whole = try TCXReader.read(data: Data(Self.seed)).allFixes
    var previous = 0
    for length in 0...Self.seed.count {
      let fixes = check(Array(Self.seed.prefix(length)))?.allFixes ?? []
      #expect(fixes == Array(whole.prefix(fixes.count)), "length \(length)")
      #expect(fixes.count >= previous, "length \(length)")
      previous = fixes.count
    }
    #expect(previous == whole.count)
  }

  @Test func bitFlipsAndSplicesAreReadOrRefused() throws {
    var generator = SplitMix64(state: 5_150)
    var seeds = [Self.seed]
    if let url = sharedDataDirectory?.appendingPathComponent("corpus/gpsbabel/tcx/kona2013.tcx") {
      seeds.append(Array(try Data(contentsOf: url)))
    }
    for seed in seeds {
      for _ in 0..<1_500 {
        var bytes = seed
        switch Int.random(in: 0..<3, using: &generator) {
        case 0:
          for _ in 0..<Int.random(in: 1...8, using: &generator) {
            let index = Int.random(in: 0..<bytes.count, using: &generator)
            bytes[index] ^= 1 << UInt8.random(in: 0..<8, using: &generator)
          }
        case 1:
          let index = Int.random(in: 0..<bytes.count, using: &generator)
          bytes[index] = Array("<>&;/\"'=!?[]-:\u{0}".utf8).randomElement(using: &generator)!
        default:
          let start = Int.random(in: 0..<bytes.count, using: &generator)
          let length = Int.random(in: 0...min(200, bytes.count - start), using: &generator)
          let target = Int.random(in: 0...bytes.count, using: &generator)
          bytes.insert(contentsOf: seed[start..<(start + length)], at: target)
        }
        check(bytes)
      }
    }
  }
}
