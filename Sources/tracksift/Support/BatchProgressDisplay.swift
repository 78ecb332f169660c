import ArgumentParser
import Foundation
import TrackSiftBatch

/// `--progress`: how a batch shows its progress on standard error.
enum BatchProgressStyle: String, ExpressibleByArgument, CaseIterable {
  case auto, plain, none
}

/// A batch's progress on standard error: one line rewritten in place on a terminal (files done
/// of total, files and fixes per second, time left, the current file), or a plain line every
/// ten seconds and at the end.
struct BatchProgressDisplay {
  let style: BatchProgressStyle
  /// One line rewritten in place (`auto` on a terminal), rather than plain lines.
  private let isLive: Bool
  private let start = Date()
  private var lastShown = Date.distantPast
  private var last: BatchRunner.Progress?
  /// Files done at the last line written, so the closing line is not a repeat.
  private var writtenFilesDone = -1

  init(style: BatchProgressStyle) {
    self.style = style
    isLive = style == .auto && isatty(STDERR_FILENO) == 1
  }

  mutating func show(_ progress: BatchRunner.Progress) {
    last = progress
    let now = Date()
    guard style != .none, now.timeIntervalSince(lastShown) >= (isLive ? 0.2 : 10) else { return }
    lastShown = now
    write(progress)
    writtenFilesDone = progress.filesDone
  }

  /// The last state, once more, then a line break after a live line.
  mutating func finish() {
    guard style != .none, let last else { return }
    if last.filesDone != writtenFilesDone { write(last) }
    if isLive { FileHandle.standardError.write(Data("\n".utf8)) }
  }

  private func write(_ progress: BatchRunner.Progress) {
    let seconds = max(Date().timeIntervalSince(start), 1e-3)
    let filesPerSecond = Double(progress.filesDone) / seconds
    let left =
      filesPerSecond > 0 ? Double(progress.fileCount - progress.filesDone) / filesPerSecond : nil
    var text =
      "batch: \(progress.filesDone)/\(progress.fileCount) files, "
      + String(
        format: "%.1f files/s, %.0f fixes/s", filesPerSecond, Double(progress.fixesDone) / seconds)
      + ", left " + Formatting.duration(left)
    if isLive {
      text += ", " + String(progress.current.suffix(40))
      FileHandle.standardError.write(Data(("\r\u{1B}[K" + text).utf8))
    } else {
      FileHandle.standardError.write(Data((text + "\n").utf8))
    }
  }
}
