import Foundation
import KumoMemberwise
package import KumoSeams

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which addresses a script may connect to (docs/decisions/0102-script-egress-through-kumo.md): this Kumo's API
/// listener (what `require('ncmb')` talks to), the ranges the operator opened, and every public address; never
/// loopback, private, link-local (cloud metadata), shared, multicast, documentation or reserved addresses otherwise.
@PackageMemberwiseInit
package struct ScriptEgressPolicy: Sendable {
    /// An address and port that is always open: this Kumo's API listener.
    @PackageMemberwiseInit
    package struct Endpoint: Sendable, Hashable {
        /// The address's bytes, IPv4-mapped IPv6 addresses as IPv4.
        package let address: [UInt8]
        /// The TCP port.
        package let port: Int
    }

    /// Whether a connection may be made.
    package enum Decision: Sendable, Hashable {
        /// It may.
        case allowed
        /// It may not; why, for the script's error and the log.
        case refused(String)
    }

    /// The ranges the operator opened (`--scripts-allow-network`).
    let opened: [AddressRange]

    /// The closed ranges, each with the reason a script reads.
    static let closed: [(range: AddressRange, reason: String)] = [
        ("0.0.0.0/8", "this host's network"), ("10.0.0.0/8", "a private address"),
        ("100.64.0.0/10", "a shared (carrier NAT, cloud metadata) address"), ("127.0.0.0/8", "a loopback address"),
        ("169.254.0.0/16", "a link-local (cloud metadata) address"), ("172.16.0.0/12", "a private address"),
        ("192.0.0.0/24", "an IETF protocol address"), ("192.0.2.0/24", "a documentation address"),
        ("192.168.0.0/16", "a private address"), ("198.18.0.0/15", "a benchmarking address"),
        ("198.51.100.0/24", "a documentation address"), ("203.0.113.0/24", "a documentation address"),
        ("224.0.0.0/4", "a multicast address"), ("240.0.0.0/4", "a reserved address"),
        ("::/128", "the unspecified address"), ("::1/128", "a loopback address"), ("::/96", "an IPv4-compatible address"),
        ("100::/64", "a discard address"), ("2001::/32", "a Teredo address"), ("2001:db8::/32", "a documentation address"),
        ("fc00::/7", "a unique local (private, cloud metadata) address"), ("fe80::/10", "a link-local address"),
        ("fec0::/10", "a site-local address"), ("ff00::/8", "a multicast address"),
    ].compactMap { text, reason in AddressRange(text).map { ($0, reason) } }

    /// Whether a script may connect to `address` (4 or 16 bytes) at `port`, given this Kumo's `endpoints`.
    package func decide(_ address: [UInt8], port: Int, endpoints: [Endpoint]) -> Decision {
        let address = ScriptEgressPolicy.embeddedIPv4(address) ?? address
        if endpoints.contains(Endpoint(address: address, port: port)) { return .allowed }
        if opened.contains(where: { $0.contains(bytes: address) }) { return .allowed }
        if let closed = ScriptEgressPolicy.closed.first(where: { $0.range.contains(bytes: address) }) {
            return .refused("\(closed.reason) (--scripts-allow-network opens one)")
        }
        return .allowed
    }

    /// The IPv4 address inside an IPv4-mapped (`::ffff:0:0/96`), NAT64 (`64:ff9b::/96`) or 6to4 (`2002::/16`) IPv6
    /// address, which is where a connection to it ends up.
    static func embeddedIPv4(_ address: [UInt8]) -> [UInt8]? {
        guard address.count == 16 else { return nil }
        if address[0..<10].allSatisfy({ $0 == 0 }), address[10] == 0xFF, address[11] == 0xFF { return Array(address[12...]) }
        if address[0..<12] == [0x00, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0] { return Array(address[12...]) }
        if address[0] == 0x20, address[1] == 0x02 { return Array(address[2..<6]) }
        return nil
    }
}
