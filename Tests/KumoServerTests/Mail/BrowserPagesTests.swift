import Foundation
import HTTPTypes
import HummingbirdTesting
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Kumo's own browser pages (docs/wire/endpoints/browser-pages.md) on real SQLite: forms, confirmation, single-use and
/// expiring tokens.
@Suite struct BrowserPagesTests {
    static let applicationPath = "/2013-09-01/applications/TestApplicationId"

    func mailer(_ application: TestApplication) -> AccountMailer {
        AccountMailer(environment: application.environment, configuration: application.configuration)
    }

    @Test func theEntryFormShowsAPasswordFieldAndTheTokenAsHTML() async throws {
        try await TestApplication.with { application in
            try await mailer(application).sendMailAddressUserEntry(application: application.application, mailAddress: "new@example.com")
            let target = try BrowserPageTests.target(ofLinkIn: try #require(application.mailbox.sent.first))
            let response = try await application.test { try await $0.browse(target) }

            #expect(target.hasPrefix("\(Self.applicationPath)/requestMailAddressUserEntry?token="))
            #expect(response.status == .ok)
            #expect(response.header("Content-Type") == "text/html; charset=utf-8")
            #expect(response.header("Referrer-Policy") == "no-referrer")
            #expect(response.header("Cache-Control") == "no-store")
            #expect(response.text.contains(#"<form method="post" action="mailAddressUser">"#))
            #expect(response.text.contains(#"<input type="hidden" name="NCMBToken" value="\#(try BrowserPageTests.token(of: target))">"#))
            #expect(response.text.contains(#"type="password" name="password""#))
        }
    }

    @Test func postingAPasswordCreatesAConfirmedUserWithTheAddressAndUsesTheTokenUp() async throws {
        try await TestApplication.with { application in
            try await mailer(application).sendMailAddressUserEntry(application: application.application, mailAddress: "new@example.com")
            let token = try BrowserPageTests.token(of: try BrowserPageTests.target(ofLinkIn: try #require(application.mailbox.sent.first)))
            let (first, second) = try await application.test { requester in
                let fields = [("password", "p@ss word"), ("NCMBToken", token)]
                return (
                    try await requester.submit("\(Self.applicationPath)/mailAddressUser", fields),
                    try await requester.submit("\(Self.applicationPath)/mailAddressUser", fields)
                )
            }

            #expect(first.status == .ok)
            #expect(first.text.contains("Sign-up complete"))
            #expect(second.status == .badRequest)
            let lookup = UserLookup.unique(UniqueValue(field: "mailAddress", value: "new@example.com"))
            let credentials = try #require(
                try await application.storage.accounts.credentials(applicationId: "TestApplicationId", lookup: lookup))
            #expect(credentials.user.fields["mailAddressConfirm"] == true)
            #expect(credentials.user.fields["userName"]?.stringValue?.count == 10)
            #expect(credentials.user.acl == .defaultUser(objectId: credentials.user.objectId, settings: ApplicationSettings()))
            #expect(try await application.environment.passwordHasher.verify("p@ss word", hash: try #require(credentials.passwordHash)))
        }
    }

    @Test func anEmptyPasswordShowsTheFormAgainAndKeepsTheToken() async throws {
        try await TestApplication.with { application in
            try await mailer(application).sendMailAddressUserEntry(application: application.application, mailAddress: "new@example.com")
            let token = try BrowserPageTests.token(of: try BrowserPageTests.target(ofLinkIn: try #require(application.mailbox.sent.first)))
            let (empty, retry) = try await application.test { requester in
                (
                    try await requester.submit("\(Self.applicationPath)/mailAddressUser", [("password", ""), ("NCMBToken", token)]),
                    try await requester.submit("\(Self.applicationPath)/mailAddressUser", [("password", "x"), ("NCMBToken", token)])
                )
            }

            #expect(empty.status == .badRequest)
            #expect(empty.text.contains("Please enter a password."))
            #expect(retry.status == .ok)
        }
    }

    @Test func anExpiredTokenIsA403PageAndCreatesNothing() async throws {
        try await TestApplication.with(settings: ApplicationSettings(mail: MailSettings(tokenLifetimeSeconds: 60))) { application in
            try await mailer(application).sendMailAddressUserEntry(application: application.application, mailAddress: "late@example.com")
            let target = try BrowserPageTests.target(ofLinkIn: try #require(application.mailbox.sent.first))
            application.clock.advance(milliseconds: 60_000)
            let (form, post) = try await application.test { requester in
                (
                    try await requester.browse(target),
                    try await requester.submit(
                        "\(Self.applicationPath)/mailAddressUser",
                        [("password", "x"), ("NCMBToken", try BrowserPageTests.token(of: target))])
                )
            }

            #expect(form.status == .forbidden)
            #expect(form.text.contains("E403004"))
            #expect(post.status == .badRequest)  // the expired token was dropped when the form page saw it
            let lookup = UserLookup.unique(UniqueValue(field: "mailAddress", value: "late@example.com"))
            #expect(try await application.storage.accounts.credentials(applicationId: "TestApplicationId", lookup: lookup) == nil)
        }
    }

    @Test(arguments: [
        "requestMailAddressUserEntry?token=unknown", "requestMailAddressUserEntry", "requestPasswordReset?token=x",
        "mailAddressConfirm?token=",
    ])
    func anUnknownOrMissingTokenIsA400Page(page: String) async throws {
        let response = try await TestApplication.with { application in
            try await application.test { try await $0.browse("\(Self.applicationPath)/\(page)") }
        }

        #expect(response.status == .badRequest)
        #expect(response.header("Content-Type") == "text/html; charset=utf-8")
        #expect(response.text.contains("Invalid link"))
    }

    @Test func aTokenOfAnotherPurposeIsRejected() async throws {
        try await TestApplication.with { application in
            try await mailer(application).sendMailAddressUserEntry(application: application.application, mailAddress: "new@example.com")
            let token = try BrowserPageTests.token(of: try BrowserPageTests.target(ofLinkIn: try #require(application.mailbox.sent.first)))
            let response = try await application.test { try await $0.browse("\(Self.applicationPath)/mailAddressConfirm?token=\(token)") }

            #expect(response.status == .badRequest)
        }
    }

    @Test func anUnknownApplicationIsA404Page() async throws {
        let response = try await TestApplication.with { application in
            try await application.test { try await $0.browse("/2013-09-01/applications/NoSuchApplication/mailAddressConfirm?token=x") }
        }

        #expect(response.status == .notFound)
        #expect(response.header("Content-Type") == "text/html; charset=utf-8")
    }

    @Test func publicFilesAreNotServedUntilTheApplicationEnablesThem() async throws {
        let response = try await TestApplication.with { application in
            try await application.test { try await $0.browse("\(Self.applicationPath)/publicFiles/a.png") }
        }

        #expect(response.status == .notFound)
        #expect(response.text == #"{"code":"E404001","error":"No data available."}"#)
    }

    @Test func theConfirmationLinkConfirmsTheAddressOnce() async throws {
        try await TestApplication.with { application in
            let objectId = try await BrowserPageTests.createUser(in: application, mailAddress: "c@example.com")
            try await mailer(application).sendMailAddressConfirmation(
                application: application.application, userObjectId: objectId, mailAddress: "c@example.com")
            let target = try BrowserPageTests.target(ofLinkIn: try #require(application.mailbox.sent.first))
            let (first, second) = try await application.test { requester in
                (try await requester.browse(target), try await requester.browse(target))
            }

            #expect(target.hasPrefix("\(Self.applicationPath)/mailAddressConfirm?token="))
            #expect(first.status == .ok)
            #expect(second.status == .badRequest)
            let user = try #require(try await BrowserPageTests.credentials(in: application, objectId: objectId)).user
            #expect(user.fields["mailAddressConfirm"] == true)
        }
    }

    @Test func aConfirmationLinkForAnAddressTheUserNoLongerHasConfirmsNothing() async throws {
        try await TestApplication.with { application in
            let objectId = try await BrowserPageTests.createUser(in: application, mailAddress: "old@example.com")
            try await mailer(application).sendMailAddressConfirmation(
                application: application.application, userObjectId: objectId, mailAddress: "old@example.com")
            let key = ObjectKey(applicationId: "TestApplicationId", className: .user, objectId: objectId)
            _ = try await application.storage.objects.update(
                ObjectUpdate(
                    key: key, updateDate: application.clock.now(),
                    operations: [(try FieldName(validating: "mailAddress"), .set("new@example.com"))]),
                access: .bypass)
            let target = try BrowserPageTests.target(ofLinkIn: try #require(application.mailbox.sent.first))
            let response = try await application.test { try await $0.browse(target) }

            #expect(response.status == .badRequest)
            let user = try #require(try await BrowserPageTests.credentials(in: application, objectId: objectId)).user
            #expect(user.fields["mailAddressConfirm"] == nil)
        }
    }

    @Test func theResetFormSetsANewPassword() async throws {
        try await TestApplication.with { application in
            let objectId = try await BrowserPageTests.createUser(in: application, mailAddress: "r@example.com")
            try await mailer(application).sendPasswordReset(
                application: application.application, userObjectId: objectId, mailAddress: "r@example.com")
            let target = try BrowserPageTests.target(ofLinkIn: try #require(application.mailbox.sent.first))
            let token = try BrowserPageTests.token(of: target)
            let (form, post) = try await application.test { requester in
                (
                    try await requester.browse(target),
                    try await requester.submit(
                        "\(Self.applicationPath)/requestPasswordResetUpdate",
                        [("temporaryPassword", ""), ("newPassword", "brand new"), ("token", token)])
                )
            }

            #expect(form.status == .ok)
            #expect(form.text.contains(#"action="requestPasswordResetUpdate""#))
            #expect(form.text.contains(#"name="newPassword""#))
            #expect(post.status == .ok)
            let hash = try #require(try await BrowserPageTests.credentials(in: application, objectId: objectId)?.passwordHash)
            #expect(try await application.environment.passwordHasher.verify("brand new", hash: hash))
            #expect(try await !application.environment.passwordHasher.verify("old password", hash: hash))
        }
    }
}
