import Foundation
import HTTPTypes
import KumoTestSupport
import NCMBWire
import NIOCore
import NIOPosix
import NIOWebSocket
import Testing

/// A real WebSocket client of a test server's `GET /2013-09-01/realtime`, over TCP with NIO's frame codec: it writes
/// the upgrade request itself and hands every byte that follows the `101` answer to the frame decoder, so frames the
/// server sends right after the upgrade are never lost. Messages are sent as JSON text, received into a ``Mailbox``
/// and read with bounded waits.
final class RealtimeTestClient: Sendable {
    /// What the client received.
    enum Received: Sendable {
        /// A text message, parsed.
        case message(JSONObject)
        /// The connection closed, with the server's close code when it sent one.
        case closed(UInt16?)
    }

    /// How long a test waits for one message before it fails.
    static let patience: Duration = .seconds(20)

    private let received = Mailbox<Received>()
    private let connected: Task<(any Channel)?, Never>

    /// Connects; with `headers` (the signed upgrade), or without to authenticate with a `connect` message.
    ///
    /// - Parameter reads: whether the client reads what arrives; `false` leaves it in the socket (a slow consumer)
    ///   until ``startReading()``.
    /// - Parameter answersPings: whether the client answers the server's pings (as every WebSocket client must).
    init(
        port: Int, headers: HTTPFields = HTTPFields(), path: String = "/2013-09-01/realtime", reads: Bool = true,
        answersPings: Bool = true
    ) {
        let received = received
        var request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        request += "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        for field in headers { request += "\(field.name.rawName): \(field.value)\r\n" }
        request += "\r\n"
        let upgrade = request
        connected = Task {
            do {
                let eventLoop = MultiThreadedEventLoopGroup.singleton.any()
                let upgraded = eventLoop.makePromise(of: Void.self)
                let channel = try await ClientBootstrap(group: eventLoop)
                    .channelOption(.socketOption(.so_rcvbuf), value: reads ? 131_072 : 4096)
                    .channelInitializer { channel in
                        channel.eventLoop.makeCompletedFuture {
                            try channel.pipeline.syncOperations.addHandler(
                                HandshakeHandler(
                                    request: upgrade, received: received, upgraded: upgraded, readsAfterwards: reads,
                                    answersPings: answersPings))
                        }
                    }
                    .connect(host: "127.0.0.1", port: port).get()
                // Frames are written only once the frame codec is in place.
                try await upgraded.futureResult.get()
                return channel
            } catch {
                received.put(.closed(nil))
                received.close()
                return nil
            }
        }
    }

    /// Starts reading (a client made with `reads: false`).
    func startReading() {
        Task { if let channel = await connected.value { try? await channel.setOption(.autoRead, value: true) } }
    }

    /// Sends a message.
    func send(_ message: JSONValue) {
        send(text: message.serializedString())
    }

    /// Sends raw text.
    func send(text: String) {
        write(.text, ByteBuffer(string: text))
    }

    /// Sends a binary message.
    func sendBinary(_ bytes: [UInt8]) {
        write(.binary, ByteBuffer(bytes: bytes))
    }

    private func write(_ opcode: WebSocketOpcode, _ data: ByteBuffer) {
        Task {
            guard let channel = await connected.value else { return }
            let frame = WebSocketFrame(fin: true, opcode: opcode, maskKey: .random(), data: data)
            try? await channel.writeAndFlush(frame)
        }
    }

    /// The next message; fails the test (and returns `nil`) when none came within ``patience`` or the connection closed.
    func next(sourceLocation: SourceLocation = #_sourceLocation) async -> JSONObject? {
        switch await received.next(within: RealtimeTestClient.patience) {
        case .message(let object)?:
            return object
        case .closed(let code)?:
            Issue.record(
                "the connection closed (code \(code.map(String.init) ?? "none")) instead of sending a message",
                sourceLocation: sourceLocation)
            return nil
        case nil:
            Issue.record("no message within \(RealtimeTestClient.patience)", sourceLocation: sourceLocation)
            return nil
        }
    }

    /// Waits for the connection to close, keeping the messages received before; returns the close code (`nil` without
    /// one) and those messages. Fails the test when it stays open for ``patience``.
    func closing(sourceLocation: SourceLocation = #_sourceLocation) async -> (code: UInt16?, messages: [JSONObject]) {
        var messages: [JSONObject] = []
        while true {
            switch await received.next(within: RealtimeTestClient.patience) {
            case .message(let object)?: messages.append(object)
            case .closed(let code)?: return (code, messages)
            case nil:
                Issue.record("the connection stayed open for \(RealtimeTestClient.patience)", sourceLocation: sourceLocation)
                return (nil, messages)
            }
        }
    }

    /// Closes the connection (a close frame, then the socket).
    func close() async {
        guard let channel = await connected.value else { return }
        let code = ByteBuffer(bytes: [0x03, 0xE8])
        try? await channel.writeAndFlush(WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: .random(), data: code))
        try? await channel.close()
    }
}

/// Writes the upgrade request, reads the answer's head, then installs the frame codec and hands it what followed.
private final class HandshakeHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let request: String
    private let received: Mailbox<RealtimeTestClient.Received>
    private let upgraded: EventLoopPromise<Void>
    private let readsAfterwards: Bool
    private let answersPings: Bool
    private var buffer = ByteBuffer()
    private var isUpgraded = false

    init(
        request: String, received: Mailbox<RealtimeTestClient.Received>, upgraded: EventLoopPromise<Void>, readsAfterwards: Bool,
        answersPings: Bool
    ) {
        self.request = request
        self.received = received
        self.upgraded = upgraded
        self.readsAfterwards = readsAfterwards
        self.answersPings = answersPings
    }

    func channelActive(context: ChannelHandlerContext) {
        context.writeAndFlush(NIOAny(ByteBuffer(string: request)), promise: nil)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        buffer.writeBuffer(&bytes)
        let view = Array(buffer.readableBytesView)
        guard let end = (0..<max(0, view.count - 3)).first(where: { view[$0...$0 + 3] == [13, 10, 13, 10] }) else { return }
        let head = String(decoding: view[..<end], as: UTF8.self)
        buffer.moveReaderIndex(forwardBy: end + 4)
        guard head.hasPrefix("HTTP/1.1 101") else {
            received.put(.closed(nil))
            received.close()
            upgraded.fail(ChannelError.inputClosed)
            context.close(promise: nil)
            return
        }
        let operations = context.pipeline.syncOperations
        let receiver = FrameReceiver(received: received, answersPings: answersPings)
        do {
            try operations.addHandlers(
                [WebSocketFrameEncoder(), ByteToMessageHandler(WebSocketFrameDecoder(maxFrameSize: 1 << 24)), receiver],
                position: .after(self))
        } catch {
            context.close(promise: nil)
            return
        }
        // From here the frame receiver reports the end of the connection, with the server's close code.
        isUpgraded = true
        let rest = buffer
        buffer = ByteBuffer()
        if rest.readableBytes > 0 { context.fireChannelRead(wrapInboundOut(rest)) }
        operations.removeHandler(context: context, promise: nil)
        // A slow consumer stops reading once upgraded, until the test lets it read.
        if !readsAfterwards { context.channel.setOption(.autoRead, value: false).whenComplete { _ in } }
        upgraded.succeed()
    }

    func channelInactive(context: ChannelHandlerContext) {
        if !isUpgraded {
            received.put(.closed(nil))
            received.close()
            upgraded.fail(ChannelError.inputClosed)
        }
        context.fireChannelInactive()
    }
}

/// Turns frames into ``RealtimeTestClient/Received`` values: text messages (fragments joined), the close code; answers
/// pings and the server's close.
private final class FrameReceiver: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let received: Mailbox<RealtimeTestClient.Received>
    private let answersPings: Bool
    private var fragments = ByteBuffer()
    private var closeCode: UInt16?
    private var isClosed = false

    init(received: Mailbox<RealtimeTestClient.Received>, answersPings: Bool) {
        self.received = received
        self.answersPings = answersPings
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text, .continuation:
            var data = frame.unmaskedData
            fragments.writeBuffer(&data)
            guard frame.fin else { return }
            let text = String(buffer: fragments)
            fragments.clear()
            if let object = try? JSONValue(parsing: text).objectValue { received.put(.message(object)) }
        case .ping:
            guard answersPings else { return }
            let pong = WebSocketFrame(fin: true, opcode: .pong, maskKey: .random(), data: frame.unmaskedData)
            context.writeAndFlush(wrapOutboundOut(pong), promise: nil)
        case .connectionClose:
            var data = frame.unmaskedData
            closeCode = data.readInteger(as: UInt16.self)
            let answer = WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: .random(), data: ByteBuffer(bytes: [0x03, 0xE8]))
            context.writeAndFlush(wrapOutboundOut(answer)).whenComplete { _ in context.close(promise: nil) }
        default:
            frame.data.clear()
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        if !isClosed {
            isClosed = true
            received.put(.closed(closeCode))
            received.close()
        }
        context.fireChannelInactive()
    }
}

extension RealtimeTestClient {
    /// The messages received before the event of subscription `fence` (which the test wrote after everything it
    /// checks): the server handles a connection's changes in commit order, so nothing written before the fence can
    /// arrive after it. Fails the test when the fence does not come.
    func messages(beforeFence fence: Int64, sourceLocation: SourceLocation = #_sourceLocation) async -> [JSONObject] {
        var messages: [JSONObject] = []
        while let message = await next(sourceLocation: sourceLocation) {
            if message["requestId"] == .integer(fence), message["op"] == "create" { return messages }
            messages.append(message)
        }
        return messages
    }
}

/// `(op, objectId)` of event messages, for comparing sequences.
func events(_ messages: [JSONObject]) -> [String] {
    messages.map { message in
        let op = message["op"]?.stringValue ?? "?"
        let objectId = message["object"]?.objectValue?["objectId"]?.stringValue ?? "-"
        return "\(op) \(objectId)"
    }
}
