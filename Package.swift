// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "TrackSift",
  platforms: [.macOS(.v13), .iOS(.v16), .watchOS(.v9)],
  products: [
    .library(name: "TrackSift", targets: ["TrackSift"]),
    .library(name: "TrackSiftFormats", targets: ["TrackSiftFormats"]),
    .library(name: "TrackSiftSimulation", targets: ["TrackSiftSimulation"]),
    .library(name: "TrackSiftEvaluation", targets: ["TrackSiftEvaluation"]),
    .library(name: "TrackSiftStore", targets: ["TrackSiftStore"]),
    .library(name: "TrackSiftGPSD", targets: ["TrackSiftGPSD"]),
    .library(name: "TrackSiftReport", targets: ["TrackSiftReport"]),
    .library(name: "TrackSiftBatch", targets: ["TrackSiftBatch"]),
    .library(name: "TrackSiftArchives", targets: ["TrackSiftArchives"]),
    .library(name: "TrackSiftTerrain", targets: ["TrackSiftTerrain"]),
    .executable(name: "tracksift", targets: ["tracksift"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    // SHA-256 of batch inputs (CryptoKit's API, on Linux too).
    .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    // `swift package generate-documentation` for the DocC catalogs (CI builds them).
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    // Zip archives (a Strava bulk export) read in place, one member streamed at a time.
    .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
  ],
  targets: [
    .target(name: "TrackSift"),
    .target(name: "TrackSiftFormats", dependencies: ["TrackSift"]),
    .target(name: "TrackSiftSimulation", dependencies: ["TrackSift"]),
    // The real-data suite and the target report: reads shared/data through the formats.
    .target(
      name: "TrackSiftEvaluation",
      dependencies: ["TrackSift", "TrackSiftFormats", "TrackSiftSimulation"]),
    .target(
      name: "TrackSiftStore",
      dependencies: ["TrackSift", .product(name: "GRDB", package: "GRDB.swift")]
    ),
    // Not a product: a child process for the crash-safety test in TrackSiftStoreTests.
    .executableTarget(name: "StoreCrashProbe", dependencies: ["TrackSift", "TrackSiftStore"]),
    .target(name: "TrackSiftGPSD", dependencies: ["TrackSift"]),
    // Many files through the pipeline (and the per-file summary `analyze` prints).
    .target(
      name: "TrackSiftBatch",
      dependencies: [
        "TrackSift", "TrackSiftFormats", "TrackSiftReport", "TrackSiftArchives",
        .product(name: "Crypto", package: "swift-crypto"),
      ]),
    // The HTML report: pure Swift, no third-party script; MBTiles basemaps through GRDB.
    .target(
      name: "TrackSiftReport",
      dependencies: [
        "TrackSift", "TrackSiftFormats", .product(name: "GRDB", package: "GRDB.swift"),
      ]),
    // The system zlib, for .gz files. Not "CZlib": ZIPFoundation defines a module of that name.
    .systemLibrary(
      name: "CSystemZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
    // Activity files found in folders, .gz files and .zip archives, read one at a time.
    .target(
      name: "TrackSiftArchives",
      dependencies: ["CSystemZlib", .product(name: "ZIPFoundation", package: "ZIPFoundation")]),
    // Elevation from DEM tiles (SRTM/Copernicus HGT) in a folder the user names; ZIPFoundation
    // to list a tile zip's members, which TrackSiftArchives then reads.
    .target(
      name: "TrackSiftTerrain",
      dependencies: [
        "TrackSift", "TrackSiftArchives", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
      ]),
    .executableTarget(
      name: "tracksift",
      dependencies: [
        "TrackSift", "TrackSiftFormats", "TrackSiftSimulation", "TrackSiftEvaluation",
        "TrackSiftStore", "TrackSiftGPSD", "TrackSiftReport", "TrackSiftBatch", "TrackSiftArchives",
        "TrackSiftTerrain", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // Helpers shared by the test targets (not a product).
    .target(name: "TrackSiftTestSupport", path: "Tests/TrackSiftTestSupport"),
    .testTarget(name: "TrackSiftTests", dependencies: ["TrackSift", "TrackSiftSimulation"]),
    .testTarget(
      name: "TrackSiftSimulationTests", dependencies: ["TrackSift", "TrackSiftSimulation"]),
    .testTarget(
      name: "TrackSiftFormatsTests",
      dependencies: [
        "TrackSift", "TrackSiftFormats", "TrackSiftSimulation", "TrackSiftTestSupport",
      ]),
    .testTarget(
      name: "TrackSiftGPSDTests",
      dependencies: ["TrackSift", "TrackSiftGPSD", "TrackSiftFormats", "TrackSiftTestSupport"]),
    .testTarget(
      name: "tracksiftTests",
      dependencies: [
        "tracksift", "TrackSiftTestSupport", "TrackSiftArchives", "TrackSiftBatch",
        // To fill a store's disk under a recording session.
        .product(name: "GRDB", package: "GRDB.swift"),
        // To make the zip archives the batch tests read.
        .product(name: "ZIPFoundation", package: "ZIPFoundation"),
      ],
      // Read and rewritten in place by GoldenOutputTests (by #filePath), not bundled.
      exclude: ["Golden"]),
    .testTarget(
      name: "TrackSiftBatchTests",
      dependencies: ["TrackSift", "TrackSiftBatch", "TrackSiftTestSupport"]),
    .testTarget(
      name: "TrackSiftReportTests",
      dependencies: [
        "TrackSift", "TrackSiftFormats", "TrackSiftReport", "TrackSiftSimulation",
        "TrackSiftTestSupport", .product(name: "GRDB", package: "GRDB.swift"),
      ]),
    .testTarget(
      name: "TrackSiftArchivesTests",
      dependencies: [
        "TrackSiftArchives", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
      ]
    ),
    .testTarget(
      name: "TrackSiftTerrainTests",
      dependencies: [
        "TrackSift", "TrackSiftTerrain", "TrackSiftArchives",
        // To make the zipped tiles the tests read.
        .product(name: "ZIPFoundation", package: "ZIPFoundation"),
      ]),
    .testTarget(
      name: "TrackSiftStoreTests",
      dependencies: [
        "TrackSift", "TrackSiftStore", "TrackSiftTestSupport",
        .product(name: "GRDB", package: "GRDB.swift"),
        // Built for the crash test, which runs it as a child process.
        "StoreCrashProbe",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
