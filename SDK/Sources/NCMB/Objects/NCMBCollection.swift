internal import NCMBWire

/// Which endpoint a class of objects lives under: `/classes/{name}` or a standard collection such as `/users`.
enum NCMBCollection: Sendable, Hashable {
    /// `/classes/{name}`: a custom class.
    case classes
    /// `/users`.
    case users
    /// `/roles`.
    case roles
    /// `/installations`.
    case installations
    /// `/push`.
    case push
    /// `/files`: file metadata, which only queries read as objects (docs/wire/endpoints/files.md).
    case files

    /// The wire reference for objects of `className` in this collection.
    ///
    /// - Throws: ``NCMBInvalidRequestError/invalidClassName`` when a custom class name is not valid
    ///   (docs/decisions/0012-names-and-sizes.md).
    func classReference(className: String) throws(NCMBInvalidRequestError) -> ClassReference {
        switch self {
        case .classes:
            guard let name = ClassName(className) else { throw .invalidClassName }
            return .custom(name)
        case .users: return .users
        case .roles: return .roles
        case .installations: return .installations
        case .push: return .push
        // Files have no object endpoint: `NCMBFile` builds its own routes and queries use `findRoute`.
        case .files: throw .invalidClassName
        }
    }
}
