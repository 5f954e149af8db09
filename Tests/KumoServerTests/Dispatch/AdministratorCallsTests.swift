import HTTPTypes
import HummingbirdTesting
import KumoSeams
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// NCMB calls as an administrator (`AdministratorCalls` on `APIResponder`, docs/decisions/0078-dashboard-acts-through-the-ncmb-pipeline.md):
/// the route table, validation and rendering of REST; ACLs and class-level permissions bypassed; nothing signed.
@Suite struct AdministratorCallsTests {
    static func calls(_ server: TestApplication) -> any AdministratorCalls {
        APIResponder(configuration: server.configuration, environment: server.environment)
    }

    static func call(_ method: String, _ path: String, query: String? = nil, body: String = "") -> AdministratorCall {
        AdministratorCall(applicationId: "TestApplicationId", method: method, path: path, query: query, body: Array(body.utf8))
    }

    static func json(_ response: AdministratorResponse) -> JSONObject { (try? JSONValue(parsing: response.body))?.objectValue ?? [:] }

    @Test func anObjectNoACLAllowsIsCreatedAndReadByTheAdministrator() async throws {
        try await TestApplication.with { server in
            let calls = Self.calls(server)

            let created = await calls.perform(Self.call("POST", "/classes/Secret", body: #"{"n":1,"acl":{}}"#))
            let objectId = try #require(Self.json(created)["objectId"]?.stringValue)
            let read = await calls.perform(Self.call("GET", "/classes/Secret/\(objectId)"))
            let found = await calls.perform(Self.call("GET", "/classes/Secret", query: "count=1"))

            #expect(created.status == 201)
            #expect(read.status == 200 && Self.json(read)["n"] == 1)
            #expect(Self.json(found)["count"] == 1)
        }
    }

    @Test func classLevelPermissionsDoNotApply() async throws {
        try await TestApplication.with { server in
            try await server.storage.applications.setClassPermissions(
                ClassPermissions([.create: OperationPermission(isPublic: false)]), applicationId: "TestApplicationId",
                className: try #require(ClassName("Closed")))

            let created = await Self.calls(server).perform(Self.call("POST", "/classes/Closed", body: "{}"))

            #expect(created.status == 201)
        }
    }

    @Test func theAdministratorComposesPushesWhileClientPushIsOff() async throws {
        try await TestApplication.with { server in
            let calls = Self.calls(server)

            let created = await calls.perform(Self.call("POST", "/push", body: #"{"immediateDeliveryFlag":true,"message":"m"}"#))
            let objectId = try #require(Self.json(created)["objectId"]?.stringValue)
            let updated = await calls.perform(Self.call("PUT", "/push/\(objectId)", body: #"{"message":"n"}"#))
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

            let unknownPath = await calls.perform(Self.call("GET", "/nothing/here"))
            let badJSON = await calls.perform(Self.call("POST", "/classes/Chat", body: "{nope"))
            let missing = await calls.perform(Self.call("GET", "/classes/Chat/0000000000000099"))
            var otherApplication = Self.call("GET", "/classes/Chat")
            otherApplication.applicationId = "NoSuchApplication"
            let unknownApplication = await calls.perform(otherApplication)
            let upload = await calls.perform(Self.call("POST", "/files/a.txt", body: "x"))

            #expect(unknownPath.status == 404 && Self.json(unknownPath)["code"] == "E404001")
            #expect(badJSON.status == 400 && Self.json(badJSON)["code"] == "E400001")
            #expect(missing.status == 404 && Self.json(missing)["code"] == "E404001")
            #expect(unknownApplication.status == 404 && Self.json(unknownApplication)["code"] == "E404005")
            #expect(upload.status == 400 && Self.json(upload)["code"] == "E400004")
        }
    }
}
