public import NCMB

/// An NCMB endpoint with the values that identify a request to it: what an ``NCMBMockTransport`` expects and records.
///
/// The transport reads each request the SDK sends back into a route with the same router the SDK and the Kumo server
/// share, so a test names what the app does (`.create(className: "GameScore")`), not a URL.
public enum NCMBMockRoute: Hashable, Sendable, CustomStringConvertible {
    /// `POST /classes/{className}` (or `/users`, `/roles`, `/installations`, `/push` for `user`, `role`,
    /// `installation`, `push`): creating an object, signing up a user, sending a push.
    case create(className: String)
    /// `GET /classes/{className}/{objectId}`: fetching an object.
    case get(className: String, objectId: String)
    /// `PUT /classes/{className}/{objectId}`: saving changes to an object.
    case update(className: String, objectId: String)
    /// `DELETE /classes/{className}/{objectId}`: deleting an object.
    case delete(className: String, objectId: String)
    /// `GET /classes/{className}?where=…`: a query or a count.
    case find(className: String)
    /// `POST /login`.
    case logIn
    /// `GET /logout`.
    case logOut
    /// `POST /requestMailAddressUserEntry`: ``NCMBUser/requestAuthenticationMail(mailAddress:)``.
    case requestAuthenticationMail
    /// `POST /requestPasswordReset`.
    case requestPasswordReset
    /// `POST /push/{objectId}/openNumber`: open tracking.
    case trackPushOpened(objectId: String)
    /// `POST /files/{fileName}`: an upload.
    case uploadFile(fileName: String)
    /// `GET /files/{fileName}`: a download.
    case downloadFile(fileName: String)
    /// `PUT /files/{fileName}`: an ACL change.
    case updateFile(fileName: String)
    /// `DELETE /files/{fileName}`.
    case deleteFile(fileName: String)
    /// `GET /files?where=…`: a query over files.
    case findFiles
    /// `POST /batch`: ``NCMBObject/saveAll(_:atomically:)`` and friends.
    case batch
    /// `/2015-09-01/script/{name}`: a script call.
    case script(name: String, method: NCMBHTTPMethod)
    /// Any other request, described.
    case other(String)

    /// The route as a line, e.g. `create GameScore`.
    public var description: String {
        switch self {
        case .create(let className): "create \(className)"
        case .get(let className, let objectId): "get \(className)/\(objectId)"
        case .update(let className, let objectId): "update \(className)/\(objectId)"
        case .delete(let className, let objectId): "delete \(className)/\(objectId)"
        case .find(let className): "find \(className)"
        case .logIn: "logIn"
        case .logOut: "logOut"
        case .requestAuthenticationMail: "requestAuthenticationMail"
        case .requestPasswordReset: "requestPasswordReset"
        case .trackPushOpened(let objectId): "trackPushOpened \(objectId)"
        case .uploadFile(let fileName): "uploadFile \(fileName)"
        case .downloadFile(let fileName): "downloadFile \(fileName)"
        case .updateFile(let fileName): "updateFile \(fileName)"
        case .deleteFile(let fileName): "deleteFile \(fileName)"
        case .findFiles: "findFiles"
        case .batch: "batch"
        case .script(let name, let method): "script \(method.rawValue) \(name)"
        case .other(let text): text
        }
    }
}
