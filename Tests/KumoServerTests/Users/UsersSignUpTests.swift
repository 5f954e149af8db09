import Hummingbird
import HummingbirdTesting
import KumoSeams
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// `POST /users` with user name and password on real SQLite (docs/wire/endpoints/users.md, F28–F30,
/// docs/decisions/0005-default-acl.md).
@Suite struct UsersSignUpTests {
    /// How many users an anonymous caller can count (every user, with the default public-read ACL).
    static func userCount(_ requester: TestRequester) async throws -> Int64? {
        try await requester.send(.get, "/2013-09-01/users?count=1&limit=0").json?.objectValue?["count"]?.integerValue
    }

    // MARK: Tests

    @Test func signUpAnswersTheFixtureShapeByteExact() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                let response = try await requester.send(
                    .post, "/2013-09-01/users", body: #"{"userName":"Ncmb Tarou","password":"Ncmbtarou"}"#)

                #expect(response.status == .created)
                #expect(
                    response.text
                        == #"{"createDate":"2009-02-13T23:31:30.000Z","objectId":"0000000000000001","sessionToken":"0000000000000000000000002","userName":"Ncmb Tarou","authData":null}"#
                )
            }
        }
    }

    @Test func theNewUserIsStoredWithTheDefaultACLAndWithoutSecrets() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                let (objectId, token) = try await requester.signUp(
                    "taro", extra: #","mailAddress":"taro@example.com","sessionToken":"mine","mailAddressConfirm":true,"age":20"#)

                let response = try await requester.send(.get, "/2013-09-01/users/\(objectId)")

                #expect(
                    response.text
                        == #"{"objectId":"0000000000000001","createDate":"2009-02-13T23:31:30.000Z","updateDate":"2009-02-13T23:31:30.000Z","acl":{"*":{"read":true},"0000000000000001":{"read":true,"write":true}},"userName":"taro","mailAddress":"taro@example.com","age":20}"#
                )
                #expect(!response.text.contains(token))
            }
        }
    }

    @Test func aTakenUserNameIsE409001AndAddsNoUser() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                _ = try await requester.signUp("taro")

                let response = try await requester.send(.post, "/2013-09-01/users", body: #"{"userName":"taro","password":"x"}"#)

                #expect(response.status == .conflict)
                #expect(response.text == #"{"code":"E409001","error":"userName is duplication."}"#)
                #expect(try await Self.userCount(requester) == 1)
            }
        }
    }

    @Test func aTakenMailAddressIsE409001AndAddsNoUser() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                _ = try await requester.signUp("taro", extra: #","mailAddress":"same@example.com""#)

                let response = try await requester.send(
                    .post, "/2013-09-01/users", body: #"{"userName":"jiro","password":"x","mailAddress":"same@example.com"}"#)

                #expect(response.text == #"{"code":"E409001","error":"mailAddress is duplication."}"#)
                #expect(try await Self.userCount(requester) == 1)
            }
        }
    }

    @Test(arguments: [
        #"{"userName":"u"}"#, #"{"password":"p"}"#, #"{"userName":"u","password":"p","mailAddress":"bad"}"#,
        #"{"userName":"u","password":"p","x":{"__op":"Nope"}}"#,
    ])
    func badInputAddsNoUser(body: String) async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                let response = try await requester.send(.post, "/2013-09-01/users", body: body)

                #expect(response.status == .badRequest)
                #expect(try await Self.userCount(requester) == 0)
            }
        }
    }

    @Test func theSignUpSessionAuthenticatesTheUser() async throws {
        try await TestApplication.with(settings: ApplicationSettings(usersArePublicReadable: false)) { application in
            try await application.test { requester in
                let (objectId, token) = try await requester.signUp("taro")

                let anonymous = try await requester.send(.get, "/2013-09-01/users/\(objectId)")
                let owner = try await requester.send(.get, "/2013-09-01/users/\(objectId)", token: token)

                #expect(anonymous.errorCode == "E404001")
                #expect(owner.status == .ok)
            }
        }
    }

    @Test func withConfirmationOnTheAddressStartsUnconfirmedAndAMailGoesOut() async throws {
        let settings = ApplicationSettings(mail: MailSettings(confirmsMailAddress: true))
        try await TestApplication.with(settings: settings) { application in
            try await application.test { requester in
                let (objectId, token) = try await requester.signUp("taro", extra: #","mailAddress":"taro@example.com""#)

                let user = try await requester.send(.get, "/2013-09-01/users/\(objectId)", token: token)

                #expect(user.json?.objectValue?["mailAddressConfirm"] == false)
                #expect(application.mailbox.sent.map(\.to) == ["taro@example.com"])
            }
        }
    }

    @Test func withoutConfirmationNoMailGoesOutAndNoConfirmFlagIsStored() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                let (objectId, _) = try await requester.signUp("taro", extra: #","mailAddress":"taro@example.com""#)

                let user = try await requester.send(.get, "/2013-09-01/users/\(objectId)")

                #expect(user.json?.objectValue?["mailAddressConfirm"] == nil)
                #expect(application.mailbox.sent.isEmpty)
            }
        }
    }
}
