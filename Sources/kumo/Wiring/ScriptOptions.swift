import ArgumentParser
import Foundation
import KumoScripts
import KumoSeams
import KumoServer
import Logging
import ServiceLifecycle

/// How `kumo serve` runs NCMB scripts (docs/configuration.md, "Scripts"): which Node.js, where `require` finds modules,
/// how many workers, how long the execution log is kept.
struct ScriptOptions: ParsableArguments {
    @Option(setting: "node")
    var nodeOption: String?

    /// `--node`, else `KUMO_NODE`.
    var node: String? { nodeOption ?? ProcessInfo.processInfo.environment["KUMO_NODE"] }

    @Option(setting: "scripts-modules")
    var modulesOption: String?

    /// `--scripts-modules`, else `KUMO_SCRIPTS_MODULES`.
    var modules: String? { modulesOption ?? ProcessInfo.processInfo.environment["KUMO_SCRIPTS_MODULES"] }

    @Option(setting: "scripts-workers")
    var workers = ServeSettings.variable("KUMO_SCRIPTS_WORKERS", as: Int.self) ?? 8

    @Option(setting: "scripts-heap-mb")
    var heapMegabytes = ServeSettings.variable("KUMO_SCRIPTS_HEAP_MB", as: Int.self) ?? 128

    @Option(setting: "scripts-memory-mb")
    var memoryOption: Int?

    /// `--scripts-memory-mb`, else `KUMO_SCRIPTS_MEMORY_MB`, else the heap limit + 256 MiB (384 with the default heap).
    var memoryMegabytes: Int {
        memoryOption ?? ServeSettings.variable("KUMO_SCRIPTS_MEMORY_MB", as: Int.self) ?? heapMegabytes + 256
    }

    @Option(setting: "scripts-allow-network")
    var allowNetworkOption: String?

    /// `--scripts-allow-network`, else `KUMO_SCRIPTS_ALLOW_NETWORK`: the ranges, or the first entry that is not one.
    var allowedNetworks: Result<[AddressRange], ValidationError> {
        let text = allowNetworkOption ?? ProcessInfo.processInfo.environment["KUMO_SCRIPTS_ALLOW_NETWORK"] ?? ""
        var ranges: [AddressRange] = []
        for entry in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !entry.isEmpty {
            guard let range = AddressRange(entry) else {
                let source = ServeSettings.source(ofFlag: "--scripts-allow-network")
                return .failure(ValidationError("\(source): \(entry) is not an address or an address range (10.0.0.0/8)"))
            }
            ranges.append(range)
        }
        return .success(ranges)
    }

    @Option(setting: "scripts-isolation")
    var isolationOption: String?

    /// `--scripts-isolation`, else `KUMO_SCRIPTS_ISOLATION`, else `auto`, in any letter case.
    var isolation: ScriptSandbox.Preference? {
        ScriptSandbox.Preference(
            rawValue: (isolationOption ?? ProcessInfo.processInfo.environment["KUMO_SCRIPTS_ISOLATION"] ?? "auto").lowercased())
    }

    @Option(setting: "scripts-log-days")
    var logDays = ServeSettings.variable("KUMO_SCRIPTS_LOG_DAYS", as: Int.self) ?? 7

    func validate() throws {
        guard (1...256).contains(workers) else { throw ValidationError("--scripts-workers must be between 1 and 256") }
        guard (16...16_384).contains(heapMegabytes) else { throw ValidationError("--scripts-heap-mb must be between 16 and 16384") }
        guard (heapMegabytes + 128...65_536).contains(memoryMegabytes) else {
            let source = ServeSettings.source(ofFlag: "--scripts-memory-mb")
            throw ValidationError("\(source) must be between --scripts-heap-mb + 128 (\(heapMegabytes + 128)) and 65536")
        }
        guard isolation != nil else { throw ValidationError("--scripts-isolation must be auto or process") }
        if case .failure(let error) = allowedNetworks { throw error }
        guard (1...3_650).contains(logDays) else { throw ValidationError("--scripts-log-days must be between 1 and 3650") }
        if let modules {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: modules, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ValidationError("--scripts-modules \(modules) is not a folder")
            }
        }
    }

    /// The runner: Node.js workers when Node.js is usable, else one that answers 503 with the reason. Never fails the
    /// start: without scripts the rest of Kumo still serves.
    func makeRunner(logger: Logger) -> (runner: any ScriptRunner, node: NodeScriptRunner?, description: String) {
        switch NodeRuntime.locate(explicitPath: node, searchPath: ProcessInfo.processInfo.environment["PATH"]) {
        case .failure(let error):
            logger.warning("Scripts are off", metadata: ["reason": "\(error)"])
            return (UnavailableScriptRunner(reason: error.description), nil, "off: \(error)")
        case .success(let runtime):
            let configuration = NodeScriptRunner.Configuration(
                modulesDirectory: modules, maximumWorkers: workers, heapMegabytes: heapMegabytes, memoryMegabytes: memoryMegabytes,
                allowedNetworks: (try? allowedNetworks.get()) ?? [], isolation: isolation ?? .automatic)
            do {
                let runner = try NodeScriptRunner(runtime: runtime, configuration: configuration, logger: logger)
                var metadata: Logger.Metadata = [
                    "level": "\(runner.sandbox.level.rawValue)", "isolation": "\(runner.isolationDescription)",
                ]
                if let reason = runner.sandbox.fallbackReason {
                    metadata["fallbackReason"] = "\(reason)"
                    logger.warning("Scripts run without the strongest isolation", metadata: metadata)
                } else {
                    logger.info("Scripts isolation", metadata: metadata)
                }
                let description = runtime.description + (modules.map { ", modules from \($0)" } ?? "")
                return (runner, runner, description + "; isolation: " + runner.isolationDescription)
            } catch {
                let reason = "the script runtime directory could not be written: \(error)"
                logger.warning("Scripts are off", metadata: ["reason": "\(reason)"])
                return (UnavailableScriptRunner(reason: reason), nil, "off: \(reason)")
            }
        }
    }
}

/// Stops the Node.js workers when the service group shuts down.
struct ScriptRunnerStopper: Service {
    let runner: NodeScriptRunner

    func run() async throws {
        try? await gracefulShutdown()
        await runner.shutDown()
    }
}
