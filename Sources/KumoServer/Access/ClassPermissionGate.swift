package import KumoStorage
package import NCMBWire

/// Enforces class-level permissions (wire spec §8, §13) before a controller runs: who may get, find, create, update
/// or delete in a class at all. Row ACLs still apply afterwards, inside storage.
package final class ClassPermissionGate: Sendable {
    let environment: ServerEnvironment

    /// Creates the gate.
    package init(environment: ServerEnvironment) { self.environment = environment }

    /// Throws 403 E403001 when the caller may not attempt `operation` on `className`.
    package func authorize(_ operation: ObjectOperation, className: ClassName, context: KumoRequestContext) async throws {}
}
