// libFuzzer entry for gpsd's JSON: each line of the input is decoded as a report and fed to a
// GPSDFixAssembler, so a TPV after a SKY reaches the fix conversion. Build and run with
// `Fuzz/run.sh gpsd`.
import Foundation
import TrackSift
import TrackSiftGPSD

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(bytes: data, count: size)
  var assembler = GPSDFixAssembler()
  var fixes: [Fix] = []
  for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
    if let report = try? GPSDReport(parsing: Data(line)),
      let fix = assembler.fix(for: report, arrivalTime: Date(timeIntervalSince1970: 0))
    {
      fixes.append(fix)
    }
  }
  formatWhatWasRead(Track(segments: [Segment(fixes: fixes)]))
  return 0
}
