import Foundation
import HTTPTypes
import HummingbirdTesting
import KumoDashboard
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Every endpoint of the application pages answers 401 without a session, and every change 403 without the CSRF
/// token, before doing anything (docs/dashboard.md#security).
@Suite struct ApplicationPagesAccessTests {
    static let reads: [String] = [
        "/dashboard/api/apps/test/settings", "/dashboard/api/apps/test/roles/r1/members", "/dashboard/api/apps/test/files",
        "/dashboard/api/apps/test/files/a.txt/content", "/dashboard/api/apps/test/push/p1/outcomes",
        "/dashboard/api/apps/test/classes/Chat/permissions", "/dashboard/api/apps/test/classes/Chat/indexes",
    ]
    static let changes: [(HTTPRequest.Method, String)] = [
        (.put, "/dashboard/api/apps/test/settings"), (.post, "/dashboard/api/apps/test/users/u1/passwordReset"),
        (.delete, "/dashboard/api/apps/test/users/u1/sessions"), (.post, "/dashboard/api/apps/test/files/a.txt"),
        (.put, "/dashboard/api/apps/test/files/a.txt"), (.delete, "/dashboard/api/apps/test/files/a.txt"),
        (.put, "/dashboard/api/apps/test/classes/Chat/permissions"), (.post, "/dashboard/api/apps/test/classes/Chat/indexes"),
        (.delete, "/dashboard/api/apps/test/classes/Chat/indexes?fields=a"),
    ]

    @Test func withoutASessionEveryEndpointIs401() async throws {
        try await DashboardHarness.with { harness, session in
            var statuses: [HTTPResponse.Status] = []
            for path in Self.reads { statuses.append(try await session.send(.get, path).status) }
            for (method, path) in Self.changes { statuses.append(try await session.send(method, path, body: "{}").status) }

            #expect(statuses.allSatisfy { $0 == .unauthorized }, "\(statuses)")
            #expect(try await harness.audit().allSatisfy { $0.action == "admin.create" })
        }
    }

    @Test func withoutTheCSRFTokenEveryChangeIs403AndChangesNothing() async throws {
        try await DashboardHarness.with { harness, session in
            try await session.signIn()
            var answers: [(HTTPResponse.Status, JSONValue?)] = []
            for (method, path) in Self.changes {
                let response = try await session.send(method, path, body: #"{"users":{"publicReadable":false}}"#)
                answers.append((response.status, response.json?.objectValue?["code"]))
            }
            let forged = try await session.send(
                .put, "/dashboard/api/apps/test/settings", body: #"{"users":{"publicReadable":false}}"#,
                headers: ["X-Kumo-CSRF": "forged"])

            #expect(answers.allSatisfy { $0.0 == .forbidden && $0.1 == "csrf" }, "\(answers)")
            #expect(forged.status == .forbidden)
            #expect(try await harness.server.storage.applications.application(named: "test")?.settings.usersArePublicReadable == true)
            #expect(try await harness.audit().allSatisfy { ["admin.create", "login"].contains($0.action) })
        }
    }

    @Test func anUnknownApplicationIs404OnEveryRead() async throws {
        try await DashboardHarness.with { _, session in
            try await session.signIn()
            var codes: [JSONValue?] = []
            for path in Self.reads {
                let response = try await session.send(.get, path.replacingOccurrences(of: "/apps/test/", with: "/apps/missing/"))
                codes.append(response.status == .notFound ? response.json?.objectValue?["code"] : nil)
            }

            #expect(codes.allSatisfy { $0 == "notFound" }, "\(codes)")
        }
    }
}
