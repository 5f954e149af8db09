import Foundation
import HTTPTypes
import Hummingbird
import KumoTestSupport
import Logging
import NIOCore

/// A stand-in for Apple, Google, Facebook and Twitter: a real HTTP server on 127.0.0.1 (port chosen by the system) that
/// answers each path with what the test set and records every request.
final class FakeProvider: Sendable {
    /// What the server answers on one path.
    struct Answer: Sendable {
        var status: HTTPResponse.Status = .ok
        var body: String
        var delay: Duration?
    }

    /// One request the server received.
    struct ReceivedRequest: Sendable {
        var path: String
        var query: String
        var authorization: String?
    }

    /// `http://127.0.0.1:<port>`.
    let baseURL: String
    private let answers: LockedBox<[String: Answer]>
    private let received: LockedBox<[ReceivedRequest]>

    private init(baseURL: String, answers: LockedBox<[String: Answer]>, received: LockedBox<[ReceivedRequest]>) {
        self.baseURL = baseURL
        self.answers = answers
        self.received = received
    }

    /// Sets the answer of `path` (e.g. `/jwks`).
    func answer(_ path: String, status: HTTPResponse.Status = .ok, body: String, delay: Duration? = nil) {
        answers.mutate { $0[path] = Answer(status: status, body: body, delay: delay) }
    }

    /// The requests received on `path`, oldest first.
    func requests(to path: String) -> [ReceivedRequest] { received.get().filter { $0.path == path } }

    /// Starts a fake provider, runs `body` with it, and stops it.
    static func run<Result: Sendable>(_ body: @Sendable (FakeProvider) async throws -> Result) async throws -> Result {
        let answers = LockedBox<[String: Answer]>([:])
        let received = LockedBox<[ReceivedRequest]>([])
        let router = Router()
        router.get("**") { request, _ -> Response in
            let path = request.uri.path
            received.mutate {
                $0.append(ReceivedRequest(path: path, query: request.uri.query ?? "", authorization: request.headers[.authorization]))
            }
            guard let answer = answers.get()[path] else { return Response(status: .notFound) }
            if let delay = answer.delay { try await Task.sleep(for: delay) }
            return Response(
                status: answer.status, headers: [.contentType: "application/json"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: answer.body)))
        }
        var logger = Logger(label: "kumo.test.fake-provider")
        logger.logLevel = .critical
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let application = Application(
            router: router, configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in portContinuation.yield(channel.localAddress?.port ?? 0) }, logger: logger)
        return try await withThrowingTaskGroup(of: Void.self, returning: Result.self) { group in
            group.addTask { try await application.runService(gracefulShutdownSignals: []) }
            var iterator = ports.makeAsyncIterator()
            let port = await iterator.next() ?? 0
            let provider = FakeProvider(baseURL: "http://127.0.0.1:\(port)", answers: answers, received: received)
            do {
                let result = try await body(provider)
                group.cancelAll()
                return result
            } catch {
                group.cancelAll()
                throw error
            }
        }
    }
}
