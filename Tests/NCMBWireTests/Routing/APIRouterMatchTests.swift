import NCMBWire
import Testing

@Suite struct APIRouterMatchTests {
    let testClass = ClassName("TestClass") ?? .user

    func request(_ method: RequestMethod, _ target: String, body: String = "") -> RequestData {
        RequestData(method: method, target: target, body: Array(body.utf8))
    }

    func loginFields(of route: APIRoute) -> JSONObject? {
        if case .login(let login) = route { return login.fields }
        return nil
    }

    // MARK: Tests

    @Test(arguments: ["/2013-09-01/classes/TestClass/", "/2013-09-01/classes/TestClass"])
    func routesAPathWithATrailingSlashLikeThePathWithout(target: String) throws {
        #expect(try APIRouter.match(request(.get, target)) == .objects(.custom(testClass), .find(QueryParameters())))
    }

    @Test(arguments: ["/2013-09-01/users/", "/2013-09-01/roles/", "/2013-09-01/installations/", "/2013-09-01/files/"])
    func routesTheCollectionsPythonClientsSendWithASlash(target: String) throws {
        let route = try APIRouter.match(request(.get, target))

        #expect(route.endpoint.name.hasSuffix(".find"))
    }

    @Test func readsTheLegacyLoginQueryOfPythonClients() throws {
        let route = try APIRouter.match(request(.get, "/2013-09-01/login/?password=pa%20ss%3Aw%2Frd&userName=Yamada%20Tarou"))

        #expect(route == .login(.query(["password": "pa ss:w/rd", "userName": "Yamada Tarou"])))
    }

    @Test func readsAPlusInAQueryValueAsASpaceAndAnEncodedPlusAsAPlus() throws {
        let route = try APIRouter.match(request(.get, "/2013-09-01/login?userName=Yamada+Tarou&password=p%2Bq"))

        #expect(loginFields(of: route) == ["userName": "Yamada Tarou", "password": "p+q"])
    }

    @Test func readsALoginBody() throws {
        let route = try APIRouter.match(request(.post, "/2013-09-01/login", body: #"{"userName":"wronguser","password":"wrongpassword"}"#))

        #expect(route == .login(.body(["userName": "wronguser", "password": "wrongpassword"])))
    }

    @Test(arguments: [
        "/2013-09-01/files/%E6%97%A5%E6%9C%AC%20%E8%AA%9E.txt", "/2013-09-01/files/日本 語.txt", "/2013-09-01/files/日本%20語.txt",
        "/2013-09-01/files/%e6%97%a5%e6%9c%ac%20%e8%aa%9e.txt/",
    ])
    func readsAFileNameEncodedOrAsRawUTF8(target: String) throws {
        #expect(try APIRouter.match(request(.get, target)) == .files(.download(fileName: "日本 語.txt")))
    }

    @Test func keepsAPlusInAFileNameAsAPlus() throws {
        #expect(try APIRouter.match(request(.delete, "/2013-09-01/files/a+b.txt")) == .files(.delete(fileName: "a+b.txt")))
    }

    @Test func keepsAMalformedEscapeInAPathAsItIs() throws {
        #expect(try APIRouter.match(request(.get, "/2013-09-01/files/100%.txt")) == .files(.download(fileName: "100%.txt")))
    }

    @Test func leavesTheMultipartBodyOfAnUploadUnread() throws {
        let route = try APIRouter.match(request(.post, "/2013-09-01/files/takanokun", body: "--_NCMBProjectBoundary\r\n"))

        #expect(route == .files(.upload(fileName: "takanokun")))
    }

    @Test(arguments: [RequestMethod.get, .delete], ["{}", "not json", "[1]"])
    func ignoresTheBodyOfGetAndDelete(method: RequestMethod, body: String) throws {
        let route = try APIRouter.match(request(method, "/2013-09-01/classes/TestClass/abc", body: body))

        #expect(route == .objects(.custom(testClass), method == .get ? .get(objectId: "abc") : .delete(objectId: "abc")))
    }

    @Test(arguments: ["", " \r\n"])
    func readsAnEmptyPostBodyAsAnEmptyObject(body: String) throws {
        #expect(
            try APIRouter.match(request(.post, "/2013-09-01/classes/TestClass", body: body)) == .objects(.custom(testClass), .create([:])))
    }

    @Test func ignoresTheQueryOfAPostToAnAPIPath() throws {
        let route = try APIRouter.match(request(.post, "/2013-09-01/classes/TestClass?where=garbage&limit=x", body: #"{"a":1}"#))

        #expect(route == .objects(.custom(testClass), .create(["a": 1])))
    }

    @Test func ignoresTheQueryOfAGetById() throws {
        #expect(try APIRouter.match(request(.get, "/2013-09-01/users/abc?include=x")) == .objects(.users, .get(objectId: "abc")))
    }

    @Test func dropsEmptyQuerySegmentsAndIgnoresTheBodyOfAGetPage() throws {
        let route = try APIRouter.match(
            request(.get, "/2013-09-01/applications/appId/mailAddressConfirm/?&token=abc&&flag", body: #"{"a":1}"#))

        #expect(route == .applicationPage(applicationId: "appId", .mailAddressConfirm(token: "abc")))
    }

    @Test func readsPushOpenTracking() throws {
        let route = try APIRouter.match(request(.post, "/2013-09-01/push/push_id/openNumber", body: #"{"deviceType":"android"}"#))

        #expect(route == .pushOpened(objectId: "push_id", ["deviceType": "android"]))
    }

    @Test func readsBothFormsOfAFileACLUpdateAsTheRawBody() throws {
        let wrapped = try APIRouter.match(request(.put, "/2013-09-01/files/a.txt", body: #"{"acl":{"*":{"read":true}}}"#))
        let bare = try APIRouter.match(request(.put, "/2013-09-01/files/a.txt", body: #"{"*":{"read":true}}"#))

        #expect(wrapped == .files(.updateACL(fileName: "a.txt", ["acl": ["*": ["read": true]]])))
        #expect(bare == .files(.updateACL(fileName: "a.txt", ["*": ["read": true]])))
    }

    @Test func readsTheMailAddressConfirmationToken() throws {
        let route = try APIRouter.match(request(.get, "/2013-09-01/applications/appId/mailAddressConfirm?x=1&token=abc%2Bdef"))

        #expect(route == .applicationPage(applicationId: "appId", .mailAddressConfirm(token: "abc+def")))
    }

    @Test func readsAFormEncodedBrowserBody() throws {
        let route = try APIRouter.match(
            request(.post, "/2013-09-01/applications/appId/mailAddressUser", body: "password=new+pass%21&NCMBToken=tok"))

        #expect(route == .applicationPage(applicationId: "appId", .mailAddressUser(["password": "new pass!", "NCMBToken": "tok"])))
    }

    @Test func readsAJSONBrowserBody() throws {
        let route = try APIRouter.match(
            request(.post, "/2013-09-01/applications/appId/requestPasswordResetUpdate", body: #" {"token":"t","newPassword":"n"}"#))

        #expect(route == .applicationPage(applicationId: "appId", .requestPasswordResetUpdate(["token": "t", "newPassword": "n"])))
    }

    @Test func readsAPublicFile() throws {
        let route = try APIRouter.match(request(.get, "/2013-09-01/applications/appId/publicFiles/logo%20image.png"))

        #expect(route == .applicationPage(applicationId: "appId", .publicFile(fileName: "logo image.png")))
    }
}
