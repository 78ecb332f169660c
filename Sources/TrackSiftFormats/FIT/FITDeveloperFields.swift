/// The developer fields of a FIT activity: what the `field_description` messages say of
/// them, and their values in the records that became fixes, one column per field name.
struct FITDeveloperFields {
  /// A developer field that a `field_description` message described.
  private struct Description {
    /// The index of its values in `columns`.
    var column: Int
    var baseType: FITBaseType?
    var scale: Double
    var offset: Double
  }

  /// The descriptions by `developer data index << 8 | field number`.
  private var descriptions: [UInt16: Description] = [:]
  /// The values of the fixes, one column per name, and the names.
  private var columns: [[Double?]] = []
  private var names: [String: Int] = [:]

  /// Developer field names (compared lowercased) that carry the receiver's HDOP, as data
  /// fields and loggers name it.
  static let dilutionFieldNames: Set<String> = ["hdop", "gps_hdop", "horizontal_dilution"]
  /// Developer field names (compared lowercased) that carry the satellites used.
  static let satelliteFieldNames: Set<String> = [
    "sat", "sats", "satellites", "satellites_used", "num_sats", "numsv", "gps_sats",
  ]

  /// Forgets the descriptions: each chained file describes its own fields.
  mutating func startFile() {
    descriptions = [:]
  }

  /// Reads a `field_description` message at `start`; one without an index, a number, a base
  /// type or a name is ignored.
  mutating func describe(_ definition: FITMessageDefinition, at start: Int, in data: FITBytes) {
    let bigEndian = definition.bigEndian
    guard let index = data.integer(definition.field(0), start, bigEndian),
      let number = data.integer(definition.field(1), start, bigEndian),
      let baseTypeByte = data.integer(definition.field(2), start, bigEndian),
      let name = data.string(definition.field(3), start), !name.isEmpty
    else { return }
    let scale = data.number(definition.field(6), start, bigEndian) ?? 1
    let column: Int
    if let existing = names[name] {
      column = existing
    } else {
      column = columns.count
      columns.append([])
      names[name] = column
    }
    descriptions[UInt16(truncatingIfNeeded: index) << 8 | UInt16(truncatingIfNeeded: number)] =
      Description(
        column: column,
        baseType: FITBaseType(definitionByte: UInt8(truncatingIfNeeded: baseTypeByte)),
        scale: scale == 0 ? 1 : scale,
        offset: data.number(definition.field(7), start, bigEndian) ?? 0
      )
  }

  /// Reads the described numeric developer fields of the record at `start`, which becomes
  /// the fix numbered `fixIndex` (from 0).
  mutating func record(
    _ definition: FITMessageDefinition, at start: Int, fixIndex: Int, in data: FITBytes
  ) {
    for field in definition.developerFields {
      guard let description = descriptions[UInt16(field.index) << 8 | UInt16(field.number)],
        let baseType = description.baseType, baseType != .string, field.size >= baseType.size
      else { continue }
      let raw = data.rawValue(start + field.offset, baseType.size, definition.bigEndian)
      guard let value = baseType.value(raw: raw) else { continue }
      let column = description.column
      let missing = fixIndex - columns[column].count
      if missing > 0 {
        columns[column].append(contentsOf: repeatElement(nil, count: missing))
      }
      // A field given twice in one record keeps its first value.
      if missing >= 0 {
        columns[column].append((value - description.offset * description.scale) / description.scale)
      }
    }
  }

  /// Takes the values of every field by name, each padded with `nil` to `fixCount` values;
  /// with those of the fields that carry the HDOP and the satellites used, if any.
  mutating func takeValues(
    fixCount: Int
  ) -> (byName: [String: [Double?]], dilutions: [Double?]?, satellites: [Double?]?) {
    var byName: [String: [Double?]] = [:]
    var dilutions: [Double?]?
    var satellites: [Double?]?
    for (name, column) in names {
      var values = columns[column]
      columns[column] = []
      values.append(contentsOf: repeatElement(nil, count: fixCount - values.count))
      byName[name] = values
      let key = name.lowercased()
      if Self.dilutionFieldNames.contains(key) { dilutions = values }
      if Self.satelliteFieldNames.contains(key) { satellites = values }
    }
    return (byName, dilutions, satellites)
  }
}
