import KumoOperations
import Logging

/// Sets up swift-log once for the process: every logger writes lines of one format to standard error
/// (docs/operations.md#logs).
enum LoggingSetup {
    static func bootstrap(level: String, format: LogFormat = .logfmt) -> Logger {
        let logLevel = Logger.Level(rawValue: level.lowercased()) ?? .info
        LoggingSystem.bootstrap { label in StructuredLogHandler(label: label, format: format, level: logLevel) }
        return Logger(label: "kumo")
    }
}
