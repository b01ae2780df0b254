// swift-tools-version:6.0
import PackageDescription

/// The libFuzzer targets for narrate's text code and web page reading. Kept out of the root package because it is
/// built with `-sanitize=fuzzer`; run it with `scripts/fuzz`.
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
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("InternalImportsByDefault"),
                .enableUpcomingFeature("MemberImportVisibility"),
            ]
        ),
        .executableTarget(
            name: "SegmenterFuzzer",
            dependencies: [.product(name: "NarrateText", package: "Narrate")],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("InternalImportsByDefault"),
                .enableUpcomingFeature("MemberImportVisibility"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
