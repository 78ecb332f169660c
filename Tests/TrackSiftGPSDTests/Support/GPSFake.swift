import Foundation

/// Waits until `condition` holds, checking every 50 ms; false after `timeoutSeconds`.
func waitUntil(timeoutSeconds: Double, _ condition: () -> Bool) async -> Bool {
  let deadline = Date().addingTimeInterval(timeoutSeconds)
  while Date() < deadline {
    if condition() { return true }
    try? await Task.sleep(for: .milliseconds(50))
  }
  return condition()
}
