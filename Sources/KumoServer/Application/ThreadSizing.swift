import Foundation
import NIOCore

/// Sizes the shared NIO thread pools to the CPUs this process may actually run on.
///
/// NIO sizes its singleton event loop group and blocking pool from the machine's CPU count (or a cgroup quota), not
/// from the process's CPU affinity: a server started with `taskset -c 0` on a 2-CPU machine got two event loops
/// sharing its one CPU, and every request paid for the extra thread switches. Measured with `kumo bench`'s getById on
/// one pinned CPU: about 12 % more requests per second with one loop (see README, Performance).
package enum ThreadSizing {
    /// Lowers the NIO singletons' thread counts to the allowed CPUs when those are fewer; must run once, before the
    /// first use of `NIOSingletons` (the HTTP server, the HTTP client); NIO traps on a second call. Does nothing where
    /// the affinity cannot be read.
    package static func matchAllowedCPUs() {
        guard let allowed = allowedCPUCount(), allowed > 0, allowed < System.coreCount else { return }
        NIOSingletons.groupLoopCountSuggestion = allowed
        NIOSingletons.blockingPoolThreadCountSuggestion = allowed
    }

    /// How many CPUs the process may run on, from `Cpus_allowed_list` in `/proc/self/status` (Linux); nil elsewhere.
    package static func allowedCPUCount() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("Cpus_allowed_list:") {
            return cpuCount(ofList: line.dropFirst("Cpus_allowed_list:".count))
        }
        return nil
    }

    /// The number of CPUs in a Linux CPU list such as `0`, `0-3` or `0,2-3,8`; nil when it does not parse.
    package static func cpuCount(ofList list: Substring) -> Int? {
        var count = 0
        for part in list.trimmingCharacters(in: .whitespaces).split(separator: ",") {
            let bounds = part.split(separator: "-", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
            switch bounds.count {
            case 1:
                guard bounds[0] != nil else { return nil }
                count += 1
            case 2:
                guard let low = bounds[0], let high = bounds[1], high >= low else { return nil }
                count += high - low + 1
            default:
                return nil
            }
        }
        return count > 0 ? count : nil
    }
}
