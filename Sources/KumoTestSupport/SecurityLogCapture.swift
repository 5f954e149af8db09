package import Logging
import NIOConcurrencyHelpers

/// Records every log line a server writes, at every level, so security tests can assert that no secret (password,
/// session token, password hash) ever reaches the logs.
///
/// Use ``logger`` as the server's logger: `TestApplication.with(environment: { $0.logger = capture.logger })`.
package final class SecurityLogCapture: Sendable {
    private let lines = NIOLockedValueBox<[String]>([])

    /// Creates an empty capture.
    package init() {}

    /// A logger at `trace` level whose handler writes into this capture.
    package var logger: Logger {
        var logger = Logger(label: "kumo.security-test") { label in SecurityCapturingLogHandler(label: label, capture: self) }
        logger.logLevel = .trace
        return logger
    }

    /// Every line so far, oldest first: level, label, source, message and metadata (merged handler, logger and call
    /// metadata) rendered as text.
    package var recordedLines: [String] { lines.withLockedValue { $0 } }

    /// The lines that contain `secret`.
    package func lines(containing secret: String) -> [String] { recordedLines.filter { $0.contains(secret) } }

    /// Appends one rendered line.
    func record(_ line: String) { lines.withLockedValue { $0.append(line) } }
}

/// The swift-log handler behind ``SecurityLogCapture``: renders each event completely (nothing filtered) into one line.
struct SecurityCapturingLogHandler: LogHandler {
    let label: String
    let capture: SecurityLogCapture
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?
    var logLevel: Logger.Level = .trace

    init(label: String, capture: SecurityLogCapture) {
        self.label = label
        self.capture = capture
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { _, new in new } }
        if let explicit = event.metadata { merged.merge(explicit) { _, new in new } }
        let renderedMetadata = merged.keys.sorted().map { "\($0)=\(merged[$0].map { "\($0)" } ?? "")" }.joined(separator: " ")
        let renderedError = event.error.map { " error=\(String(reflecting: $0))" } ?? ""
        capture.record(
            "\(event.level) \(label) \(event.source) \(event.file):\(event.line) \(event.message) \(renderedMetadata)\(renderedError)")
    }
}
