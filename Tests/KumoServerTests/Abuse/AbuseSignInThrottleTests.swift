import HTTPTypes
import HummingbirdTesting
import KumoSeams
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Issue 28, finding 4, on NCMB's own `login` (docs/decisions/0121-sign-in-and-mail-throttles.md): 100 concurrent wrong
/// passwords were all checked. Each attempt is now counted before its password is hashed, so only the first five are
/// checked, a correct password is refused for the rest of the window and accepted after it, and strangers cannot lock
/// out an address that signed in before.
@Suite(.timeLimit(.minutes(2))) struct AbuseSignInThrottleTests {
    static let window: Int64 = 15 * 60 * 1000

    /// A password hasher that counts its checks (the bcrypt work done).
    final class CountingHasher: PasswordHasher {
        let inner = testPasswordHasher()
        let checks = LockedBox(0)

        func hash(_ password: String) async throws -> String { try await inner.hash(password) }

        func verify(_ password: String, hash: String) async throws -> Bool {
            checks.mutate { $0 += 1 }
            return try await inner.verify(password, hash: hash)
        }
    }

    /// The status codes of `count` concurrent requests made by `send`.
    static func concurrently(_ count: Int, _ send: @escaping @Sendable (Int) async throws -> TestResponse) async throws -> [Int: Int] {
        try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<count { group.addTask { Int(try await send(index).status.code) } }
            var statuses: [Int: Int] = [:]
            for try await status in group { statuses[status, default: 0] += 1 }
            return statuses
        }
    }

    @Test func aHundredConcurrentWrongPasswordsAreCheckedFiveTimesAndTheRightOneWaitsForTheWindow() async throws {
        let hasher = CountingHasher()
        try await TestApplication.with(environment: { $0.passwordHasher = hasher }) { application in
            try await application.test { requester in
                _ = try await requester.signUp("taro", password: "right password")
                hasher.checks.set(0)

                let statuses = try await Self.concurrently(100) { index in
                    // Both methods of `login`, half each (docs/wire/endpoints/users.md).
                    index.isMultiple(of: 2)
                        ? try await requester.send(.post, "/2013-09-01/login", body: #"{"userName":"taro","password":"wrong \#(index)"}"#)
                        : try await requester.send(.get, "/2013-09-01/login?userName=taro&password=wrong%20\(index)")
                }
                let refusedRightOne = try await requester.send(
                    .post, "/2013-09-01/login", body: #"{"userName":"taro","password":"right password"}"#)

                #expect(statuses == [401: 5, 429: 95])
                #expect(hasher.checks.get() == 5, "only admitted attempts are hashed")
                #expect(refusedRightOne.status.code == 429)
                #expect(refusedRightOne.errorCode == "E429002")
                #expect(refusedRightOne.header("Retry-After") == "900")
                #expect(hasher.checks.get() == 5)

                application.clock.advance(milliseconds: Self.window)
                let accepted = try await requester.send(
                    .post, "/2013-09-01/login", body: #"{"userName":"taro","password":"right password"}"#)
                #expect(accepted.status.code == 200, "\(accepted.text)")
                #expect(accepted.json?.objectValue?["sessionToken"]?.stringValue?.isEmpty == false)
            }
        }
    }

    @Test func anUnknownUserIsThrottledLikeAKnownOne() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                let statuses = try await Self.concurrently(20) { _ in
                    try await requester.send(.post, "/2013-09-01/login", body: #"{"userName":"nobody","password":"guess"}"#)
                }
                #expect(statuses == [401: 5, 429: 15])
            }
        }
    }

    @Test func theUserNameAndTheMailAddressOfOneUserShareTheirCount() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                _ = try await requester.signUp("hanako", password: "right password", extra: #","mailAddress":"hanako@example.com""#)
                for index in 0..<5 {
                    let field = index.isMultiple(of: 2) ? #""userName":"hanako""# : #""mailAddress":"hanako@example.com""#
                    let failed = try await requester.send(.post, "/2013-09-01/login", body: #"{\#(field),"password":"wrong"}"#)
                    #expect(failed.status.code == 401)
                }
                let refused = try await requester.send(
                    .post, "/2013-09-01/login", body: #"{"mailAddress":"hanako@example.com","password":"right password"}"#)
                #expect(refused.status.code == 429)
            }
        }
    }

    @Test func strangersFillingTheAccountLimitDoNotLockOutAnAddressThatSignedInBefore() async throws {
        try await TestApplication.with(configure: { $0.trustedProxies = ["127.0.0.0/8"].compactMap(AddressRange.init) }) { application in
            try await application.testLive { _, requester in
                let login: @Sendable (String, String) async throws -> TestResponse = { address, password in
                    try await requester.send(
                        .post, "/2013-09-01/login", body: #"{"userName":"jiro","password":"\#(password)"}"#,
                        headers: ["X-Forwarded-For": address])
                }
                _ = try await requester.signUp("jiro", password: "right password")
                #expect(try await login("192.0.2.1", "right password").status.code == 200)

                // Four strangers, five guesses each: 20, the account's limit; each stops at its own limit of 5.
                for stranger in 1...4 {
                    let statuses = try await Self.concurrently(8) { _ in try await login("198.51.100.\(stranger)", "guess") }
                    #expect(statuses == [401: 5, 429: 3], "stranger \(stranger)")
                }
                let newAddress = try await login("203.0.113.9", "right password")
                let usualAddress = try await login("192.0.2.1", "right password")

                #expect(newAddress.status.code == 429, "a new address waits while the account is under attack")
                #expect(usualAddress.status.code == 200, "the address that signed in before is not locked out")
                application.clock.advance(milliseconds: Self.window)
                #expect(try await login("203.0.113.9", "right password").status.code == 200, "the window is bounded")
            }
        }
    }

    @Test func oneAddressSprayingOnePasswordOverManyAccountsIsStopped() async throws {
        try await TestApplication.with(configure: { $0.signInLimits.perAddress = 10 }) { application in
            try await application.test { requester in
                var statuses: [Int] = []
                for index in 0..<12 {
                    let response = try await requester.send(
                        .post, "/2013-09-01/login", body: #"{"userName":"user\#(index)","password":"123456"}"#)
                    statuses.append(Int(response.status.code))
                }
                #expect(statuses == Array(repeating: 401, count: 10) + [429, 429])
            }
        }
    }

    @Test func turnedOffTheLimitsCountNothing() async throws {
        try await TestApplication.with(
            configure: {
                $0.signInLimits.perAddressAndAccount = nil
                $0.signInLimits.perAccount = nil
                $0.signInLimits.perAddress = nil
            }
        ) { application in
            try await application.test { requester in
                let statuses = try await Self.concurrently(12) { _ in
                    try await requester.send(.post, "/2013-09-01/login", body: #"{"userName":"nobody","password":"guess"}"#)
                }
                #expect(statuses == [401: 12])
            }
        }
    }
}
