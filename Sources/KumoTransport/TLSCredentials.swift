import Foundation
package import NIOConcurrencyHelpers
import NIOCore
package import NIOSSL

/// The certificate chain and private key the HTTPS listener presents (docs/operations.md#tls), read from PEM files and
/// read again by ``reload()`` (`kumo serve` calls it on `SIGHUP`).
///
/// The TLS configuration asks for the credentials at each handshake (`sslContextCallback`), so a reload takes effect
/// for the next connection while the connections already open go on with what they negotiated: nothing is dropped.
/// A reload that fails (a missing file, a key that does not match the certificate) keeps the credentials in use.
package final class TLSCredentials: Sendable {
    /// Files that do not make credentials.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// The PEM file of the certificate chain, leaf first.
    package let certificateChainPath: String
    /// The PEM file of the private key.
    package let privateKeyPath: String
    private let current: NIOLockedValueBox<Credentials>
    private let reloads = NIOLockedValueBox(0)

    private struct Credentials: Sendable {
        let chain: [NIOSSLCertificate]
        let key: NIOSSLPrivateKey
    }

    /// Reads the files; throws ``Failure`` naming the file when one cannot be used.
    package init(certificateChainPath: String, privateKeyPath: String) throws(Failure) {
        self.certificateChainPath = certificateChainPath
        self.privateKeyPath = privateKeyPath
        self.current = NIOLockedValueBox(try Self.load(certificateChainPath: certificateChainPath, privateKeyPath: privateKeyPath))
    }

    /// Reads the files again and uses them for the next handshakes; on failure the credentials in use stay.
    package func reload() throws(Failure) {
        let loaded = try Self.load(certificateChainPath: certificateChainPath, privateKeyPath: privateKeyPath)
        current.withLockedValue { $0 = loaded }
        reloads.withLockedValue { $0 += 1 }
    }

    /// How many reloads succeeded.
    package var reloadCount: Int { reloads.withLockedValue { $0 } }

    /// The server configuration: TLS 1.2 or later, the credentials in use at each handshake, and ALPN offering
    /// `applicationProtocols` (HTTP/2 and HTTP/1.1 by default).
    package func serverConfiguration(applicationProtocols: [String] = ["h2", "http/1.1"]) -> TLSConfiguration {
        let credentials = current.withLockedValue { $0 }
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: credentials.chain.map { .certificate($0) }, privateKey: .privateKey(credentials.key))
        configuration.minimumTLSVersion = .tlsv12
        configuration.applicationProtocols = applicationProtocols
        configuration.sslContextCallback = { [current] _, promise in
            let credentials = current.withLockedValue { $0 }
            var override = NIOSSLContextConfigurationOverride()
            override.certificateChain = credentials.chain.map { .certificate($0) }
            override.privateKey = .privateKey(credentials.key)
            promise.succeed(override)
        }
        return configuration
    }

    private static func load(certificateChainPath: String, privateKeyPath: String) throws(Failure) -> Credentials {
        let chain: [NIOSSLCertificate]
        do {
            chain = try NIOSSLCertificate.fromPEMFile(certificateChainPath)
        } catch {
            throw Failure(description: "--tls-certificate-chain \(certificateChainPath) is not a readable PEM certificate file (\(error))")
        }
        guard !chain.isEmpty else {
            throw Failure(description: "--tls-certificate-chain \(certificateChainPath) holds no certificate")
        }
        let key: NIOSSLPrivateKey
        do {
            key = try NIOSSLPrivateKey(file: privateKeyPath, format: .pem)
        } catch {
            throw Failure(description: "--tls-private-key \(privateKeyPath) is not a readable PEM private key file (\(error))")
        }
        // A context checks that the key belongs to the leaf certificate.
        do {
            _ = try NIOSSLContext(
                configuration: .makeServerConfiguration(certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key)))
        } catch {
            throw Failure(
                description: "--tls-private-key \(privateKeyPath) does not match the certificate of --tls-certificate-chain (\(error))")
        }
        return Credentials(chain: chain, key: key)
    }
}
