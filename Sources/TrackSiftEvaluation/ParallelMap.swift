import Dispatch
import Foundation

/// Maps independent work over the machine's cores, keeping the input's order.
public enum ParallelMap {
  /// `inputs` transformed on all cores at once, in the inputs' order.
  public static func map<Input: Sendable, Output: Sendable>(
    _ inputs: [Input], _ transform: @Sendable (Input) -> Output
  ) -> [Output] {
    let results = Results<Output>(count: inputs.count)
    DispatchQueue.concurrentPerform(iterations: inputs.count) { index in
      results.set(index, transform(inputs[index]))
    }
    return results.values()
  }

  /// Slots written from several threads, each exactly once, under a lock.
  private final class Results<Output: Sendable>: @unchecked Sendable {
    private var slots: [Output?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Output) {
      lock.lock()
      slots[index] = value
      lock.unlock()
    }

    func values() -> [Output] { slots.map { $0! } }
  }
}
