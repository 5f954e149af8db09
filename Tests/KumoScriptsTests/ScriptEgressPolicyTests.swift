import KumoScripts
import KumoSeams
import Testing

/// Which addresses scripts may connect to (docs/decisions/0102-script-egress-through-kumo.md), without Node.js.
struct ScriptEgressPolicyTests {
    static let policy = ScriptEgressPolicy(opened: [])

    static func decide(_ text: String, port: Int = 443, policy: ScriptEgressPolicy = policy, endpoints: [ScriptEgressPolicy.Endpoint] = [])
        throws -> ScriptEgressPolicy.Decision
    {
        policy.decide(try #require(AddressRange.bytes(of: text)), port: port, endpoints: endpoints)
    }

    @Test(arguments: ["93.184.216.34", "8.8.8.8", "1.1.1.1", "2606:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1"])
    func publicAddressesAreOpen(address: String) throws {
        #expect(try ScriptEgressPolicyTests.decide(address) == .allowed)
    }

    @Test(arguments: [
        "127.0.0.1", "127.1.2.3", "0.0.0.0", "10.0.0.1", "172.16.0.1", "172.31.255.255", "192.168.1.1", "169.254.169.254",
        "100.100.100.200", "100.64.0.1", "224.0.0.1", "255.255.255.255", "198.18.0.1", "192.0.2.1", "::1", "::", "fe80::1",
        "fd00:ec2::254", "fc00::1", "ff02::1", "::ffff:127.0.0.1", "::ffff:169.254.169.254", "64:ff9b::a00:1", "2002:7f00:1::1",
        "::127.0.0.1", "2001:db8::1", "2001:0:4136:e378:8000:63bf:3fff:fdd2",
    ])
    func loopbackPrivateLinkLocalAndReservedAddressesAreClosed(address: String) throws {
        guard case .refused(let reason) = try ScriptEgressPolicyTests.decide(address) else {
            Issue.record("\(address) is open")
            return
        }
        #expect(reason.contains("--scripts-allow-network"))
    }

    @Test func thisKumosListenerIsOpenOnItsPortOnly() throws {
        let endpoint = ScriptEgressPolicy.Endpoint(address: [127, 0, 0, 1], port: 8080)
        #expect(try ScriptEgressPolicyTests.decide("127.0.0.1", port: 8080, endpoints: [endpoint]) == .allowed)
        #expect(try ScriptEgressPolicyTests.decide("::ffff:127.0.0.1", port: 8080, endpoints: [endpoint]) == .allowed)
        #expect(try ScriptEgressPolicyTests.decide("127.0.0.1", port: 9090, endpoints: [endpoint]) != .allowed)
        #expect(try ScriptEgressPolicyTests.decide("127.0.0.2", port: 8080, endpoints: [endpoint]) != .allowed)
    }

    @Test func theOperatorOpensRanges() throws {
        let policy = ScriptEgressPolicy(opened: try [#require(AddressRange("10.1.0.0/16")), #require(AddressRange("fd00::5"))])
        #expect(try ScriptEgressPolicyTests.decide("10.1.200.3", policy: policy) == .allowed)
        #expect(try ScriptEgressPolicyTests.decide("10.2.0.1", policy: policy) != .allowed)
        #expect(try ScriptEgressPolicyTests.decide("fd00::5", policy: policy) == .allowed)
        #expect(try ScriptEgressPolicyTests.decide("fd00::6", policy: policy) != .allowed)
    }

    @Test func rangesParseAndPrint() {
        #expect(AddressRange("10.0.0.0/8")?.description == "10.0.0.0/8")
        #expect(AddressRange("10.1.2.3/8")?.description == "10.0.0.0/8")
        #expect(AddressRange("192.168.1.20")?.description == "192.168.1.20")
        #expect(AddressRange("fd00::/8")?.description == "fd00:0:0:0:0:0:0:0/8")
        for invalid in ["", "10.0.0.0/33", "10.0.0/8", "example.com", "fd00::/129", "10.0.0.0/-1", "10.0.0.0/ 8", "::/x"] {
            #expect(AddressRange(invalid) == nil, "\(invalid)")
        }
    }
}
