// swift-tools-version:6.0
import PackageDescription

// The SDK's own package: what an app adds to use Kumo (docs/decisions/0140-sdk-light-package.md). It depends on
// swift-crypto only, so an app's resolution fetches swift-crypto (and swift-asn1, which swift-crypto 4 uses) and none of
// the server's packages. The repository's root package compiles these same three folders as its own targets (the
// server and every test run there); keep the targets below and their counterparts in ../Package.swift alike.
//
// Tools version 6.0: the first with Swift 6 language mode by default; the code needs a Swift 6 compiler (typed throws,
// `sending`). Platforms: the Apple realtime client keeps to the `URLSessionWebSocketTask` calls documented for iOS 15 /
// macOS 12 (docs/decisions/0097-websocket-client-per-platform.md); the Observation types say iOS 17 / macOS 14 on their
// own `@available`. (macOS 14 in ../Package.swift is Hummingbird's floor, not the SDK's.)

/// The same settings as the root package's: Swift 6 mode plus the upcoming features the style guide (docs/style.md)
/// requires.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "kumo-sdk",
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8)],
    products: [
        .library(name: "NCMB", targets: ["NCMB"]),
        .library(name: "NCMBTesting", targets: ["NCMBTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0")
    ],
    targets: [
        .target(
            name: "NCMBWire",
            dependencies: [.product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: swiftSettings
        ),
        // Crypto: SHA-1 of the WebSocket handshake of the Linux realtime client (docs/decisions/0097-websocket-client-per-platform.md).
        .target(name: "NCMB", dependencies: ["NCMBWire", .product(name: "Crypto", package: "swift-crypto")], swiftSettings: swiftSettings),
        // The route-aware mock transport an app's own tests use (docs/decisions/0125-sdk-package-and-testing-product.md).
        .target(name: "NCMBTesting", dependencies: ["NCMB", "NCMBWire"], swiftSettings: swiftSettings),
    ]
)
