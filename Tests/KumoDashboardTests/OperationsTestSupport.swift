import Foundation
import HTTPTypes
import HummingbirdTesting
import KumoAdministration
import KumoDashboard
import KumoSeams
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import NIOCore
import Testing

/// A syntax check that fails the running test on every call the test did not provide.
struct FailingScriptSyntaxCheck: ScriptSyntaxChecking {
    var onCheck: (@Sendable (String, String) async throws -> ScriptSyntaxProblem?)?

    func check(_ code: String, name: String) async throws -> ScriptSyntaxProblem? {
        guard let onCheck else { throw UnexpectedCall("ScriptSyntaxChecking.check", name) }
        return try await onCheck(code, name)
    }

    /// A check that lets every script through and counts them.
    static func passing(_ counter: LockedBox<[String]>) -> FailingScriptSyntaxCheck {
        FailingScriptSyntaxCheck { _, name in
            counter.mutate { $0.append(name) }
            return nil
        }
    }
}

extension DashboardClientSession {
    /// PUTs raw bytes (an import upload) with the session's CSRF token.
    @discardableResult
    func putBytes(_ target: String, bytes: [UInt8], csrf: Bool = true) async throws -> TestResponse {
        var headers = HTTPFields()
        headers[HTTPField.Name("Host")!] = "localhost:8080"
        headers[.contentType] = "application/octet-stream"
        headers[.cookie] = cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        if csrf { headers[DashboardHeaderNames.csrf] = try await csrfToken() }
        return try await client.execute(uri: target, method: .put, headers: headers, body: ByteBuffer(bytes: bytes))
    }
}

extension TestResponse {
    /// The body's bytes.
    var bytes: [UInt8] { Array(body.readableBytesView) }
}

/// The audit entries of one action, newest first.
func audited(_ harness: DashboardHarness, _ action: String) async throws -> [AdminAuditEntry] {
    try await harness.audit().filter { $0.action == action }
}
