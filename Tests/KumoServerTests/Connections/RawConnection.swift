import HummingbirdTesting
import KumoTestSupport
import NCMBWire
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

#if canImport(Glibc)
    import Glibc
#endif

/// One HTTP/1 response as read off a socket.
struct RawResponse: Sendable {
    /// The status code.
    var status: Int
    /// Header fields, names lowercased.
    var headers: [(name: String, value: String)]
    /// The body bytes (by `Content-Length`, or up to the close).
    var body: [UInt8]

    /// The first value of header `name`.
    func header(_ name: String) -> String? { headers.first { $0.name == name.lowercased() }?.value }

    /// The NCMB error code when the body is NCMB error JSON (`{"code","error"}`), else `nil`.
    var errorCode: String? {
        guard let object = try? JSONValue(parsing: body).objectValue, object.count == 2, object["error"]?.stringValue != nil else {
            return nil
        }
        return object["code"]?.stringValue
    }
}

/// A raw TCP client: writes bytes as given (framing errors included), optionally half-closes, then reads until the
/// server closes the connection. Waiting for the close event is the synchronisation: no sleeps, no timing.
enum RawConnection {
    /// Sends `requests` to `port` on 127.0.0.1 and returns every byte the server wrote before closing.
    ///
    /// - Parameter halfClose: whether to shut down the client's sending side after the bytes (a FIN mid-body).
    static func exchange(_ bytes: [UInt8], port: Int, halfClose: Bool = false) async throws -> [UInt8] {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelOption(.allowRemoteHalfClosure, value: true)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(
                        wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true))
                }
            }
        let received = NIOLockedValueBox<[UInt8]>([])
        do {
            try await channel.executeThenClose { inbound, outbound in
                try await outbound.write(ByteBuffer(bytes: bytes))
                if halfClose { outbound.finish() }
                for try await chunk in inbound { received.withLockedValue { $0 += chunk.readableBytesView } }
            }
        } catch let error as IOError where error.errnoCode == ECONNRESET {
            // The server closed with our bytes unread, so the kernel answered with a reset: a close all the same, and
            // whatever arrived before it is kept.
        }
        return received.withLockedValue { $0 }
    }

    /// Opens a connection the test holds (for several requests on it).
    static func connect(port: Int) async throws -> NIOAsyncChannel<ByteBuffer, ByteBuffer> {
        try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture { try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel) }
            }
    }

    /// Reads from `iterator` until one complete response (head and `Content-Length` bytes) arrived.
    static func readResponse(_ iterator: inout NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator) async throws -> RawResponse? {
        var received: [UInt8] = []
        while let chunk = try await iterator.next() {
            received += chunk.readableBytesView
            if let response = parse(received).first, let length = response.header("content-length").flatMap(Int.init),
                response.body.count == length
            {
                return response
            }
        }
        return parse(received).first
    }

    /// Like ``exchange(_:port:halfClose:)``, parsed into responses.
    static func responses(_ bytes: [UInt8], port: Int, halfClose: Bool = false) async throws -> [RawResponse] {
        parse(try await exchange(bytes, port: port, halfClose: halfClose))
    }

    /// Splits raw bytes into responses (heads separated by CRLF CRLF, bodies by `Content-Length`).
    static func parse(_ bytes: [UInt8]) -> [RawResponse] {
        var responses: [RawResponse] = []
        var rest = bytes[...]
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        while !rest.isEmpty, let end = rest.firstRange(of: separator) {
            let headText = String(decoding: rest[rest.startIndex..<end.lowerBound], as: UTF8.self)
            var lines = headText.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
            let statusLine = lines.removeFirst().split(separator: " ")
            let status = statusLine.count > 1 ? Int(statusLine[1]) ?? 0 : 0
            let headers = lines.compactMap { line -> (name: String, value: String)? in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return (line[..<colon].lowercased(), trimmed(line[line.index(after: colon)...]))
            }
            rest = rest[end.upperBound...]
            let length = headers.first { $0.name == "content-length" }.flatMap { Int($0.value) } ?? rest.count
            let body = Array(rest.prefix(length))
            rest = rest.dropFirst(length)
            responses.append(RawResponse(status: status, headers: headers, body: body))
        }
        return responses
    }
}

/// `text` without leading and trailing spaces and tabs.
private func trimmed(_ text: Substring) -> String {
    let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    return String(text.drop(while: isBlank).reversed().drop(while: isBlank).reversed())
}
