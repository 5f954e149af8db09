import KumoAdministration
import KumoDashboard
import KumoSeams
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// FCM credentials in ``AdministrationSettings`` (docs/dashboard.md#settings), as the dashboard and `kumo apps push`
/// apply them: the token endpoint is https only, and any change to stored credentials is checked again.
@Suite struct SettingsFCMTests {
    /// A check that records the FCM credentials it is asked about and answers `problem`; APNs is not expected.
    final class RecordingCheck: PushCredentialsCheck, Sendable {
        let problem: String?
        private let asked = LockedBox<[FCMCredentials]>([])
        var checked: [FCMCredentials] { asked.get() }

        init(problem: String?) { self.problem = problem }

        func problem(with credentials: APNsCredentials) -> String? {
            Issue.record("unexpected APNs check of \(credentials.keyId)")
            return "unexpected"
        }

        func problem(with credentials: FCMCredentials) -> String? {
            asked.mutate { $0.append(credentials) }
            return problem
        }
    }

    static let stored = FCMCredentials(
        projectId: "demo", clientEmail: "push@demo.iam.gserviceaccount.com", privateKeyPEM: "stored key", privateKeyId: "k1")

    static func settings(_ fcm: FCMCredentials?) -> ApplicationSettings {
        var settings = ApplicationSettings()
        settings.push.fcm = fcm
        return settings
    }

    static func patch(_ text: String) throws -> JSONObject {
        try #require(try JSONValue(parsing: Array(text.utf8)).objectValue)
    }

    // MARK: Tests

    @Test(arguments: ["http://oauth2.googleapis.com/token", "ftp://oauth2.googleapis.com/token", "https://", "oauth2.googleapis.com"])
    func aTokenURIThatIsNotHTTPSIsRefused(uri: String) throws {
        let check = RecordingCheck(problem: nil)

        #expect(throws: AdministrationSettings.Refusal("push.fcm.tokenURI", "must be an https:// URL")) {
            try AdministrationSettings(credentialsCheck: check).applying(
                try Self.patch(#"{"push":{"fcm":{"tokenURI":"\#(uri)"}}}"#), to: Self.settings(Self.stored))
        }
        #expect(check.checked.isEmpty)
    }

    @Test func aServiceAccountWhoseTokenURIIsNotHTTPSIsRefused() throws {
        let check = RecordingCheck(problem: nil)
        let account = #"""
            {"push":{"fcm":{"serviceAccount":{"type":"service_account","project_id":"demo","client_email":"a@demo.iam.gserviceaccount.com",
            "private_key":"key","token_uri":"http://oauth2.googleapis.com/token"}}}}
            """#

        #expect(throws: AdministrationSettings.Refusal("push.fcm.serviceAccount", "has a token_uri that is not an https:// URL")) {
            try AdministrationSettings(credentialsCheck: check).applying(try Self.patch(account), to: Self.settings(nil))
        }
        #expect(check.checked.isEmpty)
    }

    @Test func aNewTokenURIChecksTheStoredKeyAgainstItAndStoresIt() throws {
        let check = RecordingCheck(problem: nil)

        let change = try AdministrationSettings(credentialsCheck: check).applying(
            try Self.patch(#"{"push":{"fcm":{"tokenURI":"https://token.example.com/token"}}}"#), to: Self.settings(Self.stored))

        var expected = Self.stored
        expected.tokenURI = "https://token.example.com/token"
        #expect(change.settings.push.fcm == expected)
        #expect(check.checked == [expected])
        #expect(change.changedKeys == ["push.fcm"])
    }

    @Test func aNewTokenURIIsRefusedWhenTheStoredKeyFailsTheCheck() throws {
        let check = RecordingCheck(problem: "the service account's private_key is not a PEM RSA private key of at least 2048 bits")

        #expect(throws: AdministrationSettings.Refusal("push.fcm.privateKey", check.problem ?? "")) {
            try AdministrationSettings(credentialsCheck: check).applying(
                try Self.patch(#"{"push":{"fcm":{"tokenURI":"https://token.example.com/token"}}}"#), to: Self.settings(Self.stored))
        }
    }

    @Test func unchangedCredentialsAreNotCheckedAgain() throws {
        let check = RecordingCheck(problem: "would refuse")

        let change = try AdministrationSettings(credentialsCheck: check).applying(
            try Self.patch(#"{"push":{"fcm":{"projectId":"demo","privateKey":"****"}}}"#), to: Self.settings(Self.stored))

        #expect(change.changedKeys.isEmpty)
        #expect(check.checked.isEmpty)
    }
}
