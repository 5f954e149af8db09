import HTTPTypes
import HummingbirdTesting
import KumoRealtime
import KumoTestSupport
import NCMBWire
import Testing

/// `subscribe` and `unsubscribe` (docs/wire/realtime.md#messages): what is accepted, and every refusal with the code
/// a query would get.
@Suite struct RealtimeSubscriptionTests {
    /// One refused message and the error it must get.
    struct Refusal: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var message: String
        var expected: JSONObject
    }

    static let refusals: [Refusal] = [
        Refusal(
            testDescription: "not JSON", message: "{", expected: ["op": "error", "code": "E400001", "error": "JSON is invalid format."]),
        Refusal(
            testDescription: "not an object", message: "[1]",
            expected: ["op": "error", "code": "E400001", "error": "JSON is invalid format."]),
        Refusal(
            testDescription: "no op", message: #"{"requestId":1}"#,
            expected: ["op": "error", "requestId": 1, "code": "E400003", "error": "op is empty."]),
        Refusal(
            testDescription: "unknown op", message: #"{"op":"publish","requestId":1}"#,
            expected: ["op": "error", "requestId": 1, "code": "E400002", "error": "op is invalid."]),
        Refusal(
            testDescription: "no requestId", message: #"{"op":"subscribe","className":"Note"}"#,
            expected: ["op": "error", "code": "E400003", "error": "requestId is empty."]),
        Refusal(
            testDescription: "a requestId that is not an integer", message: #"{"op":"subscribe","requestId":"a","className":"Note"}"#,
            expected: ["op": "error", "code": "E400002", "error": "requestId is invalid."]),
        Refusal(
            testDescription: "no className", message: #"{"op":"subscribe","requestId":1}"#,
            expected: ["op": "error", "requestId": 1, "code": "E400003", "error": "className is empty."]),
        Refusal(
            testDescription: "an invalid class name", message: #"{"op":"subscribe","requestId":1,"className":"no-such"}"#,
            expected: ["op": "error", "requestId": 1, "code": "E400002", "error": "className is invalid."]),
        Refusal(
            testDescription: "a standard class by its storage name", message: #"{"op":"subscribe","requestId":1,"className":"user"}"#,
            expected: ["op": "error", "requestId": 1, "code": "E403003", "error": "Operation that are prohibited."]),
        Refusal(
            testDescription: "a where that is not an object", message: #"{"op":"subscribe","requestId":1,"className":"Note","where":3}"#,
            expected: ["op": "error", "requestId": 1, "code": "E400002", "error": "where is invalid."]),
        Refusal(
            testDescription: "an unknown operator",
            message: #"{"op":"subscribe","requestId":1,"className":"Note","where":{"a":{"$near":1}}}"#,
            expected: ["op": "error", "requestId": 1, "code": "E400002", "error": "$near is invalid."]),
        Refusal(
            testDescription: "a sub-query",
            message: #"{"op":"subscribe","requestId":1,"className":"Note","where":{"a":{"$inQuery":{"className":"Other","where":{}}}}}"#,
            expected: ["op": "error", "requestId": 1, "code": "E400002", "error": "$inQuery is invalid."]),
        Refusal(
            testDescription: "relatedTo",
            message:
                #"{"op":"subscribe","requestId":1,"className":"Note","where":{"$relatedTo":{"object":{"__type":"Pointer","className":"Other","objectId":"o1"},"key":"members"}}}"#,
            expected: ["op": "error", "requestId": 1, "code": "E400002", "error": "$relatedTo is invalid."]),
        Refusal(
            testDescription: "a hidden field",
            message: #"{"op":"subscribe","requestId":1,"className":"users","where":{"authData":{"$exists":true}}}"#,
            expected: ["op": "error", "requestId": 1, "code": "E400002", "error": "authData is invalid."]),
        Refusal(
            testDescription: "keys that are not a list", message: #"{"op":"subscribe","requestId":1,"className":"Note","keys":"text"}"#,
            expected: ["op": "error", "requestId": 1, "code": "E400002", "error": "keys is invalid."]),
        Refusal(
            testDescription: "an invalid key", message: #"{"op":"subscribe","requestId":1,"className":"Note","keys":["no-such"]}"#,
            expected: ["op": "error", "requestId": 1, "code": "E400002", "error": "keys is invalid."]),
        Refusal(
            testDescription: "an unknown subscription", message: #"{"op":"unsubscribe","requestId":5}"#,
            expected: ["op": "error", "requestId": 5, "code": "E404001", "error": "No data available."]),
    ]

    @Test(arguments: refusals)
    func aRefusedMessageGetsItsErrorAndTheConnectionStays(_ refusal: Refusal) async throws {
        try await RealtimeTestServer.with(.sqlite) { server in
            let client = await server.connectedClient()
            client.send(text: refusal.message)

            #expect(await client.next() == refusal.expected)
            // Still open and serving.
            await server.subscribe(client, requestId: 99, className: "Note")
            await client.close()
        }
    }

    @Test func aBinaryMessageIsNotJSON() async throws {
        try await RealtimeTestServer.with(.sqlite) { server in
            let client = await server.connectedClient()
            client.sendBinary([0x7B, 0x7D])

            #expect(await client.next()?["code"] == "E400001")
            await client.close()
        }
    }

    @Test func aRequestIdInUseIsADuplicate() async throws {
        try await RealtimeTestServer.with(.sqlite) { server in
            let client = await server.connectedClient()
            await server.subscribe(client, requestId: 1, className: "Note")
            client.send(["op": "subscribe", "requestId": 1, "className": "Other"])

            #expect(await client.next() == ["op": "error", "requestId": 1, "code": "E409001", "error": "requestId is duplication."])
            await client.close()
        }
    }

    @Test func unsubscribingEndsTheEvents() async throws {
        try await RealtimeTestServer.with(.sqlite) { server in
            let client = await server.connectedClient()
            await server.subscribe(client, requestId: 1, className: "Note")
            await server.subscribe(client, requestId: 2, className: "Fence")
            client.send(["op": "unsubscribe", "requestId": 1])

            #expect(await client.next() == ["op": "unsubscribed", "requestId": 1])
            _ = try await server.requester.create("/2013-09-01/classes/Note", ["text": "after"])
            _ = try await server.requester.create("/2013-09-01/classes/Fence", [:])
            #expect(await client.messages(beforeFence: 2).isEmpty)
            await client.close()
        }
    }

    @Test func theSubscriptionLimitIsE429001() async throws {
        var configuration = RealtimeConfiguration()
        configuration.maximumSubscriptionsPerConnection = 2
        try await RealtimeTestServer.with(.sqlite, realtime: configuration) { server in
            let client = await server.connectedClient()
            await server.subscribe(client, requestId: 1, className: "Note")
            await server.subscribe(client, requestId: 2, className: "Note")
            client.send(["op": "subscribe", "requestId": 3, "className": "Note"])

            #expect(
                await client.next() == [
                    "op": "error", "requestId": 3, "code": "E429001", "error": "Too many subscriptions on this connection.",
                ])
            client.send(["op": "unsubscribe", "requestId": 1])
            #expect(await client.next() == ["op": "unsubscribed", "requestId": 1])
            await server.subscribe(client, requestId: 3, className: "Note")
            await client.close()
        }
    }

    @Test func eventsFollowTheWhereAndCarryTheKeys() async throws {
        try await RealtimeTestServer.with(.sqlite) { server in
            let client = await server.connectedClient()
            await server.subscribe(client, requestId: 1, className: "Note", where: ["score": ["$gte": 10]], keys: ["text"])
            await server.subscribe(client, requestId: 2, className: "Fence")
            let low = try await server.requester.create("/2013-09-01/classes/Note", ["text": "low", "score": 1, "extra": true])
            let high = try await server.requester.create("/2013-09-01/classes/Note", ["text": "high", "score": 20, "extra": true])
            _ = try await server.requester.create("/2013-09-01/classes/Fence", [:])

            let received = await client.messages(beforeFence: 2)

            #expect(events(received) == ["create \(high)"])
            let object = received.first?["object"]?.objectValue
            #expect(object?["text"] == "high")
            #expect(object?["score"] == nil && object?["extra"] == nil)
            #expect(object?["objectId"] == .string(high) && object?["createDate"] != nil && object?["acl"] != nil)
            #expect(low != high)
            await client.close()
        }
    }
}
