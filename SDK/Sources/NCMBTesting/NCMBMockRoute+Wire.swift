import Foundation
import NCMB
internal import NCMBWire

extension NCMBMockRoute {
    /// The route of a request the SDK sent, read by the shared router.
    init(_ route: APIRoute) {
        switch route {
        case .objects(let reference, let operation):
            let className = reference.className.rawValue
            switch operation {
            case .create: self = .create(className: className)
            case .get(let objectId): self = .get(className: className, objectId: objectId)
            case .update(let objectId, _): self = .update(className: className, objectId: objectId)
            case .delete(let objectId): self = .delete(className: className, objectId: objectId)
            case .find: self = .find(className: className)
            }
        case .login: self = .logIn
        case .logout: self = .logOut
        case .requestMailAddressUserEntry: self = .requestAuthenticationMail
        case .requestPasswordReset: self = .requestPasswordReset
        case .pushOpened(let objectId, _): self = .trackPushOpened(objectId: objectId)
        case .files(let file):
            switch file {
            case .upload(let fileName): self = .uploadFile(fileName: fileName)
            case .download(let fileName): self = .downloadFile(fileName: fileName)
            case .updateACL(let fileName, _): self = .updateFile(fileName: fileName)
            case .delete(let fileName): self = .deleteFile(fileName: fileName)
            case .find: self = .findFiles
            }
        case .batch: self = .batch
        case .script(let call): self = .script(name: call.name, method: NCMBHTTPMethod(rawValue: call.method.rawValue) ?? .get)
        case .applicationPage, .realtime: self = .other(route.endpoint.name)
        }
    }

    /// The route of `request`, whose URL starts with the domain URL and then the API version segment.
    ///
    /// - Throws: ``NCMBMockTransport/UnreadableRequest`` when the router cannot read the request.
    init(request: NCMBTransportRequest) throws {
        guard let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false),
            let method = RequestMethod(rawValue: request.method.rawValue)
        else { throw NCMBMockTransport.UnreadableRequest(url: request.url) }
        // The domain URL may have a path of its own: the route starts at the version segment.
        let path = components.percentEncodedPath
        let start = [APIRouter.apiVersion, APIRouter.scriptVersion].compactMap { path.range(of: "/" + $0 + "/")?.lowerBound }.min()
        guard let start else { throw NCMBMockTransport.UnreadableRequest(url: request.url) }
        let data = RequestData(
            method: method, path: String(path[start...]), query: components.percentEncodedQuery, body: Array(request.body))
        do {
            self.init(try APIRouter.match(data))
        } catch {
            throw NCMBMockTransport.UnreadableRequest(url: request.url)
        }
    }
}
