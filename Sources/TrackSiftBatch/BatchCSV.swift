import Foundation

/// A batch summary as CSV (RFC 4180): one header line, then one line per ``BatchRow`` with
/// its main figures in meters, seconds and meters per second (the JSON Lines summary carries
/// every figure).
enum BatchCSV {
  static let columns = [
    "schema", "file", "path", "member", "sha256", "status", "error", "format", "profile",
    "fixes", "segments", "accepted", "rejected", "rejections", "raw_distance_m",
    "live_distance_m", "refined_distance_m", "refined_elapsed_s", "refined_moving_s",
    "refined_average_speed_mps", "refined_maximum_speed_mps", "refined_gain_m",
    "device_distance_m", "device_timer_s", "reader_note", "engine", "configuration_hash",
  ]

  static let header = columns.joined(separator: ",")

  /// The row's fields, quoted where they need it.
  static func line(_ row: BatchRow) -> String {
    let summary = row.analysis
    let number = { (value: Double?) in value.flatMap { $0.isFinite ? "\($0)" : nil } ?? "" }
    let fields: [String] = [
      "\(row.schema)", row.file, row.path, row.member ?? "", row.sha256 ?? "",
      row.status.rawValue, row.error ?? "", row.format ?? "",
      summary?.profile.rawValue ?? "", summary.map { "\($0.fixCount)" } ?? "",
      summary.map { "\($0.segmentCount)" } ?? "",
      summary.map { "\($0.verdicts.acceptedCount)" } ?? "",
      summary.map { "\($0.verdicts.rejectedCount)" } ?? "",
      summary?.verdicts.rejections.map { "\($0.reason.code):\($0.count)" }
        .joined(separator: ";") ?? "",
      number(summary?.raw.distanceMeters), number(summary?.live.distanceMeters),
      number(summary?.refined.distanceMeters), number(summary?.refined.elapsedTimeSeconds),
      number(summary?.refined.movingTimeSeconds),
      number(summary?.refined.averageSpeedMetersPerSecond),
      number(summary?.refined.maximumSpeedMetersPerSecond),
      number(summary?.refined.elevationGainMeters), number(summary?.device?.distanceMeters),
      number(summary?.device?.timerTimeSeconds), summary?.readerNote ?? "", row.engine,
      row.configurationHash,
    ]
    // One row, one line: a line break inside a message becomes a space.
    return fields.map {
      quoted($0.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " "))
    }.joined(separator: ",")
  }

  /// The key of a line written by ``line(_:)``.
  static func key(_ line: String) throws(BatchError) -> BatchRowKey {
    let fields = Self.fields(of: line)
    guard fields.count == columns.count, let status = BatchRow.Status(rawValue: fields[5]) else {
      throw BatchError("expected \(columns.count) fields, found \(fields.count)")
    }
    let analysis = Int(fields[9]).map { fixes in
      BatchRowKey.Analysis(fixCount: fixes, refined: .init(distanceMeters: Double(fields[16])))
    }
    return BatchRowKey(
      file: fields[1], path: fields[2], member: fields[3].isEmpty ? nil : fields[3],
      sha256: fields[4].isEmpty ? nil : fields[4], status: status,
      configurationHash: fields[columns.count - 1], analysis: analysis)
  }

  /// A field in quotes (inner quotes doubled) when it holds a comma or a quote.
  static func quoted(_ field: String) -> String {
    guard field.contains(where: { $0 == "," || $0 == "\"" }) else {
      return field
    }
    return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// The fields of one CSV line.
  static func fields(of line: String) -> [String] {
    var fields: [String] = []
    var field = ""
    var quoted = false
    var characters = line.makeIterator()
    while let character = characters.next() {
      if quoted {
        if character == "\"" {
          if let next = characters.next() {
            if next == "\"" {
              field.append("\"")
            } else {
              quoted = false
              if next == "," {
                fields.append(field)
                field = ""
              } else {
                field.append(next)
              }
            }
          } else {
            quoted = false
          }
        } else {
          field.append(character)
        }
      } else if character == "\"" {
        quoted = true
      } else if character == "," {
        fields.append(field)
        field = ""
      } else {
        field.append(character)
      }
    }
    fields.append(field)
    return fields
  }
}
