// swift-tools-version:6.0
import PackageDescription

/// Settings every Swift target shares: Swift 6 language mode plus the upcoming features the
/// team relies on (explicit `any`, imports internal unless a public API needs them).
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "Narrate",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "narrate", targets: ["narrate"]),
        .executable(name: "narrate-queue", targets: ["narrate-queue"]),
        .executable(name: "narrate-bench", targets: ["narrate-bench"]),
        .library(name: "NarrateCore", targets: ["NarrateCore"]),
        .library(name: "NarrateIngest", targets: ["NarrateIngest"]),
        .library(name: "NarrateText", targets: ["NarrateText"]),
        .library(name: "NarrateSpeech", targets: ["NarrateSpeech"]),
        .library(name: "NarrateAudio", targets: ["NarrateAudio"]),
        .library(name: "NarrateSpread", targets: ["NarrateSpread"]),
        .library(name: "NarrateRendering", targets: ["NarrateRendering"]),
        .library(name: "NarrateListening", targets: ["NarrateListening"]),
        .library(name: "NarrateImport", targets: ["NarrateImport"]),
        .library(name: "NarrateBatch", targets: ["NarrateBatch"]),
        .library(name: "NarratePublishing", targets: ["NarratePublishing"]),
        .library(name: "NarrateLibrary", targets: ["NarrateLibrary"]),
        .library(name: "NarrateQueue", targets: ["NarrateQueue"]),
        .library(name: "NarrateFetch", targets: ["NarrateFetch"]),
        .library(name: "NarrateServer", targets: ["NarrateServer"]),
        .library(name: "NarratePiper", targets: ["NarratePiper"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.0.0"),
        // The web server of `narrate serve`, and what it is built on.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.3.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.34.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        // The batch queue on PostgreSQL, shared by workers on many machines.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.25.0"),
    ],
    targets: [
        // System libraries (Debian packages; Homebrew names for macOS).
        // eSpeak NG's headers only: the shim opens the library with dlopen (to start it afresh
        // by loading it again), so nothing links it.
        .systemLibrary(name: "CNarrateESpeak", providers: [.apt(["libespeak-ng-dev"]), .brew(["espeak-ng"])]),
        .systemLibrary(
            name: "CNarrateSndFile",
            pkgConfig: "sndfile",
            providers: [.apt(["libsndfile1-dev"]), .brew(["libsndfile"])]
        ),
        .systemLibrary(
            name: "CNarrateCMark",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]), .brew(["cmark-gfm"])]
        ),
        .systemLibrary(
            name: "CNarrateGumbo",
            pkgConfig: "gumbo",
            providers: [.apt(["libgumbo-dev"]), .brew(["gumbo-parser"])]
        ),
        .systemLibrary(
            name: "CNarrateSoxr",
            pkgConfig: "soxr",
            providers: [.apt(["libsoxr-dev"]), .brew(["libsoxr"])]
        ),
        // MP3 and Opus encoded directly (set for speech, which libsndfile cannot be told).
        .systemLibrary(name: "CNarrateLame", pkgConfig: "lame", providers: [.apt(["libmp3lame-dev"]), .brew(["lame"])]),
        // libmpg123: the frames of an MP3 render, to cut a book's chapters from it without decoding.
        .systemLibrary(name: "CNarrateMPG123", pkgConfig: "libmpg123", providers: [.apt(["libmpg123-dev"]), .brew(["mpg123"])]),
        .systemLibrary(
            name: "CNarrateOpus", pkgConfig: "opus", providers: [.apt(["libopus-dev", "libogg-dev"]), .brew(["opus", "libogg"])]),
        // libpcaudio (no pkg-config file in Debian) and cairo: C targets that open the library on
        // first use on Linux (see their headers); linked on macOS, with Homebrew's include
        // directory on the compiler's path (CPATH).
        // The loader the shims below share: a C library opened with dlopen on first use.
        .target(name: "CNarrateDynamic"),
        .target(
            name: "CNarratePCAudio", dependencies: ["CNarrateDynamic"],
            linkerSettings: [.linkedLibrary("pcaudio", .when(platforms: [.macOS]))]
        ),
        .systemLibrary(
            name: "CNarrateTextCat",
            pkgConfig: "libexttextcat",
            providers: [.apt(["libexttextcat-dev", "libexttextcat-data"]), .brew(["libexttextcat"])]
        ),
        // QR codes for the terminal (a phone opens `narrate serve`'s address from it).
        .systemLibrary(
            name: "CNarrateQREncode",
            pkgConfig: "libqrencode",
            providers: [.apt(["libqrencode-dev"]), .brew(["qrencode"])]
        ),
        // Podcast covers: drawn with cairo (text through fontconfig, DejaVu Sans), a user's
        // JPEG cover decoded with libjpeg through a shim (its errors jump, which Swift cannot).
        .target(
            name: "CNarrateCairo", dependencies: ["CNarrateDynamic"],
            linkerSettings: [.linkedLibrary("cairo", .when(platforms: [.macOS]))]
        ),
        // libxml2 for feeds and exports: opened on first use on Linux (it brings ICU), linked on
        // macOS; its headers found under the system root on both.
        .target(
            name: "CNarrateXML", dependencies: ["CNarrateDynamic"],
            cSettings: [.unsafeFlags(["-iwithsysroot", "/usr/include/libxml2"])],
            linkerSettings: [.linkedLibrary("xml2", .when(platforms: [.macOS]))]
        ),
        // libcsv for Pocket's and Instapaper's CSV exports, loaded on first use.
        .target(
            name: "CNarrateCSV", dependencies: ["CNarrateDynamic"],
            linkerSettings: [.linkedLibrary("csv", .when(platforms: [.macOS]))]
        ),
        // Snowball stemmers (libstemmer) for the search index, loaded on first use.
        .target(
            name: "CNarrateStemmer", dependencies: ["CNarrateDynamic"],
            linkerSettings: [.linkedLibrary("stemmer", .when(platforms: [.macOS]))]
        ),
        // The system's Hunspell dictionaries, which tell a common word from a name where a
        // sentence end is left open by the rules; loaded on first use.
        .target(
            name: "CNarrateHunspell", dependencies: ["CNarrateDynamic"],
            linkerSettings: [.linkedLibrary("hunspell-1.7", .when(platforms: [.macOS]))]
        ),
        // Zip exports (Omnivore's) read with libarchive, loaded on first use as libxml2 is.
        .target(
            name: "CNarrateArchive", dependencies: ["CNarrateDynamic"],
            linkerSettings: [.linkedLibrary("archive", .when(platforms: [.macOS]))]
        ),
        // PDFs read with poppler's GLib interface, loaded on first use as libarchive is; its
        // headers (and GLib's and cairo's, which they include) found under the system root.
        .target(
            name: "CNarratePDF", dependencies: ["CNarrateDynamic"],
            cSettings: [
                .unsafeFlags(
                    [
                        "-iwithsysroot", "/usr/include/poppler/glib", "-iwithsysroot", "/usr/include/glib-2.0", "-iwithsysroot",
                        "/usr/lib/x86_64-linux-gnu/glib-2.0/include", "-iwithsysroot", "/usr/lib/aarch64-linux-gnu/glib-2.0/include",
                        "-iwithsysroot", "/usr/include/cairo",
                    ], .when(platforms: [.linux]))
            ],
            linkerSettings: [
                .linkedLibrary("poppler-glib", .when(platforms: [.macOS])), .linkedLibrary("glib-2.0", .when(platforms: [.macOS])),
                .linkedLibrary("gobject-2.0", .when(platforms: [.macOS])),
            ]
        ),
        .systemLibrary(
            name: "CNarrateJPEG",
            pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg-dev"]), .brew(["jpeg-turbo"])]
        ),
        .target(name: "CNarrateImageShim", dependencies: ["CNarrateJPEG"]),
        // The C shim that owns every call into libespeak-ng.
        .target(
            name: "CNarrateESpeakShim",
            dependencies: ["CNarrateESpeak"]
        ),

        // SHA-256, SHA-1 and MD5 from the system's libcrypto (OpenSSL), opened on first use;
        // CommonCrypto on macOS.
        .target(name: "CNarrateDigest", dependencies: ["CNarrateDynamic"]),
        // The system calls narrate makes (again after EINTR), its signals and its spawning: the
        // one module that tells Glibc from Darwin.
        .target(name: "NarrateSystem", swiftSettings: strictSettings),
        .target(name: "NarrateCore", dependencies: ["NarrateSystem", "CNarrateDigest"], swiftSettings: strictSettings),
        .target(
            name: "NarrateIngest",
            dependencies: [
                "NarrateSystem", "NarrateCore", "NarrateText", "CNarrateCMark", "CNarrateGumbo", "CNarrateTextCat", "CNarrateXML",
                "CNarrateArchive",
                "CNarrateCSV", "CNarratePDF",
            ],
            swiftSettings: strictSettings
        ),
        .target(name: "NarrateText", dependencies: ["NarrateSystem", "NarrateCore", "CNarrateHunspell"], swiftSettings: strictSettings),
        // Neural voices: ONNX Runtime's C API, opened with dlopen when a neural voice first
        // speaks (its library comes from the onnxruntime wheel on PyPI; no header needed).
        .target(name: "CNarrateONNXShim", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        // Piper voices: eSpeak NG's phonemes turned into speech by a VITS model on ONNX Runtime.
        .target(
            name: "NarratePiper",
            dependencies: [
                "NarrateSystem",
                "NarrateCore", "NarrateSpeech", "NarrateText", "NarrateFetch", "CNarrateONNXShim",
            ],
            swiftSettings: strictSettings
        ),
        // Fetching saved pages over HTTP with libcurl, loaded on first use by a C shim (linked,
        // it and its TLS, LDAP and SSH libraries would be loaded by every command).
        .target(name: "CNarrateCurlShim"),
        .target(name: "NarrateFetch", dependencies: ["NarrateCore", "CNarrateCurlShim"], swiftSettings: strictSettings),
        .target(
            name: "NarrateSpeech",
            dependencies: ["NarrateCore", "CNarrateESpeakShim"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "NarrateAudio",
            dependencies: [
                "NarrateSystem", "NarrateCore", "CNarrateSndFile", "CNarrateSoxr", "CNarratePCAudio", "CNarrateLame", "CNarrateOpus",
                "CNarrateMPG123",
            ],
            swiftSettings: strictSettings
        ),
        // The batch queue's protocol and its jobs, whichever database keeps them (the library's
        // SQLite file, PostgreSQL).
        .target(name: "NarrateQueue", dependencies: ["NarrateCore"], swiftSettings: strictSettings),
        // The library's full-text search: its FTS5 index of word forms (stems in the article's
        // language, the typo vocabulary), the query's terms, snippets.
        .target(
            name: "NarrateSearch",
            dependencies: [
                "CNarrateStemmer",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "NarrateLibrary",
            dependencies: [
                "NarrateSystem", "NarrateSearch", "NarrateQueue",
                "NarrateCore",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strictSettings
        ),
        // The batch queue on PostgreSQL (postgres-nio): the same protocol as the library's.
        .target(
            name: "NarratePostgres",
            dependencies: [
                "NarrateCore", "NarrateLibrary", "NarrateQueue",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "_ConnectionPoolModule", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        // Rendering: an article's text made audio (the narrator, a render's settings and voice,
        // its files, chapters and sync maps, spreading an article over processes), what every
        // front end and the use cases above it narrate with.
        // One article spoken by several processes at once: the runs each helper speaks, the
        // helper processes (`narrate speak-part`), what they record and how it is replayed in order.
        .target(name: "NarrateSpread", dependencies: ["NarrateSystem", "NarrateCore", "NarrateText"], swiftSettings: strictSettings),
        .target(
            name: "NarrateRendering",
            dependencies: [
                "NarrateSystem", "NarrateSpread", "NarrateCore", "NarrateIngest", "NarrateFetch", "NarrateText", "NarrateSpeech",
                "NarrateAudio", "NarrateLibrary", "NarrateQueue",
            ],
            swiftSettings: strictSettings
        ),
        // Listening: the render a player plays or waits for, positions, the transcript a player
        // page shows, resuming.
        .target(
            name: "NarrateListening",
            dependencies: [
                "NarrateSystem", "NarrateRendering", "NarrateSpread", "NarrateCore", "NarrateAudio", "NarrateLibrary", "NarrateQueue",
            ],
            swiftSettings: strictSettings
        ),
        // Reading articles in: files, URLs and read-later exports into the library, feeds
        // followed and refreshed, what narrate would read (segment, extract, show), the
        // languages a search query could be in.
        .target(
            name: "NarrateImport",
            dependencies: [
                "NarrateListening", "NarrateRendering", "NarrateCore", "NarrateIngest", "NarrateFetch", "NarrateText", "NarrateSpeech",
                "NarrateAudio", "NarrateLibrary", "NarrateQueue",
            ],
            swiftSettings: strictSettings
        ),
        // Batches and the job queue: submitting, workers and their supervision, a shared
        // queue's renders taken in.
        .target(
            name: "NarrateBatch",
            dependencies: [
                "NarrateSystem", "NarrateImport", "NarrateListening", "NarrateRendering", "NarrateSpread", "NarrateCore", "NarrateAudio",
                "NarrateLibrary", "NarrateQueue", "NarrateFetch",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        // Podcast feeds of the library and `publish`: selection, RSS, covers, episodes made ahead.
        .target(
            name: "NarratePublishing",
            dependencies: [
                "NarrateSystem", "NarrateImport", "NarrateRendering", "NarrateCore", "NarrateAudio", "NarrateLibrary", "NarrateQueue",
                "CNarrateCairo",
                "CNarrateImageShim",
                "NarrateBatch",
            ],
            swiftSettings: strictSettings
        ),
        // `narrate serve`: the web player and JSON API over the library (Hummingbird 2); its
        // pages and OpenAPI document are files in Public/, served as they are.
        .target(
            name: "NarrateServer",
            dependencies: [
                "NarrateSystem",
                "NarrateListening", "NarrateImport", "NarrateBatch", "NarratePublishing", "NarrateRendering", "NarrateSpread",
                "NarrateCore",
                "NarrateLibrary", "NarrateQueue", "NarrateFetch", "NarrateAudio",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            resources: [.copy("Public")],
            swiftSettings: strictSettings
        ),
        // The command line, every command; two executables run it. `narrate` leaves out the
        // PostgreSQL client: its 1,150 Swift conformance records would lengthen every
        // run-time type look-up of every command (2.9 million instructions a `convert`).
        // `narrate-queue` has it, and `narrate` hands a command with a shared queue over to it.
        // What the command line shows on a terminal: progress lines, tables, JSON output, and
        // a library error as one line and a sysexits code.
        .target(
            name: "NarrateTerminal",
            dependencies: [
                "NarrateSystem", "NarrateCore", "NarrateLibrary", "NarrateQueue", "NarrateAudio", "NarratePiper", "NarrateListening",
                "NarrateImport", "NarrateRendering",
                "NarrateBatch", "NarrateServer", "CNarrateQREncode",
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "NarrateCommandLine",
            dependencies: [
                "NarrateTerminal", "NarrateSystem",
                "NarrateListening", "NarrateImport", "NarrateBatch", "NarratePublishing",
                "NarrateRendering",
                "NarrateSpread",
                "NarratePiper",
                "NarrateServer",
                "NarrateCore",
                "NarrateIngest",
                "NarrateSpeech",
                "NarrateAudio",
                "NarrateLibrary", "NarrateQueue",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/narrate",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "narrate", dependencies: ["NarrateCommandLine"], path: "Sources/narrate-main", swiftSettings: strictSettings),
        .executableTarget(
            name: "narrate-queue",
            dependencies: ["NarrateCommandLine", "NarratePostgres", "NarrateCore", "NarrateLibrary", "NarrateQueue"],
            path: "Sources/narrate-queue", swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "narrate-bench",
            dependencies: [
                "NarrateSystem",
                "NarrateCore",
                "NarrateText",
                "NarrateIngest",
                "NarrateLibrary", "NarrateQueue",
                "NarrateAudio",
                "NarrateImport",
                "NarratePublishing",
                // The queue benchmark: the PostgreSQL queue, on a throwaway cluster.
                "NarratePostgres",
                "NarratePostgresCluster",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),

        .testTarget(name: "NarrateSystemTests", dependencies: ["NarrateSystem"], swiftSettings: strictSettings),
        .testTarget(name: "NarrateCoreTests", dependencies: ["NarrateCore"], swiftSettings: strictSettings),
        .testTarget(
            name: "NarrateIngestTests", dependencies: ["NarrateCore", "NarrateIngest", "NarrateTestSupport"], exclude: ["Exports"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "NarrateTextTests", dependencies: ["NarrateCore", "NarrateText"], exclude: ["Cases"], swiftSettings: strictSettings
        ),
        .testTarget(
            name: "NarrateLibraryTests",
            dependencies: [
                "NarrateCore", "NarrateLibrary", "NarrateQueue", "NarrateSearch", "NarrateIngest", "NarrateText",
                "NarrateTestSupport",
                // swift-crypto's SHA-256, the oracle the system library's is checked against.
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            exclude: ["LanguageSamples.json", "LanguageSamples", "SearchQueries.json", "Fixtures"], swiftSettings: strictSettings
        ),
        // A throwaway PostgreSQL cluster (Debian's server in a temporary folder), for the queue's
        // tests and its benchmark: no test code, so narrate-bench need not link the tests' support.
        .target(name: "NarratePostgresCluster", dependencies: ["NarrateSystem"], swiftSettings: strictSettings),
        // A local HTTP server (python3, standard library) for tests that fetch pages.
        .target(
            name: "NarrateTestSupport", dependencies: ["NarrateCore"], path: "Tests/Support",
            exclude: ["test_server.py", "make_epub.py", "make_pdf.py"], swiftSettings: strictSettings
        ),
        // The queue protocol's behaviour, run against SQLite and a throwaway PostgreSQL.
        .testTarget(
            name: "NarrateQueueTests",
            dependencies: [
                "NarrateCore", "NarrateAudio", "NarrateLibrary", "NarrateQueue", "NarratePostgres", "NarratePostgresCluster",
                "NarrateTestSupport",
                "NarrateIngest", "NarrateText", "NarrateBatch", "NarrateRendering",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "NarrateFetchTests", dependencies: ["NarrateCore", "NarrateFetch", "NarrateTestSupport"], swiftSettings: strictSettings
        ),
        .testTarget(name: "NarrateSpeechTests", dependencies: ["NarrateCore", "NarrateSpeech"], swiftSettings: strictSettings),
        .testTarget(
            name: "NarratePiperTests", dependencies: ["NarrateCore", "NarrateSpeech", "NarrateText", "NarratePiper", "NarrateTestSupport"],
            exclude: ["make_tiny_voice.py", "make_voice_catalogue.py"], swiftSettings: strictSettings
        ),
        .testTarget(
            name: "NarrateAudioTests", dependencies: ["NarrateCore", "NarrateAudio", "NarrateTestSupport"], swiftSettings: strictSettings
        ),
        .testTarget(
            name: "NarrationTests",
            dependencies: [
                "NarrateCore", "NarrateListening", "NarrateImport", "NarrateBatch", "NarratePublishing", "NarrateRendering",
                "NarrateSpread", "NarrateText", "NarrateAudio", "NarrateIngest", "NarrateLibrary", "NarrateQueue", "NarrateTestSupport",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "NarrateServerTests",
            dependencies: [
                "NarrateServer", "NarrateTerminal", "NarrateListening", "NarrateImport", "NarrateBatch", "NarratePublishing",
                "NarrateRendering",
                "NarrateCore", "NarrateLibrary", "NarrateQueue", "NarrateSystem", "NarrateAudio", "NarrateTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "NarrateCLITests",
            dependencies: [
                "narrate", "narrate-queue", "NarrateCommandLine", "NarrateBatch", "NarrateSpread", "NarrateCore", "NarrateAudio",
                "NarrateLibrary", "NarrateQueue", "NarrateRendering", "NarrateServer",
                "NarrateTestSupport", "NarratePostgresCluster", "NarrateTerminal",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
