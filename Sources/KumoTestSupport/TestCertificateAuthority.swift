import Crypto
import Foundation
package import NIOSSL
import X509

/// A throwaway certificate authority made at test time: a P-256 CA and a leaf for `localhost` and `127.0.0.1` that it
/// signed, so fake platform servers can speak TLS (and HTTP/2 through ALPN) to a client that trusts only this CA besides
/// the system roots. Nothing is written to disk.
package struct TestCertificateAuthority: Sendable {
    /// The CA certificate in PEM form: the trust root to give the client (`PushEndpoints.additionalTrustRootsPEM`).
    package let certificatePEM: String
    /// The leaf certificate in DER form.
    let leafCertificateDER: [UInt8]
    /// The leaf's private key.
    let leafPrivateKey: P256.Signing.PrivateKey
    /// The CA's key, for more leaves.
    private let caKey: P256.Signing.PrivateKey

    /// Generates a CA and a leaf valid from an hour ago for one day (TLS checks the real time, not a test clock).
    package init() throws {
        let caKey = P256.Signing.PrivateKey()
        self.caKey = caKey
        let now = Date()
        let caName = try Self.caName
        let caExtensions = try Certificate.Extensions {
            Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
            Critical(KeyUsage(digitalSignature: true, keyCertSign: true))
        }
        let ca = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(caKey.publicKey),
            notValidBefore: now.addingTimeInterval(-3600), notValidAfter: now.addingTimeInterval(86_400), issuer: caName,
            subject: caName, extensions: caExtensions, issuerPrivateKey: .init(caKey))
        certificatePEM = Self.pem(try Self.der(of: ca, signedBy: caKey), label: "CERTIFICATE")
        (leafCertificateDER, leafPrivateKey) = try Self.leaf(commonName: "localhost", signedBy: caKey)
    }

    /// A new leaf for `localhost` and `127.0.0.1` named `commonName`, signed by this CA: its certificate and private key
    /// in PEM form (the files of an HTTPS server).
    package func issueLeaf(commonName: String) throws -> (certificatePEM: String, privateKeyPEM: String) {
        let (der, key) = try Self.leaf(commonName: commonName, signedBy: caKey)
        return (Self.pem(der, label: "CERTIFICATE"), key.pemRepresentation)
    }

    /// The CA's name, the issuer of every leaf.
    private static var caName: DistinguishedName { get throws { try DistinguishedName { CommonName("Kumo Test CA") } } }

    /// A leaf for `localhost` and `127.0.0.1` named `commonName`, valid from an hour ago for one day and signed with
    /// `caKey`: its DER and its new private key.
    private static func leaf(
        commonName: String, signedBy caKey: P256.Signing.PrivateKey
    ) throws -> (der: [UInt8], key: P256.Signing.PrivateKey) {
        let key = P256.Signing.PrivateKey()
        let now = Date()
        var extensions = try Certificate.Extensions {
            Critical(BasicConstraints.notCertificateAuthority)
            Critical(KeyUsage(digitalSignature: true))
            try ExtendedKeyUsage([.serverAuth])
        }
        // subjectAltName written by hand: the IP form needs a SwiftASN1 type this target does not import.
        // SEQUENCE { [2] "localhost", [7] 127.0.0.1 }
        let alternativeNames: [UInt8] = [0x30, 0x11, 0x82, 0x09] + Array("localhost".utf8) + [0x87, 0x04, 127, 0, 0, 1]
        try extensions.append(
            Certificate.Extension(oid: .X509ExtensionID.subjectAlternativeName, critical: false, value: alternativeNames[...]))
        let leaf = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(key.publicKey),
            notValidBefore: now.addingTimeInterval(-3600), notValidAfter: now.addingTimeInterval(86_400), issuer: try caName,
            subject: try DistinguishedName { CommonName(commonName) }, extensions: extensions, issuerPrivateKey: .init(caKey))
        return (try der(of: leaf, signedBy: caKey), key)
    }

    /// A TLS server context presenting the leaf, offering `applicationProtocols` through ALPN (`["h2"]` for APNs).
    package func serverContext(applicationProtocols: [String]) throws -> NIOSSLContext {
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: [.certificate(try NIOSSLCertificate(bytes: leafCertificateDER, format: .der))],
            privateKey: .privateKey(try NIOSSLPrivateKey(bytes: Array(leafPrivateKey.pemRepresentation.utf8), format: .pem)))
        configuration.applicationProtocols = applicationProtocols
        return try NIOSSLContext(configuration: configuration)
    }

    /// The DER of `certificate`: its to-be-signed bytes, signed again with `key` (ECDSA signatures differ each time; any is
    /// valid), wrapped as `SEQUENCE { tbs, ecdsa-with-SHA256, BIT STRING signature }`. Written by hand because the DER
    /// serializer lives in SwiftASN1, which this target does not import.
    private static func der(of certificate: Certificate, signedBy key: P256.Signing.PrivateKey) throws -> [UInt8] {
        let tbs = Array(certificate.tbsCertificateBytes)
        let signature = try key.signature(for: tbs).derRepresentation
        let algorithm: [UInt8] = [0x30, 0x0A, 0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x04, 0x03, 0x02]
        let bitString = [0x03] + length(signature.count + 1) + [0x00] + Array(signature)
        let content = tbs + algorithm + bitString
        return [0x30] + length(content.count) + content
    }

    /// A DER length.
    private static func length(_ count: Int) -> [UInt8] {
        if count < 0x80 { return [UInt8(count)] }
        var bytes: [UInt8] = []
        var remaining = count
        while remaining > 0 {
            bytes.insert(UInt8(remaining & 0xFF), at: 0)
            remaining >>= 8
        }
        return [0x80 | UInt8(bytes.count)] + bytes
    }

    /// PEM text of DER bytes.
    private static func pem(_ der: [UInt8], label: String) -> String {
        let base64 = Data(der).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
        return "-----BEGIN \(label)-----\n\(base64)\n-----END \(label)-----\n"
    }
}
