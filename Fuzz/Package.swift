// swift-tools-version:6.0
import PackageDescription

/// The settings of the root package's targets: Swift 6 plus the upcoming features the team relies on.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// The libFuzzer targets for narrate's text code and the readers of pages and files. Kept out of the root package
/// because it is built with `-sanitize=fuzzer`; run it with `scripts/fuzz`, which lists every target (a new one is
/// an executable here plus one line there).
let package = Package(
    name: "NarrateFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Narrate", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "ExtractorFuzzer",
            dependencies: [
                .product(name: "NarrateCore", package: "Narrate"), .product(name: "NarrateIngest", package: "Narrate"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "ReaderFuzzer",
            dependencies: [
                .product(name: "NarrateCore", package: "Narrate"), .product(name: "NarrateIngest", package: "Narrate"),
            ],
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
