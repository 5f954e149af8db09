import NIOConcurrencyHelpers
import NIOCore

/// Tells a request in progress that its client has gone (docs/decisions/0067-work-budget.md): a handler in each
/// connection's pipeline sees the end of the client's input (it closed or half-closed its side) and runs what the
/// request registered, which cancels the request's task so its storage work stops.
///
/// Hummingbird's `consumeWithCancellationOnInboundClose` does the same by reading the request stream itself, but a
/// large body on the next request of the same connection then stalls; watching the channel's events does not touch
/// the request stream.
package final class DisconnectSignal: Sendable {
    private struct State {
        var isClosed = false
        var nextToken = 0
        var actions: [Int: @Sendable () -> Void] = [:]
    }

    private let state = NIOLockedValueBox(State())

    /// Runs `action` once the client's input ends (at once if it has ended); returns a token for ``cancel(_:)``.
    package func onClose(_ action: @escaping @Sendable () -> Void) -> Int {
        let (token, runNow) = state.withLockedValue { state -> (Int, Bool) in
            state.nextToken += 1
            if state.isClosed { return (state.nextToken, true) }
            state.actions[state.nextToken] = action
            return (state.nextToken, false)
        }
        if runNow { action() }
        return token
    }

    /// Forgets an action registered with ``onClose(_:)``.
    package func cancel(_ token: Int) {
        _ = state.withLockedValue { $0.actions.removeValue(forKey: token) }
    }

    /// The client's input ended: runs every registered action.
    func close() {
        let actions = state.withLockedValue { state -> [@Sendable () -> Void] in
            state.isClosed = true
            defer { state.actions.removeAll() }
            return Array(state.actions.values)
        }
        for action in actions { action() }
    }
}

/// The pipeline side of ``DisconnectSignal``: passes everything on and closes the signal at the end of input.
final class DisconnectWatchHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    /// The connection's signal.
    let signal = DisconnectSignal()
    /// The peer's address without its port once rendered (`.some(nil)` when it has none): once per connection, not per
    /// request (docs/decisions/0179-per-request-work-prepared-once.md). Read and written on the channel's event loop only.
    private var renderedPeerAddress: String??

    /// The channel's peer address without its port (`127.0.0.1`, `::1`), rendered on first use; call on the event loop.
    func peerAddress(of channel: any Channel) -> String? {
        if let renderedPeerAddress { return renderedPeerAddress }
        let address = channel.remoteAddress?.ipAddress
        renderedPeerAddress = .some(address)
        return address
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case ChannelEvent.inputClosed = event { signal.close() }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        signal.close()
        context.fireChannelInactive()
    }
}
