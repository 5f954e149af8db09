import HTTPTypes
import KumoSeams
import Logging
import NCMBWire
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Answers what the HTTP/1 layer refuses with NCMB error JSON, never with Hummingbird's empty `400`, and closes the
/// connection (docs/decisions/0063-framing-errors-answer-ncmb-json.md).
///
/// It sits right after the HTTP/1 decoder and its conversion to HTTP types, and watches both directions:
/// - an error while reading a request **head** (a bad byte in the path or a header, a malformed header line, a bad or
///   duplicated `Content-Length`, an unsupported `Transfer-Encoding`, a head over the decoder's limit) gets
///   `400 E400000` (`414 E414000` for a head too large) once the response in progress, if any, has ended;
/// - an error inside a request **body** (a bad chunk size, fewer bytes than `Content-Length` before the client closed)
///   is passed on while nobody has answered that request yet: the responder reading the body answers it with its own
///   NCMB error (``APIResponder`` maps it to 400); when the request was already answered, it is dropped;
/// - `CONNECT` is answered `405 E405001` at once (Kumo is no proxy).
///
/// After any of these the connection closes once the current response has been written, and parts written after that
/// (Hummingbird's own `400` while it drains a broken body) are dropped. Nothing is logged above debug level: a client
/// that cannot frame its request is not a server failure.
///
/// It also keeps HTTP/1's `Connection: close` true (docs/decisions/0114-connection-close-said-and-done.md): every
/// response after which the connection closes says so, and every response that says so is followed by the close. That is
/// after a request that asked for it (a `close` token in its `Connection` header, in any case), after a framing error,
/// after a response the responder marked (a body too large or broken, left unread), and once the server is stopping
/// (`ChannelShouldQuiesceEvent`) for the response in progress. HTTP/2 streams carry no `Connection` header: it is
/// removed there. A pipelined request is held (and the socket not read further) until the response before it has
/// ended, so that a request sent after one whose answer closes the connection is never run unanswered.
final class FramingErrorHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let logger: Logger
    /// A request head was read and its end was not.
    private var requestIsOpen = false
    /// Requests read and not yet completely answered.
    private var responsesOwed = 0
    /// The head of a response was written and its end was not.
    private var responseIsOpen = false
    /// An error to answer once the response in progress ends.
    private var pendingError: KumoError?
    /// The connection closes after the response in progress.
    private var closesAfterResponse = false
    /// The connection is closing: nothing more is read or written.
    private var isClosing = false
    /// The refusal is written as raw bytes beneath NIO's HTTP encoder (the answer to `CONNECT`).
    private var answersBeneathTheEncoder = false
    /// Parts of pipelined requests read while a response before them was still owed, in order.
    private var held: [HTTPRequestPart] = []
    /// A `read` was held back while parts were held.
    private var isReadSuppressed = false

    /// How long a closing connection keeps reading (and dropping) what the client still sends, so that unread bytes
    /// do not turn the close into a reset that destroys the answer before the client read it.
    static let lingering: TimeAmount = .seconds(2)

    /// Creates the handler of one connection.
    init(logger: Logger) {
        self.logger = logger
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !isClosing else { return }
        let part = unwrapInboundIn(data)
        if !held.isEmpty || (part.isHead && responsesOwed > 0) {
            // A pipelined request waits until the response before it has ended: when that response closes the
            // connection, it is never handed on, so it is neither run nor left unanswered.
            held.append(part)
            return
        }
        handOn(part, context: context)
    }

    /// Hands a request part on to the responder, keeping count of requests and answers.
    private func handOn(_ part: HTTPRequestPart, context: ChannelHandlerContext) {
        switch part {
        case .head(let head):
            if !isStream(context) && FramingErrorHandler.asksToClose(head.headerFields) { closesAfterResponse = true }
            if head.method == .connect && context.channel.parent?.parent == nil {
                // NIO's encoder treats any answer to CONNECT as the start of a tunnel and drops its body: the answer
                // is written beneath it, as bytes. (An HTTP/2 stream, a channel whose parent is a connection rather than
                // the listener, has no such encoder: its CONNECT goes on to the responder, which refuses it with 405.)
                answersBeneathTheEncoder = true
                refuse(KumoError(.methodNotAllowed, underlying: "CONNECT"), context: context)
                return
            }
            requestIsOpen = true
            responsesOwed += 1
        case .body:
            break
        case .end:
            requestIsOpen = false
        }
        context.fireChannelRead(wrapInboundOut(part))
    }

    /// Hands on the held parts up to the next request that must wait for an answer.
    private func releaseHeld(context: ChannelHandlerContext) {
        guard !held.isEmpty else { return }
        while let part = held.first, !(part.isHead && responsesOwed > 0), !isClosing {
            held.removeFirst()
            handOn(part, context: context)
        }
        context.fireChannelReadComplete()
        if held.isEmpty && isReadSuppressed {
            isReadSuppressed = false
            context.read()
        }
    }

    func read(context: ChannelHandlerContext) {
        // No more bytes are read while a pipelined request waits: what is held stays within one read.
        guard held.isEmpty || isClosing else {
            isReadSuppressed = true
            return
        }
        context.read()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard !isClosing else {
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        switch unwrapOutboundIn(data) {
        case .head(var head) where head.status.kind != .informational:
            responseIsOpen = true
            if isStream(context) {
                head.headerFields[.connection] = nil
            } else {
                if FramingErrorHandler.asksToClose(head.headerFields) { closesAfterResponse = true }
                if closesAfterResponse { head.headerFields[.connection] = "close" }
            }
            context.write(wrapOutboundOut(.head(head)), promise: promise)
            return
        case .head:
            break
        case .body:
            break
        case .end:
            responseIsOpen = false
            responsesOwed = max(0, responsesOwed - 1)
            if let pendingError {
                context.write(data, promise: promise)
                self.pendingError = nil
                answer(pendingError, context: context)
            } else if closesAfterResponse {
                let written = context.eventLoop.makePromise(of: Void.self)
                if let promise { written.futureResult.cascade(to: promise) }
                context.write(data, promise: written)
                close(after: written.futureResult, context: context)
            } else {
                context.write(data, promise: promise)
                releaseHeld(context: context)
            }
            return
        }
        context.write(data, promise: promise)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard !isClosing else { return }
        guard let framingError = FramingErrorHandler.kumoError(for: error) else {
            context.fireErrorCaught(error)  // an I/O error: the connection is gone, nothing to answer
            return
        }
        if case HTTPParserError.closedConnection = error {
            // Bytes after a request that asked to close: the connection ends with that request's answer, and what came
            // after it is ignored (docs/decisions/0114-connection-close-said-and-done.md).
            closesAfterResponse = true
            return
        }
        logger.debug("request framing refused", metadata: ["code": "\(framingError.code.code)", "error": "\(error)"])
        closesAfterResponse = true
        if requestIsOpen {
            // Inside a body: the responder answers it if it is still reading; otherwise the request was answered.
            if responsesOwed > 0 && !responseIsOpen {
                context.fireErrorCaught(error)
            } else if !responseIsOpen {
                close(after: nil, context: context)
            }
        } else if responsesOwed > 0 {
            pendingError = framingError
        } else {
            refuse(framingError, context: context)
        }
    }

    /// Whether `fields` hold a `Connection` header with the `close` token (RFC 9110: a comma-separated list of
    /// case-insensitive tokens).
    static func asksToClose(_ fields: HTTPFields) -> Bool {
        fields[values: .connection].contains { value in
            value.split(separator: ",").contains { token in token.filter { $0 != " " && $0 != "\t" }.lowercased() == "close" }
        }
    }

    /// Whether the channel is an HTTP/2 stream (its parent is a connection, not the listener): no `Connection` header
    /// there, and no closing of the connection for one stream.
    private func isStream(_ context: ChannelHandlerContext) -> Bool { context.channel.parent?.parent != nil }

    /// The NCMB error a decoder error is answered with, or `nil` for an I/O error (no client left to answer).
    static func kumoError(for error: any Error) -> KumoError? {
        switch error {
        case is IOError, is ChannelError: nil
        case HTTPParserError.headerOverflow: KumoError(.requestUriTooLarge, underlying: "request head over the limit")
        default: KumoError(.badRequest, underlying: String(describing: error))
        }
    }

    /// Answers `error` now, unless a response is in progress (then after it), and closes.
    private func refuse(_ error: KumoError, context: ChannelHandlerContext) {
        closesAfterResponse = true
        if responseIsOpen || responsesOwed > 0 {
            pendingError = error
        } else {
            answer(error, context: context)
        }
    }

    /// Writes `error` as a complete NCMB JSON response with `Connection: close`, then closes.
    private func answer(_ error: KumoError, context: ChannelHandlerContext) {
        let body = error.responseBody
        if answersBeneathTheEncoder,
            let encoder = try? context.pipeline.syncOperations.context(handlerType: HTTPResponseEncoder.self)
        {
            let status = HTTPResponse.Status(code: error.code.status)
            var bytes = context.channel.allocator.buffer(capacity: 160 + body.count)
            bytes.writeString(
                "HTTP/1.1 \(status.code) \(status.reasonPhrase)\r\nContent-Type: application/json\r\n"
                    + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n")
            bytes.writeBytes(body)
            let written = context.eventLoop.makePromise(of: Void.self)
            encoder.writeAndFlush(NIOAny(bytes), promise: written)
            close(after: written.futureResult, context: context)
            return
        }
        var fields = HTTPFields()
        fields[.contentType] = "application/json"
        fields[.contentLength] = String(body.count)
        fields[.connection] = "close"
        let head = HTTPResponse(status: HTTPResponse.Status(code: error.code.status), headerFields: fields)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(context.channel.allocator.buffer(bytes: body))), promise: nil)
        let written = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: written)
        close(after: written.futureResult, context: context)
    }

    /// Closes the connection once `written` completes (at once without it); later reads and writes are dropped.
    ///
    /// The answer is followed by a half-close (the client reads it to its end), then the connection keeps reading
    /// and dropping for ``lingering`` at most, until the client closes its side: closing a socket with unread bytes
    /// would send a reset, which can destroy the answer before the client read it.
    private func close(after written: EventLoopFuture<Void>?, context: ChannelHandlerContext) {
        isClosing = true
        held.removeAll()
        let channel = context.channel
        guard let written else { return channel.close(promise: nil) }
        written.whenComplete { _ in FramingErrorHandler.linger(channel) }
    }

    /// Half-closes `channel` once its answer is written (the client reads it to its end), then closes it after
    /// ``lingering`` at most: the one way a refused connection ends, here and in ``FirstRequestGuardHandler``.
    static func linger(_ channel: any Channel) {
        channel.close(mode: .output, promise: nil)
        channel.eventLoop.scheduleTask(in: lingering) { channel.close(promise: nil) }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ChannelShouldQuiesceEvent {
            // The server is stopping: the response in progress, if any, is the connection's last.
            closesAfterResponse = true
        }
        if isClosing, case ChannelEvent.inputClosed = event {
            context.close(promise: nil)  // the client has read the answer and closed its side
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        guard isClosing else { return context.fireChannelReadComplete() }
        context.read()  // keep draining what the client still sends while lingering
    }
}

extension HTTPRequestPart {
    /// Whether this is the head of a request.
    fileprivate var isHead: Bool {
        if case .head = self { return true }
        return false
    }
}
