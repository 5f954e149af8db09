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
        if let value = maximumSubscriptionsOption ?? environment["KUMO_REALTIME_MAX_SUBSCRIPTIONS"].flatMap({ Int($0) }) {
            configuration.maximumSubscriptionsPerConnection = value
        }
        if let value = maximumConnectionsOption ?? environment["KUMO_REALTIME_MAX_CONNECTIONS"].flatMap({ Int($0) }) {
            configuration.maximumConnectionsPerApplication = value
        }
        if let value = maximumMessageBytesOption ?? environment["KUMO_REALTIME_MAX_MESSAGE_BYTES"].flatMap({ Int($0) }) {
            configuration.maximumMessageBytes = value
        }
        if let value = pingIntervalOption ?? environment["KUMO_REALTIME_PING_INTERVAL"].flatMap({ Double($0) }) {
            configuration.pingInterval = .milliseconds(Int64(value * 1000))
        }
        if let value = queueLimitOption ?? environment["KUMO_REALTIME_QUEUE_LIMIT"].flatMap({ Int($0) }) {
            configuration.maximumQueuedItems = value
        }
        if let value = maximumRegexSubscriptionsOption ?? environment["KUMO_REALTIME_MAX_REGEX_SUBSCRIPTIONS"].flatMap({ Int($0) }) {
            configuration.maximumRegexSubscriptionsPerConnection = value
        }
        if let value = maximumWhereBytesOption ?? environment["KUMO_REALTIME_MAX_WHERE_BYTES"].flatMap({ Int($0) }) {
            configuration.maximumWhereBytesPerConnection = value
        }
        if let value = subscriptionBudgetOption ?? environment["KUMO_REALTIME_SUBSCRIPTION_BUDGET"].flatMap({ Int($0) }) {
            configuration.subscriptionMatchBudget = .milliseconds(value)
        }
        if let value = changeBudgetOption ?? environment["KUMO_REALTIME_CHANGE_BUDGET"].flatMap({ Int($0) }) {
            configuration.changeMatchBudget = .milliseconds(value)
        }
        return configuration
    }

    func validate() throws {
        if let realtimeOption, !["on", "off"].contains(realtimeOption.lowercased()) {
            throw ValidationError("--realtime takes on or off, not \"\(realtimeOption)\"")
        }
        if let value = maximumSubscriptionsOption, !(1...100_000).contains(value) {
            throw ValidationError("--realtime-max-subscriptions takes 1 to 100000, not \(value)")
        }
        if let value = maximumConnectionsOption, !(1...1_000_000).contains(value) {
            throw ValidationError("--realtime-max-connections takes 1 to 1000000, not \(value)")
        }
        if let value = maximumMessageBytesOption, !(1024...16_777_216).contains(value) {
            throw ValidationError("--realtime-max-message-bytes takes 1024 to 16777216, not \(value)")
        }
        if let value = pingIntervalOption, !(value >= 1 && value <= 3600) {
            throw ValidationError("--realtime-ping-interval takes 1 to 3600 seconds, not \(value)")
        }
        if let value = queueLimitOption, !(10...1_000_000).contains(value) {
            throw ValidationError("--realtime-queue-limit takes 10 to 1000000, not \(value)")
        }
        if let value = maximumRegexSubscriptionsOption, !(0...100_000).contains(value) {
            throw ValidationError("--realtime-max-regex-subscriptions takes 0 to 100000, not \(value)")
        }
        if let value = maximumWhereBytesOption, !(1024...16_777_216).contains(value) {
            throw ValidationError("--realtime-max-where-bytes takes 1024 to 16777216, not \(value)")
        }
        if let value = subscriptionBudgetOption, !(1...10_000).contains(value) {
            throw ValidationError("--realtime-subscription-budget takes 1 to 10000 milliseconds, not \(value)")
        }
        if let value = changeBudgetOption, !(1...60_000).contains(value) {
            throw ValidationError("--realtime-change-budget takes 1 to 60000 milliseconds, not \(value)")
        }
    }
}
