import Foundation

/// `count` jobs run on `threads` threads, their results taken in the jobs' order.
///
/// Each thread takes the next job not yet started; ``result(at:)`` waits for a job's result
/// and hands it over (it is not kept). Threads have 8 MB stacks, as a main thread has.
final class WorkQueue<Result: Sendable>: @unchecked Sendable {
  private let condition = NSCondition()
  private var nextJob = 0
  private var results: [Int: Result] = [:]
  private var isCancelled = false
  private let count: Int

  /// Starts `threads` threads running `job` over `0..<count`.
  init(count: Int, threads: Int, job: @escaping @Sendable (Int) -> Result) {
    self.count = count
    for _ in 0..<min(max(1, threads), max(1, count)) {
      let thread = Thread { [self] in
        while let index = take() {
          let result = job(index)
          condition.lock()
          results[index] = result
          condition.broadcast()
          condition.unlock()
        }
      }
      thread.stackSize = 8 << 20
      thread.start()
    }
  }

  /// The next job to run, or `nil` when none is left or the queue is cancelled.
  private func take() -> Int? {
    condition.lock()
    defer { condition.unlock() }
    guard !isCancelled, nextJob < count else { return nil }
    nextJob += 1
    return nextJob - 1
  }

  /// Waits for job `index` and hands over its result.
  func result(at index: Int) -> Result {
    condition.lock()
    defer { condition.unlock() }
    while results[index] == nil { condition.wait() }
    return results.removeValue(forKey: index)!
  }

  /// Starts no further job; those running finish.
  func cancel() {
    condition.lock()
    isCancelled = true
    condition.unlock()
  }
}
