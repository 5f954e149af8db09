import Foundation

/// Every setting of `kumo serve` with its three sources (docs/configuration.md#how-settings-are-read): the flag, the
/// environment variable and the key of the configuration file, which is the flag's name without its dashes.
///
/// Flags win over the environment, which wins over the file: the file's values are put into the environment of the
/// process before the flags are parsed, for the variables the environment does not set (``ConfigurationFile``). Every
/// value from the environment or the file is checked here against its kind before anything starts, so that a mistyped
/// value stops `kumo serve` with a message naming where it came from, never turning silently into a default.
struct ServeSetting: Sendable {
    /// What a setting's text may be.
    enum Kind: Sendable {
        /// Any text.
        case text
        /// A whole number in a range.
        case integer(ClosedRange<Int>)
        /// A number (seconds, rates) in a range.
        case number(ClosedRange<Double>)
        /// One of a few words.
        case choice([String])
        /// Several texts: repeated flags, a comma-separated variable, a JSON array in the file.
        case list
    }

    /// The file's key: the flag without `--`.
    let key: String
    /// The environment variable.
    let environment: String
    /// What the text may be.
    let kind: Kind
    /// The default, as `--check-config` prints it.
    let defaultText: String
    /// Whether `--check-config` masks it (a database URL's password).
    var isSecret = false
    /// Whether `--check-config` hides its whole value (a credential).
    var hidesValue = false

    /// The flag.
    var flag: String { "--" + key }

    /// What the kind allows, for messages.
    var allowed: String {
        switch kind {
        case .text: "text"
        case .integer(let range): "a whole number from \(range.lowerBound) to \(range.upperBound)"
        case .number(let range): "a number from \(ServeSetting.plain(range.lowerBound)) to \(ServeSetting.plain(range.upperBound))"
        case .choice(let words): words.map { "\"\($0)\"" }.joined(separator: ", ").replacingLastComma()
        case .list: "a list of texts"
        }
    }

    /// Whether `text` fits the kind.
    func accepts(_ text: String) -> Bool {
        switch kind {
        case .text, .list: true
        case .integer(let range): Int(text.trimmingCharacters(in: .whitespaces)).map(range.contains) ?? false
        case .number(let range): Double(text.trimmingCharacters(in: .whitespaces)).map { $0.isFinite && range.contains($0) } ?? false
        case .choice(let words): words.contains(text.lowercased())
        }
    }

    private static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

extension String {
    /// `"a", "b", "c"` → `"a", "b" or "c"`.
    fileprivate func replacingLastComma() -> String {
        guard let range = range(of: ", ", options: .backwards) else { return self }
        return replacingCharacters(in: range, with: " or ")
    }
}

/// The settings of `kumo serve`, in the order of docs/configuration.md.
enum ServeSettings {
    static let all: [ServeSetting] = [
        .init(key: "host", environment: "KUMO_HTTP_HOST", kind: .text, defaultText: "127.0.0.1"),
        .init(key: "port", environment: "KUMO_HTTP_PORT", kind: .integer(0...65_535), defaultText: "8080"),
        .init(key: "api-host", environment: "KUMO_API_HOSTS", kind: .list, defaultText: "(none)"),
        .init(key: "body-size-limit", environment: "KUMO_BODY_SIZE_LIMIT", kind: .integer(1...Int(Int32.max)), defaultText: "16777216"),
        .init(key: "public-url", environment: "KUMO_PUBLIC_URL", kind: .text, defaultText: "http://<host>:<port>"),
        .init(
            key: "log-level", environment: "KUMO_LOG_LEVEL",
            kind: .choice(["trace", "debug", "info", "notice", "warning", "error", "critical"]), defaultText: "info"),
        .init(key: "log-format", environment: "KUMO_LOG_FORMAT", kind: .choice(["logfmt", "json"]), defaultText: "logfmt"),
        .init(key: "access-log", environment: "KUMO_ACCESS_LOG", kind: .choice(["on", "off"]), defaultText: "on"),
        .init(key: "trusted-proxy", environment: "KUMO_TRUSTED_PROXIES", kind: .list, defaultText: "(none)"),
        .init(key: "metrics-port", environment: "KUMO_METRICS_PORT", kind: .integer(0...65_535), defaultText: "(off)"),
        .init(key: "metrics-host", environment: "KUMO_METRICS_HOST", kind: .text, defaultText: "127.0.0.1"),
        .init(key: "stall-threshold-ms", environment: "KUMO_STALL_THRESHOLD_MS", kind: .number(0...60_000), defaultText: "100"),
        .init(key: "max-clock-skew", environment: "KUMO_MAX_CLOCK_SKEW", kind: .integer(1...31_536_000), defaultText: "(off)"),
        .init(key: "idle-timeout", environment: "KUMO_IDLE_TIMEOUT", kind: .number(0.001...86_400), defaultText: "60"),
        .init(key: "header-timeout", environment: "KUMO_HEADER_TIMEOUT", kind: .number(0.001...86_400), defaultText: "10"),
        .init(key: "body-timeout", environment: "KUMO_BODY_TIMEOUT", kind: .number(0.001...86_400), defaultText: "30"),
        .init(key: "max-connections", environment: "KUMO_MAX_CONNECTIONS", kind: .integer(1...1_000_000), defaultText: "4096"),
        .init(key: "query-time-limit", environment: "KUMO_QUERY_TIME_LIMIT", kind: .number(0...3600), defaultText: "5"),
        .init(key: "slow-query-ms", environment: "KUMO_SLOW_QUERY_MS", kind: .number(0...600_000), defaultText: "100"),
        .init(key: "auto-index", environment: "KUMO_AUTO_INDEX", kind: .choice(["on", "off"]), defaultText: "off"),
        .init(
            key: "max-body-bytes-in-flight", environment: "KUMO_MAX_BODY_BYTES_IN_FLIGHT", kind: .integer(1...Int(Int32.max)),
            defaultText: "67108864"),
        .init(
            key: "max-fields-per-object", environment: "KUMO_MAX_FIELDS_PER_OBJECT", kind: .integer(1...10_000_000), defaultText: "10000"),
        .init(key: "rate-limit-per-address", environment: "KUMO_RATE_LIMIT_PER_ADDRESS", kind: .number(0...1_000_000), defaultText: "300"),
        .init(
            key: "rate-limit-per-application", environment: "KUMO_RATE_LIMIT_PER_APPLICATION", kind: .number(0...1_000_000),
            defaultText: "5000"),
        .init(key: "password-hash-cost", environment: "KUMO_PASSWORD_HASH_COST", kind: .integer(4...31), defaultText: "10"),
        .init(key: "sign-in-limit", environment: "KUMO_SIGN_IN_LIMIT", kind: .integer(0...1_000_000), defaultText: "5"),
        .init(
            key: "sign-in-limit-per-account", environment: "KUMO_SIGN_IN_LIMIT_PER_ACCOUNT", kind: .integer(0...1_000_000),
            defaultText: "20"),
        .init(
            key: "sign-in-limit-per-address", environment: "KUMO_SIGN_IN_LIMIT_PER_ADDRESS", kind: .integer(0...1_000_000),
            defaultText: "100"),
        .init(key: "sign-in-window", environment: "KUMO_SIGN_IN_WINDOW", kind: .integer(1...604_800), defaultText: "900"),
        .init(key: "mail-request-limit", environment: "KUMO_MAIL_REQUEST_LIMIT", kind: .integer(0...1_000_000), defaultText: "5"),
        .init(
            key: "mail-request-limit-per-address", environment: "KUMO_MAIL_REQUEST_LIMIT_PER_ADDRESS", kind: .integer(0...1_000_000),
            defaultText: "20"),
        .init(key: "mail-request-window", environment: "KUMO_MAIL_REQUEST_WINDOW", kind: .integer(1...604_800), defaultText: "3600"),
        .init(key: "dashboard", environment: "KUMO_DASHBOARD", kind: .choice(["on", "off"]), defaultText: "on"),
        .init(key: "dashboard-host", environment: "KUMO_DASHBOARD_HOST", kind: .text, defaultText: "<host>"),
        .init(key: "dashboard-port", environment: "KUMO_DASHBOARD_PORT", kind: .integer(0...65_535), defaultText: "(the API port)"),
        .init(
            key: "dashboard-password-hash-cost", environment: "KUMO_DASHBOARD_PASSWORD_HASH_COST", kind: .integer(4...31),
            defaultText: "12"),
        .init(key: "realtime", environment: "KUMO_REALTIME", kind: .choice(["on", "off"]), defaultText: "on"),
        .init(
            key: "realtime-max-subscriptions", environment: "KUMO_REALTIME_MAX_SUBSCRIPTIONS", kind: .integer(1...100_000),
            defaultText: "100"),
        .init(
            key: "realtime-max-connections", environment: "KUMO_REALTIME_MAX_CONNECTIONS", kind: .integer(1...1_000_000),
            defaultText: "10000"),
        .init(
            key: "realtime-max-message-bytes", environment: "KUMO_REALTIME_MAX_MESSAGE_BYTES", kind: .integer(1024...16_777_216),
            defaultText: "65536"),
        .init(key: "realtime-ping-interval", environment: "KUMO_REALTIME_PING_INTERVAL", kind: .number(1...3600), defaultText: "30"),
        .init(key: "realtime-queue-limit", environment: "KUMO_REALTIME_QUEUE_LIMIT", kind: .integer(10...1_000_000), defaultText: "1000"),
        .init(
            key: "realtime-max-regex-subscriptions", environment: "KUMO_REALTIME_MAX_REGEX_SUBSCRIPTIONS", kind: .integer(0...100_000),
            defaultText: "10"),
        .init(
            key: "realtime-max-where-bytes", environment: "KUMO_REALTIME_MAX_WHERE_BYTES", kind: .integer(1024...16_777_216),
            defaultText: "65536"),
        .init(
            key: "realtime-subscription-budget", environment: "KUMO_REALTIME_SUBSCRIPTION_BUDGET", kind: .integer(1...10_000),
            defaultText: "10"),
        .init(
            key: "realtime-change-budget", environment: "KUMO_REALTIME_CHANGE_BUDGET", kind: .integer(1...60_000), defaultText: "100"),
        .init(key: "data-dir", environment: "KUMO_DATA_DIR", kind: .text, defaultText: "./kumo-data"),
        .init(key: "database", environment: "KUMO_DATABASE", kind: .text, defaultText: "sqlite", isSecret: true),
        .init(key: "database-timeout", environment: "KUMO_DATABASE_TIMEOUT", kind: .number(0.001...3600), defaultText: "5"),
        .init(
            key: "database-maximum-connections", environment: "KUMO_DATABASE_MAXIMUM_CONNECTIONS", kind: .integer(1...10_000),
            defaultText: "20"),
        .init(key: "sqlite-synchronous", environment: "KUMO_STORAGE_SQLITE_SYNCHRONOUS", kind: .choice(["full", "normal"]), defaultText: "full"),
        .init(key: "file-storage", environment: "KUMO_FILE_STORAGE", kind: .text, defaultText: "default"),
        .init(key: "s3-endpoint", environment: "KUMO_S3_ENDPOINT", kind: .text, defaultText: "(AWS's endpoint of the region)"),
        .init(key: "s3-region", environment: "AWS_REGION", kind: .text, defaultText: "us-east-1"),
        .init(key: "s3-addressing", environment: "KUMO_S3_ADDRESSING", kind: .choice(["path", "virtual"]), defaultText: "(path with --s3-endpoint)"),
        .init(key: "s3-access-key-id", environment: "AWS_ACCESS_KEY_ID", kind: .text, defaultText: "(none)", hidesValue: true),
        .init(key: "s3-secret-access-key", environment: "AWS_SECRET_ACCESS_KEY", kind: .text, defaultText: "(none)", hidesValue: true),
        .init(key: "s3-session-token", environment: "AWS_SESSION_TOKEN", kind: .text, defaultText: "(none)", hidesValue: true),
        .init(key: "backup-every", environment: "KUMO_BACKUP_EVERY", kind: .text, defaultText: "(off)"),
        .init(key: "backup-keep", environment: "KUMO_BACKUP_KEEP", kind: .integer(1...100_000), defaultText: "14"),
        .init(key: "backup-dir", environment: "KUMO_BACKUP_DIR", kind: .text, defaultText: "<data-dir>/backups"),
        .init(key: "mail-transport", environment: "KUMO_MAIL_TRANSPORT", kind: .choice(["file", "sendmail"]), defaultText: "file"),
        .init(key: "mail-directory", environment: "KUMO_MAIL_DIRECTORY", kind: .text, defaultText: "<data-dir>/mail"),
        .init(key: "sendmail-command", environment: "KUMO_SENDMAIL_COMMAND", kind: .text, defaultText: "/usr/sbin/sendmail"),
        .init(key: "sendmail-argument", environment: "KUMO_SENDMAIL_ARGUMENTS", kind: .list, defaultText: "-t, -i"),
        .init(key: "node", environment: "KUMO_NODE", kind: .text, defaultText: "node on PATH"),
        .init(key: "scripts-modules", environment: "KUMO_SCRIPTS_MODULES", kind: .text, defaultText: "(none)"),
        .init(key: "scripts-workers", environment: "KUMO_SCRIPTS_WORKERS", kind: .integer(1...256), defaultText: "8"),
        .init(key: "scripts-heap-mb", environment: "KUMO_SCRIPTS_HEAP_MB", kind: .integer(16...16_384), defaultText: "128"),
        .init(key: "scripts-log-days", environment: "KUMO_SCRIPTS_LOG_DAYS", kind: .integer(1...3650), defaultText: "7"),
        .init(key: "tls-certificate-chain", environment: "KUMO_TLS_CERTIFICATE_CHAIN", kind: .text, defaultText: "(plain HTTP)"),
        .init(key: "tls-private-key", environment: "KUMO_TLS_PRIVATE_KEY", kind: .text, defaultText: "(plain HTTP)"),
        .init(key: "apns-url", environment: "KUMO_APNS_URL", kind: .text, defaultText: "https://api.push.apple.com"),
        .init(key: "apns-sandbox-url", environment: "KUMO_APNS_SANDBOX_URL", kind: .text, defaultText: "https://api.sandbox.push.apple.com"),
        .init(key: "fcm-url", environment: "KUMO_FCM_URL", kind: .text, defaultText: "https://fcm.googleapis.com"),
        .init(key: "fcm-token-url", environment: "KUMO_FCM_TOKEN_URL", kind: .text, defaultText: "(each service account's token_uri)"),
        .init(key: "push-trust-roots", environment: "KUMO_PUSH_TRUST_ROOTS", kind: .text, defaultText: "(system roots only)"),
        .init(key: "push-outcome-days", environment: "KUMO_PUSH_OUTCOME_DAYS", kind: .integer(1...3650), defaultText: "30"),
        .init(
            key: "dashboard-audit-days", environment: "KUMO_DASHBOARD_AUDIT_DAYS", kind: .integer(0...3650), defaultText: "365"),
        .init(
            key: "dashboard-import-lease-seconds", environment: "KUMO_DASHBOARD_IMPORT_LEASE_SECONDS", kind: .integer(1...3600),
            defaultText: "60"),
    ]

    /// A flag's value, else its environment variable's read as `Value` (the configuration file's values arrive as
    /// variables); blanks around the variable's text are ignored, as ``checkEnvironment(_:)`` ignores them.
    static func value<Value: LosslessStringConvertible>(_ option: Value?, _ variable: String) -> Value? {
        option ?? ProcessInfo.processInfo.environment[variable].flatMap { Value($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// Checks the values given as flags against their settings' kinds (the environment's were checked before parsing,
    /// ``checkEnvironment(_:)``).
    ///
    /// - Returns: the message for the first value that does not fit, naming the flag, or `nil`.
    static func checkFlags(_ values: [(flag: String, value: (any LosslessStringConvertible)?)]) -> String? {
        for case (let flag, let value?) in values {
            guard let setting = all.first(where: { $0.flag == flag }), !setting.accepts(value.description) else { continue }
            return "\(flag) takes \(setting.allowed), not \(value)"
        }
        return nil
    }

    /// The texts of a comma-separated variable, trimmed, without empty ones.
    static func list(_ variable: String) -> [String] {
        (ProcessInfo.processInfo.environment[variable] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }

    /// The setting of a file key.
    static func setting(key: String) -> ServeSetting? { all.first { $0.key == key } }

    /// The variables the configuration file set (variable → file path), for messages and `--check-config`.
    nonisolated(unsafe) static var fromFile: [String: String] = [:]

    /// The command line of this process.
    static var arguments: [String] { CommandLine.arguments }

    /// Whether the flag was given on the command line.
    static func isGivenAsFlag(_ setting: ServeSetting) -> Bool {
        arguments.contains { $0 == setting.flag || $0.hasPrefix(setting.flag + "=") }
    }

    /// Where `setting`'s value comes from, as messages name it: the flag, the variable, or the key in the file.
    static func source(of setting: ServeSetting) -> String {
        if isGivenAsFlag(setting) { return setting.flag }
        if let file = fromFile[setting.environment] { return "\"\(setting.key)\" in \(file)" }
        if ProcessInfo.processInfo.environment[setting.environment] != nil { return setting.environment }
        return setting.flag
    }

    /// Where the value of the setting with `flag` (`--port`) comes from; the flag itself when unknown.
    static func source(ofFlag flag: String) -> String {
        guard let setting = all.first(where: { $0.flag == flag }) else { return flag }
        return source(of: setting)
    }

    /// Checks every environment value (including the file's) against its setting's kind, also where a flag overrides
    /// it: a mistyped variable would otherwise surface only the day the flag is dropped.
    ///
    /// - Returns: the message for the first value that does not fit, naming the variable or the file's key, or `nil`.
    static func checkEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        for setting in all {
            guard let text = environment[setting.environment], !setting.accepts(text) else { continue }
            let source = fromFile[setting.environment].map { "\"\(setting.key)\" in \($0)" } ?? setting.environment
            return "\(source) takes \(setting.allowed), not \"\(text)\""
        }
        return nil
    }

    /// The effective value of every setting and where it comes from, for `kumo serve --check-config`.
    static func effectiveConfiguration(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        var lines: [String] = []
        let width = all.map(\.key.count).max() ?? 0
        for setting in all {
            let (value, origin): (String, String)
            if let flagged = flagValues(setting), !flagged.isEmpty {
                (value, origin) = (flagged.joined(separator: ", "), "flag \(setting.flag)")
            } else if let text = environment[setting.environment] {
                let source = fromFile[setting.environment].map { "file \($0)" } ?? "environment \(setting.environment)"
                (value, origin) = (text, source)
            } else {
                (value, origin) = (setting.defaultText, "default")
            }
            let shown = setting.hidesValue && origin != "default" ? "(set, not shown)" : setting.isSecret ? mask(value) : value
            lines.append(setting.key.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + shown + "  (" + origin + ")")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The values given on the command line for `setting` (`--x v`, `--x=v`, repeated), `nil` when none.
    static func flagValues(_ setting: ServeSetting) -> [String]? {
        var values: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == setting.flag, index + 1 < arguments.endIndex {
                values.append(arguments[index + 1])
                index += 2
                continue
            }
            if argument.hasPrefix(setting.flag + "=") { values.append(String(argument.dropFirst(setting.flag.count + 1))) }
            index += 1
        }
        return values.isEmpty ? nil : values
    }

    /// A URL with its password replaced by `****` (`postgres://kumo:****@db/kumo`); other text unchanged.
    static func mask(_ value: String) -> String {
        guard let schemeEnd = value.range(of: "://"), let at = value[schemeEnd.upperBound...].firstIndex(of: "@") else { return value }
        let credentials = value[schemeEnd.upperBound..<at]
        guard let colon = credentials.firstIndex(of: ":") else { return value }
        return String(value[..<value.index(after: colon)]) + "****" + String(value[at...])
    }
}
