import KumoMemberwise
package import KumoStorage
package import NCMBWire

/// Class-level permissions in the text vocabulary of `kumo classes permissions` (`public`, `authenticated`, `nobody`,
/// `role:A,role:B`): the one code that `kumo classes permissions show|set|reset` and the dashboard's permissions
/// endpoint read, check and store them with (docs/dashboard.md#class-permissions).
@PackageMemberwiseInit
package struct AdministrationClassPermissions: Sendable {
    /// The operations, in the order they are shown.
    package static let operations: [ObjectOperation] = [.get, .find, .create, .update, .delete]

    let storage: any StorageBackend

    /// A permission text refused: the operation and why.
    package struct Refusal: Error, Sendable, Hashable, CustomStringConvertible {
        /// The operation (`find`) or the key that is not one.
        package var field: String
        /// What is wrong.
        package var message: String

        package var description: String { "\(field): \(message)" }
    }

    /// The permissions of a class (open when none are stored).
    package func permissions(applicationId: String, className: ClassName) async throws -> ClassPermissions {
        try await storage.applications.classPermissions(applicationId: applicationId)[className] ?? .open
    }

    /// Reads texts by operation name (`{"find":"authenticated"}`); operations left out are not in the result.
    ///
    /// - Throws: ``Refusal`` for an unknown operation or a text that is not a permission.
    package static func parse(_ texts: [(operation: String, text: String)]) throws(Refusal) -> [ObjectOperation: OperationPermission] {
        var changes: [ObjectOperation: OperationPermission] = [:]
        for (name, text) in texts {
            guard let operation = ObjectOperation(rawValue: name), operations.contains(operation) else {
                throw Refusal(field: name, message: "is not an operation: use get, find, create, update or delete")
            }
            do {
                changes[operation] = try OperationPermission(text: text)
            } catch {
                throw Refusal(field: name, message: error.description)
            }
        }
        return changes
    }

    /// Changes some operations of a class (the others keep theirs) and stores the result, which it returns.
    @discardableResult
    package func change(
        _ changes: [ObjectOperation: OperationPermission], applicationId: String, className: ClassName
    ) async throws -> ClassPermissions {
        var permissions = try await permissions(applicationId: applicationId, className: className)
        for (operation, permission) in changes { permissions.operations[operation] = permission }
        try await storage.applications.setClassPermissions(permissions, applicationId: applicationId, className: className)
        return permissions
    }

    /// Opens every operation of a class again.
    package func reset(applicationId: String, className: ClassName) async throws {
        try await storage.applications.setClassPermissions(.open, applicationId: applicationId, className: className)
    }

    /// `{"get":"public","find":"authenticated",…}`: every operation's text.
    package static func json(_ permissions: ClassPermissions) -> JSONObject {
        var object = JSONObject()
        for operation in operations { object[operation.rawValue] = .string(permissions.permission(for: operation).text) }
        return object
    }
}
