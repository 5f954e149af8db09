import ArgumentParser
import Foundation
import KumoOperations
import KumoSeams
import KumoServer
import KumoTransport
import Logging

/// `kumo serve` options of issue 16 (operations): the metrics listener, the log format, the access log and the proxies
/// trusted to name the client. Each has an environment variable; the flag wins (docs/configuration.md#kumo-serve).
struct OperationsOptions: ParsableArguments {
    @Option(
        name: .customLong("metrics-port"),
        help: ArgumentHelp("Serve Prometheus metrics at http://<metrics-host>:<port>/metrics; 0 picks a free port (default: off).", valueName: "port"))
    var metricsPortOption: Int?

    @Option(
        name: .customLong("metrics-host"),
        help: ArgumentHelp("Address of the metrics listener (default: 127.0.0.1, which keeps it off the public network).", valueName: "address"))
    var metricsHostOption: String?

    @Option(name: .customLong("log-format"), help: ArgumentHelp("logfmt or json: how every log line is written (default: logfmt).", valueName: "format"))
    var logFormatOption: String?

    @Option(
        name: .customLong("access-log"),
        help: ArgumentHelp("on or off: one line per request at info (default: on).", valueName: "on|off"))
    var accessLogOption: String?

    @Option(
        name: .customLong("trusted-proxy"),
        help: ArgumentHelp(
            "An address or CIDR range whose X-Forwarded-For names the client (repeatable; KUMO_TRUSTED_PROXIES is comma-separated).",
            valueName: "address"))
    var trustedProxyOptions: [String] = []

    @Option(
        name: .customLong("stall-threshold-ms"),
        help: ArgumentHelp(
            "Log and count event-loop ticks at least this long (warning, kumo_event_loop_stalls_total); 0 turns it off (default: 100).",
            valueName: "milliseconds"))
    var stallThresholdOption: Double?

    private var environment: [String: String] { ProcessInfo.processInfo.environment }

    /// The metrics listener's port, or `nil` when metrics are off.
    var metricsPort: Int? { ServeSettings.value(metricsPortOption, "KUMO_METRICS_PORT") }
    /// The metrics listener's address.
    var metricsHost: String { metricsHostOption ?? environment["KUMO_METRICS_HOST"] ?? "127.0.0.1" }
    /// The log format.
    var logFormat: LogFormat { LogFormat(rawValue: logFormatOption ?? environment["KUMO_LOG_FORMAT"] ?? "logfmt") ?? .logfmt }
    /// Whether the access log is written.
    var writesAccessLog: Bool { (accessLogOption ?? environment["KUMO_ACCESS_LOG"] ?? "on") == "on" }
    /// The trusted proxies' texts, flags first.
    private var trustedProxyTexts: [String] {
        guard trustedProxyOptions.isEmpty else { return trustedProxyOptions }
        return ServeSettings.list("KUMO_TRUSTED_PROXIES")
    }
    /// The event-loop stall threshold in milliseconds; 0 turns the tracer off.
    var stallThresholdMilliseconds: Double {
        ServeSettings.value(stallThresholdOption, "KUMO_STALL_THRESHOLD_MS") ?? 100
    }

    /// The trusted proxies (validated by ``validate()``).
    var trustedProxies: [AddressRange] { trustedProxyTexts.compactMap(AddressRange.init) }

    func validate() throws {
        // The environment's and the file's values were checked against their kinds before parsing (`Kumo.main`).
        if let port = metricsPort, !(0...65_535).contains(port) {
            throw ValidationError("\(ServeSettings.source(ofFlag: "--metrics-port")) takes 0…65535, not \(port)")
        }
        if let format = logFormatOption, LogFormat(rawValue: format) == nil {
            throw ValidationError("--log-format takes logfmt or json, not \"\(format)\"")
        }
        if let accessLog = accessLogOption, !["on", "off"].contains(accessLog) {
            throw ValidationError("--access-log takes on or off, not \"\(accessLog)\"")
        }
        if let threshold = stallThresholdOption, !(threshold >= 0 && threshold <= 60_000) {
            throw ValidationError("--stall-threshold-ms takes 0 (off) to 60000 milliseconds, not \(threshold)")
        }
        for text in trustedProxyTexts where AddressRange(text) == nil {
            throw ValidationError(
                "\(ServeSettings.source(ofFlag: "--trusted-proxy")) takes IP addresses or CIDR ranges (10.0.0.0/8, ::1), not \"\(text)\"")
        }
    }
}
