// swift-tools-version:6.0
import PackageDescription

/// The settings of the root package's targets: Swift 6 plus the upcoming features the team relies on.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// A fuzz target of one of NarrateIngest's readers (pages, files, feeds, exports).
func readerFuzzer(_ name: String) -> Target {
    .executableTarget(
        name: name,
        dependencies: [.product(name: "NarrateCore", package: "Narrate"), .product(name: "NarrateIngest", package: "Narrate")],
        swiftSettings: strictSettings
    )
}

/// The libFuzzer targets for narrate's text code, the readers of pages, files, feeds, exports and Piper voices, and the server's request handling. Kept out of the root package
/// because it is built with `-sanitize=fuzzer`; run it with `scripts/fuzz`, which lists every target (a new one is
/// an executable here plus one line there).
let package = Package(
    name: "NarrateFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Narrate", path: ".."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.3.0"),
    ],
    targets: [
        readerFuzzer("ExportFuzzer"),
        readerFuzzer("FeedFuzzer"),
        readerFuzzer("ExtractorFuzzer"),
        readerFuzzer("ReaderFuzzer"),
        .executableTarget(
            name: "RequestFuzzer",
            dependencies: [
                .product(name: "NarrateCore", package: "Narrate"), .product(name: "NarrateLibrary", package: "Narrate"),
                .product(name: "NarrateQueue", package: "Narrate"),
                .product(name: "NarrateImport", package: "Narrate"), .product(name: "NarrateServer", package: "Narrate"),
                .product(name: "NarrateAudio", package: "Narrate"), .product(name: "NarrateBatch", package: "Narrate"),
                .product(name: "Hummingbird", package: "hummingbird"), .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"), .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "VoiceFuzzer",
            dependencies: [.product(name: "NarrateCore", package: "Narrate"), .product(name: "NarratePiper", package: "Narrate")],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "SegmenterFuzzer",
            dependencies: [.product(name: "NarrateText", package: "Narrate")],
            swiftSettings: strictSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
