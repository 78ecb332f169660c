import Foundation

/// Decodes gpsd JSON lines into ``GPSDReport`` values with `JSONDecoder`, and turns decoding
/// failures into ``GPSDError`` messages that name the class and the field.
enum GPSDReportDecoder {
  static func decode(_ bytes: Data) throws(GPSDError) -> GPSDReport {
    var className: String?
    do {
      let decoder = JSONDecoder()
      className = try decoder.decode(ClassProbe.self, from: bytes).className
      switch className {
      case "TPV": return .tpv(try decoder.decode(RawTPV.self, from: bytes).report)
      case "SKY": return .sky(try decoder.decode(RawSky.self, from: bytes).report)
      case "VERSION": return .version(try decoder.decode(RawVersion.self, from: bytes).report)
      case "DEVICES":
        return .devices(try decoder.decode(RawDevices.self, from: bytes).devices.map(\.device))
      case "DEVICE": return .device(try decoder.decode(RawDevice.self, from: bytes).device)
      case "WATCH": return .watch(try decoder.decode(RawWatch.self, from: bytes).report)
      case "ERROR": return .error(message: try decoder.decode(RawError.self, from: bytes).message)
      default: return .other(className: className ?? "")
      }
    } catch let error as DecodingError {
      var reason = reason(for: error, className: className)
      if reason == "malformed JSON", (try? JSONSerialization.jsonObject(with: bytes)) != nil {
        // JSONDecoder reports a number that does not fit its field as invalid JSON.
        reason =
          "\(className ?? "report") has a number that does not fit its field "
          + "(a fraction where an integer belongs, or out of range)"
      }
      throw GPSDError(reason: reason, line: String(decoding: bytes, as: UTF8.self))
    } catch {
      throw GPSDError(
        reason: "unreadable JSON: \(error)", line: String(decoding: bytes, as: UTF8.self))
    }
  }

  /// Words for a decoding failure: `TPV field "lat" is not a number`.
  private static func reason(for error: DecodingError, className: String?) -> String {
    let owner = className ?? "report"
    switch error {
    case .typeMismatch(let type, let context):
      if context.codingPath.isEmpty { return "not a JSON object" }
      return "\(owner) field \"\(path(context.codingPath))\" is not \(describe(type))"
    case .valueNotFound(let type, let context):
      return "\(owner) field \"\(path(context.codingPath))\" is null, not \(describe(type))"
    case .keyNotFound(let key, let context):
      return "\(owner) has no \"\(path(context.codingPath + [key]))\" field"
    case .dataCorrupted(let context):
      if context.codingPath.isEmpty { return "malformed JSON" }
      return "\(owner) field \"\(path(context.codingPath))\": \(context.debugDescription)"
    @unknown default:
      return "unreadable \(owner): \(error)"
    }
  }

  /// `satellites[2].used` from a coding path.
  private static func path(_ keys: [any CodingKey]) -> String {
    var text = ""
    for key in keys {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
      }
    }
    return text
  }

  private static func describe(_ type: Any.Type) -> String {
    switch type {
    case is Double.Type: "a number"
    case is Int.Type: "an integer"
    case is String.Type: "a string"
    case is Bool.Type: "true or false"
    case is [Any].Type: "an array"
    default: "of the expected kind"
    }
  }
}

// MARK: - The wire format

private struct ClassProbe: Decodable {
  var className: String
  enum CodingKeys: String, CodingKey { case className = "class" }
}

private struct RawTPV: Decodable {
  var device: String?
  var mode: Int
  var status: Int?
  var time: GPSDTimeValue?
  var lat: Double?
  var lon: Double?
  var altHAE: Double?
  var altMSL: Double?
  var alt: Double?
  var eph: Double?
  var epx: Double?
  var epy: Double?
  var epv: Double?
  var speed: Double?
  var eps: Double?
  var track: Double?
  var epd: Double?
  var climb: Double?

  var report: GPSDTPVReport {
    GPSDTPVReport(
      device: device, mode: mode, status: status, time: time?.date, latitudeDegrees: lat,
      longitudeDegrees: lon, ellipsoidalAltitudeMeters: altHAE,
      meanSeaLevelAltitudeMeters: altMSL ?? alt, horizontalErrorMeters: eph,
      longitudeErrorMeters: epx, latitudeErrorMeters: epy, verticalErrorMeters: epv,
      speedMetersPerSecond: speed, speedErrorMetersPerSecond: eps, courseDegrees: track,
      courseErrorDegrees: epd, climbMetersPerSecond: climb)
  }
}

private struct RawSky: Decodable {
  struct Satellite: Decodable { var used: Bool? }
  var device: String?
  var time: GPSDTimeValue?
  var satellites: [Satellite]?
  var uSat: Int?
  var nSat: Int?
  var hdop: Double?
  var vdop: Double?
  var pdop: Double?

  var report: GPSDSkyReport {
    GPSDSkyReport(
      device: device, time: time?.date,
      satellitesUsed: uSat ?? satellites.map { $0.count(where: { $0.used == true }) },
      satellitesVisible: nSat ?? satellites?.count, horizontalDilution: hdop,
      verticalDilution: vdop, positionDilution: pdop)
  }
}

private struct RawVersion: Decodable {
  var release: String
  var rev: String?
  var protoMajor: Int
  var protoMinor: Int
  enum CodingKeys: String, CodingKey {
    case release, rev
    case protoMajor = "proto_major"
    case protoMinor = "proto_minor"
  }

  var report: GPSDVersionReport {
    GPSDVersionReport(
      release: release, revision: rev, protocolMajor: protoMajor, protocolMinor: protoMinor)
  }
}

private struct RawDevice: Decodable {
  var path: String?
  var driver: String?
  var activated: String?

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    path = try container.decodeIfPresent(String.self, forKey: .path)
    driver = try container.decodeIfPresent(String.self, forKey: .driver)
    // A time when active; the number 0 when gpsd deactivated the device.
    activated = try? container.decodeIfPresent(String.self, forKey: .activated)
  }
  enum CodingKeys: String, CodingKey { case path, driver, activated }

  var device: GPSDDevice { GPSDDevice(path: path, driver: driver, activated: activated) }
}

private struct RawDevices: Decodable {
  var devices: [RawDevice]
}

private struct RawWatch: Decodable {
  var enable: Bool?
  var json: Bool?
  var nmea: Bool?
  var device: String?

  var report: GPSDWatchReport {
    GPSDWatchReport(enable: enable, json: json, nmea: nmea, device: device)
  }
}

private struct RawError: Decodable {
  var message: String
}
