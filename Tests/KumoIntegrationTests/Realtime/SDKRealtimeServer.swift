import Foundation
import Hummingbird
import HummingbirdTesting
import KumoRealtime
import KumoServer
import KumoTestSupport
import NCMB

/// A real Kumo server with realtime on, listening on a free port of 127.0.0.1 (real SQLite, pinned clock), and SDK
/// contexts pointing at it: its requests go in process, its subscriptions over a real WebSocket with the SDK's own
/// client.
struct SDKRealtimeServer: Sendable {
    /// The test application under the server.
    let application: TestApplication
    /// The listening port.
    let port: Int
    /// Signed requests to the server.
    let requester: TestRequester

    /// Runs `body` against a fresh server.
    static func with(
        realtime: RealtimeConfiguration = RealtimeConfiguration(), _ body: @escaping @Sendable (SDKRealtimeServer) async throws -> Void
    ) async throws {
        try await TestApplication.with { application in
            var configuration = application.configuration
            configuration.host = "127.0.0.1"
            configuration.port = 0
            let server = buildApplication(
                configuration: configuration, environment: application.environment,
                realtime: { gate in RealtimeServer(gate: gate, configuration: realtime, logger: application.environment.logger) })
            try await server.test(.live) { client in
                let requester = TestRequester(client: client, application: application.application, clock: application.clock)
                try await body(SDKRealtimeServer(application: application, port: client.port ?? 0, requester: requester))
            }
        }
    }

    /// A new SDK context for this server, with a session of its own (no user signed in).
    ///
    /// - Parameter clientKey: The client key to sign with; the application's by default.
    func context(clientKey: String? = nil) -> NCMBContext {
        var context = NCMBContext.inProcess(requester, domainURL: "http://127.0.0.1:\(port)/")
        if let clientKey { context.clientKey = clientKey }
        return context
    }

    /// Runs `body` with `context` bound for the SDK.
    func using<Result: Sendable>(_ context: NCMBContext, _ body: @Sendable () async throws -> Result) async rethrows -> Result {
        try await NCMBContext.$current.withValue(context) { try await body() }
    }
}

extension NCMBContext {
    /// Signs up a user named `userName` with the password `secret` in this context; the user becomes its current user.
    @discardableResult
    func signUp(_ userName: String) async throws -> NCMBUser {
        try await NCMBContext.$current.withValue(self) {
            let user = NCMBUser()
            user.userName = userName
            user.password = "secret"
            try await user.signUp()
            return user
        }
    }

    /// Saves an object of `className` with `fields` and `acl` in this context.
    @discardableResult
    func save(_ className: String, _ fields: [String: any Sendable], acl: NCMBACL? = nil) async throws -> NCMBObject {
        try await NCMBContext.$current.withValue(self) {
            let object = NCMBObject(className: className)
            for key in fields.keys.sorted() { object[key] = fields[key] }
            if let acl { object.acl = acl }
            try await object.save()
            return object
        }
    }

    /// A query of `className` in this context.
    func query(_ className: String) -> NCMBQuery<NCMBObject> {
        NCMBContext.$current.withValue(self) { NCMBQuery.getQuery(className: className) }
    }
}
