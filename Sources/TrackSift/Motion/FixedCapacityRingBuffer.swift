/// A first-in, first-out buffer that holds at most `capacity` elements; appending to a full
/// buffer overwrites the oldest element, so memory stays bounded however long a recording runs.
///
/// Iteration and indices go from the oldest element (index 0) to the newest (`count - 1`).
/// An element removed is released when its slot is reused or the buffer is emptied.
public struct FixedCapacityRingBuffer<Element> {
  /// The most elements the buffer holds; at least 1.
  public let capacity: Int
  // Slots in ring order, grown to `capacity` as elements come. Only the `storedCount` slots
  // from `headSlot` hold elements; a removed element stays in its slot until it is reused
  // (an optional slot would copy every element read out of it).
  private var slots: ContiguousArray<Element>
  // Slot of the oldest element.
  private var headSlot = 0
  private var storedCount = 0

  /// Creates an empty buffer.
  ///
  /// - Parameter capacity: the most elements held; values below 1 are taken as 1, so a bad
  ///   capacity never traps.
  /// - Complexity: O(1).
  public init(capacity: Int) {
    self.capacity = Swift.max(1, capacity)
    slots = []
    slots.reserveCapacity(self.capacity)
  }

  /// True when the buffer holds `capacity` elements, so the next ``append(_:)`` overwrites.
  public var isFull: Bool { storedCount == capacity }

  /// Appends an element as the newest, overwriting the oldest one when the buffer is full.
  ///
  /// - Returns: the element that was overwritten, or `nil` when there was room.
  /// - Complexity: O(1).
  @discardableResult
  public mutating func append(_ element: Element) -> Element? {
    let slot = (headSlot + storedCount) % capacity
    if storedCount < capacity {
      // Until the slots first fill up, the next one is always at the end.
      if slot == slots.count { slots.append(element) } else { slots[slot] = element }
      storedCount += 1
      return nil
    }
    let overwritten = slots[slot]
    slots[slot] = element
    headSlot = (headSlot + 1) % capacity
    return overwritten
  }

  /// Removes and returns the oldest element, or returns `nil` when the buffer is empty.
  ///
  /// - Complexity: O(1).
  @discardableResult
  public mutating func popFirst() -> Element? {
    guard storedCount > 0 else { return nil }
    let oldest = slots[headSlot]
    headSlot = (headSlot + 1) % capacity
    storedCount -= 1
    return oldest
  }

  /// Removes the `k` oldest elements; `k` is clamped to `0...count`, so it never traps.
  ///
  /// - Complexity: O(1).
  public mutating func removeFirst(_ k: Int) {
    let removed = Swift.min(Swift.max(0, k), storedCount)
    headSlot = (headSlot + removed) % capacity
    storedCount -= removed
  }

  /// Removes every element, keeping the capacity.
  ///
  /// - Complexity: O(`capacity`).
  public mutating func removeAll() {
    slots.removeAll(keepingCapacity: true)
    headSlot = 0
    storedCount = 0
  }
}

extension FixedCapacityRingBuffer: RandomAccessCollection {
  /// The position of the oldest element: always 0.
  public var startIndex: Int { 0 }
  /// One past the position of the newest element: the number of elements.
  public var endIndex: Int { storedCount }
  /// The number of elements held.
  ///
  /// - Complexity: O(1).
  public var count: Int { storedCount }
  /// True when the buffer holds no element.
  public var isEmpty: Bool { storedCount == 0 }

  /// The element at `position`, counted from the oldest (0).
  ///
  /// - Precondition: `position` is in `0..<count`.
  /// - Complexity: O(1).
  public subscript(position: Int) -> Element {
    precondition(position >= 0 && position < storedCount, "Index out of range")
    return slots[(headSlot + position) % capacity]
  }
}

extension FixedCapacityRingBuffer: Sendable where Element: Sendable {}
