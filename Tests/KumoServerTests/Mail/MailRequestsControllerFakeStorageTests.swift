import Foundation
import HTTPTypes
import HummingbirdTesting
import KumoSeams
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// `POST /requestMailAddressUserEntry` and `POST /requestPasswordReset` over storage fakes (F46–F51).
@Suite struct MailRequestsControllerFakeStorageTests {
    static func storage(settings: ApplicationSettings = ApplicationSettings()) -> FailingStorage {
        var storage = FailingStorage()
        var configured = TestApplication.fakeApplication
        configured.settings = settings
        let application = configured
        storage.applicationStore.onApplicationByKey = { key in key == application.applicationKey ? application : nil }
        return storage
    }

    static func existingUser(_ address: String) -> UserCredentials {
        UserCredentials(
            user: StoredObject(
                objectId: "ExistingUser0001", createDate: TestClock.start, updateDate: TestClock.start, acl: .publicReadWrite,
                fields: ["userName": "taro", "mailAddress": .string(address)]),
            passwordHash: nil)
    }

    func send(_ path: String, _ body: String, storage: FailingStorage, environment: @escaping (inout ServerEnvironment) -> Void = { _ in })
        async throws -> (TestResponse, [MailMessage])
    {
        let configure: (inout KumoConfiguration) -> Void = { $0.publicURL = "https://kumo.example/" }
        return try await TestApplication.with(storage: storage, configure: configure, environment: environment) { application in
            let response = try await application.test { requester in try await requester.send(.post, path, body: body) }
            return (response, application.mailbox.sent)
        }
    }

    // MARK: requestMailAddressUserEntry

    @Test(arguments: [#"{}"#, #"{"mailAddress":null}"#])
    func entryWithoutAnAddressIsE400003(body: String) async throws {
        let (response, mails) = try await send("/2013-09-01/requestMailAddressUserEntry", body, storage: Self.storage())

        #expect(response.status == .badRequest)
        #expect(response.text == #"{"code":"E400003","error":"mailAddress is empty."}"#)
        #expect(mails.isEmpty)
    }

    @Test(arguments: [
        #"{"mailAddress":""}"#, #"{"mailAddress":"not-an-address"}"#, #"{"mailAddress":12}"#, #"{"mailAddress":"a@b.c\r\nBcc: x@y.z"}"#,
    ])
    func entryWithAMalformedAddressIsE400004(body: String) async throws {
        let (response, _) = try await send("/2013-09-01/requestMailAddressUserEntry", body, storage: Self.storage())

        #expect(response.status == .badRequest)
        #expect(response.text == #"{"code":"E400004","error":"mailAddress is invalid format."}"#)
    }

    @Test func entryForARegisteredAddressIsE409001AndSendsNothing() async throws {
        var storage = Self.storage()
        storage.accountStore.onCredentials = { applicationId, lookup in
            #expect(applicationId == "FakeApplicationId")
            #expect(lookup == .unique(UniqueValue(field: "mailAddress", value: "sample@example.com")))
            return Self.existingUser("sample@example.com")
        }

        let (response, mails) = try await send(
            "/2013-09-01/requestMailAddressUserEntry", #"{"mailAddress":"sample@example.com"}"#, storage: storage)

        #expect(response.status == .conflict)
        #expect(response.text == #"{"code":"E409001","error":"mailAddress is duplication."}"#)
        #expect(mails.isEmpty)
    }

    @Test func entryStoresAHashedTokenAndMailsALinkToKumosFormPage() async throws {
        var storage = Self.storage()
        storage.accountStore.onCredentials = { _, _ in nil }
        let tokens = LockedBox<[OneTimeToken]>([])
        storage.accountStore.onCreateToken = { token in tokens.mutate { $0.append(token) } }

        let (response, mails) = try await send(
            "/2013-09-01/requestMailAddressUserEntry", #"{"mailAddress":"test@example.com"}"#, storage: storage)

        #expect(response.status == .created)
        #expect(response.text == #"{"createDate":"2009-02-13T23:31:30.000Z"}"#)
        let token = try #require(tokens.get().first)
        #expect(token.purpose == .mailAddressUserEntry)
        #expect(token.mailAddress == "test@example.com")
        #expect(token.userObjectId == nil)
        #expect(token.applicationId == "FakeApplicationId")
        #expect(token.expiresAt.millisecondsSince1970 == TestClock.start.millisecondsSince1970 + 86_400_000)
        let mail = try #require(mails.first)
        #expect(mail.to == "test@example.com")
        #expect(mail.from == "no-reply@localhost")
        let prefix = "https://kumo.example/2013-09-01/applications/FakeApplicationId/requestMailAddressUserEntry?token="
        let line = try #require(mail.body.split(separator: "\n").first { $0.hasPrefix(prefix) })
        let sentToken = String(line.dropFirst(prefix.count))
        #expect(sentToken.count == SessionTokens.oneTimeTokenLength)
        #expect(token.tokenHash == SessionTokens.hash(sentToken))
        #expect(!token.tokenHash.contains(sentToken))
    }

    @Test func entryUsesTheCustomURLTheTemplateAndTheTokenLifetimeOfTheApplication() async throws {
        let settings = ApplicationSettings(
            mail: MailSettings(
                senderAddress: "support@app.example", customURL: "https://app.example/mail",
                templates: ["mailAddressUserEntry": MailTemplate(subject: "Join {applicationName}", body: "Hi {mailAddress}: {link}")],
                tokenLifetimeSeconds: 600))
        var storage = Self.storage(settings: settings)
        storage.accountStore.onCredentials = { _, _ in nil }
        let tokens = LockedBox<[OneTimeToken]>([])
        storage.accountStore.onCreateToken = { token in tokens.mutate { $0.append(token) } }

        let (_, mails) = try await send("/2013-09-01/requestMailAddressUserEntry", #"{"mailAddress":"a@b.example"}"#, storage: storage)

        let mail = try #require(mails.first)
        #expect(mail.from == "support@app.example")
        #expect(mail.subject == "Join fake")
        #expect(
            mail.body.hasPrefix(
                "Hi a@b.example: https://app.example/mail?link=requestMailAddressUserEntry&version=2013-09-01&applicationId=FakeApplicationId&token="
            ))
        #expect(try #require(tokens.get().first).expiresAt.millisecondsSince1970 == TestClock.start.millisecondsSince1970 + 600_000)
    }

    @Test func entryWhoseMailFailsIsE502002AndDropsTheToken() async throws {
        var storage = Self.storage()
        storage.accountStore.onCredentials = { _, _ in nil }
        let created = LockedBox<String?>(nil)
        let deleted = LockedBox<String?>(nil)
        storage.accountStore.onCreateToken = { token in created.set(token.tokenHash) }
        storage.accountStore.onDeleteToken = { hash, _ in
            deleted.set(hash)
            return true
        }

        let (response, _) = try await send(
            "/2013-09-01/requestMailAddressUserEntry", #"{"mailAddress":"a@b.example"}"#, storage: storage,
            environment: { $0.mailer = UnconfiguredMailTransport() })

        #expect(response.status == .badGateway)
        #expect(response.errorCode == "E502002")
        #expect(created.get() != nil && deleted.get() == created.get())
    }

    // MARK: requestPasswordReset

    @Test(arguments: [#"{}"#, #"{"mailAddress":null}"#])
    func resetWithoutAnAddressIsE400006(body: String) async throws {
        let (response, _) = try await send("/2013-09-01/requestPasswordReset", body, storage: Self.storage())

        #expect(response.status == .badRequest)
        #expect(response.text == #"{"code":"E400006","error":"mailAddress does not exist."}"#)
    }

    @Test(arguments: [#"{"mailAddress":""}"#, #"{"mailAddress":"nope"}"#, #"{"mailAddress":true}"#])
    func resetWithAMalformedAddressIsE400004(body: String) async throws {
        let (response, _) = try await send("/2013-09-01/requestPasswordReset", body, storage: Self.storage())

        #expect(response.status == .badRequest)
        #expect(response.text == #"{"code":"E400004","error":"mailAddress is invalid format."}"#)
    }

    @Test func resetMailsAPasswordResetLinkForTheUserOfTheAddress() async throws {
        var storage = Self.storage()
        storage.accountStore.onCredentials = { _, _ in Self.existingUser("test@example.com") }
        let tokens = LockedBox<[OneTimeToken]>([])
        storage.accountStore.onCreateToken = { token in tokens.mutate { $0.append(token) } }

        let (response, mails) = try await send("/2013-09-01/requestPasswordReset", #"{"mailAddress":"test@example.com"}"#, storage: storage)

        #expect(response.status == .created)
        #expect(response.text == #"{"createDate":"2009-02-13T23:31:30.000Z"}"#)
        let token = try #require(tokens.get().first)
        #expect(token.purpose == .passwordReset)
        #expect(token.userObjectId == "ExistingUser0001")
        #expect(try #require(mails.first).body.contains("/2013-09-01/applications/FakeApplicationId/requestPasswordReset?token="))
    }

    @Test func resetForAnUnknownAddressAnswers201AndSendsNothing() async throws {
        var storage = Self.storage()
        storage.accountStore.onCredentials = { _, _ in nil }

        let (response, mails) = try await send(
            "/2013-09-01/requestPasswordReset", #"{"mailAddress":"nobody@example.com"}"#, storage: storage)

        #expect(response.status == .created)
        #expect(response.text == #"{"createDate":"2009-02-13T23:31:30.000Z"}"#)
        #expect(mails.isEmpty)
    }
}
