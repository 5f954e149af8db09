import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KumoDashboard
import KumoSeams
import KumoStorage
import KumoTestSupport
import NCMBWire
import NIOCore
import Testing

/// Issue 28, finding 4 (docs/decisions/0121-sign-in-and-mail-throttles.md): 100 concurrent wrong passwords for one
/// administrator from one address were all checked (401 × 100), and 40 concurrent attempts with the right one last
/// signed in. The attempt is now counted before its password is hashed.
@Suite(.timeLimit(.minutes(2))) struct AbuseDashboardSignInTests {
    /// Posts the sign-in form `count` times at once with the form token of one page load; returns the statuses.
    static func concurrentSignIns(_ session: DashboardClientSession, count: Int, password: @escaping @Sendable (Int) -> String)
        async throws -> [Int: Int]
    {
        try await session.send(.get, "/dashboard/login")
        let csrf = session.cookies[DashboardCookies.form] ?? ""
        let client = session.client
        return try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<count {
                group.addTask {
                    var headers = HTTPFields()
                    headers[.contentType] = "application/x-www-form-urlencoded"
                    headers[.cookie] = "\(DashboardCookies.form)=\(csrf)"
                    let form = "email=\(PercentEncoding.encode(DashboardHarness.email))&password=\(PercentEncoding.encode(password(index)))&csrf=\(csrf)"
                    let response = try await client.execute(
                        uri: "/dashboard/login", method: .post, headers: headers, body: ByteBuffer(string: form))
                    return Int(response.status.code)
                }
            }
            var statuses: [Int: Int] = [:]
            for try await status in group { statuses[status, default: 0] += 1 }
            return statuses
        }
    }

    @Test func aHundredConcurrentWrongPasswordsAreCheckedFiveTimes() async throws {
        try await DashboardHarness.with { harness, session in
            let statuses = try await Self.concurrentSignIns(session, count: 100) { "wrong password \($0)" }
            let refused = try await session.signIn()

            #expect(statuses == [401: 5, 429: 95])
            #expect(refused.status == .tooManyRequests)
            #expect(refused.headers[.retryAfter] == "900")
            #expect(session.cookies[DashboardCookies.session] == nil)
            #expect(try await harness.audit().filter { $0.action == "login.failed" }.count == 5, "only checked attempts are audited")

            harness.server.clock.advance(milliseconds: 15 * 60 * 1000)
            let accepted = try await session.signIn()
            #expect(accepted.status == .seeOther)
            #expect(session.cookies[DashboardCookies.session] != nil)
        }
    }

    @Test func thirtyNineConcurrentGuessesLeaveNoRoomForTheRightPasswordSentLast() async throws {
        try await DashboardHarness.with { _, session in
            let statuses = try await Self.concurrentSignIns(session, count: 39) { "wrong password \($0)" }
            let right = try await session.signIn()

            #expect(statuses == [401: 5, 429: 34])
            #expect(right.status == .tooManyRequests)
            #expect(session.cookies[DashboardCookies.session] == nil)
        }
    }

    @Test func anUnknownAddressIsThrottledLikeAnAdministrator() async throws {
        try await DashboardHarness.with { _, session in
            try await session.send(.get, "/dashboard/login")
            var statuses: [Int] = []
            for _ in 0..<6 { statuses.append(Int(try await session.signIn(email: "nobody@example.com", password: "guess").status.code)) }

            #expect(statuses == [401, 401, 401, 401, 401, 429])
        }
    }
}
