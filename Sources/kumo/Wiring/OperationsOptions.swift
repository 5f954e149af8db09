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
    @Option(setting: "metrics-port")
    var metricsPortOption: Int?

    @Option(setting: "metrics-host")
    var metricsHostOption: String?

    @Option(setting: "log-format")
    var logFormatOption: String?

    @Option(setting: "access-log")
    var accessLogOption: String?

    @Option(setting: "trusted-proxy")
    var trustedProxyOptions: [String] = []

    @Option(setting: "stall-threshold-ms")
    var stallThresholdOption: Double?

    private var environment: [String: String] { ProcessInfo.processInfo.environment }

    /// The metrics listener's port, or `nil` when metrics are off.
    var metricsPort: Int? { ServeSettings.value(metricsPortOption, "KUMO_METRICS_PORT") }
    /// The metrics listener's address.
    var metricsHost: String { metricsHostOption ?? environment["KUMO_METRICS_HOST"] ?? "127.0.0.1" }
    /// The log format, in any letter case like the other choices (the variable's was checked before parsing).
    var logFormat: LogFormat {
        LogFormat(rawValue: (logFormatOption ?? environment["KUMO_LOG_FORMAT"] ?? "logfmt").lowercased()) ?? .logfmt
    }
    /// Whether the access log is written.
    var writesAccessLog: Bool { ServeSettings.isOn(accessLogOption, key: "access-log") }
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
        if let format = logFormatOption, LogFormat(rawValue: format.lowercased()) == nil {
            throw ValidationError("--log-format takes logfmt or json, not \"\(format)\"")
        }
        try ServeSettings.checkOnOff(accessLogOption, key: "access-log")
        if let threshold = stallThresholdOption, !(threshold >= 0 && threshold <= 60_000) {
            throw ValidationError("--stall-threshold-ms takes 0 (off) to 60000 milliseconds, not \(threshold)")
        }
        for text in trustedProxyTexts where AddressRange(text) == nil {
            throw ValidationError(
                "\(ServeSettings.source(ofFlag: "--trusted-proxy")) takes IP addresses or CIDR ranges (10.0.0.0/8, ::1), not \"\(text)\"")
        }
    }
}
