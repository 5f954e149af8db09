import ArgumentParser
import Foundation
import KumoScripts
import KumoSeams
import KumoServer
import KumoStorage
import NCMBWire

/// `kumo scripts …`: the application's NCMB scripts (docs/wire/endpoints/scripts.md), stored in the database so that
/// every instance runs the same version, and their execution log.
struct ScriptsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scripts", abstract: "Deploy and manage NCMB scripts, and read their execution log.",
        subcommands: [
            Deploy.self, List.self, Show.self, Remove.self, Enable.self, Disable.self, ScriptLogsCommand.self,
        ])

    /// `kumo scripts deploy FILE… [--name NAME] [--run WHO] [--app APP]`
    struct Deploy: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create or replace scripts; each is syntax-checked with Node.js first.",
            discussion: "A replaced script keeps being enabled or disabled and keeps its run permission unless --run is given.")

        @Argument(help: "The script files; each is named after its file unless --name is given.") var files: [String]
        @Option(help: "The script's name when one file is deployed, e.g. hello.js.") var name: String?
        @Option(help: "Who may run the scripts: public, authenticated or role:NAME[,role:NAME…].") var run: String?
        @Option(name: .customLong("node"), help: "The Node.js used for the syntax check (default: node on PATH, or KUMO_NODE).")
        var nodePath: String?
        @OptionGroup var applicationOptions: ApplicationOptions

        func validate() throws {
            guard !files.isEmpty else { throw ValidationError("give at least one script file") }
            if name != nil, files.count > 1 { throw ValidationError("--name needs exactly one file") }
            _ = try runPermission()
        }

        /// `--run` parsed; `nil` when not given.
        func runPermission() throws -> OperationPermission? {
            guard let run else { return nil }
            do {
                let permission = try OperationPermission(text: run)
                guard permission.isPublic || permission.allowsAuthenticatedUsers || !permission.roleNames.isEmpty else {
                    throw ValidationError("--run: a script nobody may run cannot be called; use kumo scripts disable")
                }
                return permission
            } catch let error as OperationPermission.TextError {
                throw ValidationError("--run: \(error.description)")
            }
        }

        func run() async throws {
            let runtime = try ScriptsCommand.runtime(nodePath)
            let permission = try runPermission()
            try await applicationOptions.withApplication { storage, application in
                let limits = application.settings.scripts
                var deployments: [ScriptDeployment] = []
                for file in files {
                    let scriptName = name ?? URL(fileURLWithPath: file).lastPathComponent
                    guard StoredScript.isValidName(scriptName) else {
                        throw ValidationError("'\(scriptName)' is not a script name: up to 100 of A-Z a-z 0-9 _ - ., ending in .js")
                    }
                    guard let data = FileManager.default.contents(atPath: file) else { throw ValidationError("cannot read \(file)") }
                    guard data.count <= limits.maximumFileSize else {
                        throw ValidationError("\(file) has \(data.count) bytes; the application's limit is \(limits.maximumFileSize)")
                    }
                    guard let code = String(data: data, encoding: .utf8) else { throw ValidationError("\(file) is not UTF-8 text") }
                    if let problem = try ScriptSyntaxCheck.check(code, name: scriptName, runtime: runtime) {
                        throw ValidationError("\(file) does not compile:\n\(problem)")
                    }
                    deployments.append(
                        ScriptDeployment(
                            applicationId: application.applicationId, name: scriptName, code: code, runPermission: permission))
                }
                for deployment in deployments {
                    let stored = try await ScriptsCommand.storageCall {
                        try await storage.scripts.deploy(deployment, maximumCount: limits.maximumCount, now: SystemWallClock().now())
                    }
                    print("Deployed \(stored.name) version \(stored.version) to '\(application.name)'" + (stored.isEnabled ? "" : " (disabled)"))
                }
            }
        }
    }

    /// `kumo scripts list [--json]`
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the application's scripts.")

        @OptionGroup var applicationOptions: ApplicationOptions
        @Flag(help: "Print machine-readable JSON.") var json = false

        func run() async throws {
            try await applicationOptions.withApplication { storage, application in
                let scripts = try await storage.scripts.scripts(applicationId: application.applicationId)
                if json {
                    print(JSONValue.array(scripts.map { .object(ScriptsCommand.summary($0)) }).serializedString())
                } else if scripts.isEmpty {
                    print("'\(application.name)' has no scripts (deploy one with kumo scripts deploy FILE).")
                } else {
                    for script in scripts {
                        print(
                            "\(script.name)  version \(script.version)  \(script.isEnabled ? "enabled" : "disabled")  "
                                + "run: \(script.runPermission.text)  \(script.code.utf8.count) bytes  updated \(script.updateDate.formatted)")
                    }
                }
            }
        }
    }

    /// `kumo scripts show NAME [--json]`
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show a script's settings and code.")

        @Argument(help: "The script's name, e.g. hello.js.") var name: String
        @OptionGroup var applicationOptions: ApplicationOptions
        @Flag(help: "Print machine-readable JSON (with the code).") var json = false

        func run() async throws {
            try await applicationOptions.withApplication { storage, application in
                guard let script = try await storage.scripts.script(applicationId: application.applicationId, name: name) else {
                    throw ValidationError("'\(application.name)' has no script named \(name) (see kumo scripts list)")
                }
                if json {
                    var object = ScriptsCommand.summary(script)
                    object["code"] = .string(script.code)
                    print(JSONValue.object(object).serializedString())
                } else {
                    print(
                        """
                        \(script.name), version \(script.version), \(script.isEnabled ? "enabled" : "disabled")
                          run:       \(script.runPermission.text)
                          sha256:    \(script.versionHash)
                          created:   \(script.createDate.formatted)
                          updated:   \(script.updateDate.formatted)

                        \(script.code)
                        """)
                }
            }
        }
    }

    /// `kumo scripts remove NAME`
    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a script (its log entries stay until they expire).")

        @Argument(help: "The script's name.") var name: String
        @OptionGroup var applicationOptions: ApplicationOptions

        func run() async throws {
            try await applicationOptions.withApplication { storage, application in
                try await ScriptsCommand.storageCall(name: name) {
                    try await storage.scripts.remove(applicationId: application.applicationId, name: name)
                }
                print("Removed \(name) from '\(application.name)'")
            }
        }
    }

    /// `kumo scripts enable NAME`
    struct Enable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Let calls run a script again.")

        @Argument(help: "The script's name.") var name: String
        @OptionGroup var applicationOptions: ApplicationOptions

        func run() async throws { try await ScriptsCommand.setEnabled(true, name: name, applicationOptions) }
    }

    /// `kumo scripts disable NAME`
    struct Disable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Make calls of a script answer 404 without removing it.")

        @Argument(help: "The script's name.") var name: String
        @OptionGroup var applicationOptions: ApplicationOptions

        func run() async throws { try await ScriptsCommand.setEnabled(false, name: name, applicationOptions) }
    }

    static func setEnabled(_ isEnabled: Bool, name: String, _ applicationOptions: ApplicationOptions) async throws {
        try await applicationOptions.withApplication { storage, application in
            let script = try await storageCall(name: name) {
                try await storage.scripts.update(
                    applicationId: application.applicationId, name: name, isEnabled: isEnabled, runPermission: nil, now: SystemWallClock().now())
            }
            print("\(script.name) is \(script.isEnabled ? "enabled" : "disabled")")
        }
    }

    /// The Node.js for syntax checks: `--node`, `KUMO_NODE`, or `node` on `PATH`.
    static func runtime(_ nodePath: String?) throws -> NodeRuntime {
        let environment = ProcessInfo.processInfo.environment
        switch NodeRuntime.locate(explicitPath: nodePath ?? environment["KUMO_NODE"], searchPath: environment["PATH"]) {
        case .success(let runtime): return runtime
        case .failure(let error): throw ValidationError("scripts are syntax-checked with Node.js before they are stored: \(error)")
        }
    }

    /// Runs a storage call, turning its errors into messages for the terminal.
    @discardableResult
    static func storageCall<Value>(name: String? = nil, _ body: () async throws -> Value) async throws -> Value {
        do {
            return try await body()
        } catch StorageError.notFound {
            throw ValidationError("there is no script named \(name ?? "") (see kumo scripts list)")
        } catch StorageError.invalid(let error) {
            throw ValidationError(error.message)
        }
    }

    /// The listing fields of a script (everything but its code).
    static func summary(_ script: StoredScript) -> JSONObject {
        [
            "name": .string(script.name), "version": .integer(Int64(script.version)), "enabled": .bool(script.isEnabled),
            "run": .string(script.runPermission.text), "sha256": .string(script.versionHash),
            "size": .integer(Int64(script.code.utf8.count)), "createDate": .string(script.createDate.formatted),
            "updateDate": .string(script.updateDate.formatted),
        ]
    }
}
