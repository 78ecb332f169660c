import Foundation
import Testing
import TrackSiftArchives

@Suite struct ActivitySourcesListingTests {
  /// A Strava-like export beside plain and compressed files, in a folder with a subfolder.
  private func makeInputs() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try folder.write("run.gpx", SampleText.gpx("run"))
    try folder.write("Notes.md", Data("not an activity".utf8))
    try folder.write(".hidden.gpx", SampleText.gpx("hidden"))
    try folder.write("ride.TCX.GZ", Gzip.compress(SampleText.gpx("ride")))
    try folder.write("sub/walk.gpx.gz", Gzip.compress(SampleText.gpx("walk")))
    try folder.write("sub/gnss_log.txt", Data("# Version: v3.0.0.1\n".utf8))
    try folder.write(
      "receiver.log", Data("$GPGGA,120000,4807.038,N,01131.000,E,1,08,0.9,545.4,M,,,,\n".utf8))
    try folder.write("app.log.gz", Gzip.compress(Data("$GPGGA,\n".utf8)))
    try folder.write("LICENSE", Data("MIT\n".utf8))
    try folder.write("sub/README.txt", Data("exported from the app\n".utf8))
    try folder.writeZip(
      "export.zip",
      [
        ("activities/", nil),
        ("activities/1.fit.gz", Gzip.compress(SampleText.noise(4000, seed: 1))),
        ("activities/2.gpx", SampleText.gpx("two")),
        ("activities/3.tcx.gz", Gzip.compress(SampleText.gpx("three"))),
        ("media/photo.jpg", SampleText.noise(500, seed: 2)),
        ("activities.csv", Data("Activity ID,Activity Date\n1,today\n".utf8)),
        ("profile.json", Data("{}".utf8)),
        ("__MACOSX/._x.gpx", Data([0, 5, 22, 7])),
        ("activities/.DS_Store.gpx", Data()),
      ])
    return folder
  }

  @Test func listsAFolderInOrderWithRelativePaths() throws {
    let folder = try makeInputs()
    let sources = try ActivitySources.sources(in: [folder.path], recursive: false)
    #expect(
      sources.map(\.relativePath) == [
        "export.zip/activities/1.fit.gz", "export.zip/activities/2.gpx",
        "export.zip/activities/3.tcx.gz", "ride.TCX.GZ", "run.gpx",
      ])
    let fit = try #require(sources.first)
    #expect(fit.path == folder.path + "/export.zip")
    #expect(fit.member == "activities/1.fit.gz")
    #expect(fit.isCompressed)
    #expect(fit.nameWithoutCompression == "1.fit")
    let ride = sources[3]
    #expect(ride.member == nil && ride.isCompressed && ride.nameWithoutCompression == "ride.TCX")
    #expect(!sources[4].isCompressed && sources[4].nameWithoutCompression == "run.gpx")
  }

  @Test func walksSubfoldersOnlyWhenRecursive() throws {
    let folder = try makeInputs()
    let sources = try ActivitySources.sources(in: [folder.path], recursive: true)
    #expect(
      sources.map(\.relativePath) == [
        "export.zip/activities/1.fit.gz", "export.zip/activities/2.gpx",
        "export.zip/activities/3.tcx.gz", "ride.TCX.GZ", "run.gpx", "sub/README.txt",
        "sub/gnss_log.txt", "sub/walk.gpx.gz",
      ])
  }

  @Test func takesANamedFileWhateverItsExtension() throws {
    let folder = try makeInputs()
    let notes = folder.url("Notes.md").path
    let zip = folder.url("export.zip").path
    let sources = try ActivitySources.sources(in: [notes, zip], recursive: false)
    #expect(
      sources.map(\.relativePath) == [
        "Notes.md", "export.zip/activities/1.fit.gz", "export.zip/activities/2.gpx",
        "export.zip/activities/3.tcx.gz",
      ])
    #expect(sources[0].path == notes)
  }

  @Test func listsAFileReachedTwiceOnce() throws {
    let folder = try makeInputs()
    let run = folder.path + "/./run.gpx"
    let sources = try ActivitySources.sources(in: [run, folder.path, run], recursive: false)
    #expect(sources.filter { $0.nameWithoutCompression == "run.gpx" }.count == 1)
    #expect(sources.count == 5)
  }

  /// A listing takes a folder's file without an activity extension where the recognizer
  /// says it is one, and names every other file and member it passed over; hidden ones are
  /// in neither.
  @Test func aListingNamesWhatItPassedOver() throws {
    let folder = try makeInputs()
    var asked: [String] = []
    let listing = try ActivitySources.listing(in: [folder.path], recursive: true) { path in
      asked.append(URL(fileURLWithPath: path).lastPathComponent)
      return path.hasSuffix("/receiver.log") || path.hasSuffix("/gnss_log.txt")
    }
    // Only plain files without an activity extension, or with a `.txt`, are shown to the
    // recognizer.
    #expect(asked == ["LICENSE", "Notes.md", "receiver.log", "README.txt", "gnss_log.txt"])
    #expect(
      listing.sources.map(\.relativePath) == [
        "export.zip/activities/1.fit.gz", "export.zip/activities/2.gpx",
        "export.zip/activities/3.tcx.gz", "receiver.log", "ride.TCX.GZ", "run.gpx",
        "sub/gnss_log.txt", "sub/walk.gpx.gz",
      ])
    #expect(
      listing.passedOver == [
        "LICENSE", "Notes.md", "app.log.gz", "export.zip/activities.csv",
        "export.zip/media/photo.jpg", "export.zip/profile.json", "sub/README.txt",
      ])
    #expect(
      listing.passedOverByExtension.map { "\($0.name) \($0.count)" } == [
        ".csv 1", ".jpg 1", ".json 1", ".log 1", ".md 1", ".txt 1", "no extension 1",
      ])
    // Without a recognizer the log is passed over too, a `.txt` taken by its name, and
    // `sources` is the listing's.
    let plain = try ActivitySources.listing(in: [folder.path], recursive: true)
    #expect(plain.passedOver.contains("receiver.log"))
    #expect(plain.sources.contains { $0.relativePath == "sub/README.txt" })
    #expect(try ActivitySources.sources(in: [folder.path], recursive: true) == plain.sources)
  }

  /// A FIFO is no file to recognize: reading it would wait for a writer forever.
  @Test func aFIFOIsPassedOverUnread() throws {
    let folder = try TemporaryFolder()
    #expect(mkfifo(folder.path + "/pipe.log", 0o644) == 0)
    var asked: [String] = []
    let listing = try ActivitySources.listing(in: [folder.path], recursive: false) { path in
      asked.append(path)
      return true
    }
    #expect(asked.isEmpty)
    #expect(listing.sources.isEmpty && listing.passedOver == ["pipe.log"])
  }

  @Test func sanitizesMemberPaths() throws {
    let folder = try TemporaryFolder()
    let zip = try folder.writeZip(
      "odd.zip",
      [
        ("../../etc/evil.gpx", SampleText.gpx("evil")),
        ("/abs/run.gpx", SampleText.gpx("abs")),
        ("a/./b//c.gpx", SampleText.gpx("c")),
      ])
    let sources = try ActivitySources.sources(in: [zip], recursive: false)
    #expect(
      sources.map(\.relativePath) == [
        "odd.zip/a/b/c.gpx", "odd.zip/abs/run.gpx", "odd.zip/etc/evil.gpx",
      ])
    #expect(sources.map(\.member) == ["a/./b//c.gpx", "/abs/run.gpx", "../../etc/evil.gpx"])
    #expect(try ActivitySources.data(of: sources[2]) == SampleText.gpx("evil"))
  }

  @Test func refusesAPathThatDoesNotExist() throws {
    let folder = try TemporaryFolder()
    let missing = folder.path + "/nowhere"
    let error = #expect(throws: ArchiveError.self) {
      try ActivitySources.sources(in: [folder.path, missing], recursive: true)
    }
    #expect(error == ArchiveError(path: missing, reason: "no such file or folder"))
    #expect(error?.description == "\(missing): no such file or folder")
  }

  /// A damaged archive is one source whose reading says why: a batch gives it an error row
  /// and still finds the other files.
  @Test func aZipThatIsNotOneIsASourceWhoseReadingSaysWhy() throws {
    let folder = try TemporaryFolder()
    let fake = try folder.write("fake.zip", Data("just text".utf8))
    _ = try folder.write("run.gpx", Data("<gpx/>".utf8))
    let sources = try ActivitySources.sources(in: [folder.path], recursive: false)
    #expect(sources.map(\.relativePath) == ["fake.zip", "run.gpx"])
    #expect(sources[0].path == fake && sources[0].member == nil)
    let error = #expect(throws: ArchiveError.self) { try ActivitySources.data(of: sources[0]) }
    #expect(error?.path == fake)
    #expect(error?.reason.hasPrefix("not a zip archive (") == true)
  }

  @Test func aTruncatedZipSaysItIsCutShort() throws {
    let folder = try makeInputs()
    let zip = folder.url("export.zip")
    let whole = try Data(contentsOf: zip)
    try whole.prefix(whole.count / 2).write(to: zip)
    let sources = try ActivitySources.sources(in: [zip.path], recursive: false)
    #expect(sources.map(\.relativePath) == ["export.zip"])
    let error = #expect(throws: ArchiveError.self) { try ActivitySources.data(of: sources[0]) }
    #expect(
      error?.description
        == "\(zip.path): not a zip archive (no end of central directory record: cut short?)")
  }

  @Test func ordersByRelativePathThenPath() {
    let a = ActivitySource(path: "/b/x.gpx", relativePath: "x.gpx")
    let b = ActivitySource(path: "/a/x.gpx", relativePath: "x.gpx")
    let c = ActivitySource(path: "/a/w.zip", member: "y.gpx", relativePath: "w.zip/y.gpx")
    #expect([a, b, c].sorted() == [c, b, a])
  }
}
