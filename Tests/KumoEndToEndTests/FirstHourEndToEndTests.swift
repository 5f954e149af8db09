import Foundation
import KumoTestSupport
import NCMBWire
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A newcomer's first hour with the real `kumo` executable (issue 30): which application a command acts on, the errors
/// of a start that cannot happen, `kumo call --cacert`, what connects an app, and the help.
@Suite(.timeLimit(.minutes(3))) struct FirstHourEndToEndTests {
    /// Runs `kumo ARGUMENTS` (or `executable`) to completion: ``KumoProcess/runToExit(_:executable:environment:)``.
    static func run(
        _ arguments: [String], executable: URL = KumoProcess.executable, environment: [String: String] = [:]
    ) async throws -> (status: Int32, output: String, error: String) {
        try await KumoProcess.runToExit(arguments, executable: executable, environment: environment)
    }

    /// Whether Node.js can check a script: always under CI (where a missing Node.js fails the test), else when on PATH.
    static let hasNode =
        ProcessInfo.processInfo.environment["CI"] != nil
        || (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/node")
        }

    // MARK: Choosing the application

    @Test func withSeveralApplicationsEveryCommandRefusesToGuessAndListsThem() async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        try kumo.createApplication()
        try kumo.runCommand(["apps", "create", "--name", "ramen", "--data-dir", kumo.dataDirectory.path])
        try kumo.start()
        defer { kumo.stop() }
        let local = ["--url", "http://127.0.0.1:\(kumo.port)", "--data-dir", kumo.dataDirectory.path]

        let guessedCall = try await Self.run(["call", "GET", "/2013-09-01/classes/Shop"] + local)
        let guessedScripts = try await Self.run(["scripts", "list", "--data-dir", kumo.dataDirectory.path])
        let guessedClasses = try await Self.run(["classes", "list", "--data-dir", kumo.dataDirectory.path])
        let named = try await Self.run(["call", "GET", "/2013-09-01/classes/Shop", "--app", "e2e"] + local)
        let fromEnvironment = try await Self.run(["call", "GET", "/2013-09-01/classes/Shop"] + local, environment: ["KUMO_APP": "ramen"])
        let unknown = try await Self.run(["call", "GET", "/2013-09-01/classes/Shop", "--app", "udon"] + local)

        for refused in [guessedCall, guessedScripts, guessedClasses] {
            #expect(refused.status != 0)
            #expect(refused.error.contains("there are 2 applications (e2e, ramen): choose one with --app NAME"), "\(refused.error)")
            #expect(!refused.error.contains("Usage:"), "\(refused.error)")
            #expect(refused.output.isEmpty)
        }
        #expect(named.status == 0, "\(named.error)")
        #expect(named.output.contains(#"{"results":[]}"#))
        #expect(fromEnvironment.status == 0, "\(fromEnvironment.error)")
        #expect(unknown.status != 0)
        #expect(unknown.error.contains("no application named 'udon'; there are 2 applications (e2e, ramen)"), "\(unknown.error)")
    }

    @Test func serveCreatesTheDefaultApplicationOnlyInADatabaseWithoutOne() async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        try kumo.runCommand(["apps", "create", "--name", "ramen", "--data-dir", kumo.dataDirectory.path])

        let banner = try kumo.start()
        kumo.stop()
        let listed = try kumo.runCommand(["apps", "list", "--json", "--data-dir", kumo.dataDirectory.path])

        let names = try JSONValue(parsing: listed.trimmingCharacters(in: .whitespacesAndNewlines)).arrayValue?.compactMap {
            $0.objectValue?["name"]?.stringValue
        }
        #expect(names == ["ramen"])
        #expect(banner.contains(#"Application: "ramen" (applicationId "#), "\(banner)")
        #expect(!banner.contains("created application"))
    }

    @Test func anImportIntoAMissingApplicationSaysHowToCreateIt() async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        let export = kumo.dataDirectory.appendingPathComponent("export")
        try FileManager.default.createDirectory(at: export, withIntermediateDirectories: true)
        try Data(#"{"results":[]}"#.utf8).write(to: export.appendingPathComponent("Shop.json"))
        let data = ["--data-dir", kumo.dataDirectory.appendingPathComponent("data").path]
        let report = ["--report", kumo.dataDirectory.appendingPathComponent("report.jsonl").path]

        let refused = try await Self.run(["import", export.path, "--app", "ramen", "--progress", "none"] + report + data)
        let created = try await Self.run(["import", export.path, "--app", "ramen", "--create-app", "--progress", "none"] + report + data)
        let listed = try await Self.run(["apps", "list", "--json"] + data)

        #expect(refused.status != 0)
        #expect(refused.error.contains("no application named 'ramen' (add --create-app to create it)"), "\(refused.error)")
        #expect(created.status == 0, "\(created.error)")
        #expect(listed.output.contains(#""name":"ramen""#) && !listed.output.contains(#""name":"default""#))
    }

    @Test func appsConnectPrintsTheEndpointKeysAndEverySDKsInitialization() async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        try kumo.createApplication()

        let printed = try await Self.run(["apps", "connect", "--url", "https://api.example.com", "--data-dir", kumo.dataDirectory.path])
        let refused = try await Self.run(["apps", "connect", "--url", "https://api.example.com/v1", "--data-dir", kumo.dataDirectory.path])

        #expect(printed.status == 0, "\(printed.error)")
        #expect(printed.output.contains("client key:      \(kumo.clientKey)"))
        #expect(
            printed.output.contains(
                #"NCMB.initialize(applicationKey: "\#(kumo.applicationKey)", clientKey: "\#(kumo.clientKey)", domainURL: "https://api.example.com/")"#))
        for sdk in ClientSDK.allCases {
            #expect(printed.output.contains(sdk.title))
        }
        #expect(refused.status != 0)
        #expect(refused.error.contains("without a path"))
    }

    // MARK: Startup errors

    @Test func aTakenPortIsNamedWithItsFlagAndNothingIsCreated() async throws {
        let first = try KumoProcess()
        defer { first.removeData() }
        try first.start()
        defer { first.stop() }
        let second = try KumoProcess()
        defer { second.removeData() }

        let result = try await Self.run(["serve", "--port", String(first.port), "--data-dir", second.dataDirectory.path])

        #expect(result.status != 0)
        #expect(result.error.contains("port \(first.port) is already in use on 127.0.0.1 (--port)"), "\(result.error)")
        #expect(result.error.contains("choose another port with --port N"))
        #expect(!result.error.contains("Usage:"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: second.dataDirectory.path).isEmpty, "no database was created")
    }

    @Test func aDataDirectoryKumoMayNotWriteNamesTheDirectoryThePermissionAndTheUser() async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        let directory = kumo.dataDirectory.appendingPathComponent("read-only")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // As root every directory is writable: the server then runs as nobody, as a service user would.
        let asRoot = geteuid() == 0
        try FileManager.default.setAttributes([.posixPermissions: asRoot ? 0o755 : 0o555], ofItemAtPath: directory.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path) }
        let arguments = ["serve", "--port", "0", "--data-dir", directory.path]
        let user = asRoot ? "nobody" : String(cString: getpwuid(geteuid()).pointee.pw_name)

        let result =
            asRoot
            ? try await Self.run(
                ["--reuid=nobody", "--regid=nogroup", "--clear-groups", KumoProcess.executable.path] + arguments,
                executable: URL(fileURLWithPath: "/usr/bin/setpriv"))
            : try await Self.run(arguments)

        #expect(result.status != 0)
        #expect(result.error.contains("kumo cannot write to \(directory.path) (--data-dir)"), "\(result.error)")
        #expect(result.error.contains("user \(user) (uid "))
        #expect(result.error.contains("permissions r-x") || result.error.contains("permissions rwxr-xr-x"))
        #expect(result.error.contains("choose another directory with --data-dir"))
        #expect(!result.error.contains("SQLite") && !result.error.contains("NSCocoaErrorDomain") && !result.error.contains("Usage:"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test(.enabled(if: hasNode, "needs Node.js on PATH for the syntax check (always runs under CI)"))
    func aRefusedDeployPrintsNodesMessageWithoutAUsageBlock() async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        try kumo.createApplication()
        let broken = kumo.dataDirectory.appendingPathComponent("broken.js")
        try Data("module.exports = function (req, res) { res.send('x'; };\n".utf8).write(to: broken)

        let result = try await Self.run(["scripts", "deploy", broken.path, "--data-dir", kumo.dataDirectory.path])

        #expect(result.status != 0)
        #expect(result.error.contains("SyntaxError"), "\(result.error)")
        #expect(!result.error.contains("Usage:"), "\(result.error)")
    }

    // MARK: kumo call

    @Test func kumoCallTrustsAPrivateCertificateAuthorityWithCacert() async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        try kumo.createApplication()
        let authority = try TestCertificateAuthority()
        let leaf = try authority.issueLeaf(commonName: "kumo")
        let chain = kumo.dataDirectory.appendingPathComponent("chain.pem")
        let key = kumo.dataDirectory.appendingPathComponent("key.pem")
        let certificateAuthority = kumo.dataDirectory.appendingPathComponent("ca.pem")
        try Data(leaf.certificatePEM.utf8).write(to: chain)
        try Data(leaf.privateKeyPEM.utf8).write(to: key)
        try Data(authority.certificatePEM.utf8).write(to: certificateAuthority)
        try kumo.start(extraArguments: ["--tls-certificate-chain", chain.path, "--tls-private-key", key.path])
        defer { kumo.stop() }
        let call = ["call", "GET", "/2013-09-01/classes/Food", "--url", "https://127.0.0.1:\(kumo.port)", "--data-dir", kumo.dataDirectory.path]

        let untrusted = try await Self.run(call)
        let trusted = try await Self.run(call + ["--cacert", certificateAuthority.path])
        let notPEM = try await Self.run(call + ["--cacert", chain.path + ".missing"])

        #expect(untrusted.status != 0)
        #expect(untrusted.error.contains("pass that CA's certificate with --cacert FILE"), "\(untrusted.error)")
        #expect(trusted.status == 0, "\(trusted.error)")
        #expect(trusted.output.contains(#"{"results":[]}"#))
        #expect(notPEM.status != 0)
        #expect(notPEM.error.contains("is not a readable PEM certificate file"))
    }

    // MARK: Help

    @Test func serveHelpIsGroupedByTopicWithEachDefaultStatedOnce() async throws {
        let help = try await Self.run(["serve", "--help"], environment: ["COLUMNS": "200"])

        let sections = help.output.split(separator: "\n").filter { $0.hasSuffix(":") && $0.uppercased() == $0 }.map(String.init)
        #expect(
            sections == [
                "SERVER:", "STORAGE:", "SECURITY AND LIMITS:", "MAIL:", "PUSH NOTIFICATIONS:", "SCRIPTS:", "REALTIME:", "DASHBOARD:",
                "OPERATIONS:", "OPTIONS:",
            ])
        let options = help.output.components(separatedBy: "\n  --").dropFirst()
        #expect(options.count > 50)
        for option in options {
            #expect(option.components(separatedBy: "default").count <= 2, "\(option)")
        }
    }

    @Test func everyOptionOfServeHasItsHelpLine() async throws {
        let help = try await Self.run(["serve", "--help"], environment: ["COLUMNS": "200"])

        // A flag declared with `@Option(setting:)` takes its help from its setting's row (Wiring/ServeSettings+All.swift);
        // a key without a row would leave the flag and its value name alone on the line.
        let options = help.output.components(separatedBy: "\n  --").dropFirst()
        #expect(options.count > 50)
        for option in options {
            let words = option.split { $0 == " " || $0 == "\n" }.filter { !$0.hasPrefix("-") }
            #expect(words.count >= 3, "--\(option)")
        }
    }

    @Test(arguments: [
        ["import", "--help"], ["export", "--help"], ["restore", "--help"],
    ])
    func discussionsAreWrappedByTheTerminalNotInTheMiddleOfASentence(arguments: [String]) async throws {
        let help = try await Self.run(arguments, environment: ["COLUMNS": "1000"])

        // OVERVIEW, a blank line, the discussion: one paragraph, so one line on a terminal this wide.
        let lines = help.output.split(separator: "\n", omittingEmptySubsequences: false)
        let discussion = lines.drop { !$0.isEmpty }.dropFirst().prefix { !$0.hasPrefix("USAGE") && !$0.isEmpty }
        #expect(discussion.count == 1, "\(discussion.joined(separator: "\n"))")
    }
}
