import Hummingbird
import HummingbirdTesting
import KumoSeams
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Who may read, change and delete users, and what `PUT /users` changes, on real SQLite (docs/wire/endpoints/users.md,
/// docs/wire/acl.md, docs/decisions/0003-existence-is-not-leaked.md, docs/decisions/0005-default-acl.md).
@Suite struct UsersAccessTests {
    // MARK: Permissions

    @Test func anotherUserCanReadButNotChangeOrDeleteAPublicUser() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                let (owner, _) = try await requester.signUp("owner")
                let (_, otherToken) = try await requester.signUp("other")

                let read = try await requester.send(.get, "/2013-09-01/users/\(owner)", token: otherToken)
                let update = try await requester.send(.put, "/2013-09-01/users/\(owner)", body: #"{"nickname":"x"}"#, token: otherToken)
                let delete = try await requester.send(.delete, "/2013-09-01/users/\(owner)", token: otherToken)

                #expect(read.status == .ok)
                #expect(update.text == #"{"code":"E403001","error":"No access with ACL."}"#)
                #expect(delete.text == #"{"code":"E403001","error":"No access with ACL."}"#)
            }
        }
    }

    @Test func anonymousCallersCannotChangeAUser() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                let (owner, _) = try await requester.signUp("owner")

                let update = try await requester.send(.put, "/2013-09-01/users/\(owner)", body: #"{"password":"taken-over"}"#)
                let login = try await requester.send(.post, "/2013-09-01/login", body: #"{"userName":"owner","password":"taken-over"}"#)

                #expect(update.errorCode == "E403001")
                #expect(login.errorCode == "E401002")
            }
        }
    }

    @Test func privateUsersAreHiddenFromOthers() async throws {
        try await TestApplication.with(settings: ApplicationSettings(usersArePublicReadable: false)) { application in
            try await application.test { requester in
                let (owner, _) = try await requester.signUp("owner")
                let (_, otherToken) = try await requester.signUp("other")

                let read = try await requester.send(.get, "/2013-09-01/users/\(owner)", token: otherToken)
                let update = try await requester.send(.put, "/2013-09-01/users/\(owner)", body: #"{"nickname":"x"}"#, token: otherToken)
                let delete = try await requester.send(.delete, "/2013-09-01/users/\(owner)", token: otherToken)
                let find = try await requester.send(.get, "/2013-09-01/users", token: otherToken)

                #expect(read.errorCode == "E404001")
                #expect(update.errorCode == "E404001")
                #expect(delete.errorCode == "E404001")
                #expect(find.json?.objectValue?["results"]?.arrayValue?.count == 1)
            }
        }
    }

    @Test func queriesShowNoSecretsAndAuthDataOnlyToItsOwner() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                let anonymous = try await requester.send(
                    .post, "/2013-09-01/users", body: #"{"authData":{"anonymous":{"id":"3dc72085-911b-4798-9707-d69e879a6185"}}}"#)
                let anonymousToken = try #require(anonymous.json?.objectValue?["sessionToken"]?.stringValue)
                let (_, token) = try await requester.signUp("taro", password: "pa55word")

                let asOther = try await requester.send(.get, "/2013-09-01/users", token: token)
                let asOwner = try await requester.send(.get, "/2013-09-01/users", token: anonymousToken)

                #expect(asOther.json?.objectValue?["results"]?.arrayValue?.count == 2)
                for text in [asOther.text, asOwner.text] {
                    #expect(!text.contains("pa55word") && !text.contains("password") && !text.contains("sessionToken"))
                    #expect(!text.contains(token) && !text.contains(anonymousToken))
                }
                #expect(!asOther.text.contains("3dc72085"))
                #expect(asOwner.text.contains("3dc72085"))
            }
        }
    }

    // MARK: Updates

    @Test func theOwnerChangesThePasswordAndOnlyTheNewOneWorks() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                let (owner, token) = try await requester.signUp("owner", password: "old")

                let update = try await requester.send(.put, "/2013-09-01/users/\(owner)", body: #"{"password":"new"}"#, token: token)
                let old = try await requester.send(.post, "/2013-09-01/login", body: #"{"userName":"owner","password":"old"}"#)
                let new = try await requester.send(.post, "/2013-09-01/login", body: #"{"userName":"owner","password":"new"}"#)

                #expect(update.status == .ok)
                #expect(update.text == #"{"updateDate":"2009-02-13T23:31:30.000Z"}"#)
                #expect(old.errorCode == "E401002")
                #expect(new.status == .ok)
            }
        }
    }

    @Test func aUserCannotConfirmItsOwnAddress() async throws {
        let settings = ApplicationSettings(mail: MailSettings(confirmsMailAddress: true))
        try await TestApplication.with(settings: settings) { application in
            try await application.test { requester in
                let (owner, token) = try await requester.signUp("owner", extra: #","mailAddress":"o@example.com""#)

                _ = try await requester.send(.put, "/2013-09-01/users/\(owner)", body: #"{"mailAddressConfirm":true}"#, token: token)
                let user = try await requester.send(.get, "/2013-09-01/users/\(owner)", token: token)

                #expect(user.json?.objectValue?["mailAddressConfirm"] == false)
            }
        }
    }

    @Test func changingTheAddressUnconfirmsItAndMailsTheNewOne() async throws {
        let settings = ApplicationSettings(mail: MailSettings(confirmsMailAddress: true))
        try await TestApplication.with(settings: settings) { application in
            try await application.test { requester in
                let (owner, token) = try await requester.signUp("owner", extra: #","mailAddress":"o@example.com""#)

                let update = try await requester.send(
                    .put, "/2013-09-01/users/\(owner)", body: #"{"mailAddress":"new@example.com"}"#, token: token)
                let user = try await requester.send(.get, "/2013-09-01/users/\(owner)", token: token)

                #expect(update.status == .ok)
                #expect(user.json?.objectValue?["mailAddress"] == "new@example.com")
                #expect(user.json?.objectValue?["mailAddressConfirm"] == false)
                #expect(application.mailbox.sent.map(\.to) == ["o@example.com", "new@example.com"])
            }
        }
    }

    @Test func renamingToATakenUserNameIsE409001AndKeepsTheOldName() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                _ = try await requester.signUp("taken")
                let (owner, token) = try await requester.signUp("owner")

                let update = try await requester.send(.put, "/2013-09-01/users/\(owner)", body: #"{"userName":"taken"}"#, token: token)
                let user = try await requester.send(.get, "/2013-09-01/users/\(owner)")

                #expect(update.text == #"{"code":"E409001","error":"userName is duplication."}"#)
                #expect(user.json?.objectValue?["userName"] == "owner")
            }
        }
    }

    @Test func badInputChangesNothing() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                let (owner, token) = try await requester.signUp("owner")

                let update = try await requester.send(
                    .put, "/2013-09-01/users/\(owner)", body: #"{"nickname":"x","password":""}"#, token: token)
                let user = try await requester.send(.get, "/2013-09-01/users/\(owner)")

                #expect(update.errorCode == "E400003")
                #expect(user.json?.objectValue?["nickname"] == nil)
            }
        }
    }
}
