public import Foundation

/// What the SDK tells a log handler about one request: that it is sent, how it was answered, or that no answer came.
///
/// Events carry the method, the URL, sizes, the status, the NCMB error code and timings. They never carry headers or
/// bodies, so the application key, the signature, session tokens, passwords and field values stay out of logs; a
/// `where` condition stays in the URL's query.
///
/// ```swift
/// var configuration = NCMBClient.Configuration(applicationKey: key, clientKey: secret)
/// configuration.logHandler = { event in logger.debug("\(event)") }   // e.g. os.Logger
/// ```
///
/// - Note: A Kumo addition.
public struct NCMBLogEvent: Sendable, CustomStringConvertible {
    /// Which moment of a request the event reports.
    public enum Kind: Sendable, Equatable {
        /// The request is about to be sent.
        case request
        /// A response arrived, with any status.
        case response
        /// No response arrived: the transport failed or the task was cancelled.
        case failure
    }

    /// Which moment of the request this is.
    public let kind: Kind
    /// The request's method.
    public let method: NCMBHTTPMethod
    /// The request's URL, without any user name or password it had.
    public let url: URL
    /// Which attempt of the request this is: 1, then 2… when a ``NCMBRetryPolicy`` sends a read again.
    public let attempt: Int
    /// The size of the request's body in bytes.
    public let requestBodySize: Int
    /// The response's status; `nil` unless ``kind`` is ``Kind/response``.
    public let statusCode: Int?
    /// The NCMB error code of an error response, e.g. `E404001`; `nil` for a success or a body without one.
    public let errorCode: String?
    /// The size of the response's body in bytes; `nil` unless ``kind`` is ``Kind/response``.
    public let responseBodySize: Int?
    /// Seconds from sending to the answer or the failure; `nil` for ``Kind/request``.
    public let duration: TimeInterval?
    /// The failure's localized description; `nil` unless ``kind`` is ``Kind/failure``.
    public let failure: String?

    /// One line: `→ GET https://…/classes/Food (attempt 1)`, `← 200 GET https://… 12 ms 345 B` or
    /// `✕ GET https://… 10003 ms: The request timed out.`
    public var description: String {
        let target = "\(method.rawValue) \(url.absoluteString)"
        let milliseconds = duration.map { " \(Int(($0 * 1000).rounded())) ms" } ?? ""
        switch kind {
        case .request: return "→ \(target) (attempt \(attempt))"
        case .response:
            let code = errorCode.map { " \($0)" } ?? ""
            return "← \(statusCode ?? 0)\(code) \(target)\(milliseconds) \(responseBodySize ?? 0) B"
        case .failure: return "✕ \(target)\(milliseconds): \(failure ?? "failed")"
        }
    }

    /// Creates an event; the SDK creates them, and tests of log handlers may.
    public init(
        kind: Kind, method: NCMBHTTPMethod, url: URL, attempt: Int, requestBodySize: Int, statusCode: Int? = nil,
        errorCode: String? = nil, responseBodySize: Int? = nil, duration: TimeInterval? = nil, failure: String? = nil
    ) {
        self.kind = kind
        self.method = method
        self.url = NCMBLogEvent.withoutCredentials(url)
        self.attempt = attempt
        self.requestBodySize = requestBodySize
        self.statusCode = statusCode
        self.errorCode = errorCode
        self.responseBodySize = responseBodySize
        self.duration = duration
        self.failure = failure
    }

    /// `url` without user name and password.
    private static func withoutCredentials(_ url: URL) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            components.user != nil || components.password != nil
        else { return url }
        components.user = nil
        components.password = nil
        return components.url ?? url
    }
}

/// Receives the SDK's ``NCMBLogEvent``s, on the thread of the request, synchronously: keep it fast.
///
/// - Note: A Kumo addition.
public typealias NCMBLogHandler = @Sendable (NCMBLogEvent) -> Void
