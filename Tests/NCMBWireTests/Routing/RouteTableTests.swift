import NCMBWire
import Testing

/// Tests generated from the route table itself: a new declaration is covered without editing this file.
@Suite struct RouteTableTests {
    /// A value for each path parameter name; a parameter of any other name gets `value`.
    static let samples = ["className": "GameScore", "objectId": "0000000000000001", "fileName": "日本 語+1.txt", "applicationId": "appId123"]

    /// A request of `declaration` with sample path values, a query where it reads one and a body where it reads one.
    static func sampleRequest(of declaration: RouteDeclaration) -> RequestData {
        var values = RouteValues()
        for name in declaration.pattern.parameterNames { values.path[name] = samples[name] ?? "value" }
        switch declaration.query {
        case .ignored: break
        case .parameters: values.query = [QueryItem(name: "limit", value: "10")]
        case .items: values.query = [QueryItem(name: "token", value: "a+b")]
        }
        if declaration.body == .json || declaration.body == .form { values.body = ["key": "value"] }
        return declaration.print(values)
    }

    // MARK: Tests

    @Test(arguments: APIRouter.declarations)
    func matchesThenPrintsEveryDeclarationBackToTheSameRequest(declaration: RouteDeclaration) throws {
        let request = Self.sampleRequest(of: declaration)

        let route = try APIRouter.match(request)

        #expect(APIRouter.print(route) == request)
        #expect(try APIRouter.match(APIRouter.print(route)) == route)
    }

    @Test(arguments: APIRouter.declarations)
    func resolvesEveryDeclarationToItselfAndItsEndpoint(declaration: RouteDeclaration) throws {
        let request = Self.sampleRequest(of: declaration)

        let resolved = try APIRouter.resolve(method: request.method.rawValue, path: request.path)

        #expect(resolved.declaration.description == declaration.description)
        #expect(resolved.endpoint == declaration.endpoint)
        #expect(try APIRouter.endpoint(method: request.method.rawValue, path: request.target) == declaration.endpoint)
        #expect(try APIRouter.match(request).endpoint == declaration.endpoint)
    }

    @Test(arguments: APIRouter.declarations)
    func printsTheBodyContentTypeOfEveryDeclaration(declaration: RouteDeclaration) throws {
        let route = try APIRouter.match(Self.sampleRequest(of: declaration))

        #expect(route.bodyContentType == declaration.body.contentType)
    }

    @Test func theEndpointListIsTheTable() {
        var names: [String] = []
        for declaration in APIRouter.declarations where !names.contains(declaration.endpoint.name) {
            names.append(declaration.endpoint.name)
        }

        #expect(APIEndpoint.all.map(\.name) == names)
        #expect(Set(APIRouter.declarations.map(\.endpoint)) == Set(APIEndpoint.all))
    }

    @Test func declaresEachMethodAndPathOnce() {
        let keys = APIRouter.declarations.map(\.description)

        #expect(Set(keys).count == keys.count)
    }

    @Test func givesOneEndpointOneSigning() {
        let byName = Dictionary(grouping: APIRouter.declarations.map(\.endpoint), by: \.name)

        #expect(byName.values.allSatisfy { Set($0).count == 1 })
    }
}
