import Foundation
import KumoScripts
import KumoSeams
import NCMBWire
import Testing

/// The operating system's layers on their own: Node.js started the way a worker starts (``ScriptSandbox``), without the
/// harness's guards or the permission model, as a script that got past both would be. Under CI (this machine runs as
/// root in a sandbox that allows namespaces) the strongest level must be in force.
@Suite(.enabled(if: TestNode.isEnabled, "needs Node.js (Debian's nodejs) outside CI"))
struct AbuseKernelTests {
    static let memoryMegabytes = 384

    static func sandbox(_ preference: ScriptSandbox.Preference = .automatic) throws -> ScriptSandbox {
        ScriptSandbox.probe(
            node: try TestNode.runtime().executable, memoryMegabytes: memoryMegabytes, preference: preference,
            searchPath: ProcessInfo.processInfo.environment["PATH"])
    }

    @Test func underCITheStrongestIsolationIsInForce() throws {
        let sandbox = try AbuseKernelTests.sandbox()
        if ProcessInfo.processInfo.environment["CI"] != nil {
            #expect(sandbox.level == .namespaces, "fell back: \(sandbox.fallbackReason ?? "")")
            #expect(sandbox.separatesUsers == (geteuid() == 0))
        }
        #expect(sandbox.description.contains("\(AbuseKernelTests.memoryMegabytes) MiB data limit"))
    }

    @Test func theProcessLevelIsChosenOnRequestAndKeepsTheDataLimit() throws {
        let sandbox = try AbuseKernelTests.sandbox(.process)
        #expect(sandbox.level == .process)
        #expect(!sandbox.separatesUsers)
        #expect(sandbox.fallbackReason != nil)
        #expect(sandbox.description.contains("\(AbuseKernelTests.memoryMegabytes) MiB data limit"))
    }

    /// At every level the data limit holds; above ``ScriptSandbox/Level/process`` the kernel also refuses the rest.
    @Test(arguments: ScriptSandbox.Preference.allCases)
    func withoutTheHarnessAWorkerStillCannotSignalConnectReadOrHoard(preference: ScriptSandbox.Preference) async throws {
        let sandbox = try AbuseKernelTests.sandbox(preference)
        try await AbuseSupport.withLoopbackListener { port in
            // Another application's scratch folder, owned by that application's user when users are separated.
            let other = FileManager.default.temporaryDirectory.appendingPathComponent("kumo-abuse-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            defer { try? FileManager.default.removeItem(at: other) }
            let secret = other.appendingPathComponent("secret.txt")
            try Data("secret".utf8).write(to: secret)
            if sandbox.separatesUsers {
                let owner = ScriptSandbox.firstUserIdentifier + 1
                #expect(chown(other.path, owner, owner) == 0)
                #expect(chown(secret.path, owner, owner) == 0)
            }
            let script = """
                const fs = require('fs');
                const attempt = (action) => { try { action(); return 'sent'; } catch (error) { return error.code; } };
                const out = { pid: process.pid, ppid: process.ppid, uid: process.getuid() };
                out.kumo = attempt(() => process.kill(\(getpid()), 0));
                out.parent = attempt(() => process.kill(process.ppid || \(getpid()), 0));
                out.everyone = attempt(() => process.kill(-1, 0));
                try { out.otherFolder = 'read: ' + fs.readFileSync(\(JSONValue.string(secret.path).serializedString()), 'utf8'); } catch (error) { out.otherFolder = error.code; }
                const socket = require('net').connect(\(port), '127.0.0.1');
                socket.setTimeout(3000);
                const done = (outcome) => {
                  out.loopback = outcome;
                  process.stdout.write(JSON.stringify(out) + '\\n');
                  const kept = [];
                  for (let megabyte = 0; megabyte < 1024; megabyte++) kept.push(Buffer.alloc(1 << 20, 1));
                  process.stdout.write('kept ' + kept.length + '\\n');
                  process.exit(0);
                };
                socket.on('connect', () => done('connected'));
                socket.on('timeout', () => done('timeout'));
                socket.on('error', (error) => done(error.code));
                """
            let (executable, arguments) = sandbox.command(
                node: try TestNode.runtime().executable, arguments: ["-e", script], user: ScriptSandbox.firstUserIdentifier)
            let (status, output) = try await AbuseKernelTests.run(executable, arguments, sandbox: sandbox)
            let lines = output.split(separator: "\n").map(String.init)
            let report = try #require(try lines.first.flatMap { try JSONValue(parsing: Array($0.utf8)).objectValue }, "printed \(output)")
            #expect(status != 0, "the worker survived 1 GiB of Buffers: \(output)")
            #expect(!lines.contains("kept 1024"))
            if sandbox.level == .namespaces {
                #expect(report["pid"] == 1)
                #expect(report["ppid"] == 0)
            }
            let refused: [String] =
                switch sandbox.level {
                case .namespaces: ["kumo", "parent", "everyone", "loopback"]
                case .separateUser: ["kumo", "parent"]
                case .process: []
                }
            for attempt in refused {
                #expect(report[attempt]?.stringValue != "sent" && report[attempt]?.stringValue != "connected", "\(attempt): \(report)")
            }
            if sandbox.separatesUsers {
                #expect(report["uid"]?.integerValue == Int64(ScriptSandbox.firstUserIdentifier))
                #expect(report["otherFolder"] == "EACCES")
            }
        }
    }

    /// Runs the program to its end: exit status (128 + signal when killed) and standard output.
    static func run(_ executable: String, _ arguments: [String], sandbox: ScriptSandbox) async throws -> (Int32, String) {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ["TZ": "UTC"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        sandbox.confine(processIdentifier: process.processIdentifier)
        let data = await Task.detached { output.fileHandleForReading.readDataToEndOfFile() }.value
        process.waitUntilExit()
        let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return (status, String(decoding: data, as: UTF8.self))
    }
}
