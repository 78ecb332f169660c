import Foundation

/// One of `count` shards of a batch's files: a file belongs to the shard its relative path's
/// stable hash (FNV-1a, 64 bits) falls in, so every machine of a cluster picks its own files
/// from the same list without talking to the others.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
  /// This shard, from 0.
  public var index: Int
  /// How many shards there are.
  public var count: Int

  /// Shard `index` of `count`; `nil` unless `0 <= index < count`.
  public init?(index: Int, count: Int) {
    guard count >= 1, (0..<count).contains(index) else { return nil }
    self.index = index
    self.count = count
  }

  /// `I/N`, as `--shard` takes it.
  public init?(_ text: String) {
    let parts = text.split(separator: "/")
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
      return nil
    }
    self.init(index: index, count: count)
  }

  /// The shard a cluster scheduler gives this process: a Slurm job array's task
  /// (`SLURM_ARRAY_TASK_ID` less `SLURM_ARRAY_TASK_MIN`, of `SLURM_ARRAY_TASK_COUNT`), or a
  /// Kubernetes Indexed Job's `JOB_COMPLETION_INDEX` of `count`.
  public static func automatic(
    environment: [String: String] = ProcessInfo.processInfo.environment, count: Int? = nil
  ) -> Shard? {
    if let task = environment["SLURM_ARRAY_TASK_ID"].flatMap(Int.init) {
      let minimum = environment["SLURM_ARRAY_TASK_MIN"].flatMap(Int.init) ?? 0
      guard let total = count ?? environment["SLURM_ARRAY_TASK_COUNT"].flatMap(Int.init) else {
        return nil
      }
      return Shard(index: task - minimum, count: total)
    }
    if let index = environment["JOB_COMPLETION_INDEX"].flatMap(Int.init), let count {
      return Shard(index: index, count: count)
    }
    return nil
  }

  /// Whether the file at `relativePath` is this shard's.
  public func contains(relativePath: String) -> Bool {
    Int(Self.stableHash(relativePath) % UInt64(count)) == index
  }

  /// FNV-1a over the UTF-8 bytes: the same on every machine and every run.
  static func stableHash(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    return hash
  }

  /// `I/N`.
  public var description: String { "\(index)/\(count)" }
}
