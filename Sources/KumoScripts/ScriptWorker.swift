import Dispatch
import Foundation
import KumoSeams
import Logging
import NCMBWire

/// One warm Node.js process running the worker harness: one call at a time, over length-prefixed JSON frames on its
/// standard input and output (docs/decisions/0049-scripts-on-node-workers.md).
///
/// A worker belongs to one application for its whole life, so that one application's scripts never share a JavaScript
/// heap with another's. It is killed when a call outlives its time limit; it ends by itself when its standard input
/// closes (Kumo stopped). The process Kumo starts may be a wrapper that confines Node.js (``ScriptSandbox``): it leads
/// a process group of its own, and killing the worker kills the whole group.
final class ScriptWorker: @unchecked Sendable {
    // @unchecked: the mutable state is only touched under `lock`; `process` and the pipes are set once in `init`.

    /// How a call on this worker ended.
    enum Reply: Sendable {
        /// The harness answered with this `result` frame.
        case result(JSONObject)
        /// The call outlived its time limit; the worker was killed.
        case timedOut
        /// The worker died (exit, fatal error, heap limit) or could not be written to.
        case died(String)
    }

    /// The application the worker serves.
    let applicationId: String
    private let process = ChildProcess()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private let logger: Logger
    private let lock = NSLock()
    private var buffer: [UInt8] = []
    private var errorTail: [UInt8] = []
    private var isDead = false
    private var readiness: CheckedContinuation<Bool, Never>?
    private var isReady = false
    private var pending: (id: Int64, continuation: CheckedContinuation<Reply, Never>)?
    private var nextIdentifier: Int64 = 1
    /// The `name:hash` of each script version the harness has compiled (read and written only by the pool's caller of
    /// ``run(_:code:timeout:)``, one call at a time).
    private var loadedVersions: Set<String> = []

    /// Starts `node arguments…` with `environment` and no other variables.
    ///
    /// - Throws: when the process cannot be started.
    init(applicationId: String, executable: String, arguments: [String], environment: [String: String], logger: Logger) throws {
        self.applicationId = applicationId
        self.logger = logger
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        process.terminationHandler = { [weak self] process in
            self?.die("the worker exited with status \(process.terminationStatus)")
        }
        try process.run()
        PipeReader.start(
            output.fileHandleForReading, name: "kumo.script-output",
            received: { [weak self] bytes in self?.receive(bytes) },
            ended: { [weak self] in self?.die("the worker closed its output") })
        PipeReader.start(errors.fileHandleForReading, name: "kumo.script-errors", received: { [weak self] bytes in self?.keepError(bytes) })
    }

    /// Waits for the harness's `ready` frame.
    ///
    /// - Returns: whether it came (`false`: the process died first).
    func waitUntilReady() async -> Bool {
        await withCheckedContinuation { continuation in
            let immediate: Bool? = lock.withLock {
                if isReady { return true }
                if isDead { return false }
                readiness = continuation
                return nil
            }
            if let immediate { continuation.resume(returning: immediate) }
        }
    }

    /// Whether the worker can take another call.
    var isAlive: Bool { lock.withLock { !isDead } }

    /// The process Kumo started (Node.js, or the wrapper that confines it); it leads the worker's process group.
    var processIdentifier: Int32 { process.processIdentifier }

    /// Runs one call: sends `frame` (the code is added when this worker has not compiled that version yet) and waits at
    /// most `timeout` for the answer; kills the worker when it does not come.
    func run(_ frame: JSONObject, script: (name: String, hash: String, code: String), timeout: Duration) async -> Reply {
        let version = script.name + ":" + script.hash
        var frame = frame
        var scriptObject: JSONObject = ["name": .string(script.name), "hash": .string(script.hash)]
        if !loadedVersions.contains(version) { scriptObject["code"] = .string(script.code) }
        frame["script"] = .object(scriptObject)
        let reply = await withCheckedContinuation { (continuation: CheckedContinuation<Reply, Never>) in
            let identifier: Int64? = lock.withLock {
                guard !isDead else { return nil }
                let identifier = nextIdentifier
                nextIdentifier += 1
                pending = (identifier, continuation)
                return identifier
            }
            guard let identifier else {
                continuation.resume(returning: .died(diagnosis("the worker had stopped")))
                return
            }
            frame["id"] = .integer(identifier)
            let bytes = JSONValue.object(frame).serializedBytes()
            var message = [UInt8]()
            message.reserveCapacity(bytes.count + 4)
            withUnsafeBytes(of: UInt32(bytes.count).bigEndian) { message.append(contentsOf: $0) }
            message.append(contentsOf: bytes)
            do {
                try input.fileHandleForWriting.write(contentsOf: Data(message))
            } catch {
                die("the worker could not be written to: \(error)")
                return
            }
            let milliseconds = Int(timeout.wholeMilliseconds)
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(milliseconds)) { [weak self] in
                self?.expire(identifier)
            }
        }
        if case .result(let result) = reply, result["loaded"]?.boolValue == true { loadedVersions.insert(version) }
        return reply
    }

    /// Kills the process group (shutdown, eviction); a pending call ends as died.
    func terminate() {
        killGroup()
        die("the worker was stopped")
    }

    /// SIGKILL to the worker's process group: the wrapper and Node.js in it (a wrapper that changed users no longer
    /// passes its own death on to Node.js).
    private func killGroup() {
        let identifier = process.processIdentifier
        if process.isRunning, identifier > 0 { kill(-identifier, SIGKILL) }
    }

    // MARK: - Events

    private func receive(_ data: [UInt8]) {
        var frames: [JSONObject] = []
        let failure: String? = lock.withLock {
            buffer.append(contentsOf: data)
            while buffer.count >= 4 {
                let length = buffer.prefix(4).reduce(0) { $0 << 8 | Int($1) }
                guard buffer.count >= 4 + length else { break }
                guard let frame = try? JSONValue(parsing: buffer[4..<(4 + length)]).objectValue else {
                    return "the worker sent a frame that is not a JSON object"
                }
                buffer.removeFirst(4 + length)
                frames.append(frame)
            }
            return nil
        }
        if let failure {
            terminate()
            die(failure)
            return
        }
        for frame in frames { handle(frame) }
    }

    private func handle(_ frame: JSONObject) {
        switch frame["type"]?.stringValue {
        case "ready":
            let waiter: CheckedContinuation<Bool, Never>? = lock.withLock {
                isReady = true
                defer { readiness = nil }
                return readiness
            }
            waiter?.resume(returning: true)
        case "result":
            let identifier = frame["id"]?.integerValue
            let waiter: CheckedContinuation<Reply, Never>? = lock.withLock {
                guard let pending, pending.id == identifier else { return nil }
                self.pending = nil
                return pending.continuation
            }
            waiter?.resume(returning: .result(frame))
        default:
            logger.warning("Script worker sent an unknown frame", metadata: ["type": "\(frame["type"]?.stringValue ?? "none")"])
        }
    }

    private func expire(_ identifier: Int64) {
        let waiter: CheckedContinuation<Reply, Never>? = lock.withLock {
            guard let pending, pending.id == identifier else { return nil }
            self.pending = nil
            isDead = true
            return pending.continuation
        }
        guard let waiter else { return }
        killGroup()
        waiter.resume(returning: .timedOut)
    }

    private func die(_ reason: String) {
        let (ready, waiter): (CheckedContinuation<Bool, Never>?, CheckedContinuation<Reply, Never>?) = lock.withLock {
            isDead = true
            defer {
                readiness = nil
                pending = nil
            }
            return (readiness, pending?.continuation)
        }
        ready?.resume(returning: false)
        waiter?.resume(returning: .died(diagnosis(reason)))
    }

    private func keepError(_ data: [UInt8]) {
        guard !data.isEmpty else { return }
        lock.withLock {
            errorTail.append(contentsOf: data)
            if errorTail.count > 4096 { errorTail.removeFirst(errorTail.count - 4096) }
        }
        logger.debug("Script worker wrote to standard error", metadata: ["output": "\(String(decoding: data, as: UTF8.self))"])
    }

    /// `reason`, with the end of what the process wrote to standard error.
    private func diagnosis(_ reason: String) -> String {
        let tail = lock.withLock { String(decoding: errorTail, as: UTF8.self) }.trimmingCharacters(in: .whitespacesAndNewlines)
        return tail.isEmpty ? reason : reason + ": " + tail
    }
}
