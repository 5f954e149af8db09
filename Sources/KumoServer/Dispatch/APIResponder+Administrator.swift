import HTTPTypes
import Hummingbird
package import KumoSeams
import KumoStorage
import Logging
import NCMBWire
import NIOCore

extension APIResponder: AdministratorCalls {
    /// One NCMB call as an administrator, in process: the typed route goes straight to the controllers (nothing is
    /// printed or matched), the application comes from the call instead of a key and a signature, and the caller is
    /// ``Identity/administrator`` (class-level permissions and ACLs bypassed); the body limit, controllers and rendering
    /// are REST's. Nothing is signed. Uploads (multipart bodies) and browser pages are not administrator calls: 400
    /// E400004 (docs/decisions/0108-typed-administrator-calls.md).
    package func perform(_ call: AdministratorCall) async -> AdministratorResponse {
        var context = KumoRequestContext(inProcessLogger: environment.logger)
        context.identity = .administrator
        let route = call.route
        let declaration = route.declaration
        context.endpointName = declaration.endpoint.name
        do {
            guard declaration.endpoint.isSigned, declaration.body != .multipart else {
                throw KumoError(.invalidFormat, underlying: "not an administrator call: \(declaration)")
            }
            // The limit a client's body meets, measured on the body as the SDK would send it.
            if declaration.body == .json, JSONValue.object(route.bodyObject).serializedBytes().count > configuration.maximumBodySize {
                throw KumoError(.requestEntityTooLarge)
            }
            guard let application = try await environment.storage.applications.application(applicationId: call.applicationId)
            else { throw KumoError(.noSuchApplication) }
            context.application = application
            try route.checkNames()
            var headers = HTTPFields()
            for header in call.headers {
                guard let name = HTTPField.Name(header.name), !name.canonicalName.hasPrefix("x-ncmb-") else { continue }
                headers.append(HTTPField(name: name, value: header.value))
            }
            // A script sees its request's URL; no other controller reads the path of an administrator call.
            let path = if case .script = route { APIRouter.print(route).target } else { declaration.pattern.description }
            let request = Request(
                head: HTTPRequest(
                    method: HTTPRequest.Method(declaration.method.rawValue) ?? .get, scheme: nil, authority: nil, path: path,
                    headerFields: headers),
                body: RequestBody(buffer: ByteBuffer()))
            let result = try await dispatch(route, request: request, path: path, context: context)
            return Self.administratorResponse(result)
        } catch {
            let kumoError = KumoError.from(error)
            if kumoError.code.status >= 500 {
                context.logger.error("administrator call failed", metadata: ["code": "\(kumoError.code.code)", "error": "\(kumoError)"])
            }
            return AdministratorResponse(
                status: kumoError.code.status, body: kumoError.responseBody, headers: Self.jsonHeaders, json: kumoError.responseJSON)
        }
    }

    /// Makes the cached applications and class permissions of every responder over this environment stale (all of
    /// them: such changes are rare, and an application cached by key is found again with one read).
    package func applicationChanged(applicationId: String) {
        environment.cacheGeneration.advance()
    }

    /// The headers of an answer with a JSON body.
    private static let jsonHeaders = [AdministratorHeader(name: "Content-Type", value: "application/json")]

    /// A controller's result as status and bytes; results that are not JSON (files, pages, scripts' answers) are
    /// returned as their bytes, or as an error when they stream.
    private static func administratorResponse(_ result: APIResult) -> AdministratorResponse {
        switch result {
        case .json(let status, let value):
            AdministratorResponse(status: status, body: value.serializedBytes(), headers: jsonHeaders, json: value)
        case .encodedJSON(let status, let bytes): AdministratorResponse(status: status, body: bytes, headers: jsonHeaders)
        case .empty(let status): AdministratorResponse(status: status, body: [])
        case .binary(let status, let contentType, let bytes):
            AdministratorResponse(status: status, body: bytes, headers: [AdministratorHeader(name: "Content-Type", value: contentType)])
        case .script(let answer):
            AdministratorResponse(
                status: answer.status, body: answer.body,
                headers: ScriptAnswerHeaders.fields(of: answer).0.map { AdministratorHeader(name: $0.name.rawName, value: $0.value) })
        case .blob, .response:
            AdministratorResponse(
                status: 400, body: KumoError(.invalidFormat, underlying: "a streamed answer is not an administrator call").responseBody)
        }
    }
}
