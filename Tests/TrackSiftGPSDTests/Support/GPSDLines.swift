import Foundation

/// Lines in the shape gpsd 3.22 sends, every value made up (no recorded data is kept in the
/// repository).
enum GPSDLines {
  static let version =
    #"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"#
  static let devices =
    #"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/pts/1","driver":"NMEA0183","#
    + #""activated":"2026-11-23T15:01:47.501Z","flags":1,"native":0,"bps":4800,"parity":"N","#
    + #""stopbits":1,"cycle":1.00}]}"#
  static let watch =
    #"{"class":"WATCH","enable":true,"json":true,"nmea":false,"raw":0,"scaled":false,"#
    + #""timing":false,"split24":false,"pps":false}"#
  static let deviceDeactivated = #"{"class":"DEVICE","path":"/dev/pts/1","activated":0}"#
  static let tpv =
    #"{"class":"TPV","device":"/dev/pts/1","mode":3,"time":"2034-08-16T03:07:24.000Z","#
    + #""ept":0.005,"lat":46.512345678,"lon":6.634567891,"altHAE":83.8000,"altMSL":60.1000,"#
    + #""alt":60.1000,"epx":9.484,"epy":12.791,"epv":34.500,"track":181.3900,"#
    + #""magtrack":201.9320,"magvar":20.5,"speed":0.165,"climb":0.100,"eps":25.58,"epc":69.00,"#
    + #""geoidSep":23.700,"eph":20.900,"sep":34.200}"#
  /// The first TPV of a session: a fix without a time yet.
  static let tpvWithoutTime =
    #"{"class":"TPV","device":"/dev/pts/1","mode":3,"lat":46.501234567,"lon":6.621234567,"#
    + #""altHAE":-30.2600,"altMSL":-30.2600,"alt":-30.2600,"magvar":13.1,"geoidSep":0.000,"#
    + #""eph":20.900}"#
  static let sky =
    #"{"class":"SKY","device":"/dev/pts/1","xdop":0.63,"ydop":0.85,"vdop":1.50,"tdop":0.89,"#
    + #""hdop":1.10,"gdop":2.01,"pdop":1.80,"nSat":12,"uSat":8,"satellites":["#
    + #"{"PRN":5,"el":61.0,"az":120.0,"ss":35.0,"used":true,"gnssid":0,"svid":5},"#
    + #"{"PRN":9,"el":40.0,"az":300.0,"ss":28.0,"used":true,"gnssid":0,"svid":9},"#
    + #"{"PRN":20,"el":8.0,"az":45.0,"ss":6.0,"used":false,"gnssid":0,"svid":20}]}"#

  /// A TPV of mode 3 at `seconds` past 2020-05-14T17:29:00Z, moving north.
  static func tpv(second: Int, device: String = "/dev/pts/1") -> String {
    let latitude = 37.4 + Double(second) * 1e-4
    return #"{"class":"TPV","device":"\#(device)","mode":3,"#
      + #""time":"2020-05-14T17:29:\#(second < 10 ? "0" : "")\#(second).000Z","#
      + #""lat":\#(latitude),"lon":-122.1,"altMSL":10.0,"eph":9.8,"speed":11.1,"track":0.0}"#
  }
}

/// 2020-05-14T17:29:00Z plus `seconds`.
func may14(plus seconds: Double) -> Date {
  Date(timeIntervalSince1970: 1_589_477_340 + seconds)
}
