import Foundation
package import KumoSeams

/// The client of a request behind trusted proxies (docs/operations.md#client-addresses).
package enum ClientAddress {
    /// The client address for a connection from `peer` whose request carried `forwardedFor` (the `X-Forwarded-For`
    /// values in order): `peer` unless it is a trusted proxy; else the rightmost forwarded address that is not a trusted
    /// proxy (the leftmost when all are). An entry that is not an address ends the walk: the last trusted hop is the
    /// client, since nothing left of a malformed entry can be believed.
    package static func resolve(peer: String?, forwardedFor: [String], trustedProxies: [AddressRange]) -> String? {
        guard let peer, !trustedProxies.isEmpty, trustedProxies.contains(where: { $0.contains(peer) }) else { return peer }
        let hops = forwardedFor.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
        var client = peer
        for hop in hops.reversed() {
            guard AddressRange.bytes(of: hop) != nil else { return client }
            client = hop
            if !trustedProxies.contains(where: { $0.contains(hop) }) { return hop }
        }
        return client
    }
}
