import Testing

@testable import TrackSiftBatch

@Suite struct ShardTests {
  @Test func parsesIOfN() {
    #expect(Shard("0/4") == Shard(index: 0, count: 4))
    #expect(Shard("3/4")?.description == "3/4")
    for bad in ["4/4", "-1/4", "1", "a/b", "1/0", "1/2/3", ""] {
      #expect(Shard(bad) == nil, "\(bad)")
    }
  }

  @Test func everyFileIsInExactlyOneShard() {
    let names = (0..<2_000).map { "activities/\($0).fit.gz" }
    let shards = (0..<4).map { Shard(index: $0, count: 4)! }
    for name in names {
      #expect(shards.filter { $0.contains(relativePath: name) }.count == 1)
    }
    // Roughly even: each shard within 20 % of a quarter.
    for shard in shards {
      let share = names.filter { shard.contains(relativePath: $0) }.count
      #expect((400...600).contains(share), "\(shard): \(share)")
    }
  }

  @Test func theHashIsStableAcrossRunsAndMachines() {
    // FNV-1a 64 of "a" and of "run.gpx", as published test vectors and computed once.
    #expect(Shard.stableHash("") == 0xcbf2_9ce4_8422_2325)
    #expect(Shard.stableHash("a") == 0xaf63_dc4c_8601_ec8c)
  }

  @Test func automaticReadsSlurmAndKubernetes() {
    #expect(
      Shard.automatic(environment: ["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "4"])
        == Shard(index: 2, count: 4))
    // An array numbered 1-4 is shards 0-3.
    #expect(
      Shard.automatic(environment: [
        "SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "4",
      ]) == Shard(index: 3, count: 4))
    #expect(
      Shard.automatic(environment: ["JOB_COMPLETION_INDEX": "1"], count: 3)
        == Shard(index: 1, count: 3))
    #expect(Shard.automatic(environment: ["JOB_COMPLETION_INDEX": "1"]) == nil)
    #expect(Shard.automatic(environment: [:], count: 3) == nil)
  }
}
