import KumoSeams
import KumoTransport
import Testing

/// Trusted-proxy ranges and the client address behind them (docs/operations.md#client-addresses).
@Suite struct AddressRangeTests {
    @Test(arguments: [
        ("10.0.0.0/8", "10.200.3.4", true), ("10.0.0.0/8", "11.0.0.1", false), ("127.0.0.1", "127.0.0.1", true),
        ("127.0.0.1", "127.0.0.2", false), ("192.168.1.0/24", "192.168.1.255", true), ("192.168.1.0/24", "192.168.2.0", false),
        ("0.0.0.0/0", "8.8.8.8", true), ("::1", "::1", true), ("::1", "::2", false), ("fd00::/8", "fd12:3456::1", true),
        ("fd00::/8", "fe80::1", false), ("2001:db8::/32", "2001:db8:ffff::1", true), ("10.0.0.0/8", "::ffff:10.1.2.3", true),
        ("10.0.0.0/8", "not an address", false), ("::/0", "10.0.0.1", false),
    ])
    func rangesContainTheirAddresses(range: String, address: String, contained: Bool) throws {
        let parsed = try #require(AddressRange(range))
        #expect(parsed.contains(address) == contained)
    }

    @Test(arguments: [
        "", "10.0.0.0/33", "10.0.0/8", "256.0.0.1", "01.2.3.4", "1.2.3.4/", "1.2.3.4/x", "::1/129", "1::2::3", "12345::",
        "g::1", "localhost", "10.0.0.0/-1", "1:2:3:4:5:6:7:8:9",
    ])
    func malformedRangesAreRefused(text: String) {
        #expect(AddressRange(text) == nil)
    }

    @Test func aRangeIsWrittenBackMaskedToItsNetwork() throws {
        #expect(try #require(AddressRange("10.1.2.3/8")).description == "10.0.0.0/8")
        #expect(try #require(AddressRange("::1")).description == "0:0:0:0:0:0:0:1")
    }

    @Test(arguments: [
        // peer, X-Forwarded-For values, expected client
        ("127.0.0.1", ["203.0.113.7"], "203.0.113.7"),
        ("127.0.0.1", ["203.0.113.7, 10.0.0.2"], "203.0.113.7"),
        ("127.0.0.1", ["198.51.100.1, 203.0.113.7"], "203.0.113.7"),
        ("127.0.0.1", ["198.51.100.1", "203.0.113.7"], "203.0.113.7"),
        ("127.0.0.1", ["10.0.0.3, 10.0.0.2"], "10.0.0.3"),
        ("127.0.0.1", ["garbage, 203.0.113.7"], "203.0.113.7"),
        ("127.0.0.1", ["203.0.113.7, garbage"], "127.0.0.1"),
        ("127.0.0.1", [], "127.0.0.1"),
        ("203.0.113.9", ["1.2.3.4"], "203.0.113.9"),
    ])
    func theClientIsTheLastUntrustedHop(peer: String, forwardedFor: [String], client: String) throws {
        let trusted = [try #require(AddressRange("127.0.0.1")), try #require(AddressRange("10.0.0.0/8"))]
        #expect(ClientAddress.resolve(peer: peer, forwardedFor: forwardedFor, trustedProxies: trusted) == client)
    }

    @Test func withoutTrustedProxiesThePeerIsTheClient() {
        #expect(ClientAddress.resolve(peer: "127.0.0.1", forwardedFor: ["203.0.113.7"], trustedProxies: []) == "127.0.0.1")
    }
}
