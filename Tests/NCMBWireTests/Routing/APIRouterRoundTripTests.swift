import NCMBWire
import Testing

@Suite struct APIRouterRoundTripTests {
    static let gameScore = ClassName("GameScore") ?? .user
    static let objectId = "0000000000000001"

    static let objectRoutes: [APIRoute] = [ClassReference.custom(gameScore), .users, .roles, .installations, .push].flatMap {
        reference -> [APIRoute] in
        [
            .objects(reference, .create(["points": 42, "name": "日本 語", "acl": ["*": ["read": true]]])),
            .objects(reference, .create([:])),
            .objects(reference, .get(objectId: objectId)),
            .objects(reference, .update(objectId: objectId, ["points": ["__op": "Increment", "amount": 1]])),
            .objects(reference, .delete(objectId: objectId)),
            .objects(reference, .find(QueryParameters())),
        ]
    }

    static let otherRoutes: [APIRoute] = [
        .objects(.custom(gameScore), .get(objectId: "odd id/with+symbols?&=%")),
        .login(.body(["userName": "Yamada Tarou", "password": "password"])),
        .login(.query(["userName": "Yamada Tarou", "password": "pa ss:w/rd+&="])),
        .login(.query(["mailAddress": "tarou@example.com", "password": "日本"])),
        .logout,
        .requestMailAddressUserEntry(["mailAddress": "tarou@example.com"]),
        .requestPasswordReset(["mailAddress": "tarou@example.com"]),
        .pushOpened(objectId: "push_id", ["deviceType": "ios", "deviceToken": "abcdef"]),
        .files(.upload(fileName: "日本 語+1.txt")),
        .files(.download(fileName: "日本 語+1.txt")),
        .files(.updateACL(fileName: "photo.png", ["acl": ["*": ["read": true, "write": false]]])),
        .files(.delete(fileName: "a b.png")),
        .files(.find(QueryParameters())),
        .applicationPage(applicationId: "appId123", .mailAddressConfirm(token: "oneTimeToken")),
        .applicationPage(applicationId: "appId123", .mailAddressConfirm(token: nil)),
        .applicationPage(applicationId: "appId123", .mailAddressUser(["password": "new pass&=", "NCMBToken": "token"])),
        .applicationPage(
            applicationId: "appId123",
            .requestPasswordResetUpdate(["temporaryPassword": "temp", "newPassword": "新しい", "token": "token"])),
        .applicationPage(applicationId: "appId123", .publicFile(fileName: "logo image.png")),
        .applicationPage(applicationId: "appId123", .mailAddressUserEntryForm(token: "a+b")),
        .applicationPage(applicationId: "appId123", .passwordResetForm(token: nil)),
    ]

    static let allRoutes = objectRoutes + otherRoutes

    // MARK: Tests

    @Test(arguments: allRoutes)
    func matchesThePrintedRequestBackToTheRoute(route: APIRoute) throws {
        let request = APIRouter.print(route)

        #expect(try APIRouter.match(request) == route)
    }

    @Test(arguments: allRoutes)
    func resolvesThePrintedMethodAndPathToTheRouteEndpoint(route: APIRoute) throws {
        let request = APIRouter.print(route)

        #expect(try APIRouter.endpoint(method: request.method.rawValue, path: request.path) == route.endpoint)
    }

    @Test(arguments: allRoutes)
    func printsPathsWithAVersionSegmentAndOnlyUnreservedCharactersInSegments(route: APIRoute) {
        let request = APIRouter.print(route)

        #expect(request.path.hasPrefix("/2013-09-01/"))
        #expect(request.path.utf8.allSatisfy { PercentEncoding.isUnreserved($0) || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "%") })
    }

    @Test func printsACreateAsAPostWithACompactJSONBody() {
        let request = APIRouter.print(.objects(.custom(Self.gameScore), .create(["points": 42, "name": "日本"])))

        #expect(
            request == RequestData(method: .post, path: "/2013-09-01/classes/GameScore", body: Array(#"{"points":42,"name":"日本"}"#.utf8)))
    }

    @Test func printsAFileNameStrictlyPercentEncoded() {
        let request = APIRouter.print(.files(.download(fileName: "日本 語+1.txt")))

        #expect(request.path == "/2013-09-01/files/%E6%97%A5%E6%9C%AC%20%E8%AA%9E%2B1.txt")
        #expect(request.body.isEmpty)
    }

    @Test func printsTheLegacyLoginQuerySortedByName() {
        let request = APIRouter.print(.login(.query(["userName": "Yamada Tarou", "password": "pa ss:w/rd"])))

        #expect(request.target == "/2013-09-01/login?password=pa%20ss%3Aw%2Frd&userName=Yamada%20Tarou")
    }

    @Test func printsBrowserFormFieldsFormEncoded() {
        let request = APIRouter.print(.applicationPage(applicationId: "app", .mailAddressUser(["password": "a b", "NCMBToken": "t"])))

        #expect(request.target == "/2013-09-01/applications/app/mailAddressUser")
        #expect(request.bodyText == "password=a%20b&NCMBToken=t")
    }

    @Test func namesTheContentTypeOfEachPrintedBody() {
        #expect(APIRoute.objects(.users, .create([:])).bodyContentType == "application/json")
        #expect(APIRoute.files(.upload(fileName: "a.txt")).bodyContentType == nil)
        #expect(
            APIRoute.applicationPage(applicationId: "app", .mailAddressUser([:])).bodyContentType == "application/x-www-form-urlencoded")
    }
}
