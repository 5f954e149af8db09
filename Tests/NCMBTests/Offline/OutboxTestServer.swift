import Foundation
import NCMB
import NCMBWire
import Testing

/// A scripted NCMB server for outbox tests: creates, updates and deletes of `/classes`, `/users` and
/// `/installations` kept in memory, honouring `X-Kumo-Idempotency-Key` as Kumo does (a repeated key gets the first
/// answer). The script makes it offline, drops answers after committing, or refuses writes; any other request fails the
/// test.
final class OutboxTestServer: NCMBTransport {
    /// What the next requests meet.
    enum Behaviour: Sendable {
        /// Answered.
        case online
        /// No answer: the transport throws, as a phone without network does.
        case offline
        /// The write is stored, then the answer is lost (the transport throws).
        case dropsAnswerAfterCommit
        /// The write is refused with this status and NCMB code.
        case refuses(Int, String)
    }

    struct Received: Sendable {
        let route: APIRoute
        let idempotencyKey: String?
    }

    private struct State: Sendable {
        var behaviours: [Behaviour] = []
        var fallback: Behaviour = .online
        var received: [Received] = []
        var objects: [String: JSONObject] = [:]
        var answers: [String: (Int, String)] = [:]
        var nextId = 1
    }

    private let state = Locked(State())

    /// What every request meets once the scripted ones are used up.
    func setFallback(_ behaviour: Behaviour) { state.withLock { $0.fallback = behaviour } }

    /// What the next requests meet, in order, before the fallback applies again.
    func script(_ behaviours: Behaviour...) { state.withLock { $0.behaviours += behaviours } }

    /// Every request that reached the server (also those whose answer was then lost).
    var received: [Received] { state.current.received }

    /// The stored objects by objectId.
    var objects: [String: JSONObject] { state.current.objects }

    func send(_ request: NCMBTransportRequest) async throws -> NCMBTransportResponse {
        let route = try RecordingTransport.route(of: request)
        let key = request.headers["X-Kumo-Idempotency-Key"]
        let (behaviour, answer) = try state.withLock { state -> (Behaviour, (Int, String)?) in
            let behaviour = state.behaviours.isEmpty ? state.fallback : state.behaviours.removeFirst()
            switch behaviour {
            case .offline: return (behaviour, nil)
            case .refuses(let status, let code):
                state.received.append(Received(route: route, idempotencyKey: key))
                return (behaviour, (status, #"{"code":"\#(code)","error":"refused"}"#))
            case .online, .dropsAnswerAfterCommit:
                state.received.append(Received(route: route, idempotencyKey: key))
                if let key, let first = state.answers[key] { return (behaviour, first) }
                let answer = try Self.apply(route, to: &state)
                if let key { state.answers[key] = answer }
                return (behaviour, answer)
            }
        }
        switch behaviour {
        case .offline, .dropsAnswerAfterCommit: throw URLError(.networkConnectionLost)
        case .online, .refuses:
            guard let answer else { throw URLError(.badServerResponse) }
            return NCMBTransportResponse(statusCode: answer.0, body: Data(answer.1.utf8))
        }
    }

    private static func apply(_ route: APIRoute, to state: inout State) throws -> (Int, String) {
        guard case .objects(_, let operation) = route else { throw UnexpectedRequest(description: "unexpected \(route)") }
        switch operation {
        case .create(let fields):
            let objectId = String(format: "obj%013d", state.nextId)
            state.nextId += 1
            state.objects[objectId] = fields
            return (201, #"{"objectId":"\#(objectId)","createDate":"2009-02-13T23:31:30.000Z"}"#)
        case .update(let objectId, let fields):
            guard let stored = state.objects[objectId] else { return (404, #"{"code":"E404001","error":"No data available."}"#) }
            state.objects[objectId] = stored.merging(fields)
            return (200, #"{"updateDate":"2009-02-13T23:31:31.000Z"}"#)
        case .delete(let objectId):
            guard state.objects.removeValue(forKey: objectId) != nil else {
                return (404, #"{"code":"E404001","error":"No data available."}"#)
            }
            return (200, "")
        case .get, .find:
            throw UnexpectedRequest(description: "unexpected \(route)")
        }
    }
}

/// A clock tests move by hand.
final class OutboxTestClock: Sendable {
    private let current = Locked(testDate)

    var now: Date { current.current }

    func advance(_ seconds: TimeInterval) { current.withLock { $0 += seconds } }
}

/// A fresh outbox folder, removed after `body`.
func withOutboxFolder<Value>(_ body: (URL) async throws -> Value) async throws -> Value {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ncmb-outbox-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    return try await body(folder)
}

extension NCMBClient {
    /// A client over `server` whose outbox lives in `folder` and sends only when flushed (unless `automatic`).
    static func outboxTest(
        _ server: OutboxTestServer, folder: URL, clock: OutboxTestClock = OutboxTestClock(),
        configure: (inout NCMBOutboxConfiguration) -> Void = { _ in }
    ) -> NCMBClient {
        var configuration = NCMBOutboxConfiguration(folder: folder, sendsAutomatically: false)
        configure(&configuration)
        var context = NCMBContext.test(transport: server)
        context.now = { clock.now }
        context.outbox = NCMBOutbox(configuration: configuration)
        return NCMBClient(context: context)
    }
}
