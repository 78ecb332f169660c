import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The clock and the statistics the `bench` commands share.
enum BenchTiming {
  /// The monotonic clock in nanoseconds.
  static func nanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

  /// Runs `body` `repetitions` times and returns the median of its times in seconds.
  static func medianSeconds(repetitions: Int, _ body: () throws -> Void) rethrows -> Double {
    var seconds: [Double] = []
    for _ in 0..<repetitions {
      let start = nanoseconds()
      try body()
      seconds.append(Double(nanoseconds() - start) / 1e9)
    }
    return median(seconds)
  }

  /// The median of `values` (the mean of the two middle ones for an even count); 0 when empty.
  static func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  /// The peak resident memory of this process so far, in megabytes.
  static func peakResidentMegabytes() -> Double {
    var usage = rusage()
    #if os(Linux)
      getrusage(RUSAGE_SELF.rawValue, &usage)
      return Double(usage.ru_maxrss) / 1_024  // kilobytes on Linux
    #else
      getrusage(RUSAGE_SELF, &usage)
      return Double(usage.ru_maxrss) / 1_048_576  // bytes on Apple systems
    #endif
  }
}

/// Percentiles of a set of timed operations, in the unit they were given in.
struct BenchDistribution: Encodable {
  var count: Int
  var mean: Double
  var p50: Double
  var p90: Double
  var p99: Double
  var p999: Double
  var max: Double

  /// The nearest-rank percentiles of `values`.
  init(_ values: [Double]) {
    let sorted = values.sorted()
    func rank(_ share: Double) -> Double {
      guard !sorted.isEmpty else { return 0 }
      let index = Int((share * Double(sorted.count)).rounded(.up)) - 1
      return sorted[min(sorted.count - 1, Swift.max(0, index))]
    }
    count = sorted.count
    mean = sorted.isEmpty ? 0 : sorted.reduce(0, +) / Double(sorted.count)
    p50 = rank(0.5)
    p90 = rank(0.9)
    p99 = rank(0.99)
    p999 = rank(0.999)
    max = sorted.last ?? 0
  }
}

/// Keeps a value alive so that the optimizer cannot drop the work that made it.
@inline(never)
func benchKeep<T>(_ value: T) {
  withExtendedLifetime(value) {}
}
