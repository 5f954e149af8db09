import ArgumentParser
import Foundation
import KumoServer
import KumoStorage
import Logging

#if canImport(Glibc)
    import Glibc
#endif

/// `kumo serve` options of issue 13 (hardening): the replay window and what one client may hold of the server. Each has
/// an environment variable; the flag wins (docs/configuration.md#kumo-serve).
struct HardeningOptions: ParsableArguments {
    @Option(setting: "max-clock-skew")
    var maximumClockSkewOption: Int?

    @Option(setting: "idle-timeout")
    var idleTimeoutOption: Double?

    @Option(setting: "header-timeout")
    var headerTimeoutOption: Double?

    @Option(setting: "body-timeout")
    var bodyTimeoutOption: Double?

    @Option(setting: "max-connections")
    var maximumConnectionsOption: Int?

    @Option(setting: "query-time-limit")
    var queryTimeLimitOption: Double?

    @Option(setting: "rate-limit-per-address")
    var rateLimitPerAddressOption: Double?

    @Option(setting: "rate-limit-per-application")
    var rateLimitPerApplicationOption: Double?

    @Option(setting: "max-body-bytes-in-flight")
    var maximumBodyBytesInFlightOption: Int?

    @Option(setting: "max-fields-per-object")
    var maximumFieldsPerObjectOption: Int?

    var maximumClockSkewSeconds: Int? { ServeSettings.value(maximumClockSkewOption, "KUMO_MAX_CLOCK_SKEW") }
    var idleTimeoutSeconds: Double? { ServeSettings.value(idleTimeoutOption, "KUMO_IDLE_TIMEOUT") }
    var headerTimeoutSeconds: Double? { ServeSettings.value(headerTimeoutOption, "KUMO_HEADER_TIMEOUT") }
    var bodyTimeoutSeconds: Double? { ServeSettings.value(bodyTimeoutOption, "KUMO_BODY_TIMEOUT") }
    var maximumConnections: Int? { ServeSettings.value(maximumConnectionsOption, "KUMO_MAX_CONNECTIONS") }
    var rateLimitPerAddress: Double? { ServeSettings.value(rateLimitPerAddressOption, "KUMO_RATE_LIMIT_PER_ADDRESS") }
    var rateLimitPerApplication: Double? { ServeSettings.value(rateLimitPerApplicationOption, "KUMO_RATE_LIMIT_PER_APPLICATION") }
    var maximumBodyBytesInFlight: Int? { ServeSettings.value(maximumBodyBytesInFlightOption, "KUMO_MAX_BODY_BYTES_IN_FLIGHT") }
    var queryTimeLimitSeconds: Double? { ServeSettings.value(queryTimeLimitOption, "KUMO_QUERY_TIME_LIMIT") }
    var maximumFieldsPerObject: Int? { ServeSettings.value(maximumFieldsPerObjectOption, "KUMO_MAX_FIELDS_PER_OBJECT") }

    /// How large an object may become (docs/decisions/0112-linear-writes-planned-outside-the-writer.md): at most
    /// `--max-fields-per-object` fields and `--body-size-limit` bytes of stored JSON.
    func objectLimits(maximumBodySize: Int) -> ObjectLimits {
        ObjectLimits(
            maximumFields: maximumFieldsPerObject ?? ObjectLimits.standard.maximumFields, maximumEncodedBytes: maximumBodySize)
    }

    /// The work budget of reads (docs/decisions/0067-work-budget.md): ``ReadLimits/serving`` with the time limit of
    /// `--query-time-limit`.
    var readLimits: ReadLimits {
        var limits = ReadLimits.serving
        if let seconds = queryTimeLimitSeconds { limits.timeLimit = seconds == 0 ? nil : .milliseconds(Int64(seconds * 1000)) }
        return limits
    }

    func validate() throws {
        // The environment's and the file's values were checked against their kinds before parsing (`Kumo.main`), blanks
        // around them ignored as ``ServeSettings/value(_:_:)`` reads them.
        if let skew = maximumClockSkewSeconds, skew < 1 {
            throw ValidationError("\(ServeSettings.source(ofFlag: "--max-clock-skew")) must be at least 1 second")
        }
        for (name, seconds) in [
            ("--idle-timeout", idleTimeoutSeconds), ("--header-timeout", headerTimeoutSeconds), ("--body-timeout", bodyTimeoutSeconds),
        ] {
            if let seconds, !(seconds > 0 && seconds <= 86_400) {
                throw ValidationError("\(ServeSettings.source(ofFlag: name)) takes more than 0 and at most 86400 seconds")
            }
        }
        for (name, rate) in [("--rate-limit-per-address", rateLimitPerAddress), ("--rate-limit-per-application", rateLimitPerApplication)] {
            if let rate, !(rate >= 0 && rate <= 1_000_000) {
                throw ValidationError("\(ServeSettings.source(ofFlag: name)) takes 0 (no limit) to 1000000 requests a second")
            }
        }
        if let seconds = queryTimeLimitSeconds, !(seconds >= 0 && seconds <= 3600) {
            throw ValidationError("\(ServeSettings.source(ofFlag: "--query-time-limit")) takes 0 (no limit) to 3600 seconds")
        }
        if let bytes = maximumBodyBytesInFlight, bytes < 1 {
            throw ValidationError("\(ServeSettings.source(ofFlag: "--max-body-bytes-in-flight")) must be at least 1")
        }
        if let fields = maximumFieldsPerObject, !(1...10_000_000).contains(fields) {
            throw ValidationError("\(ServeSettings.source(ofFlag: "--max-fields-per-object")) takes 1 to 10000000 fields")
        }
        if let maximumConnections, maximumConnections < 1 {
            throw ValidationError("\(ServeSettings.source(ofFlag: "--max-connections")) must be at least 1")
        }
    }

    /// Writes the options into `configuration`; the connection maximum is fitted to the descriptor limit, with a warning
    /// when that limit is low (docs/decisions/0066-connection-hygiene.md).
    func apply(to configuration: inout KumoConfiguration, logger: Logger) {
        configuration.maximumClockSkewSeconds = maximumClockSkewSeconds
        if let idleTimeoutSeconds { configuration.idleTimeoutSeconds = idleTimeoutSeconds }
        if let headerTimeoutSeconds { configuration.headerTimeoutSeconds = headerTimeoutSeconds }
        if let bodyTimeoutSeconds { configuration.bodyTimeoutSeconds = bodyTimeoutSeconds }
        if let maximumBodyBytesInFlight { configuration.maximumBodyBytesInFlight = maximumBodyBytesInFlight }
        configuration.maximumBodyBytesInFlight = max(configuration.maximumBodyBytesInFlight, configuration.maximumBodySize)
        if let rate = rateLimitPerAddress {
            configuration.rateLimitPerAddress = rate == 0 ? nil : RateLimiter.Rate(perSecond: rate, burst: rate * 2)
        }
        if let rate = rateLimitPerApplication {
            configuration.rateLimitPerApplication = rate == 0 ? nil : RateLimiter.Rate(perSecond: rate, burst: rate * 2)
        }
        let wanted = maximumConnections ?? configuration.maximumConnections
        configuration.maximumConnections = DescriptorLimit.fit(connections: wanted, logger: logger)
    }
}

/// The process's file-descriptor limit (`RLIMIT_NOFILE`): raised to the hard limit at start, and the connection
/// maximum kept ``reserve`` descriptors below it.
enum DescriptorLimit {
    /// Descriptors kept for the database, its files, push and mail connections and the listener.
    static let reserve = 128
    /// Below this many descriptors `kumo serve` warns at start.
    static let comfortable = 4096

    /// Raises the soft limit as far as the hard limit allows and returns the connections that fit under it.
    static func fit(connections wanted: Int, logger: Logger) -> Int {
        #if canImport(Glibc)
            var limit = rlimit()
            guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return wanted }
            if limit.rlim_cur < limit.rlim_max {
                var raised = limit
                // RLIM_INFINITY is all bits set; ask for 65,536 then.
                raised.rlim_cur = limit.rlim_max == rlim_t.max ? max(limit.rlim_cur, 65_536) : limit.rlim_max
                if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
            }
            let available = Int(clamping: limit.rlim_cur)
            let fitting = max(1, min(wanted, available - reserve))
            if available < comfortable || fitting < wanted {
                logger.warning(
                    "the file-descriptor limit is low: raise it (ulimit -n, LimitNOFILE=) for more connections",
                    metadata: ["RLIMIT_NOFILE": "\(available)", "maximumConnections": "\(fitting)"])
            }
            return fitting
        #else
            return wanted
        #endif
    }
}
