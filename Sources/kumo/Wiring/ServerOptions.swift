import ArgumentParser
import Foundation

/// Where `kumo serve` listens and what it accepts: the "Server" section of its help.
struct ServerOptions: ParsableArguments {
    @Option(setting: "host")
    var host = ProcessInfo.processInfo.environment["KUMO_HTTP_HOST"] ?? "127.0.0.1"

    @Option(setting: "port")
    var port = ServeSettings.variable("KUMO_HTTP_PORT", as: Int.self) ?? 8080

    @Option(setting: "api-host")
    var apiHostOptions: [String] = []

    /// `--api-host`, else `KUMO_API_HOSTS` (comma-separated).
    var apiHosts: [String] { apiHostOptions.isEmpty ? ServeSettings.list("KUMO_API_HOSTS") : apiHostOptions }

    @Option(setting: "body-size-limit")
    var maximumBodySize = ServeSettings.variable("KUMO_BODY_SIZE_LIMIT", as: Int.self) ?? 16 * 1024 * 1024

    @Option(setting: "public-url")
    var publicURLOption: String?

    /// `--public-url`, else `KUMO_PUBLIC_URL`.
    var publicURL: String? { publicURLOption ?? ProcessInfo.processInfo.environment["KUMO_PUBLIC_URL"] }

    @Option(
        name: .customLong("config"),
        help: ArgumentHelp("A JSON file of settings, keyed by flag name without dashes (also KUMO_CONFIG).", valueName: "file"))
    var configurationFile: String?

    @Flag(name: .customLong("check-config"), help: "Validate the settings, print the effective configuration (secrets masked) and exit.")
    var checksConfiguration = false
}

/// TLS and password hashing: with ``HardeningOptions``, the "Security and limits" section of `kumo serve --help`.
struct SecurityOptions: ParsableArguments {
    @Option(setting: "tls-certificate-chain")
    var tlsCertificateChain = ProcessInfo.processInfo.environment["KUMO_TLS_CERTIFICATE_CHAIN"]

    @Option(setting: "tls-private-key")
    var tlsPrivateKey = ProcessInfo.processInfo.environment["KUMO_TLS_PRIVATE_KEY"]

    @Option(setting: "password-hash-cost")
    var passwordHashCost = ServeSettings.variable("KUMO_PASSWORD_HASH_COST", as: Int.self) ?? 10
}

/// `kumo serve`'s log level: with ``OperationsOptions``, the "Operations" section of its help.
struct LogLevelOptions: ParsableArguments {
    @Option(setting: "log-level")
    var logLevel = ProcessInfo.processInfo.environment["KUMO_LOG_LEVEL"] ?? "info"
}
