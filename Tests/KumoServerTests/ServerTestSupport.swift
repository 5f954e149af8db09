import HTTPTypes
import HummingbirdTesting
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

extension TestApplication {
    /// Runs `body` with a requester on a fresh SQLite server with `settings` (the controller suites' common setup).
    static func withRequester(
        settings: ApplicationSettings = ApplicationSettings(),
        _ body: @escaping @Sendable (TestApplication, TestRequester) async throws -> Void
    ) async throws {
        try await with(engine: .sqlite, settings: settings) { application in
            try await application.test { requester in try await body(application, requester) }
        }
    }
}

extension TestRequester {
    /// POSTs `body` to `path` (as the user of `token` when given), expects 201 and returns the new objectId.
    func createObject(at path: String, _ body: String, token: String? = nil) async throws -> String {
        let headers = token.map { [UserTests.sessionHeader: $0] } ?? [:]
        let response = try await send(.post, path, body: body, headers: headers)
        #expect(response.status == .created, "\(response.text)")
        return try #require(response.json?.objectValue?["objectId"]?.stringValue)
    }
}
