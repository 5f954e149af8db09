import Foundation
import NCMB
import NCMBWire
import Testing

/// SNS sign-up, link and unlink with the `NCMB…Parameters` types (docs/wire/endpoints/users.md, F39–F45).
@Suite struct NCMBUserSNSTests {
    let environment = UserTestEnvironment()
    var transport: RecordingTransport { environment.transport }

    static let expiration = Date(timeIntervalSince1970: 1_465_261_323.004)  // 2016-06-07T01:02:03.004Z
    static let facebook = NCMBFacebookParameters(id: "100002415159782", accessToken: "fb-token", expirationDate: expiration)
    static let facebookJSON: JSONValue = [
        "id": "100002415159782", "access_token": "fb-token",
        "expiration_date": ["__type": "Date", "iso": "2016-06-07T01:02:03.004Z"],
    ]
    static let twitter = NCMBTwitterParameters(
        id: "tw1", screenName: "kumo", oauthConsumerKey: "ck", consumerSecret: "cs", oauthToken: "ot", oauthTokenSecret: "os")
    static let twitterJSON: JSONValue = [
        "id": "tw1", "screen_name": "kumo", "oauth_consumer_key": "ck", "consumer_secret": "cs", "oauth_token": "ot",
        "oauth_token_secret": "os",
    ]
    static let apple = NCMBAppleParameters(id: "ap1", accessToken: "ap-token", clientId: "com.example.app")
    static let appleJSON: JSONValue = ["id": "ap1", "access_token": "ap-token", "client_id": "com.example.app"]
    static let google = NCMBGoogleParameters(id: "go1", accessToken: "go-token")
    static let googleJSON: JSONValue = ["id": "go1", "access_token": "go-token"]

    static let snsSignedUp = #"{"objectId":"s1","userName":"cmEFG4qlkA","sessionToken":"snsToken","createDate":"2013-08-15T15:04:36.314Z"}"#

    /// Every provider: its name, its parameters' `authData` JSON, and the sign-up and link calls in the async form.
    struct Provider: Sendable, CustomTestStringConvertible {
        let name: String
        let json: JSONValue
        let signUp: @Sendable (NCMBUser) async throws -> Void
        let link: @Sendable (NCMBUser) async throws -> Void
        var testDescription: String { name }
    }

    static let providers: [Provider] = [
        Provider(
            name: "facebook", json: facebookJSON, signUp: { try await $0.signUpWithFacebookToken(facebookParameters: facebook) },
            link: { try await $0.linkWithFacebookToken(facebookParameters: facebook) }),
        Provider(
            name: "twitter", json: twitterJSON, signUp: { try await $0.signUpWithTwitterToken(twitterParameters: twitter) },
            link: { try await $0.linkWithTwitterToken(twitterParameters: twitter) }),
        Provider(
            name: "apple", json: appleJSON, signUp: { try await $0.signUpWithAppleToken(appleParameters: apple) },
            link: { try await $0.linkWithAppleToken(appleParameters: apple) }),
        Provider(
            name: "google", json: googleJSON, signUp: { try await $0.signUpWithGoogleToken(googleParameters: google) },
            link: { try await $0.linkWithGoogleToken(googleParameters: google) }),
    ]

    // MARK: Sign-up

    @Test(arguments: providers)
    func signUpWithAProviderPostsItsAuthDataAndSignsTheUserIn(provider: Provider) async throws {
        let user = environment.makeUser()
        transport.expect(.objects(.users, .create(["authData": [provider.name: provider.json]])), reply: .json(201, Self.snsSignedUp))

        try await provider.signUp(user)

        #expect(user.isLinkedWith(type: provider.name))
        #expect(environment.bound { NCMBUser.currentUser } === user)
        #expect(environment.sessionToken == "snsToken")
        #expect(transport.unmetExpectations.isEmpty)
    }

    @Test func facebookAuthDataIsSentExactlyAsTheWireSpecShowsIt() async throws {
        let user = environment.makeUser()
        transport.expect(.objects(.users, .create(["authData": ["facebook": Self.facebookJSON]])), reply: .json(201, Self.snsSignedUp))

        try await user.signUpWithFacebookToken(facebookParameters: Self.facebook)

        #expect(
            transport.body(at: 0)
                == #"{"authData":{"facebook":{"id":"100002415159782","access_token":"fb-token","expiration_date":{"__type":"Date","iso":"2016-06-07T01:02:03.004Z"}}}}"#
        )
    }

    @Test(arguments: CallForm.allCases)
    func signUpWithAppleTokenInEveryForm(form: CallForm) async throws {
        let user = environment.makeUser()
        transport.expect(.objects(.users, .create(["authData": ["apple": Self.appleJSON]])), reply: .json(201, Self.snsSignedUp))

        let result = await environment.run(
            form, async: { try await user.signUpWithAppleToken(appleParameters: Self.apple) },
            blocking: { user.signUpWithAppleToken(appleParameters: Self.apple) },
            callback: { user.signUpWithAppleToken(appleParameters: Self.apple, callback: $0) })

        #expect(result.isSuccess)
        #expect(user.objectId == "s1")
    }

    @Test(arguments: CallForm.allCases)
    func signUpWithTokenRestoresTheAuthDataWhenTheProviderRejectsIt(form: CallForm) async throws {
        let user = environment.makeUser()
        transport.expect(
            .objects(.users, .create(["authData": ["google": ["id": "go1", "access_token": "bad"]]])),
            reply: .json(401, #"{"code":"E401003","error":"OAuth google authentication error."}"#))
        let snsInfo: [String: Any] = ["google": ["id": "go1", "access_token": "bad"]]
        nonisolated(unsafe) let info = snsInfo

        let result = await environment.run(
            form, async: { try await user.signUpWithToken(snsInfo: info) }, blocking: { user.signUpWithToken(snsInfo: info) },
            callback: { user.signUpWithToken(snsInfo: info, callback: $0) })

        #expect((result.error as? NCMBApiError)?.errorCode == .oAuthAuthenticationError)
        #expect(!user.isLinkedWith(type: "google"))
        #expect(environment.bound { NCMBUser.currentUser } == nil)
    }

    @Test func signUpWithTokenRejectsAValueThatCannotBeJSONBeforeSending() async throws {
        let user = environment.makeUser()

        let error = await #expect(throws: NCMBInvalidRequestError.self) {
            try await user.signUpWithToken(snsInfo: ["google": ["id": Double.nan]])
        }

        #expect(error == .invalidBodyJsonValue)
        #expect(transport.requests.isEmpty)
    }

    // MARK: Link

    @Test(arguments: providers)
    func linkSendsOnlyTheNewProviderAndKeepsTheOthersLocally(provider: Provider) async throws {
        let user = try await linkedUser(["anonymous": ["id": "a1"]])
        transport.expect(
            .objects(.users, .update(objectId: "u1", ["authData": [provider.name: provider.json]])), reply: .json(200, UserReplies.updated))

        try await provider.link(user)

        #expect(user.isLinkedWith(type: provider.name))
        let authData: [String: Any]? = user["authData"]
        #expect(authData?["anonymous"] != nil)
        #expect(transport.unmetExpectations.isEmpty)
    }

    @Test(arguments: CallForm.allCases)
    func linkWithTokenRestoresTheAuthDataWhenTheLinkFails(form: CallForm) async throws {
        let user = try await linkedUser(["anonymous": ["id": "a1"]])
        transport.expect(
            .objects(.users, .update(objectId: "u1", ["authData": ["google": Self.googleJSON]])),
            reply: .json(409, #"{"code":"E409001","error":"authData is duplication."}"#))
        let snsInfo: [String: Any] = ["google": ["id": "go1", "access_token": "go-token"]]
        nonisolated(unsafe) let info = snsInfo

        let result = await environment.run(
            form, async: { try await user.linkWithToken(snsInfo: info) }, blocking: { user.linkWithToken(snsInfo: info) },
            callback: { user.linkWithToken(snsInfo: info, callback: $0) })

        #expect((result.error as? NCMBApiError)?.errorCode == .duplication)
        #expect(!user.isLinkedWith(type: "google"))
        let authData: [String: Any]? = user["authData"]
        #expect(authData?["anonymous"] != nil)
    }

    @Test(arguments: CallForm.allCases)
    func linkWithFacebookTokenInEveryForm(form: CallForm) async throws {
        let user = try await linkedUser(nil)
        transport.expect(
            .objects(.users, .update(objectId: "u1", ["authData": ["facebook": Self.facebookJSON]])),
            reply: .json(200, UserReplies.updated))

        let result = await environment.run(
            form, async: { try await user.linkWithFacebookToken(facebookParameters: Self.facebook) },
            blocking: { user.linkWithFacebookToken(facebookParameters: Self.facebook) },
            callback: { user.linkWithFacebookToken(facebookParameters: Self.facebook, callback: $0) })

        #expect(result.isSuccess)
        #expect(user.isLinkedWith(type: "facebook"))
    }

    // MARK: Unlink

    @Test(arguments: CallForm.allCases)
    func unlinkSendsNullForTheProviderThenRemovesItLocally(form: CallForm) async throws {
        let user = try await linkedUser(["google": Self.googleJSON, "facebook": Self.facebookJSON])
        transport.expect(.objects(.users, .update(objectId: "u1", ["authData": ["google": nil]])), reply: .json(200, UserReplies.updated))

        let result = await environment.run(
            form, async: { try await user.unlink(type: "google") }, blocking: { user.unlink(type: "google") },
            callback: { user.unlink(type: "google", callback: $0) })

        #expect(result.isSuccess)
        #expect(transport.body(at: 1) == #"{"authData":{"google":null}}"#)
        #expect(!user.isLinkedWith(type: "google"))
        #expect(user.isLinkedWith(type: "facebook"))
    }

    @Test func unlinkKeepsTheProviderWhenTheServerFails() async throws {
        let user = try await linkedUser(["google": Self.googleJSON])
        transport.expect(.objects(.users, .update(objectId: "u1", ["authData": ["google": nil]])), reply: .json(403, UserReplies.denied))

        await #expect(throws: NCMBApiError.self) { try await user.unlink(type: "google") }

        #expect(user.isLinkedWith(type: "google"))
    }

    @Test(arguments: [
        (nil, "token not found"), (["google": googleJSON] as JSONValue?, "other token type"),
    ])
    func unlinkOfAProviderTheUserIsNotLinkedToFailsAsInNCMBSwift(authData: JSONValue?, description: String) async throws {
        let user = try await linkedUser(authData)

        let error = await #expect(throws: NSError.self) { try await user.unlink(type: "twitter") }

        #expect(error?.domain == "NCMBErrorDomain")
        #expect(error?.code == 404003)
        #expect(error?.localizedDescription == description)
        #expect(transport.requests.count == 1)
    }

    @Test func isLinkedWithKnowsOnlyTheFourProviders() async throws {
        let user = try await linkedUser(["anonymous": ["id": "a1"], "google": Self.googleJSON])

        #expect(user.isLinkedWith(type: "google"))
        #expect(!user.isLinkedWith(type: "anonymous"))
        #expect(!user.isLinkedWith(type: "twitter"))
    }

    // MARK: Helpers

    /// A saved user `u1` whose `authData` is `authData`, fetched from the server so that nothing waits to be sent.
    func linkedUser(_ authData: JSONValue?) async throws -> NCMBUser {
        let user = environment.makeUser(objectId: "u1")
        let fields: JSONValue = ["objectId": "u1", "authData": authData ?? .null]
        transport.expect(.objects(.users, .get(objectId: "u1")), reply: .json(200, fields.serializedString()))
        try await user.fetch()
        return user
    }
}
