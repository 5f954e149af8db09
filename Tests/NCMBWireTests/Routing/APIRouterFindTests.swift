import NCMBWire
import Testing

@Suite struct APIRouterFindTests {
    static func field(_ name: String) -> FieldName { FieldName(name) ?? .objectId }

    static let parameters: [QueryParameters] = [
        QueryParameters(whereQuery: WhereQuery([.field(field("testKey"), [.equalTo("testValue")])])),
        QueryParameters(whereQuery: WhereQuery([.field(field("points"), [.greaterThan(10)])]), limit: 20, includesCount: true),
        QueryParameters(limit: 0, includesCount: true),
        QueryParameters(
            whereQuery: WhereQuery([.field(field("message"), [.regex("^Hel")]), .field(field("n"), [.containedIn([1, 2])])]),
            order: [SortKey(field: field("points"), isDescending: true), SortKey(field: .createDate)], limit: 5, skip: 10,
            include: [[field("post"), field("author")], [field("pointer")]]),
        QueryParameters(keys: [field("name"), field("points")]),
    ]

    static let references: [ClassReference] = [.custom(ClassName("TestClass") ?? .user), .users, .roles, .installations, .push]

    // MARK: Tests

    @Test(arguments: references, parameters)
    func roundTripsQueryParametersOnEveryCollection(reference: ClassReference, parameters: QueryParameters) throws {
        let route = APIRoute.objects(reference, .find(parameters))

        #expect(try APIRouter.match(APIRouter.print(route)) == route)
    }

    @Test(arguments: parameters)
    func roundTripsQueryParametersOnFiles(parameters: QueryParameters) throws {
        let route = APIRoute.files(.find(parameters))

        #expect(try APIRouter.match(APIRouter.print(route)) == route)
    }

    @Test func printsTheDocumentedQueryStrictlyEncodedInNameOrder() {
        let parameters = QueryParameters(
            whereQuery: WhereQuery([.field(Self.field("testKey"), [.equalTo("testValue")])]), limit: 0, includesCount: true)

        let request = APIRouter.print(.objects(.custom(ClassName("TestClass") ?? .user), .find(parameters)))

        #expect(request.target == "/2013-09-01/classes/TestClass?count=1&limit=0&where=%7B%22testKey%22%3A%22testValue%22%7D")
    }

    @Test(arguments: [
        "where=%7B%22testKey%22%3A%22testValue%22%7D",
        "where=%7B%22testKey%22:%22testValue%22%7D",
        "where={%22testKey%22:%22testValue%22}",
        "&where=%7B%22testKey%22%3A%22testValue%22%7D&&",
    ])
    func readsTheWhereOfEveryClientEncoding(query: String) throws {
        let request = RequestData(method: .get, path: "/2013-09-01/classes/TestClass", query: query)

        let route = try APIRouter.match(request)

        let expected = QueryParameters(whereQuery: WhereQuery([.field(Self.field("testKey"), [.equalTo("testValue")])]))
        #expect(route == .objects(.custom(ClassName("TestClass") ?? .user), .find(expected)))
    }

    @Test func readsAFormEncodedSpaceInAWhereValue() throws {
        let request = RequestData(method: .get, path: "/2013-09-01/users/", query: "where=%7B%22userName%22%3A%22Yamada+Tarou%22%7D")

        let route = try APIRouter.match(request)

        let expected = QueryParameters(whereQuery: WhereQuery([.field(Self.field("userName"), [.equalTo("Yamada Tarou")])]))
        #expect(route == .objects(.users, .find(expected)))
    }

    @Test func readsTheSwiftEncodingOfAnOperatorQuery() throws {
        let query = "where=%7B%22number%22:%7B%22$gt%22:42%7D,%22message%22:%7B%22$regex%22:%22%5EHel%22%7D%7D"
        let request = RequestData(method: .get, path: "/2013-09-01/classes/SwiftAcceptC499C6EB", query: query)

        let route = try APIRouter.match(request)

        let expected = QueryParameters(
            whereQuery: WhereQuery([.field(Self.field("number"), [.greaterThan(42)]), .field(Self.field("message"), [.regex("^Hel")])]))
        #expect(route == .objects(.custom(ClassName("SwiftAcceptC499C6EB") ?? .user), .find(expected)))
    }

    @Test func rejectsAWhereThatIsNotJSON() {
        let request = RequestData(method: .get, path: "/2013-09-01/classes/TestClass", query: "where=%7Bnot%20json")

        #expect(throws: APIError(.invalidJson)) { try APIRouter.match(request) }
    }

    @Test func rejectsALimitOutOfRange() {
        let request = RequestData(method: .get, path: "/2013-09-01/classes/TestClass", query: "limit=1001")

        #expect(throws: APIError(.invalidValue, "limit")) { try APIRouter.match(request) }
    }
}
