import NCMBWire
import Testing

/// A push parsed once: the body's checked operations, its `acl` and its parsed `searchCondition`; a stored push read
/// by the same rules for delivery.
@Suite struct PushRequestTests {
    @Test func keepsTheSearchConditionItParsedWithTheOperations() throws {
        let request = try PushRequest(
            body: ["immediateDeliveryFlag": true, "searchCondition": ["channels": ["$inArray": ["news"]]], "acl": [:]])

        #expect(request.searchCondition == (try WhereQuery(parsing: ["channels": ["$inArray": ["news"]]])))
        #expect(request.operations.map(\.0) == [StandardField.Push.immediateDeliveryFlag, StandardField.Push.searchCondition])
        #expect(request.acl == (try AccessControlList(parsing: [:])))
    }

    static let unparsableBodies: [(JSONObject, APIError)] = [
        (["searchCondition": "{}"], APIError(.invalidType, "searchCondition")),
        (["searchCondition": ["score": ["$bogus": 1]]], APIError(.invalidType, "$bogus")),
        (["status": 2], APIError(.settingDisable, "status")),
        (["colour": "red"], APIError(.invalidType, "colour")),
    ]

    @Test(arguments: unparsableBodies)
    func refusesABodyThatDoesNotParse(body: JSONObject, error: APIError) {
        #expect(throws: error) { try PushRequest(body: body) }
    }

    @Test func aClearedSearchConditionLeavesNoCondition() throws {
        let request = try PushRequest(body: ["searchCondition": nil])

        #expect(request.searchCondition == nil)
        #expect(request.operations.map(\.1) == [.delete])
    }

    @Test func readsAStoredPushWithoutItsServerFieldsAndAConditionKeptAsText() throws {
        let stored: JSONObject = [
            "immediateDeliveryFlag": true, "status": 2, "error": nil, "deliveryNumber": 3, "target": ["ios"],
            "searchCondition": #"{"channels":{"$inArray":["news"]}}"#,
        ]

        let request = try PushRequest(storedFields: stored)

        #expect(request.searchCondition == (try WhereQuery(parsing: ["channels": ["$inArray": ["news"]]])))
        #expect(request.targetPlatforms == ["ios"])
        #expect(request.values.keys == ["immediateDeliveryFlag", "target", "searchCondition"])
    }

    @Test func namesTheFieldOfAStoredPushThatDoesNotParse() {
        #expect(throws: PushRequest.FieldError(field: "searchCondition", error: APIError(.invalidType, "$bogus"))) {
            try PushRequest(storedFields: ["searchCondition": ["score": ["$bogus": 1]]])
        }
        let error = PushRequest.FieldError(field: "searchCondition", error: APIError(.invalidType, "$bogus"))
        #expect(error.reason == "searchCondition is invalid: $bogus is invalid.")
    }

    @Test func targetsBothPlatformsWhenTheTargetNamesNone() throws {
        #expect(try PushRequest(body: ["target": []]).targetPlatforms == ["ios", "android"])
        #expect(try PushRequest(body: [:]).targetPlatforms == ["ios", "android"])
    }
}
