import Hummingbird
import Logging
import NCMBWire
import NIOConcurrencyHelpers
import NIOCore

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

    /// Writes the line at `info`: message `request`, the fields as metadata (the log format decides the layout).
    func write(to logger: Logger, duration: Duration) {
        let milliseconds = duration.fractionalMilliseconds
        logger.info(
            "request",
            metadata: [
                "app": .string(applicationId ?? "-"), "method": .string(method), "route": .string(route),
                "path": .string(path), "status": .stringConvertible(status), "code": .string(code ?? "-"),
                "duration_ms": .string(Self.threeDecimals(milliseconds)), "bytes_in": .stringConvertible(bytesIn),
                "bytes_out": .stringConvertible(bytesOut), "request_id": .string(requestId ?? "-"),
                "client": .string(client ?? "-"),
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
