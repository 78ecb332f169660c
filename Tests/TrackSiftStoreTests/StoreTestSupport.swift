import Foundation
import Testing
import TrackSift

@testable import TrackSiftStore

/// Where a test's store lives: the suites run on both.
enum StoreLocation: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case memory
  case file

  var testDescription: String { rawValue }

  /// A new, empty store; a file store lives in its own temporary directory, removed by `cleanUp`.
  func makeStore() throws -> (store: ActivityStore, cleanUp: @Sendable () -> Void) {
    switch self {
    case .memory:
      return (try ActivityStore.inMemory(), {})
    case .file:
      let directory = try TemporaryDirectory()
      return (try ActivityStore(path: directory.path("store.sqlite")), { directory.remove() })
    }
  }
}

/// A fresh temporary directory for database files.
struct TemporaryDirectory: Sendable {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tracksift-store-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  func remove() { try? FileManager.default.removeItem(at: url) }
}

/// A clock that tests move by hand.
final class TestClock: @unchecked Sendable {
  // Guarded by `lock`: a writer may read the time from any thread.
  private let lock = NSLock()
  private var current: Date

  init(_ start: Date = Date(timeIntervalSinceReferenceDate: 780_000_000)) {
    current = start
  }

  var now: Date {
    lock.lock()
    defer { lock.unlock() }
    return current
  }

  func advance(seconds: Double) {
    lock.lock()
    defer { lock.unlock() }
    current += seconds
  }

  /// The closure a writer takes.
  var closure: @Sendable () -> Date { { self.now } }
}

enum Samples {
  static let start = Date(timeIntervalSinceReferenceDate: 780_000_000.125)

  /// A fix with every field set, distinct per sequence number.
  static func fullFix(_ sequence: Int) -> Fix {
    let s = Double(sequence)
    return Fix(
      timestamp: Date(timeIntervalSinceReferenceDate: 780_000_000.123_456_789 + s),
      arrivalTime: Date(timeIntervalSinceReferenceDate: 780_000_000.987_654_321 + s),
      latitudeDegrees: 48.858_370_123_456_78 + s * 1e-5,
      longitudeDegrees: 2.294_481_987_654_321 - s * 1e-5, altitudeMeters: 35.25 + s,
      horizontalAccuracyMeters: 4.5, verticalAccuracyMeters: 6.75, speedMetersPerSecond: 3.125,
      speedAccuracyMetersPerSecond: 0.5, courseDegrees: 271.5, courseAccuracyDegrees: 12.25,
      source: .satellite,
      receiver: ReceiverStatus(
        fixType: .threeDimensional, satellitesUsed: 11, horizontalDilution: 0.9,
        verticalDilution: 1.4, positionDilution: 1.7),
      sensors: SensorValues(
        heartRateBeatsPerMinute: 151, cadencePerMinute: 86, powerWatts: 245.5,
        temperatureCelsius: -3.5))
  }

  /// A fix with only a position: every optional field unknown.
  static func bareFix(_ sequence: Int) -> Fix {
    Fix(latitudeDegrees: 45 + Double(sequence) * 1e-5, longitudeDegrees: 7)
  }

  static func stored(_ sequence: Int, segment: Int = 0, verdict: Verdict? = .accepted)
    -> StoredFix
  {
    StoredFix(sequence: sequence, segmentIndex: segment, fix: fullFix(sequence), verdict: verdict)
  }
}

/// The store error thrown by `body`, or `nil`; any other error is a failure.
func storeError(
  _ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation
) -> StoreError? {
  do {
    try body()
    return nil
  } catch let error as StoreError {
    return error
  } catch {
    Issue.record("not a StoreError: \(error)", sourceLocation: sourceLocation)
    return nil
  }
}
