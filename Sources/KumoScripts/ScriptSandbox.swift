import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// How the operating system confines a script worker, beyond Node.js's permission model and the harness's guards
/// (docs/decisions/0100-script-isolation-layers.md). Probed once at start by starting Node.js the way a worker starts;
/// the strongest level that works is used:
///
/// - ``Level/namespaces``: util-linux's `unshare` puts every worker in PID, network, mount (with its own `/proc`), IPC
///   and UTS namespaces of its own — and in a user namespace when Kumo is not root. As root, each application's
///   workers also run as a user of their own.
/// - ``Level/separateUser``: root without namespaces (a container without `CAP_SYS_ADMIN`): `setpriv` runs each
///   application's workers as a user of their own.
/// - ``Level/process``: the worker runs as Kumo's user.
///
/// Every level limits the worker's data (`RLIMIT_DATA`: the V8 heap, `Buffer`s and every other private writable
/// mapping): with `prlimit` around Node.js, or with `prlimit(2)` right after a bare worker started.
package struct ScriptSandbox: Sendable, Hashable {
    /// How strongly workers are confined.
    package enum Level: String, Sendable, Hashable {
        /// PID, network, mount, IPC and UTS namespaces (and a user namespace, or a user per application as root).
        case namespaces
        /// A user per application, no namespaces.
        case separateUser = "separate user"
        /// Kumo's own user, no namespaces.
        case process
    }

    /// What the operator asked for (`--scripts-isolation`).
    package enum Preference: String, Sendable, Hashable, CaseIterable {
        /// The strongest level the host offers.
        case automatic = "auto"
        /// ``Level/process``, for hosts where the probe misleads (the data limit still applies).
        case process
    }

    /// The level in force.
    package let level: Level
    /// Why a stronger level is not in force; `nil` at ``Level/namespaces``.
    package let fallbackReason: String?
    /// Whether each application's workers run as a user of their own (Kumo runs as root, above ``Level/process``).
    package let separatesUsers: Bool
    /// The data limit of one worker, in bytes.
    package let memoryBytes: Int
    private let unshare: String?
    private let setpriv: String?
    private let prlimit: String?

    /// The user (and group) of the first application's workers when ``separatesUsers``; the next applications get the
    /// next numbers. High enough to belong to no account or container range in common use.
    package static let firstUserIdentifier: UInt32 = 2_000_000_000

    /// Finds the tools on `searchPath` and probes which level works for `node`.
    package static func probe(node: String, memoryMegabytes: Int, preference: Preference, searchPath: String?) -> ScriptSandbox {
        let folders = (searchPath ?? "").split(separator: ":").map(String.init) + ["/usr/bin", "/bin", "/usr/sbin", "/sbin"]
        func find(_ tool: String) -> String? {
            folders.map { $0 + "/" + tool }.first { FileManager.default.isExecutableFile(atPath: $0) }
        }
        let isRoot = geteuid() == 0
        let memoryBytes = memoryMegabytes * 1_048_576
        func sandbox(_ level: Level, _ reason: String?, unshare: String? = nil, setpriv: String? = nil, prlimit: String? = nil) -> ScriptSandbox {
            ScriptSandbox(
                level: level, fallbackReason: reason, separatesUsers: isRoot && level != .process, memoryBytes: memoryBytes,
                unshare: unshare, setpriv: setpriv, prlimit: prlimit)
        }
        #if os(Linux)
        guard let prlimit = find("prlimit") else {
            return sandbox(.process, "prlimit (util-linux) was not found; the data limit is set with prlimit(2) instead")
        }
        guard preference == .automatic else { return sandbox(.process, "--scripts-isolation process", prlimit: prlimit) }
        var reasons: [String] = []
        let setpriv = find("setpriv")
        if let unshare = find("unshare") {
            let candidate = sandbox(.namespaces, nil, unshare: unshare, setpriv: setpriv, prlimit: prlimit)
            switch candidate.check(node: node, expecting: "process.pid === 1 && process.ppid === 0") {
            case nil: return candidate
            case let failure?: reasons.append("unshare: \(failure)")
            }
        } else {
            reasons.append("unshare (util-linux) was not found")
        }
        if isRoot, let setpriv {
            let candidate = sandbox(.separateUser, reasons.joined(separator: "; "), setpriv: setpriv, prlimit: prlimit)
            switch candidate.check(node: node, expecting: "process.getuid() === \(firstUserIdentifier)") {
            case nil: return candidate
            case let failure?: reasons.append("setpriv: \(failure)")
            }
        } else if isRoot {
            reasons.append("setpriv (util-linux) was not found")
        }
        return sandbox(.process, reasons.joined(separator: "; "), prlimit: prlimit)
        #else
        return sandbox(.process, "namespaces and RLIMIT_DATA are Linux features: only the V8 heap limit bounds memory here")
        #endif
    }

    /// The program and arguments that start `node arguments…` confined, as `user` when ``separatesUsers``.
    package func command(node: String, arguments: [String], user: UInt32) -> (executable: String, arguments: [String]) {
        var tail = [node] + arguments
        if let prlimit { tail = [prlimit, "--data=\(memoryBytes)", "--"] + tail }
        switch level {
        case .namespaces:
            guard let unshare else { break }
            var wrapper = ["--pid", "--fork", "--kill-child", "--net", "--mount-proc", "--ipc", "--uts"]
            wrapper = (separatesUsers ? [] : ["--user", "--map-current-user"]) + wrapper
            if separatesUsers { wrapper += ["--setuid", "\(user)", "--setgid", "\(user)"] }
            // No new privileges: a set-user-ID program the worker somehow ran would not gain any.
            let guardPrivileges = setpriv.map { [$0, "--no-new-privs", "--"] } ?? []
            return (unshare, wrapper + ["--"] + guardPrivileges + tail)
        case .separateUser:
            guard let setpriv else { break }
            return (setpriv, ["--reuid", "\(user)", "--regid", "\(user)", "--clear-groups", "--no-new-privs", "--"] + tail)
        case .process:
            break
        }
        return (tail[0], Array(tail.dropFirst()))
    }

    /// Applies the data limit to a bare worker (no `prlimit` around it) right after it started, before it runs a script.
    package func confine(processIdentifier: Int32) {
        #if os(Linux)
        // glibc declares prlimit(2) only with _GNU_SOURCE, which Swift's Glibc module does not set.
        typealias SetLimit = @convention(c) (pid_t, Int32, UnsafePointer<rlimit>?, UnsafeMutablePointer<rlimit>?) -> Int32
        guard prlimit == nil, let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prlimit") else { return }
        var limit = rlimit(rlim_cur: rlim_t(memoryBytes), rlim_max: rlim_t(memoryBytes))
        _ = unsafeBitCast(symbol, to: SetLimit.self)(processIdentifier, Int32(RLIMIT_DATA.rawValue), &limit, nil)
        #endif
    }

    /// For the start log and the banner, e.g. `namespaces (pid, net, mount, ipc, uts), a user per application,
    /// 384 MiB data limit`.
    package var description: String {
        var parts: [String]
        switch level {
        case .namespaces: parts = [separatesUsers ? "namespaces (pid, net, mount, ipc, uts)" : "namespaces (user, pid, net, mount, ipc, uts)"]
        case .separateUser: parts = ["no namespaces"]
        case .process: parts = ["no namespaces, Kumo's own user"]
        }
        if separatesUsers { parts.append("a user per application from \(ScriptSandbox.firstUserIdentifier)") }
        #if os(Linux)
        parts.append("\(memoryBytes / 1_048_576) MiB data limit")
        #endif
        return parts.joined(separator: ", ")
    }

    /// Starts `node -e "process.exit(condition ? 0 : 3)"` as a worker would start; `nil` when it exited 0, else why not.
    private func check(node: String, expecting condition: String) -> String? {
        let (executable, arguments) = command(node: node, arguments: ["-e", "process.exit(\(condition) ? 0 : 3)"], user: ScriptSandbox.firstUserIdentifier)
        do {
            let output = try OneShotProcess.run(executable, arguments, timeout: 10)
            guard output.status != 0 else { return nil }
            let message = output.standardError.split(separator: "\n").first.map(String.init) ?? ""
            return "exited with status \(output.status)" + (message.isEmpty ? "" : ": " + message)
        } catch {
            return "could not start: \(error)"
        }
    }
}
