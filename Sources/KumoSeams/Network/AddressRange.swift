import Foundation

/// An IPv4 or IPv6 address range in CIDR notation (`10.0.0.0/8`, `fd00::/8`) or a single address (`127.0.0.1`, `::1`):
/// the server's trusted proxies (`--trusted-proxies`) and the ranges scripts may connect to (`--scripts-allow-network`).
package struct AddressRange: Sendable, Hashable, CustomStringConvertible {
    /// The network's bytes (4 for IPv4, 16 for IPv6).
    let network: [UInt8]
    /// How many leading bits an address must share with ``network``.
    let prefixLength: Int

    /// Parses `text`; `nil` unless it is an address, optionally followed by `/` and a prefix length that fits it.
    package init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = AddressRange.bytes(of: String(parts[0])) else { return nil }
        let bits = address.count * 8
        var prefixLength = bits
        if parts.count == 2 {
            guard let length = Int(parts[1]), (0...bits).contains(length), parts[1].allSatisfy(\.isASCII) else { return nil }
            prefixLength = length
        }
        self.network = AddressRange.masked(address, prefixLength: prefixLength)
        self.prefixLength = prefixLength
    }

    /// Whether `address` (textual; an IPv4-mapped IPv6 address counts as its IPv4 address) lies in the range.
    package func contains(_ address: String) -> Bool {
        guard var bytes = AddressRange.bytes(of: address) else { return false }
        if bytes.count == 16, network.count == 4, bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
            bytes = Array(bytes[12...])
        }
        guard bytes.count == network.count else { return false }
        return AddressRange.masked(bytes, prefixLength: prefixLength) == network
    }

    /// Whether `bytes` (4 or 16 bytes of an address) lie in the range; an IPv6 address never lies in an IPv4 range here.
    package func contains(bytes: [UInt8]) -> Bool {
        bytes.count == network.count && AddressRange.masked(bytes, prefixLength: prefixLength) == network
    }

    package var description: String {
        let address: String
        if network.count == 4 {
            address = network.map(String.init).joined(separator: ".")
        } else {
            address = stride(from: 0, to: 16, by: 2).map { String(UInt16(network[$0]) << 8 | UInt16(network[$0 + 1]), radix: 16) }
                .joined(separator: ":")
        }
        return prefixLength == network.count * 8 ? address : "\(address)/\(prefixLength)"
    }

    private static func masked(_ bytes: [UInt8], prefixLength: Int) -> [UInt8] {
        bytes.enumerated().map { index, byte in
            let keep = max(0, min(8, prefixLength - index * 8))
            return keep == 8 ? byte : byte & ~(UInt8(0xFF) >> keep)
        }
    }

    /// The bytes of a textual IPv4 (dotted quad) or IPv6 address (with `::` and a trailing dotted quad; a `%zone` is
    /// ignored); `nil` for anything else.
    package static func bytes(of text: String) -> [UInt8]? {
        if text.contains(":") { return ipv6(text) }
        return ipv4(Substring(text))
    }

    private static func ipv4(_ text: Substring) -> [UInt8]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var bytes: [UInt8] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 3, part.allSatisfy({ $0.isASCII && $0.isNumber }), let value = UInt8(part),
                part.count == 1 || part.first != "0"
            else { return nil }
            bytes.append(value)
        }
        return bytes
    }

    private static func ipv6(_ text: String) -> [UInt8]? {
        let withoutZone = text.split(separator: "%", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let halves = withoutZone.components(separatedBy: "::")
        guard halves.count <= 2 else { return nil }
        func groups(_ half: String) -> [UInt8]? {
            guard !half.isEmpty else { return [] }
            var bytes: [UInt8] = []
            let parts = half.split(separator: ":", omittingEmptySubsequences: false)
            for (index, part) in parts.enumerated() {
                if index == parts.count - 1, part.contains(".") {
                    guard let quad = ipv4(part) else { return nil }
                    bytes += quad
                    continue
                }
                guard (1...4).contains(part.count), part.allSatisfy(\.isHexDigit), let value = UInt16(part, radix: 16) else { return nil }
                bytes += [UInt8(value >> 8), UInt8(value & 0xFF)]
            }
            return bytes
        }
        guard let head = groups(halves[0]) else { return nil }
        if halves.count == 1 { return head.count == 16 ? head : nil }
        guard let tail = groups(halves[1]), head.count + tail.count <= 14 else { return nil }
        return head + Array(repeating: 0, count: 16 - head.count - tail.count) + tail
    }
}
