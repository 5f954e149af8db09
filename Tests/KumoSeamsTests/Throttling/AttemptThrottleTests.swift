import KumoSeams
import NCMBWire
import Testing

/// `AttemptThrottle` and `SignInThrottle` (docs/decisions/0121-sign-in-and-mail-throttles.md): attempts counted before
/// the work, sliding windows, cancellation, exemptions, bounded tables, address keys.
@Suite struct AttemptThrottleTests {
    static let start = WireDate(millisecondsSince1970: 1_000_000_000)

    static func at(seconds: Int64) -> WireDate { WireDate(millisecondsSince1970: start.millisecondsSince1970 + seconds * 1000) }

    @Test func admitsUpToTheMaximumThenRefusesUntilTheOldestLeavesTheWindow() {
        let throttle = AttemptThrottle(windowSeconds: 60)
        for second in 0..<3 {
            guard case .admitted = throttle.reserve([.init("k", maximum: 3)], now: Self.at(seconds: Int64(second))) else {
                Issue.record("attempt \(second) refused")
                return
            }
        }

        #expect(throttle.reserve([.init("k", maximum: 3)], now: Self.at(seconds: 10)) == .refused(retryAfterSeconds: 50))
        #expect(throttle.reserve([.init("k", maximum: 3)], now: Self.at(seconds: 59)) == .refused(retryAfterSeconds: 1))
        if case .refused = throttle.reserve([.init("k", maximum: 3)], now: Self.at(seconds: 60)) { Issue.record("refused at 60 s") }
        #expect(throttle.count("k", now: Self.at(seconds: 60)) == 3)
    }

    @Test func aRefusalCountsNothingAndOneFullKeyRefusesTheWholeAttempt() {
        let throttle = AttemptThrottle(windowSeconds: 60)
        _ = throttle.reserve([.init("full", maximum: 1)], now: Self.start)

        #expect(throttle.reserve([.init("free", maximum: 5), .init("full", maximum: 1)], now: Self.start) == .refused(retryAfterSeconds: 60))
        #expect(throttle.count("free", now: Self.start) == 0)
        #expect(throttle.count("full", now: Self.start) == 1)
    }

    @Test func aCancelledAttemptNoLongerCounts() {
        let throttle = AttemptThrottle(windowSeconds: 60)
        guard case .admitted(let reservation) = throttle.reserve([.init("a", maximum: 1), .init("b", maximum: nil)], now: Self.start)
        else {
            Issue.record("refused")
            return
        }
        throttle.cancel(reservation)

        #expect(throttle.count("a", now: Self.start) == 0)
        #expect(throttle.count("b", now: Self.start) == 0)
        if case .refused = throttle.reserve([.init("a", maximum: 1)], now: Self.start) { Issue.record("refused after the cancel") }
    }

    @Test func aMaximumOfZeroAdmitsNothing() {
        let throttle = AttemptThrottle(windowSeconds: 30)
        #expect(throttle.reserve([.init("k", maximum: 0)], now: Self.start) == .refused(retryAfterSeconds: 30))
    }

    @Test func concurrentReservationsNeverPassTheMaximum() async {
        let throttle = AttemptThrottle(windowSeconds: 60)
        let admitted = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<1000 {
                group.addTask {
                    if case .admitted = throttle.reserve([.init("k", maximum: 7)], now: Self.start) { return true }
                    return false
                }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(admitted == 7)
    }

    @Test func theTableStaysBoundedUnderAFloodOfKeys() {
        let throttle = AttemptThrottle(windowSeconds: 60, capacity: 1000)
        for index in 0..<10_000 { _ = throttle.reserve([.init("key\(index)", maximum: 5)], now: Self.start) }

        #expect(throttle.keyCount <= 1000)
        // The newest keys are kept.
        #expect(throttle.count("key9999", now: Self.start) == 1)
    }

    @Test func aSuccessFreesItsAddressAndExemptsItFromTheAccountLimit() {
        var limits = SignInLimits()
        limits.perAddressAndAccount = 2
        limits.perAccount = 3
        limits.perAddress = nil
        limits.windowSeconds = 60
        let throttle = SignInThrottle(limits: limits)
        guard case .admitted(let first) = throttle.admit(account: "u", address: "192.0.2.1", now: Self.start) else {
            Issue.record("refused")
            return
        }
        throttle.succeeded(first, now: Self.start)
        // Strangers fill the account's limit from three addresses.
        for address in ["198.51.100.1", "198.51.100.2", "198.51.100.3"] {
            _ = throttle.admit(account: "u", address: address, now: Self.start)
        }

        #expect(throttle.admit(account: "u", address: "198.51.100.4", now: Self.start) == .refused(retryAfterSeconds: 60))
        guard case .admitted = throttle.admit(account: "u", address: "192.0.2.1", now: Self.start) else {
            Issue.record("the address that signed in before is locked out")
            return
        }
    }

    @Test func theExemptionEndsAfterItsTime() {
        var limits = SignInLimits()
        limits.perAccount = 1
        limits.perAddressAndAccount = nil
        limits.perAddress = nil
        limits.windowSeconds = 600
        limits.trustedAddressSeconds = 60
        let throttle = SignInThrottle(limits: limits)
        if case .admitted(let attempt) = throttle.admit(account: "u", address: "192.0.2.1", now: Self.start) {
            throttle.succeeded(attempt, now: Self.start)
        }
        _ = throttle.admit(account: "u", address: "198.51.100.1", now: Self.at(seconds: 1))

        if case .refused = throttle.admit(account: "u", address: "192.0.2.1", now: Self.at(seconds: 2)) { Issue.record("refused while trusted") }
        #expect(throttle.admit(account: "u", address: "192.0.2.1", now: Self.at(seconds: 61)) == .refused(retryAfterSeconds: 541))
    }

    @Test func anAbandonedAttemptDoesNotCount() {
        var limits = SignInLimits()
        limits.perAddressAndAccount = 1
        let throttle = SignInThrottle(limits: limits)
        guard case .admitted(let attempt) = throttle.admit(account: "u", address: nil, now: Self.start) else {
            Issue.record("refused")
            return
        }
        throttle.abandoned(attempt)
        if case .refused = throttle.admit(account: "u", address: nil, now: Self.start) { Issue.record("an abandoned attempt counted") }
    }

    @Test(arguments: [
        ("192.0.2.7", "192.0.2.7"), (nil, "unknown"), ("", "unknown"),
        ("2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"), ("2001:DB8:1:2::ffff", "2001:db8:1:2::/64"), ("::1", "0:0:0:0::/64"),
        ("::ffff:192.0.2.9", "192.0.2.9"), ("not:an:address", "not:an:address"),
    ] as [(String?, String)])
    func clientAddressKeys(address: String?, key: String) {
        #expect(ClientAddressKey.key(address) == key)
    }
}
