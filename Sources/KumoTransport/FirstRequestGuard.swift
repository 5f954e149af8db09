import HTTPTypes
import KumoMemberwise
import KumoSeams
package import Logging
import NCMBWire
package import NIOCore
import NIOHTTP1

/// Connection hygiene for the first request of a connection that may upgrade to a WebSocket
/// (docs/decisions/0066-connection-hygiene.md, docs/decisions/0090-realtime-over-websocket.md).
///
/// On such a connection NIO's upgrade handler reads the first request head before Kumo's own handlers exist (they are
/// added once the request turns out not to be an upgrade). This guard sits right after the HTTP/1 decoder until the
/// first head is complete: the idle and header clocks of ``ConnectionTimeoutHandler`` run, and a head the decoder
/// refuses is answered in NCMB JSON as ``FramingErrorHandler`` answers it (400 E400000, 414 E414000), then the
/// connection closes. Once the head has arrived it removes itself: the WebSocket or Kumo's handlers take over.
@PackageMemberwiseInit
package struct FirstRequestGuard: Sendable {
    let timeouts: ConnectionTimeouts
    let logger: Logger

    /// Adds the guard right after the HTTP/1 request decoder of `channel`'s pipeline.
    ///
    /// - Throws: when the pipeline has no HTTP/1 request decoder.
    package func install(on channel: any Channel) throws {
        let operations = channel.pipeline.syncOperations
        let decoder = try operations.context(handlerType: ByteToMessageHandler<HTTPRequestDecoder>.self)
        try operations.addHandler(FirstRequestGuardHandler(timeouts: timeouts, logger: logger), position: .after(decoder.handler))
    }
}

/// The handler of ``FirstRequestGuard``.
final class FirstRequestGuardHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let timeouts: ConnectionTimeouts
    private let logger: Logger
    private var timer: Scheduled<Void>?
    private var isWaitingForBytes = true
    private var readParts = false
    private var isDone = false

    init(timeouts: ConnectionTimeouts, logger: Logger) {
        self.timeouts = timeouts
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(timeouts.idle, context: context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelTimer()
    }

    func channelActive(context: ChannelHandlerContext) {
        start(timeouts.idle, context: context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelTimer()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        readParts = true
        context.fireChannelRead(data)
        if !isDone, case .head = unwrapInboundIn(data) {
            isDone = true
            cancelTimer()
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        // Bytes arrived that made no part yet: the head has started; its own clock runs from here.
        if !readParts && isWaitingForBytes && !isDone {
            isWaitingForBytes = false
            start(timeouts.header, context: context)
        }
        readParts = false
        context.fireChannelReadComplete()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard !isDone, let framingError = FramingErrorHandler.kumoError(for: error) else {
            return context.fireErrorCaught(error)
        }
        isDone = true
        cancelTimer()
        logger.debug("request framing refused", metadata: ["code": "\(framingError.code.code)", "error": "\(error)"])
        let body = framingError.responseBody
        var head = HTTPResponseHead(version: .http1_1, status: HTTPResponseStatus(statusCode: framingError.code.status))
        head.headers.add(name: "Content-Type", value: "application/json")
        head.headers.add(name: "Content-Length", value: String(body.count))
        head.headers.add(name: "Connection", value: "close")
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: body)))), promise: nil)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in FramingErrorHandler.linger(channel) }
    }

    private func start(_ limit: TimeAmount, context: ChannelHandlerContext) {
        cancelTimer()
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: limit) { [self] in
            timer = nil
            guard !isDone else { return }
            context.close(promise: nil)
        }
    }

    private func cancelTimer() {
        timer?.cancel()
        timer = nil
    }
}
