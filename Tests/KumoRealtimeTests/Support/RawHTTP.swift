import NIOCore
import NIOPosix

/// One HTTP/1.1 request over a connection of its own (`Connection: close`), outside every client the tests share: its
/// status code, or `nil` when the connection failed or closed without a status line.
func rawStatus(port: Int, path: String) async -> Int? {
    do {
        let answered = MultiThreadedEventLoopGroup.singleton.any().makePromise(of: ByteBuffer.self)
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(ResponseCollector(answered: answered)) }
            }
            .connect(host: "127.0.0.1", port: port).get()
        try await channel.writeAndFlush(ByteBuffer(string: "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"))
        let response = String(buffer: try await answered.futureResult.get())
        guard response.hasPrefix("HTTP/1.1 "), let code = Int(response.dropFirst(9).prefix(3)) else { return nil }
        return code
    } catch {
        return nil
    }
}

/// Collects every byte until the server closes the connection.
private final class ResponseCollector: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let answered: EventLoopPromise<ByteBuffer>
    private var received = ByteBuffer()

    init(answered: EventLoopPromise<ByteBuffer>) { self.answered = answered }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        received.writeBuffer(&bytes)
    }

    func channelInactive(context: ChannelHandlerContext) {
        answered.succeed(received)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        answered.fail(error)
        context.close(promise: nil)
    }
}
