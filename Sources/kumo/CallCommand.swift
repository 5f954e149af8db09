import ArgumentParser
import AsyncHTTPClient
import Foundation
import KumoSeams
import KumoServer
import KumoSQLite
import KumoStorage
import NCMBWire
import NIOCore
import NIOHTTP1
import NIOSSL

/// `kumo call METHOD PATH`: sign and send one request to a running server, then print the response — the curl of Kumo.
struct CallCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "call", abstract: "Send one signed NCMB request to a running Kumo server and print the response.")

    @Argument(help: "HTTP method: GET, POST, PUT or DELETE.") var method: String
    @Argument(help: "Path including the version, e.g. /2013-09-01/classes/Food.") var path: String
    @Option(name: .customLong("query"), help: "A query parameter as name=value (repeatable; the value is percent-encoded).")
    var queryItems: [String] = []
    @Option(name: .customLong("data"), help: "JSON request body.") var data: String?
    @Option(help: "The application whose keys sign the request (also KUMO_APP); may be left out when the database has only one.")
    var app: String?
    @Option(name: .customLong("application-key"), help: "Application key (instead of reading the data directory).")
    var applicationKey: String?
    @Option(name: .customLong("client-key"), help: "Client key (instead of reading the data directory).") var clientKey: String?
    @Option(name: .customLong("session-token"), help: "X-NCMB-Apps-Session-Token to send.") var sessionToken: String?
    @Option(help: "Base URL of the server (also KUMO_URL).")
    var url = ProcessInfo.processInfo.environment["KUMO_URL"] ?? "http://127.0.0.1:8080"
    @Option(
        name: .customLong("cacert"),
        help: ArgumentHelp("Also trust the CA certificates of this PEM file (a self-signed or private CA's certificate).", valueName: "file"))
    var certificateAuthorityFile: String?
    @OptionGroup var storageOptions: StorageOptions

    func run() async throws {
        let requestMethod = method.uppercased()
        guard ["GET", "POST", "PUT", "DELETE"].contains(requestMethod) else {
            throw ValidationError("METHOD must be GET, POST, PUT or DELETE")
        }
        guard path.hasPrefix("/") else { throw ValidationError("PATH must start with '/'") }
        if let data, (try? JSONValue(parsing: data)) == nil { throw ValidationError("--data is not valid JSON") }
        let keys = try await resolveKeys()
        guard let base = URL(string: url), let host = base.host else { throw ValidationError("--url is not a URL") }

        let query = try queryItems.map { item -> String in
            guard let separator = item.firstIndex(of: "=") else { throw ValidationError("--query takes name=value, got '\(item)'") }
            let name = String(item[..<separator])
            let value = String(item[item.index(after: separator)...])
            return PercentEncoding.encode(name) + "=" + PercentEncoding.encode(value)
        }.joined(separator: "&")
        let timestamp = SystemWallClock().now().formatted
        let signature = RequestSignature.signature(
            method: requestMethod, host: host, path: path, rawQuery: query.isEmpty ? nil : query,
            applicationKey: keys.applicationKey, clientKey: keys.clientKey, timestamp: timestamp)

        let trimmedBase = url.hasSuffix("/") ? String(url.dropLast()) : url
        var request = HTTPClientRequest(url: trimmedBase + path + (query.isEmpty ? "" : "?" + query))
        request.method = .RAW(value: requestMethod)
        request.headers.add(name: NCMBHeaderName.applicationKey, value: keys.applicationKey)
        request.headers.add(name: NCMBHeaderName.timestamp, value: timestamp)
        request.headers.add(name: NCMBHeaderName.signature, value: signature)
        request.headers.add(name: "Content-Type", value: "application/json")
        if let sessionToken { request.headers.add(name: NCMBHeaderName.sessionToken, value: sessionToken) }
        if let data { request.body = .bytes(ByteBuffer(string: data)) }

        let client = try makeClient()
        let result: Result<(HTTPClientResponse, ByteBuffer), any Error>
        do {
            let response = try await client.execute(request, timeout: .seconds(30))
            result = .success((response, try await response.body.collect(upTo: 256 * 1024 * 1024)))
        } catch {
            result = .failure(error)
        }
        try await client.shutdown()
        let (response, body) = try result.mapError(explain).get()
        FileHandle.standardError.write(Data("HTTP \(response.status.code)\n".utf8))
        FileHandle.standardOutput.write(Data(body.readableBytesView))
        FileHandle.standardOutput.write(Data("\n".utf8))
        if response.status.code >= 400 { throw ExitCode(1) }
    }

    private func resolveKeys() async throws -> (applicationKey: String, clientKey: String) {
        if let applicationKey, let clientKey { return (applicationKey, clientKey) }
        guard applicationKey == nil, clientKey == nil else { throw ValidationError("--application-key and --client-key go together") }
        let application = try await storageOptions.withStorage { storage in
            try await ApplicationLookup.application(named: app, in: storage)
        }
        return (application.applicationKey, application.clientKey)
    }

    /// A client for this one request: it fails at once when the connection cannot be made (no retries until the
    /// deadline, as a pool would), and also trusts `--cacert`'s certificates.
    private func makeClient() throws -> HTTPClient {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        guard let certificateAuthorityFile else { return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration) }
        let certificates: [NIOSSLCertificate]
        do {
            certificates = try NIOSSLCertificate.fromPEMFile(certificateAuthorityFile)
        } catch {
            throw ValidationError("--cacert \(certificateAuthorityFile) is not a readable PEM certificate file (\(error))")
        }
        guard !certificates.isEmpty else { throw ValidationError("--cacert \(certificateAuthorityFile) holds no certificate") }
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.additionalTrustRoots = [.certificates(certificates)]
        configuration.tlsConfiguration = tls
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    /// What a failed request means to the user: an untrusted certificate names `--cacert`.
    private func explain(_ error: any Error) -> any Error {
        let text = String(describing: error)
        if text.contains("CERTIFICATE_VERIFY_FAILED") || text.contains("certificate verify failed") {
            return ValidationError(
                "\(url) presented a certificate this machine does not trust (CERTIFICATE_VERIFY_FAILED); if it is self-signed or from a private CA, "
                    + "pass that CA's certificate with --cacert FILE")
        }
        return ValidationError("could not reach \(url) (\(text)); is `kumo serve` running there?")
    }
}
