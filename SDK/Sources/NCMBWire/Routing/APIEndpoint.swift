/// A route without its payload: what the server must know before it authenticates a request
/// (docs/wire/signature.md#request-processing-order-and-authentication-errors), and the label of its metrics. Each
/// ``RouteDeclaration`` names one.
///
/// `APIRouter.endpoint(method:path:)` resolves it from the method and path alone; `APIRoute.endpoint` gives the same
/// value for a matched route.
package struct APIEndpoint: Sendable, Hashable, CustomStringConvertible {
    /// A low-cardinality label such as `objects.create`, `users.find`, `login` or `files.upload`.
    package let name: String
    /// Whether requests must carry the NCMB signature headers; `false` for the browser endpoints
    /// (docs/wire/endpoints/browser-pages.md).
    package let isSigned: Bool
    /// Whether this is a script call, signed with the script FQDN (docs/wire/endpoints/scripts.md).
    package let isScript: Bool

    init(_ name: String, isSigned: Bool = true, isScript: Bool = false) {
        self.name = name
        self.isSigned = isSigned
        self.isScript = isScript
    }

    package var description: String { name }

    /// `GET /applications/{applicationId}/publicFiles/{fileName}`: unsigned, but an API endpoint whose errors are NCMB
    /// JSON, not pages (docs/wire/endpoints/files.md).
    package static var publicFile: APIEndpoint { RouteDeclaration.publicFile.endpoint }

    /// An object operation on a collection: `objects.create`, `users.find`, `push.delete`…
    package static func objects(_ reference: ClassReference, _ operation: ObjectOperation) -> APIEndpoint {
        RouteDeclaration.object(operation, on: reference.collection).endpoint
    }

    /// Every endpoint of the route table, each once, in table order: for registering metrics up front.
    package static let all: [APIEndpoint] = {
        var seen = Set<APIEndpoint>()
        return APIRouter.declarations.map(\.endpoint).filter { seen.insert($0).inserted }
    }()
}
