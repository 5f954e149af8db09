import NCMBWire
import Testing

@Suite struct APIRouterErrorTests {
    static let unknownPaths = [
        "", "/", "classes/TestClass", "/2013-09-01", "/2013-09-01/", "/2013-09-01/unknown", "/2014-01-01/classes/TestClass",
        "/2013-09-01/classes", "/2013-09-01/classes/", "/2013-09-01/classes/TestClass/abc/extra", "/2013-09-01/classes//abc",
        "/2013-09-01/classes/TestClass//", "/2013-09-01/script/hello.js", "/2015-09-01/classes/TestClass", "/2015-09-01/script",
        "/2015-09-01/script/a/b.js", "/2013-09-01/files/dir/a.txt", "/2013-09-01/push/abc/closeNumber",
        "/2013-09-01/users/abc/openNumber", "/2013-09-01/applications/appId", "/2013-09-01/applications/appId/unknown",
        "/2013-09-01/applications/appId/publicFiles", "/2013-09-01/files/%FF.txt", "/2013-09-01/login/extra",
    ]

    static let disallowedMethods: [(RequestMethod, String)] = [
        (.put, "/2013-09-01/classes/TestClass"), (.delete, "/2013-09-01/classes/TestClass"), (.post, "/2013-09-01/classes/TestClass/abc"),
        (.delete, "/2013-09-01/users"), (.post, "/2013-09-01/roles/abc"), (.put, "/2013-09-01/login"), (.delete, "/2013-09-01/login"),
        (.post, "/2013-09-01/logout"), (.get, "/2013-09-01/requestPasswordReset"), (.get, "/2013-09-01/requestMailAddressUserEntry"),
        (.get, "/2013-09-01/push/abc/openNumber"), (.post, "/2013-09-01/files"),
        (.post, "/2013-09-01/applications/appId/mailAddressConfirm"), (.get, "/2013-09-01/applications/appId/mailAddressUser"),
        (.get, "/2013-09-01/applications/appId/requestPasswordResetUpdate"), (.delete, "/2013-09-01/applications/appId/publicFiles/a.png"),
    ]

    func request(_ method: RequestMethod, _ target: String, body: String = "") -> RequestData {
        RequestData(method: method, target: target, body: Array(body.utf8))
    }

    // MARK: Tests

    @Test(arguments: unknownPaths)
    func rejectsAPathThatNamesNoEndpointWithNoDataAvailable(path: String) {
        #expect(throws: APIError(.noDataAvailable)) { try APIRouter.match(request(.get, path)) }
        #expect(throws: APIError(.noDataAvailable)) { try APIRouter.endpoint(method: "GET", path: path) }
    }

    @Test(arguments: disallowedMethods)
    func rejectsAMethodThePathDoesNotAllowWithMethodNotAllowed(method: RequestMethod, path: String) {
        #expect(throws: APIError(.methodNotAllowed)) { try APIRouter.match(request(method, path, body: "{}")) }
        #expect(throws: APIError(.methodNotAllowed)) { try APIRouter.endpoint(method: method.rawValue, path: path) }
    }

    @Test(arguments: ["PATCH", "HEAD", "OPTIONS", "get"])
    func rejectsAnUnknownMethodOnAKnownPathWithMethodNotAllowed(method: String) {
        #expect(throws: APIError(.methodNotAllowed)) { try APIRouter.endpoint(method: method, path: "/2013-09-01/classes/TestClass") }
    }

    @Test(arguments: ["user", "role", "file", "installation", "push"], [RequestMethod.post, .get])
    func refusesAStandardClassUnderClasses(name: String, method: RequestMethod) {
        #expect(throws: APIError(.operationThatAreProhibited)) {
            try APIRouter.match(request(method, "/2013-09-01/classes/" + name, body: #"{"key":"value"}"#))
        }
    }

    @Test(arguments: ["1abc", "Game-Score", "日本", "_hidden", String(repeating: "a", count: 101)])
    func rejectsAnInvalidClassNameWithItsName(name: String) {
        let path = "/2013-09-01/classes/" + PercentEncoding.encode(name) + "/abc"

        #expect(throws: APIError(.invalidType, name)) { try APIRouter.match(request(.get, path)) }
    }

    @Test func resolvesTheEndpointOfAnInvalidClassNameBeforeAuthentication() throws {
        #expect(try APIRouter.endpoint(method: "POST", path: "/2013-09-01/classes/user") == .objects(.custom(.user), .create))
    }

    @Test(arguments: [#"{"a":"#, "[1,2]", "\"text\"", "null", "{} {}"])
    func rejectsAPostBodyThatIsNotAJSONObject(body: String) {
        #expect(throws: APIError(.invalidJson)) { try APIRouter.match(request(.post, "/2013-09-01/classes/TestClass", body: body)) }
    }

    @Test func rejectsAPutBodyThatIsNotJSONBeforeCheckingTheClassName() {
        #expect(throws: APIError(.invalidJson)) { try APIRouter.match(request(.put, "/2013-09-01/classes/1bad/abc", body: "x")) }
    }


    @Test func rejectsAQueryValueThatIsNotUTF8() {
        #expect(throws: APIError(.invalidFormat, "userName")) { try APIRouter.match(request(.get, "/2013-09-01/login?userName=%FF")) }
    }

    @Test(arguments: [
        "/2013-09-01/files/a%2Fb.txt", "/2013-09-01/files/..", "/2013-09-01/files/a%5Cb", "/2013-09-01/files/a%0Ab",
        "/2013-09-01/applications/appId/publicFiles/%2E%2E",
    ])
    func rejectsAFileNameThatCouldEscapeADirectoryOrBreakAHeader(path: String) {
        #expect(throws: APIError(.invalidType, "fileName")) { try APIRouter.match(request(.get, path)) }
    }

    @Test(arguments: ["/2015-09-01/script/%2E%2E", "/2015-09-01/script/..%2Fsecret.js"])
    func rejectsAScriptNameThatCouldEscapeADirectory(path: String) {
        #expect(throws: APIError(.invalidType, "name")) { try APIRouter.match(request(.get, path)) }
    }
}
