import Foundation
import Testing
import TrackSift
import TrackSiftGPSD
import TrackSiftTestSupport

/// Thousands of truncated, bit-flipped and spliced gpsd JSON lines, from real lines fixed in the
/// test: every one is decoded or refused with a ``GPSDError``, never a trap, and a decoded
/// report goes through ``GPSDFixAssembler`` as a live session's would. The libFuzzer target
/// (`Fuzz/run.sh gpsd`) explores further; this keeps the property checked on every change.
@Suite struct GPSDReportMutationTests {
  /// Lines as gpsd 3.22 sent them (from `gpsfake` replays of the shared NMEA logs), and the
  /// test's own lines of each class.
  static let seeds: [[UInt8]] = [
    GPSDLines.version, GPSDLines.devices, GPSDLines.watch, GPSDLines.deviceDeactivated,
    GPSDLines.tpv, GPSDLines.tpvWithoutTime, GPSDLines.sky,
    GPSDLines.tpv(second: 5), GPSDLines.tpv(second: 6),
    #"{"class":"TPV","device":"/dev/pts/1","mode":1}"#,
    #"{"class":"TPV","device":"/dev/pts/1","mode":2,"time":"2020-02-07T02:16:11.000Z","#
      + #""ept":0.005,"lat":37.426395500,"lon":-122.164010833,"epx":5.2,"epy":7.0,"#
      + #""track":12.5,"speed":0.010,"eps":14.0}"#,
    #"{"class":"SKY","device":"/dev/pts/1","time":"2020-02-07T02:16:11.000Z","xdop":0.58,"#
      + #""ydop":0.68,"vdop":1.23,"tdop":0.93,"hdop":0.94,"gdop":1.80,"pdop":1.55,"#
      + #""nSat":2,"uSat":1,"satellites":[{"PRN":5,"el":48.0,"az":301.0,"ss":40.0,"#
      + #""used":true,"gnssid":0,"svid":5},{"PRN":13,"el":7.0,"az":48.0,"ss":0.0,"#
      + #""used":false,"gnssid":0,"svid":13,"health":1}]}"#,
    #"{"class":"GST","device":"/dev/pts/1","time":"2020-02-07T02:16:11.000Z","rms":1.5,"#
      + #""major":3.1,"minor":2.0,"orient":45.0,"lat":2.0,"lon":2.9,"alt":4.0}"#,
    #"{"class":"ERROR","message":"Unrecognized request 'FOO'"}"#,
    #"{"class":"PPS","device":"/dev/pps0","real_sec":1589477345,"real_nsec":0}"#,
    #"{"class":"TPV","mode":3,"time":1589477345.5,"lat":1e999,"lon":-0.0,"alt":-1E-7}"#,
  ].map { Array($0.utf8) }

  @Test func reportDecoderSurvivesDamagedLines() {
    var mutator = InputMutator(seed: 5)
    var assembler = GPSDFixAssembler()
    var decoded = 0
    var fixes = 0
    let arrival = Date(timeIntervalSince1970: 1_589_477_345)
    for bytes in mutator.variants(of: Self.seeds, count: 20_000) {
      do {
        let report = try GPSDReport(parsing: Data(bytes))
        decoded += 1
        for fix in assembler.fixes(for: report, arrivalTime: arrival) {
          fixes += 1
          #expect(fix.latitudeDegrees.isFinite && fix.longitudeDegrees.isFinite)
          // Fields no receiver can measure never reach a fix.
          #expect(fix.altitudeMeters.map(GPSDFieldBounds.altitudeMeters.contains) != false)
          #expect(
            fix.speedMetersPerSecond.map(GPSDFieldBounds.speedMetersPerSecond.contains) != false)
          #expect(fix.timestamp.map(GPSDFieldBounds.time.contains) == true)
        }
      } catch {
        #expect(!error.reason.isEmpty)
        #expect(error.context.count <= GPSDError.maximumContextLength + 1)
      }
    }
    // Most damage breaks the JSON, but some leaves a readable line.
    #expect(decoded > 0)
    #expect(fixes > 0)
  }

  /// The same variants as text (invalid UTF-8 repaired, as a `String` holds it), several lines
  /// spliced into one, and the bytes of a whole damaged session read line by line.
  @Test func stringAndSessionInputsSurvive() {
    var mutator = InputMutator(seed: 6)
    let session = Self.seeds.joined(separator: [0x0A]).map { $0 }
    for bytes in mutator.variants(of: Self.seeds + [session], count: 6_000) {
      _ = try? GPSDReport(parsing: String(decoding: bytes, as: UTF8.self))
      var assembler = GPSDFixAssembler()
      for line in bytes.split(separator: 0x0A) {
        if let report = try? GPSDReport(parsing: Data(line)) {
          _ = assembler.fixes(for: report, arrivalTime: nil)
        }
      }
    }
  }
}
