/// One of NCMB's five standard classes, and every name it goes by: the one table of them
/// (docs/decisions/0152-one-table-of-standard-classes.md).
///
/// | stored (`className`) | REST and dashboard (`restName`) | object routes (`reference`) | also imported from |
/// |---|---|---|---|
/// | `user` | `users` | `/users` | `user.json`, `users.json` |
/// | `role` | `roles` | `/roles` | `role.json`, `roles.json` |
/// | `installation` | `installations` | `/installations` | `installation.json`, `installations.json` |
/// | `push` | `push` | `/push` | `push.json`, `pushes.json` |
/// | `file` | `files` | none (`/files/{fileName}` routes) | `file.json`, `files.json` |
///
/// The server's features (realtime subscriptions, the dashboard's data browser, class permissions, indexes and exports,
/// `kumo import`) and the dashboard's web app (the generated `routes.js`) all read it from here.
package struct StandardClass: Sendable, Hashable {
    /// The class as storage, pointers and queries name it: `user`.
    package let className: ClassName
    /// The class as the REST API's paths, realtime subscriptions and the dashboard name it: `users`.
    package let restName: String
    /// The object routes of the class; `nil` for files, which have routes of their own and no data-browser page.
    package let reference: ClassReference?
    /// Lowercased names a file of an export may have besides `<className>.json` and `<restName>.json` (`pushes`).
    package let otherImportNames: [String]

    /// Users.
    package static let users = StandardClass(className: .user, restName: "users", reference: .users)
    /// Roles.
    package static let roles = StandardClass(className: .role, restName: "roles", reference: .roles)
    /// Installations.
    package static let installations = StandardClass(
        className: .installation, restName: "installations", reference: .installations)
    /// Push notifications.
    package static let push = StandardClass(className: .push, restName: "push", reference: .push, otherImportNames: ["pushes"])
    /// File metadata.
    package static let files = StandardClass(className: .file, restName: "files", reference: nil)

    /// The five, in the order an import writes them (users before roles, which point at them).
    package static let all: [StandardClass] = [.users, .roles, .installations, .push, .files]

    /// The standard class of a REST or dashboard name (`users`, …, `files`), or `nil`.
    package static func named(_ restName: String) -> StandardClass? {
        all.first { $0.restName == restName }
    }

    /// The standard class stored as `className`, or `nil` for a custom class.
    package static func of(_ className: ClassName) -> StandardClass? {
        all.first { $0.className == className }
    }

    /// The standard class an export's file name (without `.json`, any case) names: its stored name, its REST name or
    /// another name tools gave it (`User`, `users`, `pushes`…); `nil` otherwise.
    package static func imported(fromFileNamed name: String) -> StandardClass? {
        let name = name.lowercased()
        return all.first { $0.className.rawValue == name || $0.restName == name || $0.otherImportNames.contains(name) }
    }

    private init(className: ClassName, restName: String, reference: ClassReference?, otherImportNames: [String] = []) {
        self.className = className
        self.restName = restName
        self.reference = reference
        self.otherImportNames = otherImportNames
    }
}
