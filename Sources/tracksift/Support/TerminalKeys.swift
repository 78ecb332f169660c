import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Single key presses from a terminal: puts standard input in non-canonical mode without echo
/// while it lives, and restores the previous mode on ``restore()``.
final class TerminalKeys: @unchecked Sendable {
  // Touched only from the thread that created it and in restore(), which runs once.
  private var original = termios()
  private var isRaw = false

  /// Whether standard input and output are both terminals.
  static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

  init() {
    guard tcgetattr(STDIN_FILENO, &original) == 0 else { return }
    var raw = original
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
    isRaw = tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0
  }

  /// Reads keys on a background thread, calling `handler` with each one until standard input
  /// closes.
  func startReading(_ handler: @escaping @Sendable (Character) -> Void) {
    let thread = Thread {
      var byte: UInt8 = 0
      while read(STDIN_FILENO, &byte, 1) == 1 {
        handler(Character(UnicodeScalar(byte)))
      }
    }
    thread.start()
  }

  /// Puts the terminal back as it was.
  func restore() {
    guard isRaw else { return }
    isRaw = false
    tcsetattr(STDIN_FILENO, TCSANOW, &original)
  }
}
