extension RefinedStops {
  /// How long a stretch must read standing to count as one, in seconds: longer than the
  /// stretches a watch's Doppler noise reads slow while walking (shorter windows found false
  /// stops in the suite).
  static let slowStretchSeconds = 15.0
  /// A pause between fixes longer than this, in seconds, is a gap after which a receiver's
  /// position reconverges (ERROR-MODEL: the error starts at 2-3 σ and decays with τ ≈ 20 s).
  static let gapSeconds = 10.0
  /// How long after such a gap the positions are not trusted to tell a stop from a walk, in
  /// seconds: two time constants of the decay.
  static let reconvergenceSeconds = 40.0

  /// Stretches that read standing: at least ``slowStretchSeconds`` long (merged where they
  /// overlap), where either
  /// - the Doppler stands: its mean velocity below the stop speed and its mean speed below the
  ///   resume speed, with the positions' least-squares speed below the resume speed too,
  ///   unless a gap just before has them still reconverging; or
  /// - the positions stand: where the live detector saw no stop and they are not
  ///   reconverging, their least-squares speed, each weighed by the inverse square of its
  ///   accuracy, below the stop speed, while the Doppler's mean velocity stays below the
  ///   resume speed.
  ///
  /// This finds the stops the live detector misses: an error ramp carries the positions out of
  /// its radius while a watch's Doppler, noisy at a standstill, never stays below the stop
  /// speed for its dwell. Noise at a standstill points every way and averages out, a walk
  /// does not (and keeps its speed through a hairpin). The positions catch a walk whose
  /// Doppler noise happened to point backwards for a while; and a watch's noise can point one
  /// way for 15 s at 1 m/s while the positions stand (the ramp's fixes, reported poor, hardly
  /// count). Looked for outside live stops only, a stretch of standing positions does not merge
  /// with a stop's own and carry it off.
  ///
  /// - Parameter live: the live moving flags, one per input.
  /// - Complexity: O(n) for n inputs, plus O(window) for each window that passes the Doppler
  ///   tests or reads slower than the resume speed.
  static func slowStretches(
    _ inputs: Inputs, _ configuration: StopDetector.Configuration, live: [Bool]
  ) -> [ClosedRange<Int>] {
    var stretches: [ClosedRange<Int>] = []
    var window = DopplerWindow()
    var gapEnd = GapEnd()
    for last in 0..<inputs.count {
      let input = inputs[last]
      window.append(input)
      guard let lastSeconds = input.timeSeconds else { continue }
      gapEnd.add(lastSeconds)
      // The shortest window ending here that spans the stretch time.
      while window.count > 1, let seconds = window.seconds(at: 1),
        lastSeconds - seconds >= slowStretchSeconds
      {
        window.removeFirst()
      }
      let first = last - window.count + 1
      guard let firstSeconds = window.seconds(at: 0),
        lastSeconds - firstSeconds >= slowStretchSeconds,
        window.dopplerCount >= 3, 2 * window.dopplerCount >= window.count
      else { continue }
      let reconverging = firstSeconds - gapEnd.seconds < reconvergenceSeconds
      let dopplerStands =
        window.meanVelocityMetersPerSecond < configuration.stopSpeedMetersPerSecond
        && window.meanSpeedMetersPerSecond < configuration.resumeSpeedMetersPerSecond
      let stands =
        dopplerStands
        ? reconverging
          || (positionSpeedMetersPerSecond(first...last, inputs) ?? 0)
            < configuration.resumeSpeedMetersPerSecond
        : !reconverging
          && window.meanVelocityMetersPerSecond < configuration.resumeSpeedMetersPerSecond
          && live[first...last].allSatisfy { $0 }
          && (positionSpeedMetersPerSecond(first...last, inputs, weighedByAccuracy: true)
            ?? .infinity) < configuration.stopSpeedMetersPerSecond
      guard stands else { continue }
      if let previous = stretches.last, previous.upperBound + 1 >= first {
        stretches[stretches.count - 1] = previous.lowerBound...last
      } else {
        stretches.append(first...last)
      }
    }
    return stretches
  }

  /// The end of the latest gap longer than ``gapSeconds`` among times given in order.
  struct GapEnd {
    /// The time of the first fix after the gap; minus infinity before any gap.
    private(set) var seconds = -Double.infinity
    private var previousSeconds: Double?

    mutating func add(_ seconds: Double) {
      if let previousSeconds, seconds - previousSeconds > gapSeconds { self.seconds = seconds }
      previousSeconds = seconds
    }
  }

  /// Whether a gap of more than ``gapSeconds`` follows the input at `index`.
  static func gapFollows(_ index: Int, _ inputs: Inputs) -> Bool {
    guard index + 1 < inputs.count, let time = inputs[index].timeSeconds,
      let next = inputs[index + 1].timeSeconds
    else { return false }
    return next - time > gapSeconds
  }

  /// The times and Doppler velocities of a sliding window of inputs, with their running sums
  /// (each input is made once, as it enters).
  private struct DopplerWindow {
    private var entries: [(seconds: Double?, east: Double, north: Double, speed: Double?)] = []
    private var head = 0
    private var eastSum = 0.0
    private var northSum = 0.0
    private var speedSum = 0.0
    /// The inputs in the window with a Doppler velocity.
    private(set) var dopplerCount = 0

    /// The inputs in the window.
    var count: Int { entries.count - head }

    /// The time of the input `offset` places from the oldest.
    func seconds(at offset: Int) -> Double? { entries[head + offset].seconds }

    mutating func append(_ input: Input) {
      guard let velocity = input.dopplerVelocity else {
        entries.append((input.timeSeconds, 0, 0, nil))
        return
      }
      let east = velocity.eastMetersPerSecond
      let north = velocity.northMetersPerSecond
      let speed = velocity.speedMetersPerSecond
      entries.append((input.timeSeconds, east, north, speed))
      eastSum += east
      northSum += north
      speedSum += speed
      dopplerCount += 1
    }

    mutating func removeFirst() {
      let entry = entries[head]
      head += 1
      if let speed = entry.speed {
        eastSum -= entry.east
        northSum -= entry.north
        speedSum -= speed
        dopplerCount -= 1
      }
      // Drop the leading entries now and then, so the storage stays the window's size.
      if head >= 1_024, head * 2 >= entries.count {
        entries.removeFirst(head)
        head = 0
      }
    }

    /// The length of the mean velocity.
    var meanVelocityMetersPerSecond: Double {
      (eastSum * eastSum + northSum * northSum).squareRoot() / Double(dopplerCount)
    }

    /// The mean of the speeds.
    var meanSpeedMetersPerSecond: Double { speedSum / Double(dopplerCount) }
  }

  /// The speed of the least-squares line through the positions in `range` against time, in
  /// meters per second (see ``positionVelocity(_:_:weighedByAccuracy:)``); `nil` for fewer than
  /// three timed positions.
  static func positionSpeedMetersPerSecond(
    _ range: ClosedRange<Int>, _ inputs: Inputs, weighedByAccuracy: Bool = false
  ) -> Double? {
    positionVelocity(range, inputs, weighedByAccuracy: weighedByAccuracy)?.speedMetersPerSecond
  }
}
