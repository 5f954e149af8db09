import NIOCore
import NIOHTTPTypes

/// Closes connections that hold the server without making progress (docs/decisions/0066-connection-hygiene.md):
///
/// - **idle**: no request for ``ConnectionTimeouts/idle`` after the connection opened or the last response ended;
/// - **header**: the bytes of a request head started arriving but the head is not complete after
///   ``ConnectionTimeouts/header``;
/// - **body**: a request body receives nothing for ``ConnectionTimeouts/body`` (the clock restarts with every part).
///
/// An idle or slow-header connection is closed without an answer (there is no request to answer). A stalled body is
/// reported to ``FramingErrorHandler`` (placed after this handler) as ``BodyReadTimeout``: the responder reading the
/// body answers 400 E400000 and the connection closes. While the server works on a complete request, no clock runs.
final class ConnectionTimeoutHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// What a connection is waiting for.
    private enum Phase {
        /// The next request (the idle clock).
        case idle
        /// The rest of a request head whose first bytes arrived (the header clock).
        case head
        /// More of a request body (the body clock).
        case body
        /// Nothing from the client: the server is answering.
        case answering
    }

    private let timeouts: ConnectionTimeouts
    private var phase = Phase.answering
    private var requestIsOpen = false
    private var responsesOwed = 0
    private var readParts = false
    /// When the clock of `phase` runs out.
    private var deadline = NIODeadline.distantFuture
    /// The one timer of the connection, and when it fires: never later than the shortest clock after it was armed, so a
    /// new phase's deadline is never before it and a request does not cancel or schedule a timer
    /// (docs/decisions/0166-per-request-path-without-per-request-allocations.md).
    private var timer: Scheduled<Void>?
    private var timerFiresAt = NIODeadline.distantFuture

    /// Creates the handler of one connection.
    init(timeouts: ConnectionTimeouts) {
        self.timeouts = timeouts
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { enter(.idle, context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        enter(.idle, context: context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelTimer()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelTimer()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        readParts = true
        switch unwrapInboundIn(data) {
        case .head:
            requestIsOpen = true
            responsesOwed += 1
            enter(.body, context: context)
        case .body:
            if requestIsOpen { enter(.body, context: context) }
        case .end:
            requestIsOpen = false
            enter(.answering, context: context)
        }
        context.fireChannelRead(data)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        // Bytes arrived that made no part yet: the start of a request head.
        if !readParts && phase == .idle { enter(.head, context: context) }
        readParts = false
        context.fireChannelReadComplete()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            responsesOwed = max(0, responsesOwed - 1)
            if responsesOwed == 0 && !requestIsOpen { enter(.idle, context: context) }
        }
        context.write(data, promise: promise)
    }

    /// Switches to `phase` and starts its clock: sets its deadline, and arms the timer only when none is armed or the
    /// armed one would fire after the deadline.
    private func enter(_ phase: Phase, context: ChannelHandlerContext) {
        self.phase = phase
        let limit: TimeAmount
        switch phase {
        case .idle: limit = timeouts.idle
        case .head: limit = timeouts.header
        case .body: limit = timeouts.body
        case .answering: return
        }
        let now = context.eventLoop.now
        deadline = now + limit
        if timer == nil || timerFiresAt > deadline { arm(now: now, context: context) }
    }

    /// Arms the timer for the deadline, or for the shortest clock from now if that is sooner.
    private func arm(now: NIODeadline, context: ChannelHandlerContext) {
        timer?.cancel()
        timerFiresAt = min(deadline, now + timeouts.shortest)
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: timerFiresAt) { [self] in
            fire(context: context)
        }
    }

    /// The timer fired: nothing while the server answers, the clock's end once its deadline has passed, else the timer
    /// armed again.
    private func fire(context: ChannelHandlerContext) {
        timer = nil
        guard phase != .answering else { return }
        let now = context.eventLoop.now
        guard now >= deadline else { return arm(now: now, context: context) }
        switch phase {
        case .idle, .head:
            context.close(promise: nil)
        case .body:
            phase = .answering
            context.fireErrorCaught(BodyReadTimeout())
        case .answering:
            break
        }
    }

    private func cancelTimer() {
        timer?.cancel()
        timer = nil
    }
}

/// A request body that received nothing for the body timeout; answered 400 E400000.
struct BodyReadTimeout: Error, CustomStringConvertible {
    var description: String { "request body stalled past the body timeout" }
}

/// The three connection clocks (docs/configuration.md: `--idle-timeout`, `--header-timeout`, `--body-timeout`).
package struct ConnectionTimeouts: Sendable, Hashable {
    /// How long a connection may wait for its next request.
    var idle: TimeAmount
    /// How long a request head may take once its first bytes arrived.
    var header: TimeAmount
    /// How long a request body may receive nothing.
    var body: TimeAmount

    /// Creates the clocks from seconds.
    package init(idleSeconds: Double, headerSeconds: Double, bodySeconds: Double) {
        idle = .nanoseconds(Int64(idleSeconds * 1_000_000_000))
        header = .nanoseconds(Int64(headerSeconds * 1_000_000_000))
        body = .nanoseconds(Int64(bodySeconds * 1_000_000_000))
    }

    /// The shortest of the three clocks.
    var shortest: TimeAmount { min(idle, header, body) }
}
