import Foundation
import HTTPTypes
import HummingbirdTesting
import KumoSeams
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// The browser endpoints of an application with a `customURL` (docs/wire/endpoints/browser-pages.md): every outcome is
/// a 303 to its pages.
@Suite struct BrowserPagesCustomURLTests {
    static let settings = ApplicationSettings(mail: MailSettings(customURL: "https://app.example/mail/"))
    static let applicationPath = "/2013-09-01/applications/TestApplicationId"

    @Test func mailAddressUserRedirectsToTheCompletePageAndThenToInvalidLink() async throws {
        try await TestApplication.with(settings: Self.settings) { application in
            try await AccountMailer(environment: application.environment, configuration: application.configuration)
                .sendMailAddressUserEntry(application: application.application, mailAddress: "n@example.com")
            let body = try #require(application.mailbox.sent.first).body
            let range = try #require(body.range(of: "&token="))
            let token = String(body[range.upperBound...].prefix { $0.isLetter || $0.isNumber })
            let (first, second) = try await application.test { requester in
                let fields = [("password", "pw"), ("NCMBToken", token)]
                return (
                    try await requester.submit("\(Self.applicationPath)/mailAddressUser", fields),
                    try await requester.submit("\(Self.applicationPath)/mailAddressUser", fields)
                )
            }

            #expect(
                body.contains(
                    "https://app.example/mail/?link=requestMailAddressUserEntry&version=2013-09-01&applicationId=TestApplicationId&token="))
            #expect(first.status == .seeOther)
            #expect(first.header("Location") == "https://app.example/mail/mailAddressUserEntryComplete/")
            #expect(second.status == .seeOther)
            #expect(second.header("Location") == "https://app.example/mail/invalidLink/")
        }
    }

    @Test func anExpiredConfirmationRedirectsToInvalidLink() async throws {
        try await TestApplication.with(settings: Self.settings) { application in
            let objectId = try await BrowserPageTests.createUser(in: application, mailAddress: "c@example.com")
            try await AccountMailer(environment: application.environment, configuration: application.configuration)
                .sendMailAddressConfirmation(application: application.application, userObjectId: objectId, mailAddress: "c@example.com")
            let body = try #require(application.mailbox.sent.first).body
            let token = String(body[try #require(body.range(of: "&token=")).upperBound...].prefix { $0.isLetter || $0.isNumber })
            application.clock.advance(milliseconds: 86_400_000)
            let response = try await application.test { try await $0.browse("\(Self.applicationPath)/mailAddressConfirm?token=\(token)") }

            #expect(response.status == .seeOther)
            #expect(response.header("Location") == "https://app.example/mail/invalidLink/")
        }
    }

    @Test func confirmationRedirectsToEmailConformComplete() async throws {
        try await TestApplication.with(settings: Self.settings) { application in
            let objectId = try await BrowserPageTests.createUser(in: application, mailAddress: "c@example.com")
            try await AccountMailer(environment: application.environment, configuration: application.configuration)
                .sendMailAddressConfirmation(application: application.application, userObjectId: objectId, mailAddress: "c@example.com")
            let body = try #require(application.mailbox.sent.first).body
            let token = String(body[try #require(body.range(of: "&token=")).upperBound...].prefix { $0.isLetter || $0.isNumber })
            let response = try await application.test { try await $0.browse("\(Self.applicationPath)/mailAddressConfirm?token=\(token)") }

            #expect(response.status == .seeOther)
            #expect(response.header("Location") == "https://app.example/mail/emailConformComplete/")
        }
    }

    @Test func passwordResetUpdateRedirectsToPasswordModifyComplete() async throws {
        try await TestApplication.with(settings: Self.settings) { application in
            let objectId = try await BrowserPageTests.createUser(in: application, mailAddress: "r@example.com")
            try await AccountMailer(environment: application.environment, configuration: application.configuration)
                .sendPasswordReset(application: application.application, userObjectId: objectId, mailAddress: "r@example.com")
            let body = try #require(application.mailbox.sent.first).body
            let token = String(body[try #require(body.range(of: "&token=")).upperBound...].prefix { $0.isLetter || $0.isNumber })
            let response = try await application.test { requester in
                try await requester.submit(
                    "\(Self.applicationPath)/requestPasswordResetUpdate",
                    [("newPassword", "n"), ("token", token), ("temporaryPassword", "")])
            }

            #expect(response.status == .seeOther)
            #expect(response.header("Location") == "https://app.example/mail/passwordModifyComplete/")
        }
    }
}

/// HTML escaping of what the pages echo, over storage fakes.
@Suite struct BrowserPagesEscapingTests {
    @Test func theApplicationNameIsEscapedInTheForm() async throws {
        var storage = FailingStorage()
        var named = TestApplication.fakeApplication
        named.name = #"<script>alert("x")</script>&'"#
        let hostile = named
        storage.applicationStore.onApplicationById = { id in id == hostile.applicationId ? hostile : nil }
        storage.accountStore.onToken = { hash, applicationId in
            OneTimeToken(
                tokenHash: hash, applicationId: applicationId, purpose: .passwordReset, mailAddress: "a@b.example",
                userObjectId: "u", createDate: TestClock.start, expiresAt: WireDate(millisecondsSince1970: Int64.max))
        }

        let response = try await TestApplication.with(storage: storage) { application in
            try await application.test { try await $0.browse("/2013-09-01/applications/FakeApplicationId/requestPasswordReset?token=t") }
        }

        #expect(response.status == .ok)
        #expect(!response.text.contains("<script>"))
        #expect(response.text.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;"))
    }
}
