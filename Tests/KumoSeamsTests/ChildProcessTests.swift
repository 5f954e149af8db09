import Foundation
import KumoSeams
import Testing

/// `ChildProcess`, the `posix_spawn` replacement for `Foundation.Process` (whose Linux `run()` crashes now and then,
/// swift-corelibs-foundation#5472): streams, exit codes, signals, environment, and no descriptor leaking into the child.
@Suite struct ChildProcessTests {
    static let shell = URL(fileURLWithPath: "/bin/sh")

    /// Runs `/bin/sh -c script` to its end; returns the child and what it wrote.
    static func run(_ script: String, environment: [String: String]? = nil) throws -> (ChildProcess, String, String) {
        let child = ChildProcess()
        child.executableURL = shell
        child.arguments = ["-c", script]
        child.environment = environment
        let output = Pipe()
        let errors = Pipe()
        child.standardOutput = output
        child.standardError = errors
        try child.run()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let outputText = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        return (child, outputText, errorText)
    }

    @Test func standardStreamsAndTheExitCodeReachTheParent() throws {
        let (child, output, errors) = try Self.run("echo out; echo err >&2; exit 3")

        #expect(output == "out\n")
        #expect(errors == "err\n")
        #expect(child.terminationReason == .exit)
        #expect(child.terminationStatus == 3)
        #expect(!child.isRunning)
        #expect(child.processIdentifier > 0)
    }

    @Test func standardInputComesFromAPipe() throws {
        let child = ChildProcess()
        child.executableURL = URL(fileURLWithPath: "/bin/cat")
        let input = Pipe()
        let output = Pipe()
        child.standardInput = input
        child.standardOutput = output
        try child.run()
        input.fileHandleForWriting.write(Data("hello".utf8))
        try input.fileHandleForWriting.close()
        let echoed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()

        #expect(echoed == "hello")
        #expect(child.terminationStatus == 0)
    }

    @Test func theGivenEnvironmentReplacesThisProcesss() throws {
        let (_, output, _) = try Self.run("echo \"$KUMO_CHILD_TEST:${HOME:-unset}\"", environment: ["KUMO_CHILD_TEST": "yes"])

        #expect(output == "yes:unset\n")
    }

    @Test func noDescriptorOfTheParentLeaksIntoTheChild() throws {
        let held = Pipe()
        defer {
            try? held.fileHandleForReading.close()
            try? held.fileHandleForWriting.close()
        }
        // `ls` lists its own descriptors: 0, 1, 2 and the one it reads the directory with.
        let (_, output, _) = try Self.run("ls /proc/self/fd")
        let descriptors = output.split(separator: "\n").compactMap { Int32($0) }

        #expect(descriptors.count <= 4, "\(descriptors)")
        #expect(!descriptors.contains(held.fileHandleForWriting.fileDescriptor) || held.fileHandleForWriting.fileDescriptor <= 3)
    }

    @Test func terminateEndsTheChildWithSIGTERMAndTheHandlerRunsOnce() throws {
        let child = ChildProcess()
        child.executableURL = URL(fileURLWithPath: "/bin/sleep")
        child.arguments = ["30"]
        let calls = Calls()
        child.terminationHandler = { ended in calls.record(ended.terminationStatus) }
        try child.run()
        child.terminate()
        child.waitUntilExit()

        #expect(child.terminationReason == .uncaughtSignal)
        #expect(child.terminationStatus == SIGTERM)
        #expect(calls.wait() == [SIGTERM])
    }

    @Test func aMissingExecutableThrows() {
        let child = ChildProcess()
        child.executableURL = URL(fileURLWithPath: "/nonexistent/kumo-child")
        #expect(throws: (any Error).self) { try child.run() }
        #expect(!child.isRunning)
    }

    /// What the termination handler saw; `wait()` returns once it was called.
    final class Calls: @unchecked Sendable {
        // Unchecked: every access holds `condition`.
        private let condition = NSCondition()
        private var statuses: [Int32] = []

        func record(_ status: Int32) {
            condition.withLock {
                statuses.append(status)
                condition.broadcast()
            }
        }

        func wait() -> [Int32] {
            condition.withLock {
                while statuses.isEmpty { condition.wait() }
                return statuses
            }
        }
    }
}
