import ArgumentParser
import Foundation

/// Where `kumo serve` listens and what it accepts: the "Server" section of its help.
struct ServerOptions: ParsableArguments {
    @Option(help: "Address to listen on; 0.0.0.0 accepts other machines.")
    var host = ProcessInfo.processInfo.environment["KUMO_HTTP_HOST"] ?? "127.0.0.1"

    @Option(help: "TCP port; 0 picks a free one.")
    var port = Int(ProcessInfo.processInfo.environment["KUMO_HTTP_PORT"] ?? "") ?? 8080

    @Option(name: .customLong("api-host"), help: "Extra FQDN accepted in request signatures (repeatable).")
    var apiHostOptions: [String] = []

    /// `--api-host`, else `KUMO_API_HOSTS` (comma-separated).
    var apiHosts: [String] { apiHostOptions.isEmpty ? ServeSettings.list("KUMO_API_HOSTS") : apiHostOptions }

    @Option(name: .customLong("body-size-limit"), help: "Largest request body in bytes.")
    var maximumBodySize = Int(ProcessInfo.processInfo.environment["KUMO_BODY_SIZE_LIMIT"] ?? "") ?? 16 * 1024 * 1024

    @Option(
        name: .customLong("public-url"),
        help: "URL at which browsers reach this server, used in mail links (default: http://<host>:<port>).")
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
    @Option(
        name: .customLong("tls-certificate-chain"),
        help: ArgumentHelp("Serve HTTPS (HTTP/2 and HTTP/1.1) with this PEM certificate chain, leaf first; SIGHUP reloads it.", valueName: "file"))
    var tlsCertificateChain = ProcessInfo.processInfo.environment["KUMO_TLS_CERTIFICATE_CHAIN"]

    @Option(name: .customLong("tls-private-key"), help: ArgumentHelp("The PEM private key of --tls-certificate-chain.", valueName: "file"))
    var tlsPrivateKey = ProcessInfo.processInfo.environment["KUMO_TLS_PRIVATE_KEY"]

    @Option(name: .customLong("password-hash-cost"), help: "bcrypt cost of password hashes, 4…31.")
    var passwordHashCost = Int(ProcessInfo.processInfo.environment["KUMO_PASSWORD_HASH_COST"] ?? "") ?? 10
}

/// `kumo serve`'s log level: with ``OperationsOptions``, the "Operations" section of its help.
struct LogLevelOptions: ParsableArguments {
    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel = ProcessInfo.processInfo.environment["KUMO_LOG_LEVEL"] ?? "info"
}
