import HTTPTypes
import HummingbirdTesting
import KumoSeams
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// The mail throttle (docs/decisions/0121-sign-in-and-mail-throttles.md): anyone holding the keys can make Kumo mail any
/// address. Each mail request is counted before anything is looked up or sent, per recipient (5 an hour) and per client
/// address (20 an hour); past either, 429 E429002 with `Retry-After`, and nothing is mailed.
@Suite(.timeLimit(.minutes(2))) struct AbuseMailThrottleTests {
    static var mailSettings: ApplicationSettings {
        var settings = ApplicationSettings()
        settings.mail.confirmsMailAddress = true
        return settings
    }

    @Test func fiftyConcurrentPasswordResetsForOneAddressSendFiveMails() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                _ = try await requester.signUp("taro", extra: #","mailAddress":"taro@example.com""#)
                let statuses = try await AbuseSignInThrottleTests.concurrently(50) { _ in
                    try await requester.send(.post, "/2013-09-01/requestPasswordReset", body: #"{"mailAddress":"taro@example.com"}"#)
                }
                let refused = try await requester.send(
                    .post, "/2013-09-01/requestPasswordReset", body: #"{"mailAddress":"TARO@example.com"}"#)

                #expect(statuses == [201: 5, 429: 45])
                #expect(application.mailbox.sent.count == 5)
                #expect(refused.errorCode == "E429002", "the address is counted whatever its letter case")
                #expect(refused.header("Retry-After") == "3600")

                application.clock.advance(milliseconds: 3600 * 1000)
                let again = try await requester.send(
                    .post, "/2013-09-01/requestPasswordReset", body: #"{"mailAddress":"taro@example.com"}"#)
                #expect(again.status.code == 201)
                #expect(application.mailbox.sent.count == 6)
            }
        }
    }

    @Test func anUnregisteredAddressIsCountedAlikeSoTheThrottleTellsNothing() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                var statuses: [Int] = []
                for _ in 0..<6 {
                    let response = try await requester.send(
                        .post, "/2013-09-01/requestPasswordReset", body: #"{"mailAddress":"nobody@example.com"}"#)
                    statuses.append(Int(response.status.code))
                }
                #expect(statuses == [201, 201, 201, 201, 201, 429])
                #expect(application.mailbox.sent.isEmpty)
            }
        }
    }

    @Test func oneClientAddressMayAskForTwentyMailsAnHour() async throws {
        try await TestApplication.with(configure: { $0.trustedProxies = ["127.0.0.0/8"].compactMap(AddressRange.init) }) { application in
            try await application.testLive { _, requester in
                let entry: @Sendable (Int, String) async throws -> TestResponse = { index, address in
                    try await requester.send(
                        .post, "/2013-09-01/requestMailAddressUserEntry", body: #"{"mailAddress":"user\#(index)@example.com"}"#,
                        headers: ["X-Forwarded-For": address])
                }
                let statuses = try await AbuseSignInThrottleTests.concurrently(30) { index in try await entry(index, "198.51.100.7") }
                let otherClient = try await entry(99, "192.0.2.1")

                #expect(statuses == [201: 20, 429: 10])
                #expect(otherClient.status.code == 201, "another client address has its own count")
                #expect(application.mailbox.sent.count == 21)
            }
        }
    }

    @Test func aSignUpPastTheRecipientLimitSucceedsWithoutItsConfirmationMail() async throws {
        try await TestApplication.with(settings: Self.mailSettings) { application in
            try await application.test { requester in
                for _ in 0..<5 {
                    let response = try await requester.send(
                        .post, "/2013-09-01/requestPasswordReset", body: #"{"mailAddress":"victim@example.com"}"#)
                    #expect(response.status.code == 201)
                }
                _ = try await requester.signUp("newcomer", extra: #","mailAddress":"victim@example.com""#)

                #expect(application.mailbox.sent.isEmpty, "no reset mail (no such user yet) and no confirmation past the limit")
            }
        }
    }
}
