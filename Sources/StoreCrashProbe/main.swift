// The child process of the crash-safety test (TrackSiftStoreTests/CrashSafetyTests): records
// fixes into a store until it is killed, and reports every commit. Not a product.
//
//     StoreCrashProbe PATH [--flush-interval SECONDS] [--rate FIXES_PER_SECOND]
//
// Resumes the store's unfinished activity when there is one (in a new segment, from its next
// sequence number), else creates one. Prints `activity ID next SEQUENCE segment INDEX` once
// open, then `committed N` after every commit, N the highest fix sequence committed so far.
// Lines are written unbuffered, so a line the parent reads was printed before the kill.

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
  var writer = try RecordingWriter(
    store: store, activity: activity, flushIntervalSeconds: flushIntervalSeconds)
  say("activity \(activity) next \(point.nextFixSequence) segment \(segment)")
  try writer.startSegment(StoredSegment(index: segment, startedAt: Date()))
  try writer.append(
    StoredEvent(
      sequence: point.nextEventSequence, timestamp: Date(),
      kind: point.nextFixSequence == 0 ? "start" : "resume", payloadJSON: "{\"segment\":\(segment)}"
    ))
  var sequence = point.nextFixSequence
  var due = Date()
  while true {
    if try writer.append(ProbeFixes.stored(sequence, segment: segment)),
      let committed = writer.highestCommittedFixSequence
    {
      say("committed \(committed)")
    }
    sequence += 1
    due += 1 / fixesPerSecond
    Thread.sleep(until: due)
  }
} catch {
  fail("\(error)")
}
