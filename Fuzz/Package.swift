// swift-tools-version:6.0
import PackageDescription

/// The libFuzzer target for narrate's text code. Kept out of the root package because it is
/// built with `-sanitize=fuzzer`; run it with `scripts/fuzz`.
let package = Package(
    name: "NarrateFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Narrate", path: ".."),
    ],
    targets: [
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
