import NCMBWire
import Testing

@Suite struct APIRouterEndpointTests {
    static let paths = [
        "/2013-09-01/classes/TestClass", "/2013-09-01/classes/TestClass/abc", "/2013-09-01/classes/user", "/2013-09-01/classes/1bad/x",
        "/2013-09-01/users", "/2013-09-01/users/abc", "/2013-09-01/roles", "/2013-09-01/roles/abc", "/2013-09-01/installations",
        "/2013-09-01/installations/abc", "/2013-09-01/push", "/2013-09-01/push/abc", "/2013-09-01/push/abc/openNumber",
        "/2013-09-01/login", "/2013-09-01/logout", "/2013-09-01/requestMailAddressUserEntry", "/2013-09-01/requestPasswordReset",
        "/2013-09-01/files", "/2013-09-01/files/a.txt", "/2013-09-01/batch", "/2015-09-01/script/hello.js",
        "/2013-09-01/applications/appId/mailAddressConfirm", "/2013-09-01/applications/appId/mailAddressUser",
        "/2013-09-01/applications/appId/requestPasswordResetUpdate", "/2013-09-01/applications/appId/publicFiles/a.png",
        "/2013-09-01/unknown", "/2013-09-01/classes/TestClass/abc/x",
    ]

    // MARK: Tests

    @Test(arguments: paths, RequestMethod.allCases)
    func agreesWithMatchOnEveryPathAndMethod(path: String, method: RequestMethod) {
        let request = RequestData(method: method, path: path, body: Array("{}".utf8))
        let endpoint = Result { () throws(APIError) in try APIRouter.endpoint(method: method.rawValue, path: path) }
        let route = Result { () throws(APIError) in try APIRouter.match(request) }

        switch (endpoint, route) {
        case (.success(let endpoint), .success(let route)):
            #expect(endpoint == route.endpoint)
        case (.failure(let endpointError), .failure(let routeError)):
            if endpointError.code == .noDataAvailable || endpointError.code == .methodNotAllowed { #expect(endpointError == routeError) }
        case (.success, .failure(let routeError)):
            #expect(routeError.code != .noDataAvailable && routeError.code != .methodNotAllowed)
        case (.failure(let endpointError), .success):
            Issue.record("endpoint failed with \(endpointError) but match succeeded")
        }
    }

    @Test func ignoresAQueryInThePath() throws {
        #expect(try APIRouter.endpoint(method: "GET", path: "/2013-09-01/users?where=%7B%7D") == .objects(.users, .find))
    }

    @Test func namesObjectEndpointsByCollectionAndOperation() throws {
        #expect(try APIRouter.endpoint(method: "POST", path: "/2013-09-01/classes/GameScore").name == "objects.create")
        #expect(try APIRouter.endpoint(method: "GET", path: "/2013-09-01/users/").name == "users.find")
        #expect(try APIRouter.endpoint(method: "PUT", path: "/2013-09-01/push/abc").name == "push.update")
    }

    @Test func marksOnlyTheBrowserEndpointsAsUnsigned() {
        let unsigned = APIEndpoint.all.filter { !$0.isSigned }.map(\.name)

        #expect(
            unsigned == [
                "applications.mailAddressConfirm", "applications.mailAddressUser", "applications.requestPasswordResetUpdate",
                "applications.publicFile", "applications.mailAddressUserEntryForm", "applications.passwordResetForm",
            ])
    }

    @Test func declaresOneScriptEndpointForItsFourMethods() {
        #expect(APIEndpoint.all.filter(\.isScript).map(\.name) == ["script.run"])
    }

    @Test func givesEveryEndpointADistinctName() {
        #expect(Set(APIEndpoint.all.map(\.name)).count == APIEndpoint.all.count)
    }

    @Test(arguments: APIRouterRoundTripTests.allRoutes)
    func listsTheEndpointOfEveryRoute(route: APIRoute) {
        #expect(APIEndpoint.all.contains(route.endpoint))
    }
}
