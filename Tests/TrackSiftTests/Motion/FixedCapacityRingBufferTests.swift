import Testing

@testable import TrackSift

@Suite struct FixedCapacityRingBufferTests {
  @Test func appendOverwritesTheOldestAndIteratesOldestFirst() {
    var buffer = FixedCapacityRingBuffer<Int>(capacity: 3)
    #expect(buffer.isEmpty)
    #expect(buffer.append(1) == nil)
    #expect(buffer.append(2) == nil)
    #expect(buffer.append(3) == nil)
    #expect(buffer.isFull)
    #expect(buffer.append(4) == 1)
    #expect(buffer.append(5) == 2)
    #expect(Array(buffer) == [3, 4, 5])
    #expect(buffer.count == 3)
    #expect(buffer.first == 3)
    #expect(buffer.last == 5)
    #expect(buffer[1] == 4)
    #expect(Array(buffer.reversed()) == [5, 4, 3])
  }

  @Test func popFirstAndRemoveFirstDropTheOldest() {
    var buffer = FixedCapacityRingBuffer<Int>(capacity: 4)
    for value in 1...6 { buffer.append(value) }
    #expect(buffer.popFirst() == 3)
    #expect(Array(buffer) == [4, 5, 6])
    buffer.append(7)
    buffer.append(8)
    #expect(Array(buffer) == [5, 6, 7, 8])
    buffer.removeFirst(2)
    #expect(Array(buffer) == [7, 8])
    buffer.removeFirst(10)
    #expect(buffer.isEmpty)
    #expect(buffer.popFirst() == nil)
    buffer.removeFirst(-1)
    #expect(buffer.isEmpty)
  }

  @Test func removeAllKeepsTheCapacity() {
    var buffer = FixedCapacityRingBuffer<String>(capacity: 2)
    buffer.append("a")
    buffer.append("b")
    buffer.removeAll()
    #expect(buffer.isEmpty)
    #expect(buffer.capacity == 2)
    buffer.append("c")
    #expect(Array(buffer) == ["c"])
  }

  @Test func aBadCapacityIsTakenAsOne() {
    var buffer = FixedCapacityRingBuffer<Int>(capacity: -5)
    #expect(buffer.capacity == 1)
    buffer.append(1)
    #expect(buffer.append(2) == 1)
    #expect(Array(buffer) == [2])
  }

  @Test func matchesAnUnboundedQueueTrimmedToTheCapacity() {
    // Property: after any sequence of appends, pops, removals and emptyings, the buffer equals
    // the tail of a plain array that receives the same operations.
    var buffer = FixedCapacityRingBuffer<Int>(capacity: 5)
    var model: [Int] = []
    var state: UInt64 = 42
    for value in 0..<3_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let draw = state >> 58  // 0..<64
      if draw < 12 {
        #expect(buffer.popFirst() == (model.isEmpty ? nil : model.removeFirst()))
      } else if draw < 16 {
        let k = Int(draw) - 13  // -1...2
        buffer.removeFirst(k)
        model.removeFirst(min(max(0, k), model.count))
      } else if draw == 16 {
        buffer.removeAll()
        model.removeAll()
      } else {
        buffer.append(value)
        model.append(value)
        if model.count > 5 { model.removeFirst() }
      }
      #expect(Array(buffer) == model)
    }
  }
}
