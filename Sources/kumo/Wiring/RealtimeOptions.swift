import ArgumentParser
import Foundation
import KumoRealtime

/// `kumo serve` options of realtime subscriptions (docs/wire/realtime.md, docs/configuration.md#realtime): on by
/// default on the API port's plain HTTP/1 connections, with the limits of ``RealtimeConfiguration``.
struct RealtimeOptions: ParsableArguments {
    @Option(
        name: .customLong("realtime"),
        help: ArgumentHelp("on or off: upgrade GET /2013-09-01/realtime to a WebSocket for subscriptions (default: on).", valueName: "on|off"))
    var realtimeOption: String?

    @Option(
        name: .customLong("realtime-max-subscriptions"),
        help: ArgumentHelp("Subscriptions one realtime connection may hold (default: 100).", valueName: "count"))
    var maximumSubscriptionsOption: Int?

    @Option(
        name: .customLong("realtime-max-connections"),
        help: ArgumentHelp("Realtime connections one application may have on this instance (default: 10000).", valueName: "count"))
    var maximumConnectionsOption: Int?

    @Option(
        name: .customLong("realtime-max-message-bytes"),
        help: ArgumentHelp("Largest message a realtime client may send (default: 65536).", valueName: "bytes"))
    var maximumMessageBytesOption: Int?

    @Option(
        name: .customLong("realtime-ping-interval"),
        help: ArgumentHelp("Seconds between the server's pings; an unanswered ping closes the connection (default: 30).", valueName: "seconds"))
    var pingIntervalOption: Double?

    @Option(
        name: .customLong("realtime-queue-limit"),
        help: ArgumentHelp("Messages and events waiting for one connection before it is closed as too slow (default: 1000).", valueName: "count"))
    var queueLimitOption: Int?

    @Option(
        name: .customLong("realtime-max-regex-subscriptions"),
        help: ArgumentHelp("Subscriptions with a $regex one realtime connection may hold (10).", valueName: "count"))
    var maximumRegexSubscriptionsOption: Int?

    @Option(
        name: .customLong("realtime-max-where-bytes"),
        help: ArgumentHelp("Bytes the wheres of one connection's subscriptions may hold together (65536).", valueName: "bytes"))
    var maximumWhereBytesOption: Int?

    @Option(
        name: .customLong("realtime-subscription-budget"),
        help: ArgumentHelp(
            "Milliseconds one subscription's where may work on one change; past it the subscription ends (10).",
            valueName: "milliseconds"))
    var subscriptionBudgetOption: Int?

    @Option(
        name: .customLong("realtime-change-budget"),
        help: ArgumentHelp(
            "Milliseconds the matching of one change may work in all; subscriptions left unevaluated end (100).",
            valueName: "milliseconds"))
    var changeBudgetOption: Int?

    private var environment: [String: String] { ProcessInfo.processInfo.environment }

    /// Whether realtime is served.
    var isOn: Bool { (realtimeOption ?? environment["KUMO_REALTIME"] ?? "on").lowercased() == "on" }

    /// The limits.
    var configuration: RealtimeConfiguration {
        var configuration = RealtimeConfiguration()
        func set<Value>(_ limit: WritableKeyPath<RealtimeConfiguration, Value>, _ value: Value?) {
            if let value { configuration[keyPath: limit] = value }
        }
        set(\.maximumSubscriptionsPerConnection, ServeSettings.value(maximumSubscriptionsOption, "KUMO_REALTIME_MAX_SUBSCRIPTIONS"))
        set(\.maximumConnectionsPerApplication, ServeSettings.value(maximumConnectionsOption, "KUMO_REALTIME_MAX_CONNECTIONS"))
        set(\.maximumMessageBytes, ServeSettings.value(maximumMessageBytesOption, "KUMO_REALTIME_MAX_MESSAGE_BYTES"))
        set(
            \.pingInterval,
            ServeSettings.value(pingIntervalOption, "KUMO_REALTIME_PING_INTERVAL").map { .milliseconds(Int64($0 * 1000)) })
        set(\.maximumQueuedItems, ServeSettings.value(queueLimitOption, "KUMO_REALTIME_QUEUE_LIMIT"))
        set(
            \.maximumRegexSubscriptionsPerConnection,
            ServeSettings.value(maximumRegexSubscriptionsOption, "KUMO_REALTIME_MAX_REGEX_SUBSCRIPTIONS"))
        set(\.maximumWhereBytesPerConnection, ServeSettings.value(maximumWhereBytesOption, "KUMO_REALTIME_MAX_WHERE_BYTES"))
        set(
            \.subscriptionMatchBudget,
            ServeSettings.value(subscriptionBudgetOption, "KUMO_REALTIME_SUBSCRIPTION_BUDGET").map { .milliseconds($0) })
        set(\.changeMatchBudget, ServeSettings.value(changeBudgetOption, "KUMO_REALTIME_CHANGE_BUDGET").map { .milliseconds($0) })
        return configuration
    }

    func validate() throws {
        if let realtimeOption, !["on", "off"].contains(realtimeOption.lowercased()) {
            throw ValidationError("--realtime takes on or off, not \"\(realtimeOption)\"")
        }
        // The ranges are the settings' own (ServeSettings.all), which also checked the environment's values.
        let flags: [(String, (any LosslessStringConvertible)?)] = [
            ("--realtime-max-subscriptions", maximumSubscriptionsOption), ("--realtime-max-connections", maximumConnectionsOption),
            ("--realtime-max-message-bytes", maximumMessageBytesOption), ("--realtime-ping-interval", pingIntervalOption),
            ("--realtime-queue-limit", queueLimitOption), ("--realtime-max-regex-subscriptions", maximumRegexSubscriptionsOption),
            ("--realtime-max-where-bytes", maximumWhereBytesOption), ("--realtime-subscription-budget", subscriptionBudgetOption),
            ("--realtime-change-budget", changeBudgetOption),
        ]
        if let problem = ServeSettings.checkFlags(flags) { throw ValidationError(problem) }
    }
}
