import KumoOperations
import KumoServer
import Logging

/// Sets up swift-log once for the process: every logger writes lines of one format to standard error
/// (docs/operations.md#logs).
enum LoggingSetup {
    static func bootstrap(level: String, format: LogFormat = .logfmt) -> Logger {
        let logLevel = Logger.Level(rawValue: level.lowercased()) ?? .info
        LoggingSystem.bootstrap { label in StructuredLogHandler(label: label, format: format, level: logLevel) }
        return Logger(label: "kumo")
    }

    /// The access log of `kumo serve`: each line handed straight to the log handler bootstrapped above, which renders
    /// it without a `Logger.Metadata` per request (docs/decisions/0166-per-request-path-without-per-request-allocations.md).
    static func accessLog() -> AccessLog {
        let logger = Logger(label: "kumo.access")
        guard let handler = logger.handler as? StructuredLogHandler else { return AccessLog(logger: logger) }
        return AccessLog { fields in handler.write(level: .info, message: "request", sortedTextFields: fields) }
    }
}
