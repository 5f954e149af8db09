import HTTPTypes
import HummingbirdTesting
import KumoDashboard
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// `GET|PUT /dashboard/api/apps/{app}/settings` (docs/dashboard.md#settings): grouped settings, partial changes checked
/// by the CLI's rules, secrets never answered, audit of the keys changed.
@Suite struct SettingsAPITests {
    static let path = "/dashboard/api/apps/test/settings"

    static func object(_ response: TestResponse) -> JSONObject { response.json?.objectValue ?? [:] }

    /// A dashboard whose settings check push keys as `kumo apps push` does.
    static func with(_ body: @escaping @Sendable (DashboardHarness, DashboardClientSession) async throws -> Void) async throws {
        try await DashboardHarness.with(environment: { environment, _ in environment.pushCredentialsCheck = TestPushCredentials.check }) {
            harness, session in
            try await session.signIn()
            try await body(harness, session)
        }
    }

    @Test func theSettingsAreAnsweredGroupedWithTheirDefaults() async throws {
        try await Self.with { _, session in
            let response = try await session.send(.get, Self.path)

            let settings = Self.object(response)
            #expect(response.status == .ok)
            #expect(settings["sessions"] == ["lifetimeSeconds": 86_400, "allowsMultipleSessions": false])
            #expect(settings["users"] == ["publicReadable": true])
            #expect(settings["defaultACL"] == ["*": ["read": true, "write": true]])
            #expect(settings["files"] == ["publicFiles": false, "maximumFileSize": 104_857_600])
            #expect(settings["push"] == ["clientPush": false, "apns": nil, "fcm": nil])
            #expect(settings["mail"]?.objectValue?["senderAddress"] == "no-reply@localhost")
            #expect(settings["providers"]?.objectValue?.keys == ["anonymous", "apple", "facebook", "google", "twitter"])
            #expect(settings["scripts"]?.objectValue?["timeoutMilliseconds"] == 30_000)
        }
    }

    @Test func aPartialChangeIsStoredAnsweredAndAuditedWithTheKeysItChanged() async throws {
        try await Self.with { harness, session in
            let response = try await session.change(
                .put, Self.path,
                body: #"""
                    {"sessions":{"lifetimeSeconds":7200},"files":{"publicFiles":true},"push":{"clientPush":true},
                     "mail":{"customURL":"https://example.com/mail","templates":{"passwordReset":{"subject":"Reset","body":"Open {link}"}}},
                     "defaultACL":{"*":{"read":true}},"scripts":{"maximumCount":5}}
                    """#)

            let stored = try #require(try await harness.server.storage.applications.application(named: "test")).settings
            #expect(response.status == .ok)
            #expect(Self.object(response)["sessions"]?.objectValue?["lifetimeSeconds"] == 7200)
            #expect(stored.sessionLifetimeSeconds == 7200 && stored.publicFilesEnabled && stored.clientPushEnabled)
            #expect(stored.mail.customURL == "https://example.com/mail")
            #expect(stored.mail.templates["passwordReset"] == MailTemplate(subject: "Reset", body: "Open {link}"))
            #expect(stored.defaultObjectACL == AccessControlList(["*": .init(read: true, write: false)]))
            #expect(stored.scripts.maximumCount == 5 && stored.allowsMultipleSessions == false)
            let entry = try #require(try await harness.audit().first)
            #expect(entry.action == "settings.update" && entry.target == "TestApplicationId" && entry.application == "test")
            #expect(
                entry.detail["changed"]
                    == [
                        "defaultACL", "files.publicFiles", "mail.customURL", "mail.templates", "push.clientPush", "scripts.maximumCount",
                        "sessions.lifetimeSeconds",
                    ])
        }
    }

    @Test(arguments: [
        (#"{"sessions":{"lifetimeSeconds":169}}"#, "sessions.lifetimeSeconds"),
        (#"{"sessions":{"lifetimeSeconds":612000}}"#, "sessions.lifetimeSeconds"),
        (#"{"sessions":{"allowsMultipleSessions":"yes"}}"#, "sessions.allowsMultipleSessions"),
        (#"{"files":{"maximumFileSize":0}}"#, "files.maximumFileSize"),
        (#"{"mail":{"customURL":"ftp://x"}}"#, "mail.customURL"),
        (#"{"mail":{"senderAddress":"a@b\r\nBcc: x@y"}}"#, "mail.senderAddress"),
        (#"{"mail":{"tokenLifetimeSeconds":2595600}}"#, "mail.tokenLifetimeSeconds"),
        (#"{"mail":{"templates":{"welcome":{"subject":"s","body":"b"}}}}"#, "mail.templates.welcome"),
        (#"{"mail":{"templates":{"passwordReset":{"subject":"a\nb","body":"b"}}}}"#, "mail.templates.passwordReset.subject"),
        (#"{"defaultACL":{"*":{"read":"yes"}}}"#, "defaultACL"),
        (#"{"scripts":{"timeoutMilliseconds":1}}"#, "scripts.timeoutMilliseconds"),
        (#"{"providers":{"myspace":{"enabled":true}}}"#, "providers.myspace"),
        (#"{"providers":{"apple":{"verification":"magic"}}}"#, "providers.apple.verification"),
        (#"{"push":{"apns":{"keyId":"KEY1234567"}}}"#, "push.apns.teamId"),
        (#"{"push":{"fcm":{"serviceAccount":{"type":"user"}}}}"#, "push.fcm.serviceAccount"),
        (#"{"colour":"blue"}"#, "colour"),
        (#"[1]"#, "settings"),
    ])
    func badValuesAreRefusedNamingTheFieldAndNothingIsStored(body: String, field: String) async throws {
        try await Self.with { harness, session in
            let response = try await session.change(.put, Self.path, body: #"{"users":{"publicReadable":false},"# + body.dropFirst())

            #expect(response.status == .badRequest)
            #expect(Self.object(response)["code"] == "invalid")
            #expect(Self.object(response)["field"] == .string(field))
            let stored = try #require(try await harness.server.storage.applications.application(named: "test")).settings
            #expect(stored == ApplicationSettings())
            #expect(try await harness.audit().allSatisfy { $0.action != "settings.update" })
        }
    }

    @Test func pushKeysAreCheckedStoredAndNeverAnsweredOrAudited() async throws {
        try await Self.with { harness, session in
            let key = TestPushCredentials.apnsKeyPEM()
            let body: JSONValue = [
                "push": ["apns": ["keyId": "KEY1234567", "teamId": "TEAM123456", "topic": "com.example.app", "privateKey": .string(key)]]
            ]
            let created = try await session.change(.put, Self.path, body: body.serializedString())
            let kept = try await session.change(
                .put, Self.path, body: #"{"push":{"apns":{"topic":"com.example.other","privateKey":"****"}}}"#)
            let read = try await session.send(.get, Self.path)
            let badKey = try await session.change(
                .put, Self.path, body: #"{"push":{"apns":{"privateKey":"-----BEGIN PRIVATE KEY-----\nno\n-----END PRIVATE KEY-----"}}}"#)

            #expect(created.status == .ok && kept.status == .ok)
            for response in [created, kept, read] {
                #expect(!response.text.contains("BEGIN PRIVATE KEY"))
                #expect(Self.object(response)["push"]?.objectValue?["apns"]?.objectValue?["privateKey"] == "****")
            }
            #expect(Self.object(read)["push"]?.objectValue?["apns"]?.objectValue?["topic"] == "com.example.other")
            #expect(badKey.status == .badRequest && Self.object(badKey)["field"] == "push.apns.privateKey")
            let stored = try #require(try await harness.server.storage.applications.application(named: "test")).settings.push.apns
            #expect(stored?.privateKeyPEM == key && stored?.topic == "com.example.other")
            for entry in try await harness.audit() { #expect(!JSONValue.object(entry.detail).serializedString().contains("PRIVATE")) }
        }
    }

    @Test func nullRemovesPushCredentials() async throws {
        try await Self.with { harness, session in
            let body: JSONValue = [
                "push": ["apns": ["keyId": "K", "teamId": "T", "topic": "t", "privateKey": .string(TestPushCredentials.apnsKeyPEM())]]
            ]
            try await session.change(.put, Self.path, body: body.serializedString())

            let removed = try await session.change(.put, Self.path, body: #"{"push":{"apns":null}}"#)

            #expect(Self.object(removed)["push"]?.objectValue?["apns"] == .null)
            #expect(try await harness.server.storage.applications.application(named: "test")?.settings.push.apns == nil)
        }
    }

    @Test func secretProviderOptionsAreMaskedAndKeptWhenTheMaskComesBack() async throws {
        try await Self.with { harness, session in
            let set = try await session.change(
                .put, Self.path,
                body: #"{"providers":{"facebook":{"enabled":true,"verification":"endpoint","options":{"appId":"1","appSecret":"s3cr3t"}}}}"#
            )
            let echoed = try await session.change(
                .put, Self.path, body: #"{"providers":{"facebook":{"options":{"appId":"2","appSecret":"****","url":null}}}}"#)

            #expect(!set.text.contains("s3cr3t") && !echoed.text.contains("s3cr3t"))
            #expect(
                Self.object(echoed)["providers"]?.objectValue?["facebook"]?.objectValue?["options"] == ["appId": "2", "appSecret": "****"])
            let provider = try #require(try await harness.server.storage.applications.application(named: "test")).settings.authProvider(
                "facebook")
            #expect(provider.options == ["appId": "2", "appSecret": "s3cr3t"] && provider.isEnabled)
        }
    }

    @Test func anFCMServiceAccountIsReadLikeTheKeyFileOfKumoAppsPush() async throws {
        try await Self.with { _, session in
            let account: JSONValue = [
                "type": "service_account", "project_id": "demo", "client_email": "push@demo.iam.gserviceaccount.com",
                "private_key": "-----BEGIN PRIVATE KEY-----\nnot rsa\n-----END PRIVATE KEY-----\n",
            ]
            let body: JSONValue = ["push": ["fcm": ["serviceAccount": account]]]

            let response = try await session.change(.put, Self.path, body: body.serializedString())

            #expect(response.status == .badRequest && Self.object(response)["field"] == "push.fcm.serviceAccount")
            #expect(Self.object(response)["error"]?.stringValue?.contains("RSA") == true)
        }
    }

    @Test func anUnknownApplicationIs404() async throws {
        try await Self.with { _, session in
            let read = try await session.send(.get, "/dashboard/api/apps/missing/settings")
            let change = try await session.change(.put, "/dashboard/api/apps/missing/settings", body: "{}")

            #expect(read.status == .notFound && change.status == .notFound && Self.object(read)["code"] == "notFound")
        }
    }
}
