import Hummingbird
package import Logging
import NCMBWire
import NIOConcurrencyHelpers
import NIOCore

/// Where the access log goes (docs/operations.md#access-log): one line per request at `info`, message `request`, its
/// fields text only and sorted by key.
///
/// `kumo serve` hands the lines straight to its log handler, which renders them without a `Logger.Metadata` per line
/// (docs/decisions/0166-per-request-path-without-per-request-allocations.md); ``init(logger:)`` writes them through any
/// `Logger`, the fields as metadata.
package struct AccessLog: Sendable {
    /// A line's fields, sorted by key, each key once.
    package typealias Fields = [(key: String, value: String)]
    private let writeLine: @Sendable (Fields) -> Void

    /// Hands each line's fields to `writeLine`, which writes them at `info` with the message `request`.
    package init(writingLines writeLine: @escaping @Sendable (Fields) -> Void) {
        self.writeLine = writeLine
    }

    /// Writes each line through `logger` at `info`, the fields as its metadata.
    package init(logger: Logger) {
        self.writeLine = { fields in
            guard logger.logLevel <= .info else { return }
            var metadata: Logger.Metadata = [:]
            for (key, value) in fields { metadata[key] = .string(value) }
            logger.info("request", metadata: metadata)
        }
    }

    /// Writes one request's line.
    func writeRequest(fields: Fields) { writeLine(fields) }
}

/// One line of the access log (docs/operations.md#access-log): who asked what, and how it was answered.
///
/// It holds no key, signature, session token, password, query value or body: the path is logged without its query,
/// and nothing else of the request is read.
struct AccessLogEntry: Sendable {
    var applicationId: String?
    var method: String
    var route: String
    var path: String
    var status: Int
    var code: String?
    var bytesIn: Int
    var bytesOut = 0
    var requestId: String?
    var client: String?

    init(
        applicationId: String?, method: String, route: String, path: String, status: Int, code: String?, bytesIn: Int,
        requestId: String?, client: String?
    ) {
        self.applicationId = applicationId
        self.method = method
        self.route = route
        self.path = path
        self.status = status
        self.code = code
        self.bytesIn = bytesIn
        self.requestId = requestId
        self.client = client
    }

    /// Writes the line: message `request`, the fields sorted by key (the log format decides the layout).
    func write(to accessLog: AccessLog, duration: Duration) {
        accessLog.writeRequest(fields: [
            ("app", applicationId ?? "-"), ("bytes_in", String(bytesIn)), ("bytes_out", String(bytesOut)), ("client", client ?? "-"),
            ("code", code ?? "-"), ("duration_ms", Self.threeDecimals(duration.fractionalMilliseconds)), ("method", method),
            ("path", path), ("request_id", requestId ?? "-"), ("route", route), ("status", String(status)),
        ])
    }

    /// `value` with three decimals (`12.345`), without Foundation's formatter.
    static func threeDecimals(_ value: Double) -> String {
        let thousandths = Int((max(0, value) * 1000).rounded())
        let fraction = String(thousandths % 1000)
        return "\(thousandths / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }

    /// `body`, counting the bytes it writes and calling `finished` with their number once it has written them all.
    static func counting(_ body: ResponseBody, finished: @escaping @Sendable (Int) -> Void) -> ResponseBody {
        let counted = NIOLockedValueBox(0)
        return body.map { buffer in
            counted.withLockedValue { $0 += buffer.readableBytes }
            return buffer
        }.afterWrite { finished(counted.withLockedValue { $0 }) }
    }
}

extension ResponseBody {
    /// This body, then `action` once every byte has been handed to the writer (or writing failed: the client left).
    fileprivate consuming func afterWrite(_ action: @escaping @Sendable () -> Void) -> ResponseBody {
        let body = self
        return ResponseBody(contentLength: nil) { writer in
            do {
                try await body.write(writer)
            } catch {
                action()
                throw error
            }
            action()
        }
    }
}
