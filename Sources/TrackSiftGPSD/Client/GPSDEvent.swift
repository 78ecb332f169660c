import TrackSift

/// What a ``GPSDClient`` stream delivers: fixes, and the connection's ups and downs.
///
/// A session runs from one ``connected(address:session:)`` to the next
/// ``disconnected(_:)``. The fixes of one session are continuous; a session above 1 follows
/// a break (gpsd restarted, the network dropped), so a recorder starts a new segment when it
/// sees `.connected` with `session > 1`. A typical stream:
///
/// ```
/// .connected(address: "127.0.0.1:2947", session: 1)
/// .fix(…), .fix(…), …
/// .disconnected(gpsd closed the connection [127.0.0.1:2947])
/// .retrying(attempt: 1, delaySeconds: 0.25, reason: …)
/// .retrying(attempt: 2, delaySeconds: 0.5, reason: connection refused …)
/// .connected(address: "127.0.0.1:2947", session: 2)
/// .fix(…), …
/// ```
public enum GPSDEvent: Sendable, Hashable {
  /// Connected to gpsd at `address` (numeric, such as `[::1]:2947`) and asked it to stream
  /// reports. `session` counts connections from 1.
  case connected(address: String, session: Int)
  /// A fix, from a TPV report with a 2-D or 3-D fix and a time.
  case fix(Fix)
  /// A decoded report, delivered only when ``GPSDClient/Configuration/includesReports`` is
  /// set; it comes before the fix made from it.
  case report(GPSDReport)
  /// A line that could not be decoded (malformed JSON, a field of the wrong type, a line
  /// over ``GPSDClient/Configuration/maximumLineBytes``); the stream goes on.
  case lineSkipped(GPSDError)
  /// The connection of the current session ended, for the reason given.
  case disconnected(GPSDError)
  /// A connection attempt failed or a session ended; the client waits `delaySeconds` before
  /// attempt number `attempt` (consecutive failures, from 1).
  case retrying(attempt: Int, delaySeconds: Double, reason: GPSDError)
}
