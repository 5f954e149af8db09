/// A route without its payload: what the server must know before it authenticates a request (wire spec §3.9), and the
/// label of its metrics.
///
/// `APIRouter.endpoint(method:path:)` resolves it from the method and path alone; `APIRoute.endpoint` gives the same
/// value for a matched route.
package struct APIEndpoint: Sendable, Hashable, CustomStringConvertible {
    /// A low-cardinality label such as `objects.create`, `users.find`, `login`, `files.upload` or `script.execute`.
    package let name: String
    /// Whether requests must carry the NCMB signature headers; `false` for the browser endpoints (wire spec §5.10).
    package let isSigned: Bool
    /// Whether this is a script call, signed with the script FQDN (wire spec §5.9).
    package let isScript: Bool

    init(_ name: String, isSigned: Bool = true, isScript: Bool = false) {
        self.name = name
        self.isSigned = isSigned
        self.isScript = isScript
    }

    package var description: String { name }

    /// An object operation on a collection: `objects.create`, `users.find`, `push.delete`…
    package static func objects(_ reference: ClassReference, _ operation: ObjectOperation) -> APIEndpoint {
        objects(group: reference.endpointGroup, operation)
    }

    /// An object operation by group name (`objects`, `users`…), for paths whose class name is not validated yet.
    static func objects(group: String, _ operation: ObjectOperation) -> APIEndpoint {
        APIEndpoint(group + "." + operation.rawValue)
    }

    /// `POST /login` and `GET /login`.
    package static let login = APIEndpoint("login")
    /// `GET /logout`.
    package static let logout = APIEndpoint("logout")
    /// `POST /requestMailAddressUserEntry`.
    package static let requestMailAddressUserEntry = APIEndpoint("requestMailAddressUserEntry")
    /// `POST /requestPasswordReset`.
    package static let requestPasswordReset = APIEndpoint("requestPasswordReset")
    /// `POST /push/{objectId}/openNumber`.
    package static let pushOpened = APIEndpoint("push.opened")
    /// `POST /files/{fileName}`.
    package static let filesUpload = APIEndpoint("files.upload")
    /// `GET /files/{fileName}`.
    package static let filesDownload = APIEndpoint("files.download")
    /// `PUT /files/{fileName}`.
    package static let filesUpdateACL = APIEndpoint("files.updateACL")
    /// `DELETE /files/{fileName}`.
    package static let filesDelete = APIEndpoint("files.delete")
    /// `GET /files`.
    package static let filesFind = APIEndpoint("files.find")
    /// `POST /batch`.
    package static let batch = APIEndpoint("batch")
    /// Any method on `/2015-09-01/script/{name}`.
    package static let scriptExecute = APIEndpoint("script.execute", isScript: true)
    /// `GET /applications/{applicationId}/mailAddressConfirm`, unsigned.
    package static let mailAddressConfirm = APIEndpoint("applications.mailAddressConfirm", isSigned: false)
    /// `POST /applications/{applicationId}/mailAddressUser`, unsigned.
    package static let mailAddressUser = APIEndpoint("applications.mailAddressUser", isSigned: false)
    /// `POST /applications/{applicationId}/requestPasswordResetUpdate`, unsigned.
    package static let requestPasswordResetUpdate = APIEndpoint("applications.requestPasswordResetUpdate", isSigned: false)
    /// `GET /applications/{applicationId}/publicFiles/{fileName}`, unsigned.
    package static let publicFile = APIEndpoint("applications.publicFile", isSigned: false)

    /// Every endpoint, for registering metrics up front.
    package static var all: [APIEndpoint] {
        let groups = ["objects", "users", "roles", "installations", "push"]
        let objectEndpoints = groups.flatMap { group in ObjectOperation.allCases.map { objects(group: group, $0) } }
        return objectEndpoints + [
            login, logout, requestMailAddressUserEntry, requestPasswordReset, pushOpened, filesUpload, filesDownload,
            filesUpdateACL, filesDelete, filesFind, batch, scriptExecute, mailAddressConfirm, mailAddressUser,
            requestPasswordResetUpdate, publicFile, mailAddressUserEntryForm, passwordResetForm,
        ]
    }
}

extension APIRoute {
    /// The payload-free endpoint of this route.
    package var endpoint: APIEndpoint {
        switch self {
        case .objects(let reference, let operation): .objects(reference, operation.operation)
        case .login: .login
        case .logout: .logout
        case .requestMailAddressUserEntry: .requestMailAddressUserEntry
        case .requestPasswordReset: .requestPasswordReset
        case .pushOpened: .pushOpened
        case .files(.upload): .filesUpload
        case .files(.download): .filesDownload
        case .files(.updateACL): .filesUpdateACL
        case .files(.delete): .filesDelete
        case .files(.find): .filesFind
        case .batch: .batch
        case .script: .scriptExecute
        case .applicationPage(_, .mailAddressConfirm): .mailAddressConfirm
        case .applicationPage(_, .mailAddressUser): .mailAddressUser
        case .applicationPage(_, .requestPasswordResetUpdate): .requestPasswordResetUpdate
        case .applicationPage(_, .publicFile): .publicFile
        }
    }
}
