// The child process of the crash-safety test (TrackSiftStoreTests/CrashSafetyTests): records
// fixes into a store until it is killed, and reports every commit. Not a product.
//
//     StoreCrashProbe PATH [--flush-interval SECONDS] [--rate FIXES_PER_SECOND]
//
// Resumes the store's unfinished activity when there is one (in a new segment, from its next
// sequence number), else creates one. Appends every fix with its verdict pending and judges fix
// n - 10 when it appends fix n, as a live recorder's look-ahead does (append first, then judge,
// the order of the recorder's events). A resumed run first judges the fixes the killed one left
// pending, whose judge died with it.
//
// Prints `activity ID next SEQUENCE segment INDEX` once open, then after every commit
// `committed N judged J`: N the highest fix sequence committed so far, J the highest sequence
// whose verdict is committed, every lower one's too (`judged` is left out before the first
// verdict). Lines are written unbuffered, so a line the parent reads was printed before the kill.

import Foundation
import TrackSift
import TrackSiftStore

func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data(("StoreCrashProbe: " + message + "\n").utf8))
  exit(2)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var flushIntervalSeconds = 1.0
var fixesPerSecond = 200.0
var path: String?
while !arguments.isEmpty {
  let argument = arguments.removeFirst()
  switch argument {
  case "--flush-interval", "--rate":
    guard let text = arguments.first, let value = Double(text), value > 0 else {
      fail("\(argument) needs a positive number")
    }
    arguments.removeFirst()
    if argument == "--rate" { fixesPerSecond = value } else { flushIntervalSeconds = value }
  default:
    guard path == nil, !argument.hasPrefix("-") else { fail("unexpected argument \(argument)") }
    path = argument
  }
}
guard let path else {
  fail("usage: StoreCrashProbe PATH [--flush-interval SECONDS] [--rate FIXES_PER_SECOND]")
}

do {
  let store = try ActivityStore(path: path)
  let activity: ActivityID
  if let unfinished = try store.unfinishedActivities().last {
    activity = unfinished.id
  } else {
    activity = try store.createActivity(name: "Probe", kind: .running, startedAt: Date())
  }
  let point = try store.resumePoint(for: activity)
  let segment = point.nextSegmentIndex
  let leftPending = try store.fixes(of: activity).filter { $0.verdict == nil }.map(\.sequence)
  var writer = try RecordingWriter(
    store: store, activity: activity, flushIntervalSeconds: flushIntervalSeconds)
  say("activity \(activity) next \(point.nextFixSequence) segment \(segment)")

  try writer.startSegment(StoredSegment(index: segment, startedAt: Date()))
  try writer.append(
    StoredEvent(
      sequence: point.nextEventSequence, timestamp: Date(),
      kind: point.nextFixSequence == 0 ? "start" : "resume", payloadJSON: "{\"segment\":\(segment)}"
    ))
  // Committed with the first fixes at the latest (a commit without fixes reports nothing).
  for sequence in leftPending {
    try writer.judge(StoredVerdict(sequence: sequence, verdict: ProbeFixes.verdict(sequence)))
  }

  // The highest sequence whose verdict was given, every lower one's too.
  var judged = point.nextFixSequence - 1
  func report() {
    guard let committed = writer.highestCommittedFixSequence else { return }
    say("committed \(committed)" + (judged >= 0 ? " judged \(judged)" : ""))
  }
  var sequence = point.nextFixSequence
  var due = Date()
  while true {
    if try writer.append(ProbeFixes.stored(sequence, segment: segment)) {
      report()
    }
    let judging = sequence - ProbeFixes.lookAhead
    if judging >= point.nextFixSequence {
      judged = judging
      if try writer.judge(StoredVerdict(sequence: judging, verdict: ProbeFixes.verdict(judging))) {
        report()
      }
    }
    sequence += 1
    due += 1 / fixesPerSecond
    Thread.sleep(until: due)
  }
} catch {
  fail("\(error)")
}
