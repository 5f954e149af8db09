import Foundation

/// The JavaScript of Kumo's script worker (docs/decisions/0049-scripts-on-node-workers.md): `Harness/*.js`, embedded
/// in the binary at build time (`.embedInCode`, so a moved or static binary never misses a resource) and written to the
/// runtime directory at start. `node [isolation flags] harness.js serve MODULES SCRATCH RELAY` runs NCMB scripts one at a
/// time over length-prefixed JSON frames on stdin and stdout.
///
/// - `harness.js`: the frames, `console.*` capture, the answer or the error with its stack, `require('ncmb')` redirected
///   to this Kumo.
/// - `express.js`: Express-compatible `req` and `res`.
/// - `guards.js`: signals only to the worker itself, no servers, UDP, child processes, threads or inspector, and on
///   Node.js 18 (no permission model) no writes outside the scratch folder.
/// - `egress.js`: every TCP connection through Kumo's egress relay (``ScriptEgressRelay``).
package enum ScriptHarness {
    /// The file Node.js runs.
    package static let entryPoint = "harness.js"

    /// Every file of the harness: its name and its bytes.
    package static let files: [(name: String, bytes: [UInt8])] = [
        ("harness.js", PackageResources.harness_js), ("express.js", PackageResources.express_js),
        ("guards.js", PackageResources.guards_js), ("egress.js", PackageResources.egress_js),
    ]

    /// Writes the files into `directory` (created), readable by every user: workers that run as a user of their own
    /// read them too.
    static func write(to directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        for file in files {
            let url = directory.appendingPathComponent(file.name)
            try Data(file.bytes).write(to: url)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: url.path)
        }
    }
}
