import Foundation
import NCMB
import NCMBWire
import Testing

/// The programs of ncmb_swift's README, written as the README writes them (callback forms, explicit types), run against
/// a transport that expects exactly the routes they send; and ``NCMBSwiftSurface``, run without sending anything (its
/// function references are never called).
@Suite struct NCMBSwiftREADMETests {
    let environment = UserTestEnvironment()

    /// Runs a README snippet that starts one callback call, with the environment's context bound, and waits for the
    /// callback.
    func readme<Value: Sendable>(_ start: (@escaping NCMBHandler<Value>) -> Void) async -> NCMBResult<Value> {
        await NCMBContext.$current.withValue(environment.context) { await inBackground(start) }
    }

    // MARK: Tests

    @Test func theSurfaceFunctionsRunWithoutSendingARequest() {
        environment.bound {
            let object = NCMBObject(className: "test")
            NCMBSwiftSurface.settings()
            NCMBSwiftSurface.objects(object)
            NCMBSwiftSurface.queries()
            NCMBSwiftSurface.fieldTypes(object)
            NCMBSwiftSurface.acl()
            NCMBSwiftSurface.resultsAndErrors()
            NCMBSwiftSurface.users(NCMBUser())
            NCMBSwiftSurface.sns(NCMBUser())
            NCMBSwiftSurface.roles(NCMBRole(roleName: "admin"), user: NCMBUser())
            NCMBSwiftSurface.files(NCMBFile(fileName: "Takanokun.txt"))
            NCMBSwiftSurface.installations(NCMBInstallation())
            NCMBSwiftSurface.push(NCMBPush())
            NCMBSwiftSurface.scripts()
        }
        #expect(environment.transport.requests.isEmpty)
        #expect(NCMBSwiftSurface.apiErrorCodes.count == 43)
    }

    @Test func theDataStoreSamplesSendWhatTheREADMEDescribes() async throws {
        let created = #"{"objectId":"Mz6xym6wNi63lxb8","createDate":"2013-08-28T06:30:03.191Z"}"#
        let fields: JSONObject = ["fieldA": "Hello, NCMB!", "fieldB": "日本語の内容", "fieldC": 42, "fieldD": ["abcd", "efgh", "ijkl"]]
        environment.transport.expect(.objects(try .named("test"), .create(fields)), reply: .json(201, created))
        let object: NCMBObject = environment.bound { NCMBObject(className: "test") }
        object["fieldA"] = "Hello, NCMB!"
        object["fieldB"] = "日本語の内容"
        object["fieldC"] = 42
        object["fieldD"] = ["abcd", "efgh", "ijkl"]

        let saved = await readme { object.saveInBackground(callback: $0) }

        #expect(saved.isSuccess)
        #expect(object.objectId == "Mz6xym6wNi63lxb8")

        object["fieldC"] = NCMBIncrementOperator(amount: 1)
        object["fieldD"] = NCMBAddUniqueOperator(elements: ["food", "fish"])
        environment.transport.expect(
            .objects(
                try .named("test"),
                .update(
                    objectId: "Mz6xym6wNi63lxb8",
                    [
                        "fieldC": ["__op": "Increment", "amount": 1],
                        "fieldD": ["__op": "AddUnique", "objects": ["food", "fish"]],
                    ])),
            reply: .json(200, #"{"updateDate":"2013-08-28T06:30:04.000Z"}"#))
        let updated = await readme { object.saveInBackground(callback: $0) }
        #expect(updated.isSuccess)

        var query: NCMBQuery<NCMBObject> = environment.bound { NCMBQuery.getQuery(className: "test") }
        query.where(field: "fieldC", equalTo: 42)
        environment.transport.expect(
            .objects(try .named("test"), .find(try .matching(["fieldC": 42]))),
            reply: .json(200, #"{"results":[{"objectId":"Mz6xym6wNi63lxb8","fieldC":42}]}"#))
        let found = await readme { query.findInBackground(callback: $0) }
        #expect(found.value?.count == 1)

        environment.transport.expect(.objects(try .named("test"), .delete(objectId: "Mz6xym6wNi63lxb8")), reply: .empty(200))
        let deleted = await readme { object.deleteInBackground(callback: $0) }
        #expect(deleted.isSuccess)
        #expect(environment.transport.unmetExpectations.isEmpty)
    }

    @Test func theUserSamplesSignUpLogInAndLogOut() async throws {
        environment.transport.expect(
            .objects(.users, .create(["userName": "Yamada Tarou", "password": "openGoma"])), reply: .json(201, UserReplies.signedUp))
        let user = environment.bound { NCMBUser() }
        user.userName = "Yamada Tarou"
        user.password = "openGoma"

        let signedUp = await readme { user.signUpInBackground(callback: $0) }

        #expect(signedUp.isSuccess)
        #expect(environment.bound { NCMBUser.currentUser?.userName } == "Yamada Tarou")

        environment.transport.expect(.logout, reply: .empty(200))
        let loggedOut = await readme { NCMBUser.logOutInBackground(callback: $0) }
        #expect(loggedOut.isSuccess)
        #expect(environment.bound { NCMBUser.currentUser } == nil)
    }

    @Test func theScriptSampleCallsTheScriptWithItsQuery() async throws {
        environment.transport.expect(
            .script(ScriptRoute(name: "myCoolScript.js", method: .get, query: [QueryItem(name: "name", value: "foo")])),
            reply: .json(200, "hello"))
        let script = environment.bound { NCMBScript(name: "myCoolScript.js", method: .get) }

        let result = await readme { script.executeInBackground(headers: [:], queries: ["name": "foo"], body: [:], callback: $0) }

        #expect(result.value == Data("hello".utf8))
    }
}
