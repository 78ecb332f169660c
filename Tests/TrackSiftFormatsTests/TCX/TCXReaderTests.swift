import Foundation
import Testing
import TrackSift

@testable import TrackSiftFormats

private func read(_ text: String) throws(XMLReadError) -> TCXDocument {
  try TCXReader.read(data: Data(text.utf8))
}

/// A TCX document with one activity around `laps`.
private func activity(_ laps: String, sport: String = "Biking") -> String {
  """
  <?xml version="1.0" encoding="UTF-8"?>
  <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"
    xmlns:ns3="http://www.garmin.com/xmlschemas/ActivityExtension/v2">
   <Activities><Activity Sport="\(sport)"><Id>2020-01-01T10:00:00Z</Id>
  \(laps)
   </Activity></Activities>
  </TrainingCenterDatabase>
  """
}

@Suite struct TCXReaderTests {
  @Test func readsEveryTrackpointField() throws {
    let document = try read(
      activity(
        """
        <Lap StartTime="2020-01-01T10:00:00.500Z">
         <TotalTimeSeconds>61.5</TotalTimeSeconds><DistanceMeters>250.25</DistanceMeters>
         <MaximumSpeed>5.5</MaximumSpeed><Calories>12</Calories>
         <AverageHeartRateBpm><Value>140</Value></AverageHeartRateBpm>
         <MaximumHeartRateBpm><Value>155</Value></MaximumHeartRateBpm>
         <Intensity>Active</Intensity><TriggerMethod>Manual</TriggerMethod>
         <Track>
          <Trackpoint>
           <Time>2020-01-01T10:00:00.500Z</Time>
           <Position><LatitudeDegrees>47.5</LatitudeDegrees>
            <LongitudeDegrees>-122.25</LongitudeDegrees></Position>
           <AltitudeMeters>12.5</AltitudeMeters><DistanceMeters>3.25</DistanceMeters>
           <HeartRateBpm><Value>141</Value></HeartRateBpm><Cadence>88</Cadence>
           <Extensions><ns3:TPX><ns3:Speed>4.75</ns3:Speed><ns3:Watts>230</ns3:Watts></ns3:TPX>
           </Extensions>
          </Trackpoint>
          <Trackpoint><Time>2020-01-01T10:00:01Z</Time>
           <Extensions><TPX xmlns="http://www.garmin.com/xmlschemas/ActivityExtension/v2">
            <RunCadence>90</RunCadence></TPX></Extensions></Trackpoint>
         </Track>
        </Lap>
        """))
    let activity = try #require(document.activities.first)
    #expect(activity.sport == "Biking")
    #expect(activity.name == "2020-01-01T10:00:00Z")
    #expect(activity.track.segments.count == 1)
    let fix = try #require(activity.track.segments.first?.fixes.first)
    #expect(fix.timestamp == isoDate("2020-01-01T10:00:00.5Z"))
    #expect(fix.latitudeDegrees == 47.5)
    #expect(fix.longitudeDegrees == -122.25)
    #expect(fix.altitudeMeters == 12.5)
    #expect(fix.speedMetersPerSecond == 4.75)
    #expect(
      fix.sensors
        == SensorValues(heartRateBeatsPerMinute: 141, cadencePerMinute: 88, powerWatts: 230))
    #expect(activity.distancesMeters == [[3.25]])
    #expect(activity.positionlessSamples.count == 1)
    #expect(activity.positionlessSamples[0].sensors.cadencePerMinute == 90)
    #expect(document.positionlessTrackpointCount == 1)
    let lap = try #require(activity.laps.first)
    #expect(
      lap.totals
        == DeviceTotals(
          startTime: isoDate("2020-01-01T10:00:00.5Z"), sport: "Biking", distanceMeters: 250.25,
          timerTimeSeconds: 61.5, maximumSpeedMetersPerSecond: 5.5,
          averageHeartRateBeatsPerMinute: 140, maximumHeartRateBeatsPerMinute: 155,
          kilocalories: 12))
    #expect(lap.segmentIndices == 0..<1)
  }

  @Test func activityTotalsAreSummedOverLaps() throws {
    let lap = { (time: Int, distance: Int, rate: Int, maximum: Int) in
      """
      <Lap StartTime="2020-01-01T10:0\(time):00Z"><TotalTimeSeconds>\(time * 100)</TotalTimeSeconds>
       <DistanceMeters>\(distance)</DistanceMeters><MaximumSpeed>\(maximum)</MaximumSpeed>
       <Calories>10</Calories><AverageHeartRateBpm><Value>\(rate)</Value></AverageHeartRateBpm>
       <Intensity>Active</Intensity><TriggerMethod>Manual</TriggerMethod></Lap>
      """
    }
    let document = try read(activity(lap(1, 300, 120, 4) + lap(3, 700, 160, 6)))
    let totals = try #require(document.activities.first).totals
    #expect(totals.startTime == isoDate("2020-01-01T10:01:00Z"))
    #expect(totals.timerTimeSeconds == 400)
    #expect(totals.distanceMeters == 1000)
    #expect(totals.kilocalories == 20)
    #expect(totals.maximumSpeedMetersPerSecond == 6)
    #expect(totals.averageHeartRateBeatsPerMinute == 150)
    #expect(totals.maximumHeartRateBeatsPerMinute == nil)
  }

  @Test func tracksWithinALapAreSegmentsAndALapContinuesTheOneBefore() throws {
    let point = { (lat: Int) in
      "<Trackpoint><Position><LatitudeDegrees>\(lat)</LatitudeDegrees>"
        + "<LongitudeDegrees>1</LongitudeDegrees></Position></Trackpoint>"
    }
    let document = try read(
      activity(
        "<Lap><Track>\(point(1))\(point(2))</Track><Track><Trackpoint/></Track>"
          + "<Track>\(point(3))</Track></Lap><Lap><Track>\(point(4))</Track></Lap>"))
    let activity = try #require(document.activities.first)
    // A second Track in a lap is a pause; the next lap's first Track continues the segment.
    #expect(activity.track.segments.map { $0.fixes.map(\.latitudeDegrees) } == [[1, 2], [3, 4]])
    #expect(activity.laps.map(\.segmentIndices) == [0..<2, 1..<2])
    #expect(activity.positionlessSamples == [TCXSample()])
  }

  @Test func readsEntitiesCDATAAndByteOrderMark() throws {
    let text =
      "\u{FEFF}<TrainingCenterDatabase><Activities><Activity Sport=\"R&amp;D\"><Lap>"
      + "<TotalTimeSeconds><![CDATA[12]]></TotalTimeSeconds>"
      + "<DistanceMeters>&#49;0</DistanceMeters></Lap></Activity></Activities>"
      + "<!-- done --></TrainingCenterDatabase>"
    let document = try read(text)
    #expect(document.activities.first?.sport == "R&D")
    #expect(document.activities.first?.laps.first?.totals.timerTimeSeconds == 12)
    #expect(document.activities.first?.laps.first?.totals.distanceMeters == 10)
  }

  @Test func readsCourses() throws {
    let document = try read(
      """
      <TrainingCenterDatabase><Folders><Courses><CourseFolder Name="x"/></Courses></Folders>
      <Courses><Course><Name>Loop</Name><Lap><TotalTimeSeconds>10</TotalTimeSeconds>
      <DistanceMeters>20</DistanceMeters></Lap><Track><Trackpoint><Position>
      <LatitudeDegrees>1</LatitudeDegrees><LongitudeDegrees>2</LongitudeDegrees></Position>
      </Trackpoint></Track></Course></Courses></TrainingCenterDatabase>
      """)
    #expect(document.activities.isEmpty)
    let course = try #require(document.courses.first)
    #expect(course.name == "Loop")
    #expect(course.sport == nil)
    #expect(course.track.fixCount == 1)
    #expect(course.laps.first?.totals.distanceMeters == 20)
    #expect(document.allFixes.isEmpty)
  }

  @Test(arguments: [
    ("", "line 1, column 1: the file is empty"),
    ("<gpx></gpx>", "line 1, column 1: the root element is <gpx>, not <TrainingCenterDatabase>"),
    (
      "<TrainingCenterDatabase>\n<Activities>\n</Activity>",
      "line 3, column 1: mismatched tags: </Activity> closes <Activities> opened at line 2, "
        + "column 1"
    ),
    (
      "<TrainingCenterDatabase><Activities>",
      "line 1, column 37: unexpected end of file inside <Activities>"
    ),
    (
      "<TrainingCenterDatabase><Activities><Activity><Lap>\n  <Calories>lots</Calories>",
      "line 2, column 13: <Calories> is not a number: \"lots\""
    ),
    (
      "<TrainingCenterDatabase><Activities><Activity><Lap StartTime=\"yesterday\">",
      "line 1, column 47: the StartTime of <Lap> is not a time: \"yesterday\""
    ),
    (
      "<TrainingCenterDatabase><Activities><Activity><Lap><Track><Trackpoint>"
        + "<Time>noon</Time>",
      "line 1, column 77: <Time> is not a time: \"noon\""
    ),
    (
      "<TrainingCenterDatabase><Courses><Course><Track><Trackpoint><Position>"
        + "<LatitudeDegrees>1</LatitudeDegrees></Position>",
      "line 1, column 118: <Position> has no LongitudeDegrees"
    ),
    (
      "<TrainingCenterDatabase><Activities><Activity><Lap><Calories>&nbsp;</Calories>",
      "line 1, column 62: the entity &nbsp; is not expanded: only the five predefined "
        + "entities and character references are"
    ),
    ("<TrainingCenterDatabase/>junk", "line 1, column 26: text after the root element"),
  ])
  func refusesWithLocation(_ text: String, _ message: String) {
    #expect(throws: XMLReadError.self) { try read(text) }
    do {
      _ = try read(text)
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func readErrorOfAMissingFileHasNoLocation() {
    do {
      _ = try TCXReader.read(contentsOf: URL(fileURLWithPath: "/nonexistent/file.tcx"))
      Issue.record("a missing file was read")
    } catch {
      #expect(error.line == 0)
      #expect(error.description.hasPrefix("cannot read /nonexistent/file.tcx"))
    }
  }
}
