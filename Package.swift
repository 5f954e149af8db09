// swift-tools-version:6.2
import CompilerPluginSupport
import PackageDescription

/// Settings shared by every target: Swift 6 mode plus the upcoming features the style guide (docs/style.md) requires.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "kumo",
    platforms: [.macOS(.v14), .iOS(.v15), .tvOS(.v15), .watchOS(.v8)],
    products: [
        .library(name: "NCMB", targets: ["NCMB"]),
        .library(name: "NCMBTesting", targets: ["NCMBTesting"]),
        .executable(name: "kumo", targets: ["kumo"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        // KumoSQLite drives SQLite through sqlite-nio's C module `VaporCSQLite` (the amalgamation it vendors), which is
        // not a product of the package: it is reached through the `SQLiteNIO` product's dependency. Its C symbols
        // (`sqlite_nio_sqlite3_*`) and module name may change in any minor release, so upgrades are explicit: a new
        // minor version is taken by changing this range after the SQLite tests passed with it. Why the C API and not
        // SQLiteNIO's public one: point lookups on the calling thread and cached prepared statements (see README,
        // Performance, and docs/decisions/0021-sqlite-through-its-c-api.md).
        .package(url: "https://github.com/vapor/sqlite-nio.git", .upToNextMinor(from: "1.13.2")),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift.git", from: "0.2.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.7.1"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio-http2.git", from: "1.46.0"),
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.1"),
        // NIOHTTPTypes: the HTTP parts KumoTransport's connection handlers see (docs/decisions/0063-framing-errors-answer-ncmb-json.md).
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        // KumoOperations: the Prometheus text format of the metrics listener (docs/operations.md).
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        // KumoRealtime: the WebSocket upgrade of `GET /realtime` (docs/wire/realtime.md).
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.8.1"),
        // KumoMacros: `@PackageMemberwiseInit` (docs/decisions/0171-package-memberwise-init-macro.md). 603 is the line of
        // the Swift 6.3 toolchain; the SDK package does not use it.
        .package(url: "https://github.com/swiftlang/swift-syntax.git", from: "603.0.1"),
    ],
    targets: [
        // MARK: - Wire
        // NCMBWire, NCMB and NCMBTesting live in the SDK's own package, SDK/ (docs/decisions/0140-sdk-light-package.md):
        // this package compiles the same folders as its own targets, so the server keeps their `package` API.
        .target(
            name: "NCMBWire",
            dependencies: [.product(name: "Crypto", package: "swift-crypto")],
            path: "SDK/Sources/NCMBWire",
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "NCMBWireTests", dependencies: ["NCMBWire"], swiftSettings: swiftSettings),

        // MARK: - SDK
        // Crypto: SHA-1 of the WebSocket handshake of the Linux realtime client (docs/decisions/0097-websocket-client-per-platform.md).
        .target(
            name: "NCMB", dependencies: ["NCMBWire", .product(name: "Crypto", package: "swift-crypto")], path: "SDK/Sources/NCMB",
            swiftSettings: swiftSettings),
        .testTarget(name: "NCMBTests", dependencies: ["NCMB", "NCMBWire"], swiftSettings: swiftSettings),
        // The route-aware mock transport an app's own tests use (docs/decisions/0125-sdk-package-and-testing-product.md).
        .target(
            name: "NCMBTesting", dependencies: ["NCMB", "NCMBWire"], path: "SDK/Sources/NCMBTesting", swiftSettings: swiftSettings),
        .testTarget(name: "NCMBTestingTests", dependencies: ["NCMBTesting", "NCMB"], swiftSettings: swiftSettings),
        .executableTarget(
            name: "NCMBExample", dependencies: ["NCMB"], path: "Examples/NCMBExample", swiftSettings: swiftSettings),

        // MARK: - Macros
        // The compiler plugin and the module that declares its macros: server-side modules only (docs/decisions/0171-package-memberwise-init-macro.md).
        .macro(
            name: "KumoMacros",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(name: "KumoMemberwise", dependencies: ["KumoMacros"], swiftSettings: swiftSettings),
        .testTarget(
            name: "KumoMacrosTests",
            dependencies: [
                "KumoMacros", "KumoMemberwise",
                .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: - Storage
        .target(name: "KumoStorage", dependencies: ["NCMBWire", "KumoMemberwise"], swiftSettings: swiftSettings),
        .testTarget(name: "KumoStorageTests", dependencies: ["KumoStorage", "NCMBWire"], swiftSettings: swiftSettings),
        .target(
            name: "KumoSQLite",
            dependencies: [
                "KumoMemberwise",
                "KumoStorage",
                "NCMBWire",
                // Only for its C module `VaporCSQLite` (see the sqlite-nio package line).
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "KumoSQLiteTests",
            dependencies: [
                "KumoSQLite", "KumoStorage", "NCMBWire", "KumoSeamsTestSupport", .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),

        .target(
            name: "KumoPostgres",
            dependencies: [
                "KumoStorage",
                "NCMBWire",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "KumoPostgresTests",
            dependencies: [
                "KumoPostgres", "KumoSQLite", "KumoStorage", "NCMBWire", "KumoTestSupport",
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),

        // File bytes on an S3-compatible object store (docs/decisions/0132-file-bytes-on-s3.md).
        .target(
            name: "KumoS3",
            dependencies: [
                "KumoMemberwise",
                "KumoStorage",
                "NCMBWire",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "KumoS3Tests",
            dependencies: [
                "KumoS3", "KumoStorage", "KumoSQLite", "KumoPostgres", "NCMBWire", "KumoTestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: - Server
        .target(name: "KumoSeams", dependencies: ["NCMBWire", "KumoStorage", "KumoMemberwise"], swiftSettings: swiftSettings),
        .testTarget(name: "KumoSeamsTests", dependencies: ["KumoSeams"], swiftSettings: swiftSettings),
        // The connection level every HTTP listener shares: connection limit, clocks, framing errors, `Connection: close`,
        // disconnects, the first-request guard of upgradable connections, TLS credentials, trusted-proxy addresses.
        .target(
            name: "KumoTransport",
            dependencies: [
                "KumoMemberwise",
                "NCMBWire",
                "KumoSeams",
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOTLS", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "KumoTransportTests",
            dependencies: [
                "KumoTransport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "KumoServer",
            dependencies: [
                "KumoMemberwise",
                "NCMBWire",
                "KumoStorage",
                "KumoSeams",
                "KumoTransport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "HummingbirdHTTP2", package: "hummingbird"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "KumoServerTests",
            dependencies: [
                "KumoServer", "KumoSeams", "KumoStorage", "KumoTransport", "NCMBWire", "KumoTestSupport", "KumoOperations",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),

        .target(
            name: "KumoMail",
            dependencies: ["KumoSeams", "NCMBWire", .product(name: "NIOPosix", package: "swift-nio")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "KumoMailTests",
            // The small support target only: no server, storage engine or PostgreSQL to compile (CONTRIBUTING.md#fast-tests).
            dependencies: ["KumoMail", "KumoSeams", "KumoSeamsTestSupport", "NCMBWire"],
            swiftSettings: swiftSettings
        ),

        .target(
            name: "KumoIdentity",
            dependencies: [
                "KumoMemberwise",
                "KumoSeams",
                "KumoStorage",
                "NCMBWire",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "KumoIdentityTests",
            dependencies: [
                "KumoIdentity", "KumoSeams", "KumoServer", "KumoStorage", "NCMBWire", "KumoTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),

        .target(
            name: "KumoPush",
            dependencies: [
                "KumoMemberwise",
                "KumoSeams",
                "KumoStorage",
                "NCMBWire",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Metrics", package: "swift-metrics"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "KumoPushTests",
            dependencies: [
                "KumoPush", "KumoSeams", "KumoStorage", "NCMBWire", "KumoTestSupport",
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: - Operations
        .target(
            name: "KumoOperations",
            dependencies: [
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "KumoOperationsTests",
            dependencies: [
                "KumoOperations",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: - Import and export
        .target(
            name: "KumoImport",
            dependencies: ["NCMBWire", "KumoStorage", "KumoMemberwise"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "KumoImportTests",
            dependencies: [
                "KumoImport", "KumoStorage", "NCMBWire", "KumoTestSupport", "KumoServer",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "KumoImportJobs",
            dependencies: [
                "KumoImport", "KumoStorage", "KumoSeams", "NCMBWire",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "KumoImportJobsTests",
            dependencies: ["KumoImportJobs", "KumoImport", "KumoStorage", "KumoTestSupport", "NCMBWire"],
            swiftSettings: swiftSettings
        ),

        // MARK: - Scripts
        .target(
            name: "KumoScripts",
            dependencies: [
                "KumoSeams", "KumoStorage", "NCMBWire", "KumoMemberwise",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            resources: [
                .embedInCode("Harness/egress.js"),
                .embedInCode("Harness/express.js"),
                .embedInCode("Harness/guards.js"),
                .embedInCode("Harness/harness.js"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "KumoScriptsTests",
            dependencies: [
                "NCMB", "KumoScripts", "KumoServer", "KumoStorage", "KumoPostgres", "NCMBWire", "KumoTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),

        // MARK: - Realtime
        .target(
            name: "KumoRealtime",
            dependencies: [
                // The request pipeline is reached through KumoSeams' RealtimeGate, the listener through KumoTransport's
                // RealtimeListener (docs/decisions/0117-realtime-behind-a-seam.md); never KumoServer.
                "KumoSeams",
                "KumoTransport",
                "KumoStorage",
                "NCMBWire",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                // The matching stage's own thread (docs/decisions/0116-realtime-matching-budget.md).
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "KumoRealtimeTests",
            dependencies: [
                "KumoRealtime", "KumoServer", "KumoSeams", "KumoStorage", "KumoSQLite", "KumoPostgres", "KumoTestSupport", "KumoTransport",
                "NCMBWire",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: - Administration
        .target(
            name: "KumoAdministration",
            dependencies: [
                "KumoMemberwise",
                "KumoStorage",
                "KumoSeams",
                "NCMBWire",
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "KumoAdministrationTests",
            dependencies: ["KumoAdministration", "KumoStorage", "KumoTestSupport", "NCMBWire"],
            swiftSettings: swiftSettings
        ),

        // MARK: - Dashboard
        .target(
            name: "KumoDashboard",
            dependencies: [
                "KumoMemberwise",
                "KumoAdministration",
                "KumoStorage",
                "KumoSeams",
                "NCMBWire",
                // The import jobs and exports it serves; the Overview reads the per-minute metrics ring.
                "KumoImportJobs",
                "KumoOperations",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // package.json only tells Node.js that Assets/ holds ES modules (the JavaScript tests); it is not served.
            exclude: ["package.json"],
            // Every file of Assets/, embedded in the binary; DashboardAssets.embedded names each one (a test checks both
            // agree).
            resources: [.embedInCode("Assets")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "KumoDashboardTests",
            dependencies: [
                "KumoDashboard", "KumoAdministration", "KumoImportJobs", "KumoServer", "KumoSeams", "KumoStorage", "KumoTestSupport",
                "NCMBWire", "KumoOperations",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                // The export tests' client that leaves in the middle of a download.
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // The web app's JavaScript tests, which `node --test` runs (DashboardScriptTests).
            exclude: ["JavaScript"],
            swiftSettings: swiftSettings
        ),

        // MARK: - Executable
        .executableTarget(
            name: "kumo",
            dependencies: [
                "NCMBWire",
                "KumoStorage",
                "KumoSQLite",
                "KumoPostgres",
                "KumoSeams",
                "KumoServer",
                "KumoTransport",
                "KumoMail",
                "KumoIdentity",
                "KumoPush",
                "KumoImport",
                "KumoImportJobs",
                "KumoScripts",
                "KumoOperations",
                "KumoAdministration",
                "KumoDashboard",
                "KumoRealtime",
                "KumoS3",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                // `kumo files copy` verifies each copy by its SHA-256.
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
                // The WebSocket clients of `kumo bench`'s realtime scenarios.
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                // `kumo call --cacert`: the CA certificates a request also trusts.
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: - Test support
        // What the capability modules' tests need beside their module (TestClock, LockedBox, ParsedMail), on KumoSeams
        // alone; KumoTestSupport re-exports it.
        .target(
            name: "KumoSeamsTestSupport",
            dependencies: [
                "KumoSeams", "NCMBWire", .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "KumoTestSupport",
            dependencies: [
                "KumoMemberwise",
                "KumoSeamsTestSupport",
                "NCMB",
                "NCMBWire",
                "KumoStorage",
                "KumoSQLite",
                "KumoPostgres",
                "KumoSeams",
                "KumoServer",
                "KumoTransport",
                "KumoIdentity",
                "KumoPush",
                "KumoS3",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "JWTKit", package: "jwt-kit"),
                // The WebDriver client of the dashboard's browser tests talks to chromedriver over HTTP.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "KumoIntegrationTests",
            dependencies: [
                "NCMB", "KumoTestSupport", "KumoSeams", "KumoServer", "KumoMail", "KumoPush", "KumoStorage", "KumoSQLite",
                "NCMBWire", "KumoRealtime",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "KumoEndToEndTests",
            dependencies: [
                "NCMB", "KumoTestSupport", "KumoSQLite", "KumoSeams", "NCMBWire", "KumoS3",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        // Real-browser tests of the dashboard: headless Chromium over WebDriver against a real `kumo serve`.
        .testTarget(
            name: "KumoDashboardBrowserTests",
            dependencies: [
                "KumoTestSupport", "KumoSeams", "NCMBWire",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
