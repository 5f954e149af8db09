import Foundation
package import NCMBWire

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How many failed sign-ins Kumo allows, and for how long it remembers them
/// (docs/decisions/0121-sign-in-and-mail-throttles.md). `nil` turns a limit off.
package struct SignInLimits: Sendable, Hashable {
    /// Failed sign-ins one client address may make against one account in the window: 5.
    package var perAddressAndAccount: Int? = 5
    /// Failed sign-ins against one account from all addresses together in the window: 20. An address that signed in to
    /// the account within ``trustedAddressSeconds`` is not held back by it, so strangers cannot lock a user out.
    package var perAccount: Int? = 20
    /// Failed sign-ins one client address may make against all accounts together in the window: 100 (one address
    /// trying one password on many accounts).
    package var perAddress: Int? = 100
    /// The window: 15 minutes.
    package var windowSeconds = 15 * 60
    /// How long an address that signed in to an account stays exempt from that account's limit: 30 days.
    package var trustedAddressSeconds = 30 * 24 * 60 * 60

    /// The defaults.
    package init() {}
}

/// The sign-in throttle of NCMB's `login` and of the dashboard (docs/decisions/0121-sign-in-and-mail-throttles.md):
/// each attempt is counted before its password is checked, per client address and account, per account, and per
/// address, in a sliding window.
///
/// Use: ``admit(account:address:now:)`` before the password hash is computed; on a correct password
/// ``succeeded(_:now:)``; when the password could not be checked at all (the hashing pool is full, storage failed)
/// ``abandoned(_:)``; a wrong password needs nothing: its attempt stays counted.
///
/// Strangers cannot lock a user out for good: the windows are bounded, one address reaches its own limit (5) long
/// before the account's (20), and an address that signed in to the account recently is exempt from the account's
/// limit. Kept in memory per instance; several instances each count on their own.
package final class SignInThrottle: @unchecked Sendable {
    // Unchecked: `attempts` is thread-safe; every access to `trusted` holds `lock`.
    /// The limits it applies.
    package let limits: SignInLimits
    private let attempts: AttemptThrottle
    private var trusted: [String: Int64] = [:]
    private let lock = NSLock()
    private let capacity: Int

    /// An admitted sign-in attempt.
    package struct Attempt: Sendable, Hashable {
        let reservation: AttemptThrottle.Reservation
        let pairKey: String
    }

    /// What ``admit(account:address:now:)`` decided.
    package enum Admission: Sendable, Hashable {
        /// Counted: check the password.
        case admitted(Attempt)
        /// Refused without checking: answer 429 with this `Retry-After`.
        case refused(retryAfterSeconds: Int)
    }

    /// Creates a throttle.
    package init(limits: SignInLimits, capacity: Int = 100_000) {
        self.limits = limits
        self.capacity = max(16, capacity)
        attempts = AttemptThrottle(windowSeconds: limits.windowSeconds, capacity: capacity)
    }

    /// Counts an attempt to sign in to `account` (an identifier unique within the caller: the user's objectId with
    /// its application, an administrator's address) from the client `address`, unless one of its limits is full.
    package func admit(account: String, address: String?, now: WireDate) -> Admission {
        let addressKey = "address:" + ClientAddressKey.key(address)
        let pairKey = "pair:" + addressKey + "|" + account
        let exempt = isTrusted(pairKey, now: now.millisecondsSince1970)
        var checked: [AttemptThrottle.Limit] = []
        if let maximum = limits.perAddressAndAccount { checked.append(.init(pairKey, maximum: maximum)) }
        if let maximum = limits.perAccount { checked.append(.init("account:" + account, maximum: exempt ? nil : maximum)) }
        if let maximum = limits.perAddress { checked.append(.init(addressKey, maximum: maximum)) }
        switch attempts.reserve(checked, now: now) {
        case .admitted(let reservation): return .admitted(Attempt(reservation: reservation, pairKey: pairKey))
        case .refused(let seconds): return .refused(retryAfterSeconds: seconds)
        }
    }

    /// The password was right: the attempt no longer counts, the address's failures against this account are
    /// forgotten, and the address is exempt from the account's limit for ``SignInLimits/trustedAddressSeconds``.
    package func succeeded(_ attempt: Attempt, now: WireDate) {
        attempts.cancel(attempt.reservation)
        attempts.reset([attempt.pairKey])
        let expiry = now.millisecondsSince1970 + Int64(limits.trustedAddressSeconds) * 1000
        lock.withLock {
            trusted[attempt.pairKey] = expiry
            if trusted.count > capacity {
                let now = now.millisecondsSince1970
                trusted = trusted.filter { $0.value > now }
                if trusted.count > capacity * 3 / 4 {
                    let kept = trusted.sorted { $0.value > $1.value }.prefix(capacity * 3 / 4)
                    trusted = Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.value) })
                }
            }
        }
    }

    /// The password could not be checked (overload, storage failure): the attempt no longer counts.
    package func abandoned(_ attempt: Attempt) {
        attempts.cancel(attempt.reservation)
    }

    private func isTrusted(_ pairKey: String, now: Int64) -> Bool {
        lock.withLock {
            guard let expiry = trusted[pairKey] else { return false }
            if expiry > now { return true }
            trusted[pairKey] = nil
            return false
        }
    }
}

/// The key of a client address in the throttles: an IPv4 address as it is, an IPv6 address by its /64 prefix (one
/// subscriber holds a whole /64, so counting single IPv6 addresses would let one client rotate through billions), an
/// IPv4-mapped IPv6 address as its IPv4 address; an unknown address is `unknown`.
package enum ClientAddressKey {
    /// The key of `address`.
    package static func key(_ address: String?) -> String {
        guard let address, !address.isEmpty else { return "unknown" }
        guard address.contains(":") else { return address }
        var bytes = [UInt8](repeating: 0, count: 16)
        let parsed = address.withCString { text in bytes.withUnsafeMutableBytes { inet_pton(AF_INET6, text, $0.baseAddress) } }
        guard parsed == 1 else { return address.lowercased() }
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
            return bytes[12...].map { String($0) }.joined(separator: ".")
        }
        let groups = stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
        return groups.joined(separator: ":") + "::/64"
    }
}
