import ArgumentParser
import Foundation
import KumoRealtime

/// `kumo serve` options of realtime subscriptions (docs/wire/realtime.md, docs/configuration.md#realtime): on by
/// default on the API port's plain HTTP/1 connections, with the limits of ``RealtimeConfiguration``.
struct RealtimeOptions: ParsableArguments {
    @Option(setting: "realtime")
    var realtimeOption: String?

    @Option(setting: "realtime-max-subscriptions")
    var maximumSubscriptionsOption: Int?

    @Option(setting: "realtime-max-connections")
    var maximumConnectionsOption: Int?

    @Option(setting: "realtime-max-message-bytes")
    var maximumMessageBytesOption: Int?

    @Option(setting: "realtime-ping-interval")
    var pingIntervalOption: Double?

    @Option(setting: "realtime-queue-limit")
    var queueLimitOption: Int?

    @Option(setting: "realtime-max-regex-subscriptions")
    var maximumRegexSubscriptionsOption: Int?

    @Option(setting: "realtime-max-where-bytes")
    var maximumWhereBytesOption: Int?

    @Option(setting: "realtime-subscription-budget")
    var subscriptionBudgetOption: Int?

    @Option(setting: "realtime-change-budget")
    var changeBudgetOption: Int?

    /// Whether realtime is served.
    var isOn: Bool { ServeSettings.isOn(realtimeOption, key: "realtime") }

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
        try ServeSettings.checkOnOff(realtimeOption, key: "realtime")
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
