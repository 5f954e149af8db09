import Hummingbird
import HummingbirdCore
import HummingbirdTesting
import KumoTransport
import Logging
import NIOCore
import NIOPosix
import Testing

/// ``EventLoopTaskExecutor`` and ``EventLoopBoundChildChannel``: a connection's async code runs on the connection's
/// own event loop, also after waiting for work on another thread.
@Suite struct EventLoopTaskExecutorTests {
    @Test func jobsRunOnTheLoopAlsoAfterAHopAndInChildTasks() async throws {
        let loop = MultiThreadedEventLoopGroup.singleton.next()

        let observed = try await withTaskExecutorPreference(EventLoopTaskExecutor(eventLoop: loop)) {
            let atStart = loop.inEventLoop
            // Resumed by a thread of another pool: the continuation must come back to the loop.
            try await NIOThreadPool.singleton.runIfActive {}
            let afterHop = loop.inEventLoop
            let inChild = await withTaskGroup(of: Bool.self) { children in
                children.addTask { loop.inEventLoop }
                return await children.reduce(true) { $0 && $1 }
            }
            return [atStart, afterHop, inChild]
        }

        #expect(observed == [true, true, true])
    }

    @Test func withoutThePreferenceCodeRunsOffTheLoop() async throws {
        #expect(!MultiThreadedEventLoopGroup.singleton.next().inEventLoop)
    }

    @Test(arguments: [true, false])
    func aServedRequestRunsOnItsConnectionsLoopOnlyWithTheBoundChannel(isBound: Bool) async throws {
        let server =
            isBound
            ? HTTPServerBuilder { responder in EventLoopBoundChildChannel(HTTP1Channel(responder: responder)) }
            : HTTPServerBuilder.http1()
        let application = Application(responder: LoopReportingResponder(), server: server, logger: Logger(label: "test"))

        try await application.test(.live) { client in
            for _ in 0..<3 {
                try await client.execute(uri: "/", method: .get) { response in
                    #expect(String(buffer: response.body) == "\(isBound) \(isBound)")
                }
            }
        }
    }
}

/// Answers whether the request ran on its channel's event loop, before and after waiting for another thread.
private struct LoopReportingResponder: HTTPResponder {
    struct Context: RequestContext {
        var coreContext: CoreRequestContextStorage
        let channel: any Channel

        init(source: ApplicationRequestContextSource) {
            self.coreContext = .init(source: source)
            self.channel = source.channel
        }
    }

    func respond(to request: Request, context: Context) async throws -> Response {
        let before = context.channel.eventLoop.inEventLoop
        try await NIOThreadPool.singleton.runIfActive {}
        let after = context.channel.eventLoop.inEventLoop
        return Response(status: .ok, body: ResponseBody(byteBuffer: ByteBuffer(string: "\(before) \(after)")))
    }
}
