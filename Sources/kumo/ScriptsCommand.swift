import ArgumentParser
import Foundation
import KumoAdministration
import KumoScripts
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
            _ = try ScriptsCommand.runtime(nodePath)
            let permission = try runPermission()
            let checker = NodeScriptSyntaxCheck(nodePath: nodePath ?? ProcessInfo.processInfo.environment["KUMO_NODE"])
            try await applicationOptions.withApplication { storage, application in
                let administration = AdministrationScripts(storage: storage, syntaxCheck: checker)
                var deployments: [ScriptDeployment] = []
                for file in files {
                    let scriptName = name ?? URL(fileURLWithPath: file).lastPathComponent
                    guard let data = FileManager.default.contents(atPath: file) else { throw ValidationError("cannot read \(file)") }
                    do {
                        deployments.append(
                            try await administration.prepare(
                                name: scriptName, bytes: Array(data), runPermission: permission, application: application))
                    } catch let refusal as AdministrationScripts.Refusal {
                        throw ValidationError(ScriptsCommand.message(refusal, file: file))
                    } catch let unavailable as ScriptSyntaxCheckUnavailable {
                        throw ValidationError(unavailable.description)
                    }
                }
                for deployment in deployments {
                    let stored = try await ScriptsCommand.administrationCall {
                        try await administration.store(deployment, application: application).script
                    }
                    await CommandLineAudit.record(
                        "script.deploy", in: storage, application: application.name, target: stored.name,
                        detail: [
                            "version": .integer(Int64(stored.version)), "versionHash": .string(stored.versionHash),
                            "runPermission": .string(stored.runPermission.text),
                        ])
                    print(
                        "Deployed \(stored.name) version \(stored.version) to '\(application.name)'"
                            + (stored.isEnabled ? "" : " (disabled)"))
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
                                + "run: \(script.runPermission.text)  \(script.code.utf8.count) bytes  updated \(script.updateDate.formatted)"
                        )
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
                try await ScriptsCommand.administrationCall {
                    try await AdministrationScripts(storage: storage, syntaxCheck: UnavailableScriptSyntaxCheck(reason: "not needed"))
                        .remove(name: name, application: application)
                }
                await CommandLineAudit.record("script.remove", in: storage, application: application.name, target: name)
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
            let script = try await administrationCall {
                try await AdministrationScripts(storage: storage, syntaxCheck: UnavailableScriptSyntaxCheck(reason: "not needed"))
                    .update(name: name, isEnabled: isEnabled, runPermission: nil, application: application)
            }
            await CommandLineAudit.record(
                "script.update", in: storage, application: application.name, target: script.name, detail: ["enabled": .bool(isEnabled)])
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

    /// Runs a call of the shared administration, turning its refusals into messages for the terminal.
    @discardableResult
    static func administrationCall<Value>(_ body: () async throws -> Value) async throws -> Value {
        do {
            return try await body()
        } catch let refusal as AdministrationScripts.Refusal {
            throw ValidationError(refusal.description)
        }
    }

    /// The terminal's message for a refused script file.
    static func message(_ refusal: AdministrationScripts.Refusal, file: String) -> String {
        switch refusal {
        case .tooLarge(let size, let limit): "\(file) has \(size) bytes; the application's limit is \(limit)"
        case .notText: "\(file) is not UTF-8 text"
        case .syntax(let problem): "\(file) does not compile:\n\(problem.message)"
        default: refusal.description
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
