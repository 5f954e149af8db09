import HTTPTypes
import HummingbirdTesting
import KumoSeams
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// NCMB calls as an administrator (`AdministratorCalls` on `APIResponder`, docs/decisions/0078-dashboard-acts-through-the-ncmb-pipeline.md,
/// docs/decisions/0108-typed-administrator-calls.md): typed routes straight to the controllers, with REST's validation
/// and rendering; ACLs and class-level permissions bypassed; nothing signed.
@Suite struct AdministratorCallsTests {
    static func calls(_ server: TestApplication) -> any AdministratorCalls {
        APIResponder(configuration: server.configuration, environment: server.environment)
    }

    static func call(_ route: APIRoute) -> AdministratorCall {
        AdministratorCall(applicationId: "TestApplicationId", route: route)
    }

    static func json(_ response: AdministratorResponse) -> JSONObject { (try? JSONValue(parsing: response.body))?.objectValue ?? [:] }

    // MARK: Tests

    @Test func anObjectNoACLAllowsIsCreatedAndReadByTheAdministrator() async throws {
        try await TestApplication.with { server in
            let calls = Self.calls(server)
            let secret = try #require(ClassName("Secret"))

            let created = await calls.perform(Self.call(.objects(.custom(secret), .create(["n": 1, "acl": [:]]))))
            let objectId = try #require(Self.json(created)["objectId"]?.stringValue)
            let read = await calls.perform(Self.call(.objects(.custom(secret), .get(objectId: objectId))))
            let found = await calls.perform(
                Self.call(.objects(.custom(secret), .find(try QueryParameters(queryItems: [("count", "1")])))))

            #expect(created.status == 201)
            #expect(read.status == 200 && Self.json(read)["n"] == 1)
            #expect(Self.json(found)["count"] == 1)
        }
    }

    @Test func anAnswerBuiltAsJSONCarriesItsValueBesideItsBytes() async throws {
        try await TestApplication.with { server in
            let calls = Self.calls(server)

            let created = await calls.perform(Self.call(.objects(.roles, .create(["roleName": "Admin"]))))
            let objectId = try #require(created.json?.objectValue?["objectId"]?.stringValue)
            let read = await calls.perform(Self.call(.objects(.roles, .get(objectId: objectId))))

            #expect(created.json == (try JSONValue(parsing: created.body)))
            #expect(read.json?.objectValue?["roleName"] == "Admin")
            #expect(read.json == (try JSONValue(parsing: read.body)))
        }
    }

    @Test func classLevelPermissionsDoNotApply() async throws {
        try await TestApplication.with { server in
            let closed = try #require(ClassName("Closed"))
            try await server.storage.applications.setClassPermissions(
                ClassPermissions([.create: OperationPermission(isPublic: false)]), applicationId: "TestApplicationId", className: closed)

            let created = await Self.calls(server).perform(Self.call(.objects(.custom(closed), .create([:]))))

            #expect(created.status == 201)
        }
    }

    @Test func theAdministratorComposesPushesWhileClientPushIsOff() async throws {
        try await TestApplication.with { server in
            let calls = Self.calls(server)

            let created = await calls.perform(Self.call(.objects(.push, .create(["immediateDeliveryFlag": true, "message": "m"]))))
            let objectId = try #require(Self.json(created)["objectId"]?.stringValue)
            let updated = await calls.perform(Self.call(.objects(.push, .update(objectId: objectId, ["message": "n"]))))
            let fromClient = try await server.test { requester in
                try await requester.send(.post, "/2013-09-01/push", body: #"{"immediateDeliveryFlag":true,"message":"m"}"#)
            }

            #expect(server.application.settings.clientPushEnabled == false)
            #expect(created.status == 201)
            #expect(updated.status == 200)
            #expect(fromClient.status == .forbidden && fromClient.errorCode == "E403003")
        }
    }

    @Test func failuresAnswerNCMBErrorBodies() async throws {
        try await TestApplication.with { server in
            let calls = Self.calls(server)
            let chat = try #require(ClassName("Chat"))

            let missing = await calls.perform(Self.call(.objects(.custom(chat), .get(objectId: "0000000000000099"))))
            var otherApplication = Self.call(.objects(.custom(chat), .find(QueryParameters())))
            otherApplication.applicationId = "NoSuchApplication"
            let unknownApplication = await calls.perform(otherApplication)
            let upload = await calls.perform(Self.call(.files(.upload(fileName: "a.txt"))))
            let page = await calls.perform(Self.call(.applicationPage(applicationId: "TestApplicationId", .publicFile(fileName: "a.txt"))))

            #expect(missing.status == 404 && Self.json(missing)["code"] == "E404001")
            #expect(missing.json == (try JSONValue(parsing: missing.body)))
            #expect(unknownApplication.status == 404 && Self.json(unknownApplication)["code"] == "E404005")
            #expect(upload.status == 400 && Self.json(upload)["code"] == "E400004")
            #expect(page.status == 400 && Self.json(page)["code"] == "E400004")
        }
    }

    @Test func namesAreCheckedAsTheRouteTableChecksThem() async throws {
        try await TestApplication.with { server in
            let calls = Self.calls(server)

            let escaping = await calls.perform(Self.call(.files(.delete(fileName: "../a.txt"))))
            let empty = await calls.perform(Self.call(.files(.delete(fileName: ""))))
            let script = await calls.perform(Self.call(.script(ScriptRoute(name: "a/b.js", method: .get))))
            let download = await calls.download(applicationId: "TestApplicationId", fileName: "a\\b.txt")

            #expect(escaping.status == 400 && Self.json(escaping)["error"] == "fileName is invalid.")
            #expect(empty.status == 400 && Self.json(empty)["code"] == "E400002")
            #expect(script.status == 400 && Self.json(script)["error"] == "name is invalid.")
            guard case .failure(let refused) = download else {
                Issue.record("a download of an unsafe name was opened")
                return
            }
            #expect(refused.status == 400 && Self.json(refused)["code"] == "E400002")
        }
    }

    @Test func aBodyOverTheAPILimitIsRefusedAsTheAPIRefusesIt() async throws {
        try await TestApplication.with(configure: { $0.maximumBodySize = 64 }) { server in
            let calls = Self.calls(server)
            let chat = try #require(ClassName("Chat"))

            let large = await calls.perform(
                Self.call(.objects(.custom(chat), .create(["text": .string(String(repeating: "a", count: 64))]))))
            let small = await calls.perform(Self.call(.objects(.custom(chat), .create(["text": "a"]))))

            #expect(large.status == 413 && Self.json(large)["code"] == "E413002")
            #expect(small.status == 201)
        }
    }
}
