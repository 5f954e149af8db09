import HTTPTypes
import Hummingbird
package import KumoSeams
import KumoStorage
import Logging
import NCMBWire
import NIOCore

extension APIResponder: AdministratorCalls {
    /// One NCMB call as an administrator, in process: the route table resolves it like any request, the application
    /// comes from the call instead of a key and a signature, the caller is ``Identity/administrator`` (class-level
    /// permissions and ACLs bypassed), then the same body step, route, controllers and rendering as REST. Nothing is
    /// signed. Uploads (multipart bodies) and browser pages are not administrator calls: 400 E400004.
    package func perform(_ call: AdministratorCall) async -> AdministratorResponse {
        var context = KumoRequestContext(inProcessLogger: environment.logger)
        context.identity = .administrator
        let firstSegment = call.path.split(separator: "/", maxSplits: 1).first.map(String.init)
        let isVersioned = firstSegment == APIRouter.apiVersion || firstSegment == APIRouter.scriptVersion
        let path = isVersioned ? call.path : "/" + APIRouter.apiVersion + call.path
        do {
            let resolved = try APIRouter.resolve(method: call.method, path: path)
            context.endpointName = resolved.endpoint.name
            guard resolved.endpoint.isSigned, resolved.declaration.body != .multipart else {
                throw KumoError(.invalidFormat, underlying: "not an administrator call: \(call.method) \(call.path)")
            }
            guard call.body.count <= configuration.maximumBodySize else { throw KumoError(.requestEntityTooLarge) }
            guard let application = try await environment.storage.applications.application(applicationId: call.applicationId)
            else { throw KumoError(.noSuchApplication) }
            context.application = application
            let route = try resolved.route(query: call.query, body: call.body)
            var headers = HTTPFields()
            for header in call.headers {
                guard let name = HTTPField.Name(header.name), !name.canonicalName.hasPrefix("x-ncmb-") else { continue }
                headers.append(HTTPField(name: name, value: header.value))
            }
            let request = Request(
                head: HTTPRequest(
                    method: HTTPRequest.Method(call.method) ?? .get, scheme: nil, authority: nil,
                    path: path + (call.query.map { "?" + $0 } ?? ""), headerFields: headers),
                body: RequestBody(buffer: ByteBuffer(bytes: call.body)))
            let result = try await dispatch(route, request: request, path: path, context: context)
            return Self.administratorResponse(result)
        } catch {
            let kumoError = KumoError.from(error)
            if kumoError.code.status >= 500 {
                context.logger.error("administrator call failed", metadata: ["code": "\(kumoError.code.code)", "error": "\(kumoError)"])
            }
            return AdministratorResponse(status: kumoError.code.status, body: kumoError.responseBody, headers: Self.jsonHeaders)
        }
    }

    /// The headers of an answer with a JSON body.
    private static let jsonHeaders = [AdministratorHeader(name: "Content-Type", value: "application/json")]

    /// A controller's result as status and bytes; results that are not JSON (files, pages, scripts' answers) are
    /// returned as their bytes, or as an error when they stream.
    private static func administratorResponse(_ result: APIResult) -> AdministratorResponse {
        switch result {
        case .json(let status, let value): AdministratorResponse(status: status, body: value.serializedBytes(), headers: jsonHeaders)
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
