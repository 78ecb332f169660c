import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's peak resident memory, to check that a refused bomb was not inflated.
enum ResidentMemory {
  /// The most bytes resident so far (`getrusage`'s `ru_maxrss`).
  static func peakBytes() -> Int {
    var usage = rusage()
    #if canImport(Darwin)
      getrusage(RUSAGE_SELF, &usage)
      return Int(usage.ru_maxrss)  // bytes on Darwin
    #else
      getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
      return Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
    #endif
  }
}
