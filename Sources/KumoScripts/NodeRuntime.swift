import Foundation

/// The Node.js executable scripts run on, found and probed once at start (docs/decisions/0049-scripts-on-node-workers.md).
package struct NodeRuntime: Sendable, Hashable {
    /// How this Node.js turns its permission model on.
    package enum PermissionModel: Sendable, Hashable {
        /// `--permission` (Node.js 22 and later).
        case stable
        /// `--experimental-permission` (Node.js 20). Like `--permission`, one `--allow-fs-*` flag per path: Node.js
        /// 20.20 honours only one entry of a comma-separated list.
        case experimental
        /// None (Node.js 18): the worker's own guards refuse child processes, workers and writes outside the scratch
        /// directory at the module level.
        case guardsOnly
    }

    /// The executable's absolute path.
    package let executable: String
    /// What `node --version` printed, e.g. `v20.20.2`.
    package let version: String
    /// The major version, e.g. 20.
    package let majorVersion: Int
    /// How the permission model is turned on.
    package let permissionModel: PermissionModel

    /// The oldest major version scripts run on.
    package static let minimumMajorVersion = 18

    /// Finds and probes Node.js: `explicitPath` when given (`--node`, `KUMO_NODE`), else `node` on `searchPath`.
    ///
    /// - Returns: the runtime, or why scripts cannot run (for the banner and the log).
    package static func locate(explicitPath: String?, searchPath: String?) -> Result<NodeRuntime, NodeRuntimeError> {
        let candidate: String
        if let explicitPath {
            guard FileManager.default.isExecutableFile(atPath: explicitPath) else {
                return .failure(NodeRuntimeError("\(explicitPath) (--node) is not an executable file"))
            }
            candidate = explicitPath
        } else {
            let folders = (searchPath ?? "").split(separator: ":").map(String.init)
            guard let found = folders.map({ $0 + "/node" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
                return .failure(NodeRuntimeError("node was not found on PATH (install Debian's nodejs package or pass --node)"))
            }
            candidate = found
        }
        return probe(URL(fileURLWithPath: candidate).standardizedFileURL.path)
    }

    /// Asks `executable` for its version and which permission flag it knows.
    static func probe(_ executable: String) -> Result<NodeRuntime, NodeRuntimeError> {
        let output: OneShotProcess.Output
        do {
            output = try OneShotProcess.run(executable, ["--version"])
        } catch {
            return .failure(NodeRuntimeError("\(executable) could not be started: \(error)"))
        }
        let version = output.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        guard output.status == 0, version.hasPrefix("v"), let major = Int(version.dropFirst().prefix { $0 != "." }) else {
            return .failure(NodeRuntimeError("\(executable) is not Node.js (--version printed \"\(version)\")"))
        }
        guard major >= minimumMajorVersion else {
            return .failure(NodeRuntimeError("\(executable) is Node.js \(version); scripts need \(minimumMajorVersion) or later"))
        }
        let model: PermissionModel
        if (try? OneShotProcess.run(executable, ["--permission", "-e", "0"]))?.status == 0 {
            model = .stable
        } else if (try? OneShotProcess.run(executable, ["--experimental-permission", "--no-warnings", "-e", "0"]))?.status == 0 {
            model = .experimental
        } else {
            model = .guardsOnly
        }
        return .success(NodeRuntime(executable: executable, version: version, majorVersion: major, permissionModel: model))
    }

    /// The flags that isolate a worker: the permission model (reads of the worker's own file, the modules and the
    /// scratch directory; writes to the scratch directory only; no child processes, no worker threads), the heap limit.
    func isolationArguments(readable: [String], scratch: String, heapMegabytes: Int) -> [String] {
        var arguments = ["--no-warnings", "--max-old-space-size=\(heapMegabytes)"]
        switch permissionModel {
        case .stable: arguments.append("--permission")
        case .experimental: arguments.append("--experimental-permission")
        case .guardsOnly: return arguments
        }
        arguments += (readable + [scratch]).map { "--allow-fs-read=\($0)" }
        arguments.append("--allow-fs-write=\(scratch)")
        return arguments
    }

    /// A description for the banner, e.g. `Node.js v20.20.2 at /usr/bin/node (permission model)`.
    package var description: String {
        let isolation =
            switch permissionModel {
            case .stable, .experimental: "permission model"
            case .guardsOnly: "no permission model: module-level guards only"
            }
        return "Node.js \(version) at \(executable) (\(isolation))"
    }
}

/// Why Node.js cannot run scripts.
package struct NodeRuntimeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong and what to do.
    package let description: String

    init(_ description: String) {
        self.description = description
    }
}
