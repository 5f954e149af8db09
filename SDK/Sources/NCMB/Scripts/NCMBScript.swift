public import Foundation
internal import NCMBWire

/// A server-side script, called as ncmb_swift calls it: `GET | POST | PUT | DELETE /2015-09-01/script/{name}`
/// (docs/wire/endpoints/scripts.md).
///
/// ```swift
/// let script = NCMBScript(name: "hello.js", method: .post)
/// let result = script.execute(headers: ["testHeader": "value"], queries: ["name": "kumo"], body: ["n": 1])
/// ```
///
/// The answer is the script's body as it was sent: text or JSON, as `Data`.
///
/// - Note: NCMB served scripts from a host of their own, ``NCMB/DEFAULT_SCRIPT_ENDPOINT``, which closed with NCMB; Kumo
///   serves them on its API address. A script created with that default endpoint is therefore sent to the domain URL
///   the SDK was initialised with; pass another `endpoint` to send it elsewhere. `apiVersion` is accepted for source
///   compatibility and ignored: script calls always use `2015-09-01`.
public struct NCMBScript: Sendable {
    /// The script's file name, e.g. `hello.js`.
    public var name: String
    /// The method the script is called with.
    public var method: NCMBHTTPMethod
    /// Where script calls go; ``NCMB/DEFAULT_SCRIPT_ENDPOINT`` (the default) sends them to the SDK's domain URL.
    public var endpoint: String
    /// The script API version given at creation; kept for compatibility, as calls always use `2015-09-01`.
    public var apiVersion: String
    /// The keys, URL, transport and session the call is sent with, taken when the script was created.
    private let context: NCMBContext

    /// Creates a script call.
    ///
    /// - Parameters:
    ///   - name: The script's file name, e.g. `hello.js`.
    ///   - method: The method to call it with.
    ///   - endpoint: The scripts' base URL. Defaults to ``NCMB/DEFAULT_SCRIPT_ENDPOINT``, which Kumo reads as the SDK's
    ///     domain URL.
    ///   - apiVersion: The script API version. Defaults to ``NCMB/DEFAULT_SCRIPT_API_VERSION``; ignored.
    public init(
        name: String, method: NCMBHTTPMethod, endpoint: String = NCMB.DEFAULT_SCRIPT_ENDPOINT,
        apiVersion: String = NCMB.DEFAULT_SCRIPT_API_VERSION
    ) {
        self.name = name
        self.method = method
        self.endpoint = endpoint
        self.apiVersion = apiVersion
        self.context = .resolved
    }

    /// Runs the script and returns its answer's body.
    ///
    /// - Parameters:
    ///   - headers: Headers the script sees (`nil` values are left out).
    ///   - queries: The query (`nil` values are left out); signed only for GET, as NCMB's SDKs sign it.
    ///   - body: The JSON body, sent for POST and PUT only.
    /// - Throws: ``NCMBApiError`` for an error answer (E404001 for an unknown script, E500001 when the script failed);
    ///   ``NCMBInvalidRequestError`` for missing keys, a bad URL or a body value that is not JSON; the transport's error
    ///   when no answer arrived.
    public func execute(headers: [String: String?] = [:], queries: [String: String?] = [:], body: [String: Any?] = [:])
        async throws -> Data?
    {
        let bodyObject = try Self.jsonBody(body)
        return try await run(headers: headers.compactMapValues { $0 }, queries: queries.compactMapValues { $0 }, body: bodyObject)
    }

    /// Runs the script and returns its answer's body, blocking the calling thread.
    ///
    /// - Returns: `.success` with the body, or `.failure` with the error ``execute(headers:queries:body:)`` throws.
    @available(*, noasync, message: "Blocks the calling thread; use `try await execute(…)` in async code.")
    public func execute(headers: [String: String?] = [:], queries: [String: String?] = [:], body: [String: Any?] = [:])
        -> NCMBResult<Data?>
    {
        let prepared = Self.prepare(headers: headers, queries: queries, body: body)
        return SynchronousCall.run { try await self.run(prepared) }
    }

    /// Runs the script in the background.
    ///
    /// - Parameter callback: Called once with the body or the error, on a background queue.
    public func executeInBackground(
        headers: [String: String?] = [:], queries: [String: String?] = [:], body: [String: Any?] = [:],
        callback: @escaping NCMBHandler<Data?>
    ) {
        let prepared = Self.prepare(headers: headers, queries: queries, body: body)
        BackgroundCall.start(callback) { try await self.run(prepared) }
    }

    // MARK: - Sending

    /// The call's parts, converted before it crosses into a task (`Any` is not `Sendable`).
    private struct Prepared: Sendable {
        var headers: [String: String]
        var queries: [String: String]
        var body: Result<JSONObject, NCMBInvalidRequestError>
    }

    private static func prepare(headers: [String: String?], queries: [String: String?], body: [String: Any?]) -> Prepared {
        Prepared(
            headers: headers.compactMapValues { $0 }, queries: queries.compactMapValues { $0 },
            body: Result { () throws(NCMBInvalidRequestError) in try jsonBody(body) })
    }

    private func run(_ prepared: Prepared) async throws -> Data? {
        try await run(headers: prepared.headers, queries: prepared.queries, body: prepared.body.get())
    }

    private func run(headers: [String: String], queries: [String: String], body: JSONObject) async throws -> Data? {
        let wireMethod: RequestMethod =
            switch method {
            case .get: .get
            case .post: .post
            case .put: .put
            case .delete: .delete
            }
        let query = queries.keys.sorted().map { QueryItem(name: $0, value: queries[$0] ?? "") }
        var context = context
        if endpoint != NCMB.DEFAULT_SCRIPT_ENDPOINT { context.domainURL = endpoint }
        let executor = NCMBRequestExecutor(context: context)
        var request = try executor.makeRequest(
            .script(ScriptRoute(name: name, method: wireMethod, query: query, body: body)), timeout: context.requestTimeout)
        request.headers["Content-Type"] = "application/json"
        request.headers["Accept"] = "text/plain"
        for (header, value) in headers where request.headers[header] == nil { request.headers[header] = value }
        if !wireMethod.hasBody { request.body = Data() }
        return try await executor.send(request) { response in
            if !(200..<300).contains(response.statusCode) { _ = try executor.read(response) }
            return response.body
        }
    }

    /// `body` as a JSON object.
    private static func jsonBody(_ body: [String: Any?]) throws(NCMBInvalidRequestError) -> JSONObject {
        var object = JSONObject()
        for key in body.keys.sorted() { object[key] = try FieldValueEncoder.json(from: body[key] ?? nil) }
        return object
    }
}
