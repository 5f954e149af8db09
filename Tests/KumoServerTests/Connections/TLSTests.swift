import Foundation
import KumoServer
import KumoTestSupport
import KumoTransport
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL
import Testing

/// HTTPS on the API port (docs/operations.md#tls): HTTP/2 and HTTP/1.1 by ALPN for a real client (curl), and a reload
/// that presents the new certificate to new connections while an open connection goes on.
@Suite(.timeLimit(.minutes(2))) struct TLSTests {
    /// A CA, and credentials files for a leaf named `commonName` in a temporary directory.
    struct Files {
        let directory: URL
        let authority: TestCertificateAuthority
        var chain: URL { directory.appendingPathComponent("chain.pem") }
        var key: URL { directory.appendingPathComponent("key.pem") }
        var caFile: URL { directory.appendingPathComponent("ca.pem") }

        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("kumo-tls-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            authority = try TestCertificateAuthority()
            try Data(authority.certificatePEM.utf8).write(to: caFile)
        }

        func writeLeaf(commonName: String) throws {
            let leaf = try authority.issueLeaf(commonName: commonName)
            try Data(leaf.certificatePEM.utf8).write(to: chain)
            try Data(leaf.privateKeyPEM.utf8).write(to: key)
        }

        func remove() { try? FileManager.default.removeItem(at: directory) }
    }

    @Test(.enabled(if: Curl.isUsable, "needs curl (CI installs it)"))
    func httpsNegotiatesHTTP2AndHTTP1ForARealClient() async throws {
        let files = try Files()
        defer { files.remove() }
        try files.writeLeaf(commonName: "kumo-a")
        let credentials = try TLSCredentials(certificateChainPath: files.chain.path, privateKeyPath: files.key.path)
        try await TestApplication.with { application in
            try await application.testLive(tls: credentials) { port, _ in
                let http2 = try await Curl.fetch(["--http2"], port: port, caFile: files.caFile)
                let http1 = try await Curl.fetch(["--http1.1"], port: port, caFile: files.caFile)

                #expect(http2.written == "2 200", "\(http2.log)")
                #expect(http1.written == "1.1 200", "\(http1.log)")
                #expect(http2.log.contains("CN=kumo-a"), "\(http2.log)")
            }
        }
    }

    @Test(.enabled(if: Curl.isUsable, "needs curl (CI installs it)"))
    func aReloadPresentsTheNewCertificateToNewConnectionsAndKeepsOpenOnes() async throws {
        let files = try Files()
        defer { files.remove() }
        try files.writeLeaf(commonName: "kumo-a")
        let credentials = try TLSCredentials(certificateChainPath: files.chain.path, privateKeyPath: files.key.path)
        try await TestApplication.with { application in
            try await application.testLive(tls: credentials) { port, _ in
                let seen = NIOLockedValueBox<[String]>([])
                let connection = try await Self.connectTLS(port: port, caPEM: files.authority.certificatePEM, seen: seen)
                try await connection.executeThenClose { inbound, outbound in
                    var responses = inbound.makeAsyncIterator()
                    let request = ByteBuffer(string: "GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n")
                    try await outbound.write(request)
                    let before = try await Self.readResponse(&responses)

                    try files.writeLeaf(commonName: "kumo-b")
                    try credentials.reload()
                    let fresh = try await Curl.fetch(["--http1.1"], port: port, caFile: files.caFile)
                    try await outbound.write(request)
                    let after = try await Self.readResponse(&responses)

                    #expect(before.hasPrefix("HTTP/1.1 200"), "\(before)")
                    #expect(after.hasPrefix("HTTP/1.1 200"), "the open connection goes on: \(after)")
                    #expect(seen.withLockedValue { $0 }.first?.contains("common_name=kumo-a") == true, "\(seen.withLockedValue { $0 })")
                    #expect(fresh.log.contains("CN=kumo-b"), "\(fresh.log)")
                    #expect(fresh.written == "1.1 200")
                }
            }
        }
        #expect(credentials.reloadCount == 1)
    }

    @Test func aReloadThatFailsKeepsTheCredentialsInUse() throws {
        let files = try Files()
        defer { files.remove() }
        try files.writeLeaf(commonName: "kumo-a")
        let credentials = try TLSCredentials(certificateChainPath: files.chain.path, privateKeyPath: files.key.path)
        let other = try files.authority.issueLeaf(commonName: "kumo-b")
        try Data(other.certificatePEM.utf8).write(to: files.chain)  // the key file still holds kumo-a's key

        #expect(throws: TLSCredentials.Failure.self) { try credentials.reload() }
        #expect(credentials.reloadCount == 0)
    }

    @Test func unusableFilesAreRefusedWithTheirNames() throws {
        let files = try Files()
        defer { files.remove() }
        try files.writeLeaf(commonName: "kumo-a")
        try Data("not a key".utf8).write(to: files.directory.appendingPathComponent("bad.pem"))

        let missing = #expect(throws: TLSCredentials.Failure.self) {
            try TLSCredentials(certificateChainPath: "/nonexistent/chain.pem", privateKeyPath: files.key.path)
        }
        let badKey = #expect(throws: TLSCredentials.Failure.self) {
            try TLSCredentials(certificateChainPath: files.chain.path, privateKeyPath: files.directory.appendingPathComponent("bad.pem").path)
        }
        #expect(missing?.description.contains("--tls-certificate-chain /nonexistent/chain.pem") == true)
        #expect(badKey?.description.contains("--tls-private-key") == true)
    }

    /// A TLS connection trusting only `caPEM`; the server's leaf certificate description goes into `seen`.
    static func connectTLS(port: Int, caPEM: String, seen: NIOLockedValueBox<[String]>) async throws -> NIOAsyncChannel<ByteBuffer, ByteBuffer> {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMBytes(Array(caPEM.utf8)))
        configuration.applicationProtocols = ["http/1.1"]
        let context = try NIOSSLContext(configuration: configuration)
        return try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    let handler = try NIOSSLClientHandler(context: context, serverHostname: "localhost") { certificates, promise in
                        seen.withLockedValue { $0 += certificates.prefix(1).map(\.description) }
                        promise.succeed(.certificateVerified)
                    }
                    try channel.pipeline.syncOperations.addHandler(handler)
                    return try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
    }

    /// Reads one HTTP/1.1 response with a `Content-Length` body.
    static func readResponse(_ inbound: inout NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator) async throws -> String {
        var text = ""
        while true {
            if let headEnd = text.range(of: "\r\n\r\n") {
                let head = text[..<headEnd.lowerBound].lowercased()
                let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                if text.utf8.count - text[..<headEnd.upperBound].utf8.count >= length { return text }
            }
            guard let chunk = try await inbound.next() else { return text }
            text += String(buffer: chunk)
        }
    }
}
