import Foundation
import HTTPTypes
import HummingbirdTesting
import KumoMail
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// The mail flows of issue 4 end to end with the file transport: the server writes `.eml` files, the test reads them
/// like a person would, follows the link, fills in the form and logs in (docs/wire/endpoints/users.md#mail-flows,
/// docs/wire/endpoints/browser-pages.md).
@Suite struct MailFlowAcceptanceTests {
    /// Runs `body` against a server whose mail goes to `.eml` files in a fresh directory.
    func withFileMail<Result: Sendable>(
        settings: ApplicationSettings = ApplicationSettings(), _ body: (TestApplication, Mailbox) async throws -> Result
    ) async throws -> Result {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kumo-mail-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let configure: (inout KumoConfiguration) -> Void = { $0.publicURL = "http://kumo.test:8080" }
        let useFiles: (inout ServerEnvironment) -> Void = { $0.mailer = FileMailTransport(directory: directory, clock: $0.clock) }
        return try await TestApplication.with(configure: configure, settings: settings, environment: useFiles) { application in
            try await body(application, Mailbox(directory: directory))
        }
    }

    /// The `.eml` files of a directory, read back.
    struct Mailbox: Sendable {
        let directory: URL

        /// Every mail so far, oldest first (the file names sort by time, then by a random suffix).
        func mails() throws -> [ParsedMail] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            return try names.filter { $0.hasSuffix(".eml") }.sorted().map { name in
                let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
                return try #require(ParsedMail(text), "not a mail: \(name)")
            }
        }

        /// The one mail sent to `address`, which must exist.
        func onlyMail(to address: String) throws -> ParsedMail {
            let matching = try mails().filter { $0.headers["to"] == address }
            #expect(matching.count == 1, "mails to \(address): \(matching.count)")
            return try #require(matching.last)
        }
    }

    /// Path and query of a mail's link, checked to point at this server.
    func target(of mail: ParsedMail) throws -> String {
        let link = try #require(mail.firstLink, "no link in: \(mail.body)")
        #expect(link.hasPrefix("http://kumo.test:8080/2013-09-01/applications/TestApplicationId/"))
        return String(link.dropFirst("http://kumo.test:8080".count))
    }

    func hiddenValue(_ name: String, in html: String) throws -> String {
        let marker = #"name="\#(name)" value=""#
        let start = try #require(html.range(of: marker), "no \(name) in: \(html)").upperBound
        return String(html[start...].prefix { $0 != "\"" })
    }

    func logIn(_ requester: TestRequester, _ mailAddress: String, _ password: String) async throws -> TestResponse {
        try await requester.send(
            .post, "/2013-09-01/login",
            body: JSONValue.object(["mailAddress": .string(mailAddress), "password": .string(password)]).serializedString())
    }

    func register(_ requester: TestRequester, _ mailbox: Mailbox, _ address: String, password: String) async throws {
        let request = try await requester.send(
            .post, "/2013-09-01/requestMailAddressUserEntry", body: #"{"mailAddress":"\#(address)"}"#)
        #expect(request.status == .created, "entry: \(request.text)")
        let page = try await requester.send(.get, try target(of: try mailbox.onlyMail(to: address)), signed: false)
        #expect(page.status == .ok)
        let token = try hiddenValue("NCMBToken", in: page.text)
        let created = try await requester.send(
            .post, "/2013-09-01/applications/TestApplicationId/mailAddressUser",
            body: "password=\(PercentEncoding.encode(password))&NCMBToken=\(token)",
            headers: ["Content-Type": "application/x-www-form-urlencoded"], signed: false)
        #expect(created.status == .ok, "mailAddressUser: \(created.text)")
    }

    @Test func mailAddressSignUpThroughTheEmlFileThenLogIn() async throws {
        try await withFileMail { application, mailbox in
            try await application.test { requester in
                try await register(requester, mailbox, "hanako@example.com", password: "花子のパスワード")
                let mail = try mailbox.onlyMail(to: "hanako@example.com")
                #expect(mail.subject.contains("Complete your sign-up"))
                #expect(mail.headers["from"] == "no-reply@localhost")

                let login = try await logIn(requester, "hanako@example.com", "花子のパスワード")
                #expect(login.status == .ok, "login: \(login.text)")
                let user = try #require(login.json?.objectValue)
                #expect(user["mailAddress"] == "hanako@example.com")
                #expect(user["mailAddressConfirm"] == true)
                #expect(user["sessionToken"]?.stringValue?.isEmpty == false)
                #expect(user["password"] == nil)
            }
        }
    }

    @Test func passwordResetThroughTheEmlFileThenLogInWithTheNewPassword() async throws {
        try await withFileMail { application, mailbox in
            try await application.test { requester in
                try await register(requester, mailbox, "jiro@example.com", password: "first password")
                let request = try await requester.send(
                    .post, "/2013-09-01/requestPasswordReset", body: #"{"mailAddress":"jiro@example.com"}"#)
                #expect(request.status == .created)
                // Both mails carry the same (pinned) time: pick the reset mail by its subject.
                let resetMail = try #require(try mailbox.mails().first { $0.subject.contains("Reset your password") })
                let page = try await requester.send(.get, try target(of: resetMail), signed: false)
                #expect(page.status == .ok)
                let token = try hiddenValue("token", in: page.text)
                let update = try await requester.send(
                    .post, "/2013-09-01/applications/TestApplicationId/requestPasswordResetUpdate",
                    body: "temporaryPassword=&newPassword=second+password&token=\(token)",
                    headers: ["Content-Type": "application/x-www-form-urlencoded"], signed: false)
                #expect(update.status == .ok, "reset: \(update.text)")

                #expect(try await logIn(requester, "jiro@example.com", "second password").status == .ok)
                let old = try await logIn(requester, "jiro@example.com", "first password")
                #expect(old.status == .unauthorized)
                #expect(old.errorCode == "E401002")
            }
        }
    }

    @Test func signUpWithConfirmationMailThenFollowTheLink() async throws {
        let settings = ApplicationSettings(mail: MailSettings(confirmsMailAddress: true))
        try await withFileMail(settings: settings) { application, mailbox in
            try await application.test { requester in
                let signUp = try await requester.send(
                    .post, "/2013-09-01/users", body: #"{"userName":"saburo","password":"pw-3","mailAddress":"saburo@example.com"}"#)
                #expect(signUp.status == .created, "sign-up: \(signUp.text)")
                let objectId = try #require(signUp.json?.objectValue?["objectId"]?.stringValue)
                let mail = try mailbox.onlyMail(to: "saburo@example.com")
                #expect(mail.subject.contains("Confirm your mail address"))

                let confirm = try await requester.send(.get, try target(of: mail), signed: false)
                #expect(confirm.status == .ok)
                #expect(confirm.header("Content-Type") == "text/html; charset=utf-8")
                let user = try await requester.send(.get, "/2013-09-01/users/\(objectId)")
                #expect(user.json?.objectValue?["mailAddressConfirm"] == true, "user: \(user.text)")
            }
        }
    }

    @Test func aUsedLinkIsRejectedAndAnExpiredOneIsE403004() async throws {
        let settings = ApplicationSettings(mail: MailSettings(tokenLifetimeSeconds: 3600))
        try await withFileMail(settings: settings) { application, mailbox in
            try await application.test { requester in
                try await register(requester, mailbox, "shiro@example.com", password: "pw")
                let used = try await requester.send(.get, try target(of: try mailbox.onlyMail(to: "shiro@example.com")), signed: false)
                #expect(used.status == .badRequest)

                _ = try await requester.send(.post, "/2013-09-01/requestMailAddressUserEntry", body: #"{"mailAddress":"goro@example.com"}"#)
                let link = try target(of: try mailbox.onlyMail(to: "goro@example.com"))
                application.clock.advance(milliseconds: 3_600_000)
                let expired = try await requester.send(.get, link, signed: false)
                #expect(expired.status == .forbidden)
                #expect(expired.text.contains("E403004"))
                let stillFree = try await requester.send(
                    .post, "/2013-09-01/requestMailAddressUserEntry", body: #"{"mailAddress":"goro@example.com"}"#)
                #expect(stillFree.status == .created)
            }
        }
    }
}
