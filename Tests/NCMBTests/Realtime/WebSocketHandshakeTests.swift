import Foundation
import NCMB
import Testing

/// The client's opening handshake (RFC 6455, section 4.1).
@Suite struct WebSocketHandshakeTests {
    /// The nonce of RFC 6455's example, "the sample nonce".
    let handshake = WebSocketHandshake(nonce: Array("the sample nonce".utf8))

    /// A 101 answer to ``handshake`` with `replacing` headers changed (a `nil` value removes the header).
    func switching(_ replacing: [String: String?] = [:]) -> HTTPResponseHead {
        var headers: [(name: String, value: String)] = [
            ("Upgrade", "websocket"), ("Connection", "Upgrade"), ("Sec-WebSocket-Accept", "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="),
        ]
        for (name, value) in replacing {
            headers.removeAll { $0.name == name }
            if let value { headers.append((name, value)) }
        }
        return HTTPResponseHead(status: 101, headers: headers)
    }

    // MARK: Tests

    @Test func theKeyAndTheAcceptValueMatchTheExampleOfRFC6455() {
        #expect(handshake.key == "dGhlIHNhbXBsZSBub25jZQ==")
        #expect(WebSocketHandshake.acceptValue(for: handshake.key) == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }

    @Test func theRequestIsAnHTTP11UpgradeWithTheHeadersSortedAfterTheFixedOnes() throws {
        let url = try #require(URL(string: "ws://127.0.0.1:8080/ncmb/2013-09-01/realtime"))

        let bytes = try handshake.request(url: url, headers: ["X-NCMB-Timestamp": "t", "X-NCMB-Application-Key": "k"])

        #expect(
            String(decoding: bytes, as: UTF8.self)
                == "GET /ncmb/2013-09-01/realtime HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nUpgrade: websocket\r\n"
                + "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
                + "X-NCMB-Application-Key: k\r\nX-NCMB-Timestamp: t\r\n\r\n")
    }

    @Test func anIPv6HostKeepsItsBrackets() throws {
        let url = try #require(URL(string: "ws://[::1]:9000/2013-09-01/realtime"))

        let text = String(decoding: try handshake.request(url: url, headers: [:]), as: UTF8.self)

        #expect(text.contains("\r\nHost: [::1]:9000\r\n"))
    }

    @Test(arguments: [["X-Token": "a\r\nInjected: yes"], ["Bad Name": "v"], ["Bad:Name": "v"], ["": "v"]])
    func headersThatWouldBreakTheRequestAreRefused(headers: [String: String]) throws {
        let url = try #require(URL(string: "ws://localhost/2013-09-01/realtime"))

        #expect(throws: WebSocketError.self) { try handshake.request(url: url, headers: headers) }
    }

    @Test func aCorrectSwitchingProtocolsAnswerIsAccepted() throws {
        try handshake.validate(switching(["Connection": "keep-alive, Upgrade", "Upgrade": "WebSocket"]))
    }

    @Test func aWrongAcceptValueIsRefused() {
        #expect(throws: WebSocketError.invalidHandshake("wrong Sec-WebSocket-Accept")) {
            try handshake.validate(switching(["Sec-WebSocket-Accept": "AAAA"]))
        }
    }

    @Test func aMissingUpgradeHeaderIsRefused() {
        #expect(throws: WebSocketError.invalidHandshake("Upgrade is not websocket")) {
            try handshake.validate(switching(["Upgrade": nil]))
        }
    }

    @Test func aConnectionHeaderWithoutUpgradeIsRefused() {
        #expect(throws: WebSocketError.invalidHandshake("Connection does not list upgrade")) {
            try handshake.validate(switching(["Connection": "keep-alive"]))
        }
    }

    @Test func anExtensionOrSubprotocolTheClientDidNotAskForIsRefused() {
        #expect(throws: WebSocketError.invalidHandshake("unrequested extension")) {
            try handshake.validate(switching(["Sec-WebSocket-Extensions": "permessage-deflate"]))
        }
        #expect(throws: WebSocketError.invalidHandshake("unrequested subprotocol")) {
            try handshake.validate(switching(["Sec-WebSocket-Protocol": "chat"]))
        }
    }

    @Test func anotherStatusIsARejectionCarryingTheBody() {
        let body = Array(#"{"code":"E401001","error":"Authentication error by header incorrect."}"#.utf8)

        #expect(throws: WebSocketError.handshakeRejected(status: 401, body: body)) {
            try handshake.validate(HTTPResponseHead(status: 401, headers: []), body: body)
        }
    }

    // MARK: Response heads

    @Test func theHeadEndsAtTheFirstBlankLine() {
        let bytes = Array("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n\r\n\u{81}\u{0}".utf8)

        #expect(HTTPResponseHead.length(in: bytes) == 56)
        #expect(HTTPResponseHead.length(in: Array(bytes.prefix(55))) == nil)
    }

    @Test func aHeadIsReadWithItsHeadersInOrder() throws {
        let head = try HTTPResponseHead(parsing: Array("HTTP/1.1 101 Switching Protocols\r\nUpgrade:  websocket \r\nX-A: 1\r\n\r\n".utf8))

        #expect(head == HTTPResponseHead(status: 101, headers: [("Upgrade", "websocket"), ("X-A", "1")]))
        #expect(head.value(of: "upgrade") == "websocket")
    }

    @Test(arguments: ["", "HTTP/1.1\r\n", "SMTP 220 hello\r\n", "HTTP/1.1 1x1 Bad\r\n", "HTTP/1.1 101 OK\r\nno colon\r\n"])
    func malformedHeadsAreRefused(text: String) {
        #expect(throws: WebSocketError.self) { try HTTPResponseHead(parsing: Array(text.utf8)) }
    }
}
