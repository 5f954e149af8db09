import NCMBWire
import Testing

@Suite struct AccessControlListParsingTests {
    typealias Permission = AccessControlList.Permission

    func parse(_ text: String) throws -> AccessControlList { try AccessControlList(parsing: .json(text)) }

    // MARK: Tests

    @Test func readsPublicUserAndRoleGrants() throws {
        let acl = try parse(#"{"*":{"read":true},"7FrmPTBKSNtVjajm":{"read":true,"write":true},"role:Admin":{"write":true}}"#)

        let expected = AccessControlList([
            "*": Permission(read: true), "7FrmPTBKSNtVjajm": Permission(read: true, write: true),
            "role:Admin": Permission(write: true),
        ])
        #expect(acl == expected)
        #expect(acl.isPublicReadable)
        #expect(!acl.isPublicWritable)
    }

    @Test func readsAnEmptyObjectAsGrantingNobody() throws {
        #expect(try parse("{}").entries.isEmpty)
    }

    @Test(arguments: [
        #"{"*":{"read":false}}"#, #"{"*":{"read":false,"write":false}}"#, #"{"*":{}}"#, #"{"u1":{"write":false}}"#,
    ])
    func dropsEntriesThatGrantNothing(text: String) throws {
        #expect(try parse(text).entries.isEmpty)
    }

    @Test func keepsOnlyTheTrueGrantOfAMixedEntry() throws {
        let acl = try parse(#"{"u1":{"read":true,"write":false}}"#)

        #expect(acl.entries == ["u1": Permission(read: true)])
    }

    @Test func printsTheSameGrantsItRead() throws {
        let text = #"{"*":{"read":true},"role:Admin":{"read":true,"write":true},"u1":{"write":true}}"#

        #expect(try parse(text).json.serializedString() == text)
    }

    @Test(arguments: [
        "[]", "null", "true", #""*""#,
        #"{"*":true}"#, #"{"*":{"read":"true"}}"#, #"{"*":{"read":1}}"#, #"{"*":{"read":null}}"#,
        #"{"*":{"delete":true}}"#, #"{"*":{"read":true,"get":true}}"#, #"{"":{"read":true}}"#, #"{"role:":{"read":true}}"#,
    ])
    func rejectsMalformedACLs(text: String) {
        #expect(throws: APIError(.invalidType, "acl")) { try parse(text) }
    }

    @Test func rejectsPrincipalsLongerThanOneHundredCharacters() {
        let json: JSONValue = .object(JSONObject([(String(repeating: "u", count: 101), JSONValue.object(["read": true]))]))

        #expect(throws: APIError(.invalidType, "acl")) { try AccessControlList(parsing: json) }
    }

    @Test(arguments: ["*", "u", "role:Admin", "role:" + String(repeating: "r", count: 100), String(repeating: "u", count: 100)])
    func acceptsValidPrincipals(principal: String) {
        #expect(AccessControlList.isValidPrincipal(principal))
    }

    @Test func rendersTheWireMessage() {
        #expect(APIError(.invalidType, "acl").message == "acl is invalid.")
    }
}
