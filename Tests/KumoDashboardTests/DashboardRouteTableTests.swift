import HTTPTypes
import KumoDashboard
import NCMBWire
import Testing

/// The dashboard's route tables (docs/decisions/0109-dashboard-routes-declared-once.md): every declaration matches what
/// it prints, and the paths the hand-written router used to take still give the same routes.
@Suite struct DashboardRouteTableTests {
    /// A value for each path parameter name: characters that need encoding, as names may hold.
    static let samples = ["app": "ラーメン app", "className": "Shop", "objectId": "0000000000000001", "fileName": "日本 語+1.txt",
        "name": "hello.js", "id": "job/1", "file": "relations/Post.json"]

    /// The request target of a declaration with sample values: path parameters, and a value for each query item it reads.
    static func sampleTarget<Route>(of declaration: DashboardRouteDeclaration<Route>) -> String {
        var values = RouteValues()
        for name in declaration.pattern.parameterNames { values.path[name] = samples[name] ?? "value" }
        switch declaration.query {
        case .ignored: break
        case .items(let names): values.query = names.map { QueryItem(name: $0, value: "a+b") }
        case .findParameters: values.query = [QueryItem(name: "where", value: #"{"a":1}"#), QueryItem(name: "limit", value: "10")]
        }
        return declaration.print(values)
    }

    static func match(_ method: String, _ target: String) -> DashboardRoute {
        let (path, query) = split(target)
        return DashboardRoute.match(method: method, path: path, query: query)
    }

    static func split(_ target: String) -> (String, String?) {
        guard let mark = target.firstIndex(of: "?") else { return (target, nil) }
        return (String(target[..<mark]), String(target[target.index(after: mark)...]))
    }

    // MARK: Tests

    @Test(arguments: DashboardAPIRoute.Table.all.map(\.description))
    func everyAPIDeclarationMatchesWhatItPrints(description: String) throws {
        let declaration = try #require(DashboardAPIRoute.Table.all.first { $0.description == description })
        let target = Self.sampleTarget(of: declaration)

        let matched = Self.match(declaration.method.rawValue, target)

        guard case .api(let route) = matched else {
            Issue.record("\(target) matched \(matched)")
            return
        }
        #expect(route != .unknown)
        #expect(route.printed == target)
        #expect(route.streamsBody == declaration.streamsBody)
    }

    @Test(arguments: DashboardRoute.Table.all.map(\.description))
    func everyPageDeclarationMatchesWhatItPrints(description: String) throws {
        let declaration = try #require(DashboardRoute.Table.all.first { $0.description == description })
        let target = Self.sampleTarget(of: declaration)

        let matched = Self.match(declaration.method.rawValue, target)

        #expect(matched.printed == target)
    }

    @Test func aLiteralPathComesBeforeAParameterAndOtherMethodsFallThroughToIt() {
        #expect(Self.match("GET", "/dashboard/api/apps/a/scripts/executions?limit=5") == .api(.scripts(application: "a", .executions(script: nil, limit: "5", before: nil))))
        #expect(Self.match("PUT", "/dashboard/api/apps/a/scripts/executions") == .api(.scripts(application: "a", .deploy("executions"))))
        #expect(Self.match("GET", "/dashboard/api/apps/a/scripts/hello.js") == .api(.scripts(application: "a", .get("hello.js"))))
    }

    @Test func pathsAreDecodedOnceAndEmptySegmentsAreValues() {
        #expect(Self.match("GET", "/dashboard/api/apps/%E3%83%A9%2F1/classes") == .api(.classes(application: "ラ/1")))
        #expect(Self.match("GET", "/dashboard/api/apps/") == .api(.application("")))
        #expect(Self.match("GET", "/dashboard/api/apps/a%ZZ") == .api(.application("a%ZZ")))
        #expect(Self.match("GET", "/dashboard/api/apps/a/classes/C/objects/") == .api(.objects(application: "a", className: "C", .get(""))))
    }

    @Test func unknownPathsAndMethodsAreUnknownToTheAPIAndPagesToTheApp() {
        #expect(Self.match("GET", "/dashboard/api") == .api(.unknown))
        #expect(Self.match("PATCH", "/dashboard/api/apps") == .api(.unknown))
        #expect(Self.match("GET", "/dashboard/api/apps/a/imports/j/other/f") == .api(.unknown))
        #expect(Self.match("GET", "/dashboard") == .root)
        #expect(Self.match("GET", "/dashboard/login/") == .page(path: "/dashboard/login/"))
        #expect(Self.match("GET", "/dashboard/apps/a/classes") == .page(path: "/dashboard/apps/a/classes"))
        #expect(Self.match("DELETE", "/dashboard/apps") == .notFound)
        #expect(Self.match("GET", "/dashboard/setup") == .setupPage(token: ""))
        #expect(Self.match("GET", "/dashboard/login?next=%2Fdashboard%2Faudit&next=x") == .loginPage(next: "/dashboard/audit"))
    }

    @Test func uploadsAreTheRoutesThatStreamTheirBody() {
        let streaming = DashboardAPIRoute.Table.all.filter(\.streamsBody).map(\.name)

        #expect(streaming == ["uploadFile", "uploadImportExport", "uploadImportFile"])
    }
}
