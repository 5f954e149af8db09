import Foundation
import NCMB
import NCMBWire
import Testing

/// `NCMBQuery.subscribe` over a scripted connection: what the SDK sends, the events it reports, and the errors that end
/// a subscription (docs/wire/realtime.md).
@Suite(.timeLimit(.minutes(1))) struct RealtimeSubscriptionTests {
    let harness = RealtimeHarness()

    /// Subscribes to `query`, has the server confirm, and returns the recorder and the connection.
    func subscribed(_ query: NCMBQuery<NCMBObject>) async throws -> (EventRecorder, ScriptedWebSocketConnection) {
        let connection = harness.connector.expectConnection()
        let recorder = EventRecorder(query.subscribe())
        _ = try await connection.sent.first(1)
        connection.serverSends(ServerMessage.subscribed)
        _ = try await recorder.events.first(1)
        return (recorder, connection)
    }

    // MARK: What the SDK sends

    @Test func theUpgradeIsASignedGetOfTheRealtimeRouteOverWS() async throws {
        let connection = harness.connector.expectConnection()

        let recorder = EventRecorder(harness.query().subscribe())
        let request = try await harness.connector.requests.element(at: 0)
        recorder.task.cancel()

        #expect(request.url.absoluteString == "ws://127.0.0.1:8080/2013-09-01/realtime")
        let expectedSignature = RequestSignature.signature(
            method: .get, host: "127.0.0.1", path: "/2013-09-01/realtime", rawQuery: nil, applicationKey: TestKeys.applicationKey,
            clientKey: TestKeys.clientKey, timestamp: "2009-02-13T23:31:30.000Z")
        #expect(
            request.headers == [
                "X-NCMB-Application-Key": TestKeys.applicationKey, "X-NCMB-Timestamp": "2009-02-13T23:31:30.000Z",
                "X-NCMB-Signature": expectedSignature, "X-NCMB-SDK-Version": "swift-1.4.2",
            ])
        #expect(request.timeout == 10)
        try await connection.calls.waitUntil("close") { $0.contains("close") }
    }

    @Test func anHTTPSDomainWithAPathSubscribesOverWSSUnderThatPath() async throws {
        let harness = RealtimeHarness(domainURL: "https://backend.example.com/ncmb/")
        _ = harness.connector.expectConnection()

        let recorder = EventRecorder(harness.query().subscribe())
        let request = try await harness.connector.requests.element(at: 0)
        recorder.task.cancel()

        #expect(request.url.absoluteString == "wss://backend.example.com/ncmb/2013-09-01/realtime")
        let expectedSignature = RequestSignature.signature(
            method: .get, host: "backend.example.com", path: "/ncmb/2013-09-01/realtime", rawQuery: nil,
            applicationKey: TestKeys.applicationKey, clientKey: TestKeys.clientKey, timestamp: "2009-02-13T23:31:30.000Z")
        #expect(request.headers["X-NCMB-Signature"] == expectedSignature)
    }

    @Test func theSessionTokenOfTheSignedInUserIsSent() async throws {
        harness.context.session.sessionToken = "token-1"
        _ = harness.connector.expectConnection()

        let recorder = EventRecorder(harness.query().subscribe())
        let request = try await harness.connector.requests.element(at: 0)
        recorder.task.cancel()

        #expect(request.headers["X-NCMB-Apps-Session-Token"] == "token-1")
    }

    @Test func theSubscribeMessageCarriesTheClassTheWhereAndTheKeys() async throws {
        var query = harness.query()
        query.where(field: "room", equalTo: "lobby")
        query.where(field: "likes", greaterThan: 3)
        query.limit = 5
        let connection = harness.connector.expectConnection()

        let recorder = EventRecorder(query.subscribe(keys: ["text", "author"]))
        let message = try await connection.sent.element(at: 0)
        recorder.task.cancel()

        #expect(
            message
                == #"{"op":"subscribe","requestId":1,"className":"Chat","where":{"room":"lobby","likes":{"$gt":3}},"keys":["text","author"]}"#
        )
    }

    @Test func aQueryWithoutConditionsOrKeysSendsNeither() async throws {
        let connection = harness.connector.expectConnection()

        let recorder = EventRecorder(harness.query().subscribe())
        let message = try await connection.sent.element(at: 0)
        recorder.task.cancel()

        #expect(message == #"{"op":"subscribe","requestId":1,"className":"Chat"}"#)
    }

    @Test(arguments: [("users", "users"), ("roles", "roles"), ("installations", "installations"), ("files", "files"), ("push", "push")])
    func standardClassesAreSubscribedByTheirRESTNames(collection: String, expected: String) async throws {
        let connection = harness.connector.expectConnection()

        let recorder = NCMBContext.$current.withValue(harness.context) {
            switch collection {
            case "users": EventRecorder(NCMBUser.query.subscribe())
            case "roles": EventRecorder(NCMBRole.query.subscribe())
            case "installations": EventRecorder(NCMBInstallation.query.subscribe())
            case "files": EventRecorder(NCMBFile.query.subscribe())
            default: EventRecorder(NCMBPush.query.subscribe())
            }
        }
        let message = try await connection.sent.element(at: 0)
        recorder.task.cancel()

        #expect(message == #"{"op":"subscribe","requestId":1,"className":"\#(expected)"}"#)
    }

    // MARK: Events

    @Test func eventsArriveInOrderWithTheirObjects() async throws {
        let (recorder, connection) = try await subscribed(harness.query())

        connection.serverSends([
            ServerMessage.event("create", #"{"objectId":"a1","text":"hi"}"#),
            ServerMessage.event("update", #"{"objectId":"a1","text":"hi!"}"#),
            ServerMessage.event("leave", #"{"objectId":"a1","text":"off"}"#),
            ServerMessage.event("enter", #"{"objectId":"a1","text":"on"}"#),
            ServerMessage.event("delete", #"{"objectId":"a1"}"#),
        ])
        let events = try await recorder.events.first(6)
        recorder.task.cancel()

        #expect(
            events == [
                "subscribed", "create {className=Chat,objectId=a1,text=hi}", "update {className=Chat,objectId=a1,text=hi!}",
                "leave {className=Chat,objectId=a1,text=off}", "enter {className=Chat,objectId=a1,text=on}",
                "delete {className=Chat,objectId=a1}",
            ])
    }

    @Test func anEventsObjectIsAnObjectOfTheQueriedClassThatTheSDKCanSave() async throws {
        let (recorder, connection) = try await subscribed(harness.query())

        connection.serverSends(ServerMessage.event("create", #"{"objectId":"a1","createDate":"2009-02-13T23:31:30.000Z","n":2}"#))
        let object = try #require(try await recorder.objects.element(at: 0) as? NCMBObject)
        recorder.task.cancel()

        #expect(object.objectId == "a1")
        #expect(object["n"] as Int? == 2)
    }

    @Test func usersArriveAsNCMBUsers() async throws {
        let connection = harness.connector.expectConnection()
        let recorder = EventRecorder(NCMBContext.$current.withValue(harness.context) { NCMBUser.query.subscribe() })
        _ = try await connection.sent.first(1)

        connection.serverSends([ServerMessage.subscribed, ServerMessage.event("update", #"{"objectId":"u1","userName":"ann"}"#)])
        let user = try #require(try await recorder.objects.element(at: 0) as? NCMBUser)
        recorder.task.cancel()

        #expect(user.userName == "ann")
    }

    @Test func messagesTheSDKCannotReadAreSkipped() async throws {
        let (recorder, connection) = try await subscribed(harness.query())
        let deeplyNested = String(repeating: "[", count: 100_000)

        connection.serverSends([
            #"{"op":"connected"}"#, "not JSON", "[]", "{}", #"{"op":42}"#, #"{"op":"create","requestId":1}"#,
            #"{"op":"create","requestId":1,"object":[]}"#,
            #"{"op":"create","requestId":"1","object":{}}"#, #"{"op":"create","requestId":1e30,"object":{}}"#,
            #"{"op":"rename","requestId":1,"object":{}}"#, #"{"op":"subscribed"}"#, #"{"op":"error","requestId":1}"#,
            ServerMessage.event("create", #"{"objectId":"other"}"#).replacingOccurrences(of: #""requestId":1"#, with: #""requestId":2"#),
            ServerMessage.error("E400002", requestId: 2), #"{"op":"unsubscribed","requestId":1}"#, deeplyNested,
            ServerMessage.event("create", #"{"objectId":"a1"}"#),
        ])
        let events = try await recorder.events.first(2)
        recorder.task.cancel()

        #expect(events == ["subscribed", "create {className=Chat,objectId=a1}"])
    }

    // MARK: Errors that end a subscription

    @Test func aRefusedSubscriptionEndsTheStreamWithTheServersError() async throws {
        let connection = harness.connector.expectConnection()
        let recorder = EventRecorder(harness.query().subscribe())
        _ = try await connection.sent.first(1)

        connection.serverSends(ServerMessage.error("E403001", requestId: 1))
        let error = try await recorder.endingError()

        #expect(error as? NCMBApiError == NCMBApiError(code: "E403001", message: "message of E403001"))
        #expect(connection.isClosed.current)
        #expect(harness.sleeper.requested.elements.isEmpty)
    }

    @Test func anAuthenticationErrorEndsTheStreamAndSignsOutTheSessionItWasOpenedWith() async throws {
        harness.context.session.sessionToken = "token-1"
        let connection = harness.connector.expectConnection()
        let recorder = EventRecorder(harness.query().subscribe())
        _ = try await connection.sent.first(1)

        connection.serverSends(ServerMessage.error("E401001"))
        let error = try await recorder.endingError()

        #expect((error as? NCMBApiError)?.errorCode == .authenticationErrorByHeaderIncorrect)
        #expect(harness.context.session.sessionToken == nil)
    }

    @Test func anAuthenticationErrorLeavesANewerSessionSignedIn() async throws {
        harness.context.session.sessionToken = "token-1"
        let connection = harness.connector.expectConnection()
        let recorder = EventRecorder(harness.query().subscribe())
        _ = try await connection.sent.first(1)

        harness.context.session.sessionToken = "token-2"
        connection.serverSends(ServerMessage.error("E401001"))
        _ = try await recorder.endingError()

        #expect(harness.context.session.sessionToken == "token-2")
    }

    @Test func anUpgradeRefusedWithAnNCMBErrorEndsTheStreamWithIt() async throws {
        let body = Array(#"{"code":"E404005","error":"No such application."}"#.utf8)
        harness.connector.expect(.fail(WebSocketError.handshakeRejected(status: 404, body: body)))

        let error = try await EventRecorder(harness.query().subscribe()).endingError()

        #expect(error as? NCMBApiError == NCMBApiError(code: "E404005", message: "No such application."))
    }

    @Test func anUpgradeRefusedWithoutAnNCMBErrorEndsTheStreamWithTheStatus() async throws {
        harness.connector.expect(.fail(WebSocketError.handshakeRejected(status: 400, body: Array("<html>".utf8))))

        let error = try await EventRecorder(harness.query().subscribe()).endingError()

        #expect(error as? NCMBApiError == NCMBApiError(code: "", message: "HTTP status 400 without an NCMB error body."))
    }

    @Test func aSchemeThePlatformCannotSpeakEndsTheStream() async throws {
        harness.connector.expect(.fail(WebSocketError.unsupportedScheme("wss")))

        let error = try await EventRecorder(harness.query().subscribe()).endingError()

        #expect(error as? NCMBRealtimeError == .unsupportedScheme("wss"))
    }

    @Test func anInvalidWhereEndsTheStreamWithoutConnecting() async throws {
        var query = harness.query()
        query.where(field: "place", nearGeoPoint: NCMBGeoPoint(latitude: 91, longitude: 0))

        let error = try await EventRecorder(query.subscribe()).endingError()

        #expect((error as? NCMBApiError)?.errorCode == .invalidGeoPointValue)
        #expect(harness.connector.requests.elements.isEmpty)
    }

    @Test func anInvalidKeyEndsTheStreamWithoutConnecting() async throws {
        let error = try await EventRecorder(harness.query().subscribe(keys: ["text", "1st"])).endingError()

        #expect(error as? NCMBInvalidRequestError == .invalidFieldName)
        #expect(harness.connector.requests.elements.isEmpty)
    }

    @Test func missingKeysEndTheStreamWithoutConnecting() async throws {
        var context = harness.context
        context.applicationKey = ""
        let query = NCMBContext.$current.withValue(context) { NCMBQuery.getQuery(className: "Chat") }

        let error = try await EventRecorder(query.subscribe()).endingError()

        #expect(error as? NCMBInvalidRequestError == .emptyApplicationKey)
    }

    @Test func eventsTheAppDoesNotTakeAreBoundedAndTheStreamEndsPastTheBound() async throws {
        let harness = RealtimeHarness(maximumBufferedEvents: 2)
        let connection = harness.connector.expectConnection()
        let stream = harness.query().subscribe()
        _ = try await connection.sent.first(1)

        connection.serverSends([
            ServerMessage.subscribed, ServerMessage.event("create", #"{"objectId":"a1"}"#),
            ServerMessage.event("create", #"{"objectId":"a2"}"#), ServerMessage.event("create", #"{"objectId":"a3"}"#),
        ])
        try await connection.calls.waitUntil("close") { $0.contains("close") }
        let recorder = EventRecorder(stream)
        let error = try await recorder.endingError()

        #expect(recorder.events.elements == ["subscribed", "create {className=Chat,objectId=a1}"])
        #expect(error as? NCMBRealtimeError == .tooManyUndeliveredEvents)
    }
}
