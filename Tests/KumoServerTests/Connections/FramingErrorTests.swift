import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Requests the HTTP/1 layer cannot frame are answered in NCMB JSON with a 4xx code, never 500, never an empty body,
/// never an error-level log line; the connection then closes (issue 13, findings 5 and 7;
/// docs/decisions/0063-framing-errors-answer-ncmb-json.md). Real sockets: each case writes raw bytes and reads until
/// the server closes.
@Suite(.timeLimit(.minutes(2))) struct FramingErrorTests {
    /// One malformed request.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        /// Builds the raw request from the signed head lines of `POST path` (no final blank line).
        var bytes: @Sendable (_ signedHead: (String, String) -> String) -> [UInt8]
        /// Whether the client half-closes after writing.
        var halfClose = false
        /// The expected status and NCMB code of the (last) answer.
        var status: Int
        var code: String
        /// Whether the body can be checked.
        var hasBody = true

        var testDescription: String { name }
    }

    static let classes = "/2013-09-01/classes/Framing"

    static func text(_ value: String) -> [UInt8] { Array(value.utf8) }

    static let cases: [Case] = [
        Case(name: "chunk size zz", bytes: { head in text(head("POST", classes) + "Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n") },
             status: 400, code: "E400000"),
        Case(name: "chunk size -7", bytes: { head in text(head("POST", classes) + "Transfer-Encoding: chunked\r\n\r\n-7\r\n{}\r\n0\r\n\r\n") },
             status: 400, code: "E400000"),
        Case(name: "chunk size of 17 hex digits", bytes: { head in
            text(head("POST", classes) + "Transfer-Encoding: chunked\r\n\r\n11111111111111111\r\n{}\r\n0\r\n\r\n")
        }, status: 400, code: "E400000"),
        Case(name: "Transfer-Encoding gzip", bytes: { head in text(head("POST", classes) + "Transfer-Encoding: gzip\r\n\r\n{}") },
             halfClose: true, status: 400, code: "E400000"),
        Case(name: "short body then FIN on /classes", bytes: { head in
            text(head("POST", classes) + "Content-Length: 100\r\n\r\n{\"a\":1}")
        }, halfClose: true, status: 400, code: "E400000"),
        Case(name: "short body then FIN on a file upload", bytes: { head in
            text(head("POST", "/2013-09-01/files/short.txt").replacingContentType("multipart/form-data; boundary=XYZ")
                + "Content-Length: 100\r\n\r\n--XYZ\r\n")
        }, halfClose: true, status: 400, code: "E400000"),
        Case(name: "head over the limit", bytes: { head in
            text(head("GET", classes) + "X-Padding: " + String(repeating: "a", count: 90 * 1024) + "\r\n\r\n")
        }, status: 414, code: "E414000"),
        Case(name: "non-ASCII byte in the path", bytes: { _ in
            Array("GET /2013-09-01/classes/T".utf8) + [0xFF] + Array(" HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8)
        }, status: 400, code: "E400000"),
        Case(name: "control byte in a header", bytes: { _ in
            text("GET /2013-09-01/classes/T HTTP/1.1\r\nHost: localhost\r\nX-Bad: a\u{01}b\r\n\r\n")
        }, status: 400, code: "E400000"),
        Case(name: "header line without colon", bytes: { _ in
            text("GET /2013-09-01/classes/T HTTP/1.1\r\nHost: localhost\r\nNoColonHere\r\n\r\n")
        }, status: 400, code: "E400000"),
        Case(name: "two different Content-Length", bytes: { head in
            text(head("POST", classes) + "Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}")
        }, status: 400, code: "E400000"),
        Case(name: "negative Content-Length", bytes: { head in text(head("POST", classes) + "Content-Length: -2\r\n\r\n{}") },
             status: 400, code: "E400000"),
        Case(name: "non-numeric Content-Length", bytes: { head in text(head("POST", classes) + "Content-Length: two\r\n\r\n{}") },
             status: 400, code: "E400000"),
        Case(name: "Content-Length with Transfer-Encoding", bytes: { head in
            text(head("POST", classes) + "Content-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n")
        }, status: 400, code: "E400000"),
        Case(name: "CONNECT", bytes: { _ in text("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n") },
             status: 405, code: "E405001"),
        // A body after CONNECT is never read; the answer must still arrive whole (no reset from unread bytes).
        Case(name: "CONNECT with 64 KiB after it", bytes: { _ in
            text("CONNECT /2013-09-01/batch HTTP/1.1\r\nHost: localhost\r\nContent-Length: 65536\r\n\r\n" + String(repeating: "x", count: 65_536))
        }, status: 405, code: "E405001"),
    ]

    @Test(arguments: cases)
    func aBrokenRequestGetsNCMBJSONAndTheConnectionCloses(_ framingCase: Case) async throws {
        let capture = SecurityLogCapture()
        try await TestApplication.with(environment: { $0.logger = capture.logger }) { application in
            try await application.testLive { port, _ in
                let head: (String, String) -> String = { method, path in application.signedHead(method: method, path: path) }
                let responses = try await RawConnection.responses(framingCase.bytes(head), port: port, halfClose: framingCase.halfClose)
                let last = try #require(responses.last, "an answer before the close")
                #expect(last.status == framingCase.status, "status; got \(responses.map(\.status))")
                #expect(responses.allSatisfy { $0.status < 500 }, "no server error")
                #expect(last.header("connection") == "close", "the answer says the connection closes")
                if framingCase.hasBody {
                    #expect(last.errorCode == framingCase.code, "body \(String(decoding: last.body, as: UTF8.self))")
                    #expect(responses.allSatisfy { $0.errorCode != nil || $0.status < 400 }, "every error is NCMB JSON")
                } else {
                    #expect(last.header("content-type") == "application/json")
                }
            }
        }
        let errors = capture.recordedLines.filter { $0.hasPrefix("error ") || $0.hasPrefix("critical ") }
        #expect(errors.isEmpty, "no error-level log line: \(errors)")
    }

    @Test func aValidRequestStillWorksOnTheSameServer() async throws {
        try await TestApplication.with { application in
            try await application.testLive { port, _ in
                let body = "{\"a\":1}"
                let request = application.signedHead(method: "POST", path: Self.classes) + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body
                let responses = try await RawConnection.responses(Self.text(request), port: port)
                #expect(responses.map(\.status) == [201])
            }
        }
    }
}

extension TestApplication {
    /// The request line and headers of a signed request (each line ending in CRLF, without the blank line), as an SDK
    /// would send them with `Host: localhost`.
    func signedHead(method: String, path: String) -> String {
        let timestamp = clock.now().formatted
        let signature = RequestSignature.signature(
            method: method, host: "localhost", path: path, rawQuery: nil, applicationKey: application.applicationKey,
            clientKey: application.clientKey, timestamp: timestamp)
        return "\(method) \(path) HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
            + "\(NCMBHeaderName.applicationKey): \(application.applicationKey)\r\n\(NCMBHeaderName.timestamp): \(timestamp)\r\n"
            + "\(NCMBHeaderName.signature): \(signature)\r\n"
    }

    /// A complete signed `GET path?query` head (with its final blank line), for raw connections.
    func signedGetHead(path: String, query: String) -> String {
        let timestamp = clock.now().formatted
        let signature = RequestSignature.signature(
            method: "GET", host: "localhost", path: path, rawQuery: query, applicationKey: application.applicationKey,
            clientKey: application.clientKey, timestamp: timestamp)
        return "GET \(path)?\(query) HTTP/1.1\r\nHost: localhost\r\n"
            + "\(NCMBHeaderName.applicationKey): \(application.applicationKey)\r\n\(NCMBHeaderName.timestamp): \(timestamp)\r\n"
            + "\(NCMBHeaderName.signature): \(signature)\r\n\r\n"
    }
}

extension String {
    /// The head with its `Content-Type` replaced.
    fileprivate func replacingContentType(_ contentType: String) -> String {
        split(separator: "\r\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("Content-Type:") ? "Content-Type: \(contentType)" : String($0) }
            .joined(separator: "\r\n")
    }
}
