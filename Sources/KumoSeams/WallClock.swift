import KumoMemberwise
package import NCMBWire

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where the server reads the time. The live clock is the system clock; tests pin it.
package protocol WallClock: Sendable {
    /// The current time in the wire's millisecond precision.
    func now() -> WireDate
}

/// The system clock.
@PackageMemberwiseInit
package struct SystemWallClock: WallClock {
    package func now() -> WireDate {
        WireDate(millisecondsSince1970: Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)))
    }
}
