package import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process started with `posix_spawn`: the part of `Foundation.Process` Kumo uses, without its Linux crash.
///
/// On Linux, `Process.run()` of Swift 6.3 lists `/proc/self/fd` with a 256-byte copy of each `dirent` name and
/// crashes (SIGSEGV) whenever a short record sits at the end of glibc's buffer before an unmapped page
/// (swift-corelibs-foundation#5472) — about one test run in five here, and at any moment in a server that starts script
/// workers or `sendmail` with many connections open. This type spawns directly: standard streams as given (a `Pipe`, a
/// `FileHandle`, or inherited when `nil`), every other descriptor closed in the child, default signal actions and an
/// empty signal mask, its own process group, and one thread per child that waits for it. The properties are set before
/// ``run()`` and not changed afterwards.
package final class ChildProcess: @unchecked Sendable {
    // Unchecked: the configuration is written before `run()` only; the state after it is behind `condition`.

    /// How a child ended.
    package enum TerminationReason: Sendable, Hashable {
        /// It called `exit` (or returned from `main`); ``terminationStatus`` is its exit code.
        case exit
        /// A signal ended it; ``terminationStatus`` is the signal's number.
        case uncaughtSignal
    }

    /// The executable.
    package var executableURL: URL?
    /// The arguments, without the executable.
    package var arguments: [String]?
    /// The environment; `nil` passes this process's own.
    package var environment: [String: String]?
    /// A `Pipe` (the child reads its read end), a `FileHandle`, or `nil` to share this process's standard input.
    package var standardInput: Any?
    /// A `Pipe` (the child writes its write end), a `FileHandle`, or `nil` to share this process's standard output.
    package var standardOutput: Any?
    /// Like ``standardOutput``, for standard error.
    package var standardError: Any?
    /// Called once, on the waiting thread, when the child has ended.
    package var terminationHandler: (@Sendable (ChildProcess) -> Void)?

    private let condition = NSCondition()
    private var identifier: pid_t = 0
    private var state: (isRunning: Bool, status: Int32, reason: TerminationReason) = (false, 0, .exit)

    /// Creates an unstarted child.
    package init() {}

    /// The child's process identifier; 0 before ``run()``.
    package var processIdentifier: Int32 { condition.withLock { identifier } }
    /// Whether the child was started and has not ended yet.
    package var isRunning: Bool { condition.withLock { state.isRunning } }
    /// The exit code or the signal number (see ``terminationReason``); meaningful once the child ended.
    package var terminationStatus: Int32 { condition.withLock { state.status } }
    /// How the child ended; meaningful once it ended.
    package var terminationReason: TerminationReason { condition.withLock { state.reason } }

    /// Starts the child.
    ///
    /// - Throws: `POSIXError` when it cannot be started (no such executable, no permission, no resources).
    package func run() throws {
        guard let path = executableURL?.path else { throw POSIXError(.ENOENT) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The child starts with every signal at its default action and none blocked: a server that ignores SIGTERM
        // for its graceful shutdown (ServiceLifecycle) must not pass that on, or `terminate()` would not end the child.
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        var parentEnds: [FileHandle] = []
        for (target, stream, childReads) in [(0, standardInput, true), (1, standardOutput, false), (2, standardError, false)] {
            var handle: FileHandle?
            if let pipe = stream as? Pipe {
                let childEnd = childReads ? pipe.fileHandleForReading : pipe.fileHandleForWriting
                parentEnds.append(childEnd)
                handle = childEnd
            } else if let file = stream as? FileHandle {
                handle = file
            }
            if let handle { posix_spawn_file_actions_adddup2(&actions, handle.fileDescriptor, Int32(target)) }
        }
        try ChildProcess.closeInheritedDescriptors(&actions)

        let argumentStrings = [path] + (arguments ?? [])
        let environmentStrings = environment.map { $0.map { "\($0.key)=\($0.value)" } }
        var pid: pid_t = 0
        let code = ChildProcess.withCStrings(argumentStrings) { argv in
            if let environmentStrings {
                return ChildProcess.withCStrings(environmentStrings) { envp in posix_spawn(&pid, path, &actions, &attributes, argv, envp) }
            }
            return posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        }
        guard code == 0 else { throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO) }
        // The child holds its ends now; the parent's copies would keep a pipe open after the child ended.
        for handle in parentEnds { try? handle.close() }
        condition.withLock {
            identifier = pid
            state.isRunning = true
        }
        let spawned = pid
        let waiter = Thread { [self] in waitForExit(spawned) }
        waiter.name = "kumo.child-wait"
        waiter.start()
    }

    /// Blocks until the child has ended.
    package func waitUntilExit() {
        condition.withLock {
            while state.isRunning { condition.wait() }
        }
    }

    /// Sends SIGTERM.
    package func terminate() { signal(SIGTERM) }

    /// Sends SIGINT.
    package func interrupt() { signal(SIGINT) }

    private func signal(_ number: Int32) {
        let (pid, running) = condition.withLock { (identifier, state.isRunning) }
        if running, pid > 0 { kill(pid, number) }
    }

    /// Waits for `pid` (retrying on EINTR), records how it ended, wakes waiters and calls the handler.
    private func waitForExit(_ pid: pid_t) {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        let signalNumber = status & 0x7f
        let ended: (Int32, TerminationReason) = signalNumber == 0 ? ((status >> 8) & 0xff, .exit) : (signalNumber, .uncaughtSignal)
        let handler = condition.withLock { () -> (@Sendable (ChildProcess) -> Void)? in
            state = (false, ended.0, ended.1)
            condition.broadcast()
            let handler = terminationHandler
            terminationHandler = nil
            return handler
        }
        handler?(self)
    }

    /// Closes every descriptor from 3 up in the child: glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+), else
    /// one close per descriptor open now, read from `/proc/self/fd` without copying whole `dirent` names.
    private static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) throws {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") {
            let closeFrom = unsafeBitCast(symbol, to: CloseFrom.self)
            if closeFrom(&actions, 3) == 0 { return }
        }
        guard let directory = opendir("/proc/self/fd") else { return }
        defer { closedir(directory) }
        let own = dirfd(directory)
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: 1) { String(cString: $0) }
            }
            guard let descriptor = Int32(name), descriptor > 2, descriptor != own else { continue }
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
    }

    /// Calls `body` with a NULL-terminated C array of the strings.
    private static func withCStrings<Result>(
        _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result
    ) -> Result {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        pointers.append(nil)
        defer { for pointer in pointers { free(pointer) } }
        return pointers.withUnsafeBufferPointer { buffer in
            // Never empty: it holds at least the terminating NULL.
            guard let start = buffer.baseAddress else { preconditionFailure("an empty C string array") }
            return body(start)
        }
    }
}
