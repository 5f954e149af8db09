/// A request path resolved to its resource, with decoded path parameters but no validation of them yet.
///
/// Shared by `APIRouter.match(_:)` and `APIRouter.endpoint(method:path:)` so that both agree on which paths exist and
/// which methods they allow.
enum RoutePath: Hashable {
    /// `/classes/{name}`, `/users`, `/roles`, `/installations`, `/push`.
    case collection(CollectionPath)
    /// `/classes/{name}/{objectId}`, `/users/{objectId}`…
    case object(CollectionPath, objectId: String)
    /// `/push/{objectId}/openNumber`.
    case pushOpenNumber(objectId: String)
    /// `/login`.
    case login
    /// `/logout`.
    case logout
    /// `/requestMailAddressUserEntry`.
    case requestMailAddressUserEntry
    /// `/requestPasswordReset`.
    case requestPasswordReset
    /// `/files`.
    case files
    /// `/files/{fileName}`.
    case file(name: String)
    /// `/batch`.
    case batch
    /// `/2015-09-01/script/{name}`.
    case script(name: String)
    /// `/applications/{applicationId}/…`.
    case application(applicationId: String, ApplicationPath)

    /// Resolves a raw path.
    ///
    /// A single trailing slash is ignored (wire spec §11 item 7). Segments are percent-decoded without reading `+` as a
    /// space, so raw UTF-8 and `%XX` forms of a file name give the same name.
    ///
    /// - Throws: E404001 for any path that names no endpoint, including segments that do not decode to UTF-8.
    init(path: String) throws(APIError) {
        guard path.hasPrefix("/") else { throw APIError(.noDataAvailable) }
        var rawSegments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        if rawSegments.count > 1, rawSegments.last?.isEmpty == true { rawSegments.removeLast() }
        var segments: [String] = []
        segments.reserveCapacity(rawSegments.count)
        for rawSegment in rawSegments {
            guard !rawSegment.isEmpty, let segment = PercentEncoding.decode(rawSegment) else {
                throw APIError(.noDataAvailable)
            }
            segments.append(segment)
        }
        guard let resolved = RoutePath(segments: segments) else { throw APIError(.noDataAvailable) }
        self = resolved
    }

    private init?(segments: [String]) {
        guard let version = segments.first else { return nil }
        let resource = Array(segments.dropFirst())
        if version == APIRouter.scriptVersion {
            guard resource.count == 2, resource[0] == "script" else { return nil }
            self = .script(name: resource[1])
            return
        }
        guard version == APIRouter.apiVersion, let first = resource.first else { return nil }
        if let collection = CollectionPath(standardName: first) {
            switch resource.count {
            case 1: self = .collection(collection)
            case 2: self = .object(collection, objectId: resource[1])
            case 3 where collection == .push && resource[2] == "openNumber": self = .pushOpenNumber(objectId: resource[1])
            default: return nil
            }
            return
        }
        switch (first, resource.count) {
        case ("classes", 2): self = .collection(.classes(resource[1]))
        case ("classes", 3): self = .object(.classes(resource[1]), objectId: resource[2])
        case ("login", 1): self = .login
        case ("logout", 1): self = .logout
        case ("requestMailAddressUserEntry", 1): self = .requestMailAddressUserEntry
        case ("requestPasswordReset", 1): self = .requestPasswordReset
        case ("files", 1): self = .files
        case ("files", 2): self = .file(name: resource[1])
        case ("batch", 1): self = .batch
        case ("applications", 3...4):
            guard let page = ApplicationPath(resource.dropFirst(2)) else { return nil }
            self = .application(applicationId: resource[1], page)
        default: return nil
        }
    }

    /// The endpoint of this path for a method.
    ///
    /// - Parameter method: the request method, or `nil` for a method the API does not use.
    /// - Throws: E405001 when the path does not allow the method.
    func endpoint(for method: RequestMethod?) throws(APIError) -> APIEndpoint {
        let endpoint: APIEndpoint? =
            switch (self, method) {
            case (.collection(let collection), .post): .objects(group: collection.endpointGroup, .create)
            case (.collection(let collection), .get): .objects(group: collection.endpointGroup, .find)
            case (.object(let collection, _), .get): .objects(group: collection.endpointGroup, .get)
            case (.object(let collection, _), .put): .objects(group: collection.endpointGroup, .update)
            case (.object(let collection, _), .delete): .objects(group: collection.endpointGroup, .delete)
            case (.pushOpenNumber, .post): .pushOpened
            case (.login, .get), (.login, .post): .login
            case (.logout, .get): .logout
            case (.requestMailAddressUserEntry, .post): .requestMailAddressUserEntry
            case (.requestPasswordReset, .post): .requestPasswordReset
            case (.files, .get): .filesFind
            case (.file, .post): .filesUpload
            case (.file, .get): .filesDownload
            case (.file, .put): .filesUpdateACL
            case (.file, .delete): .filesDelete
            case (.batch, .post): .batch
            case (.script, .some): .scriptExecute
            case (.application(_, .mailAddressConfirm), .get): .mailAddressConfirm
            case (.application(_, .mailAddressUser), .post): .mailAddressUser
            case (.application(_, .requestPasswordResetUpdate), .post): .requestPasswordResetUpdate
            case (.application(_, .publicFile), .get): .publicFile
            case (.application(_, .mailAddressUserEntryForm), .get): .mailAddressUserEntryForm
            case (.application(_, .passwordResetForm), .get): .passwordResetForm
            default: nil
            }
        guard let endpoint else { throw APIError(.methodNotAllowed) }
        return endpoint
    }
}

/// The collection part of an object path.
enum CollectionPath: Hashable {
    /// `/classes/{name}` with the decoded, not yet validated name.
    case classes(String)
    /// `/users`.
    case users
    /// `/roles`.
    case roles
    /// `/installations`.
    case installations
    /// `/push`.
    case push

    init?(standardName: String) {
        switch standardName {
        case "users": self = .users
        case "roles": self = .roles
        case "installations": self = .installations
        case "push": self = .push
        default: return nil
        }
    }

    /// The first word of the metric label, as ``ClassReference/endpointGroup`` gives it.
    var endpointGroup: String {
        switch self {
        case .classes: "objects"
        case .users: "users"
        case .roles: "roles"
        case .installations: "installations"
        case .push: "push"
        }
    }

    /// The validated class reference.
    ///
    /// - Throws: E400002 `"<name> is invalid."` for an invalid class name; 403 E403003 for a standard class name under
    ///   `/classes` (wire spec §5.1).
    func classReference() throws(APIError) -> ClassReference {
        switch self {
        case .classes(let rawName):
            let name = try ClassName(validating: rawName)
            guard !name.isStandard else { throw APIError(.operationThatAreProhibited) }
            return .custom(name)
        case .users: return .users
        case .roles: return .roles
        case .installations: return .installations
        case .push: return .push
        }
    }
}

/// The page part of an `/applications/{applicationId}/…` path.
enum ApplicationPath: Hashable {
    case mailAddressConfirm
    case mailAddressUser
    case requestPasswordResetUpdate
    case publicFile(name: String)
    /// Kumo's own form page for a mail-address sign-up (`KumoPage.mailAddressUserEntryForm`).
    case mailAddressUserEntryForm
    /// Kumo's own form page for a password reset (`KumoPage.passwordResetForm`).
    case passwordResetForm

    init?(_ segments: ArraySlice<String>) {
        switch Array(segments) {
        case ["requestMailAddressUserEntry"]: self = .mailAddressUserEntryForm
        case ["requestPasswordReset"]: self = .passwordResetForm
        case ["mailAddressConfirm"]: self = .mailAddressConfirm
        case ["mailAddressUser"]: self = .mailAddressUser
        case ["requestPasswordResetUpdate"]: self = .requestPasswordResetUpdate
        case let parts where parts.count == 2 && parts[0] == "publicFiles": self = .publicFile(name: parts[1])
        default: return nil
        }
    }
}
