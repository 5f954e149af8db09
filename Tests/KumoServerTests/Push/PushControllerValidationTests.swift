import HTTPTypes
import HummingbirdTesting
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Every push field's rules (docs/wire/endpoints/push.md; codes chosen in `PushRequest+Rules.swift`): a bad field
/// answers its NCMB error and writes nothing.
@Suite struct PushControllerValidationTests {
    /// A body fragment added to an otherwise valid immediate push, and the exact error body it must get.
    struct Case: Sendable, CustomStringConvertible {
        let fragment: String
        let error: String
        let status: HTTPResponse.Status

        init(_ fragment: String, _ code: String, _ message: String, status: HTTPResponse.Status = .badRequest) {
            self.fragment = fragment
            self.error = #"{"code":"\#(code)","error":"\#(message)"}"#
            self.status = status
        }

        var description: String { fragment }
    }

    static let cases: [Case] = [
        Case(#""deliveryTime":"2030-01-01""#, "E400002", "deliveryTime is invalid."),
        Case(#""deliveryTime":{"__type":"Date","iso":"tomorrow"}"#, "E400004", "deliveryTime is invalid format."),
        Case(#""immediateDeliveryFlag":"true""#, "E400002", "immediateDeliveryFlag is invalid."),
        Case(#""target":"ios""#, "E400002", "target is invalid."),
        Case(#""target":["ios",1]"#, "E400002", "target is invalid."),
        Case(#""target":["ios","windows"]"#, "E400005", "target is not a valid value."),
        Case(#""searchCondition":"{}""#, "E400002", "searchCondition is invalid."),
        Case(#""searchCondition":{"score":{"$unknown":1}}"#, "E400002", "$unknown is invalid."),
        Case(#""title":1"#, "E400002", "title is invalid."),
        Case(#""message":["m"]"#, "E400002", "message is invalid."),
        Case(#""richUrl":true"#, "E400002", "richUrl is invalid."),
        Case(#""category":{}"#, "E400002", "category is invalid."),
        Case(#""sound":0"#, "E400002", "sound is invalid."),
        Case(#""action":false"#, "E400002", "action is invalid."),
        Case(#""android_channel_id":5"#, "E400002", "android_channel_id is invalid."),
        Case(#""userSettingValue":[1]"#, "E400002", "userSettingValue is invalid."),
        Case(#""userSettingValue":{"__op":"Increment","amount":1}"#, "E400002", "userSettingValue is invalid."),
        Case(#""badgeIncrementFlag":1"#, "E400002", "badgeIncrementFlag is invalid."),
        Case(#""contentAvailable":"yes""#, "E400002", "contentAvailable is invalid."),
        Case(#""dialog":0"#, "E400002", "dialog is invalid."),
        Case(#""badgeSetting":"1""#, "E400002", "badgeSetting is invalid."),
        Case(#""badgeSetting":1.5"#, "E400002", "badgeSetting is invalid."),
        Case(#""badgeSetting":-1"#, "E400005", "badgeSetting is not a valid value."),
        Case(#""deliveryExpirationDate":"2030-01-01""#, "E400002", "deliveryExpirationDate is invalid."),
        Case(#""deliveryExpirationTime":3"#, "E400002", "deliveryExpirationTime is invalid."),
        Case(#""deliveryExpirationTime":"3 weeks""#, "E400004", "deliveryExpirationTime is invalid format."),
        Case(#""deliveryExpirationTime":"3hour""#, "E400004", "deliveryExpirationTime is invalid format."),
        Case(#""deliveryExpirationTime":"0 hour""#, "E400005", "deliveryExpirationTime is not a valid value."),
        Case(#""deliveryExpirationTime":"25 hour""#, "E400005", "deliveryExpirationTime is not a valid value."),
        Case(#""deliveryExpirationTime":"29 day""#, "E400005", "deliveryExpirationTime is not a valid value."),
        Case(#""acl":{"*":{"read":"yes"}}"#, "E400002", "acl is invalid."),
        Case(#""score":1"#, "E400002", "score is invalid."),
        Case(#""deliveryPlanNumber":5"#, "E403005", "deliveryPlanNumber must not be entered.", status: .forbidden),
        Case(#""deliveryNumber":5"#, "E403005", "deliveryNumber must not be entered.", status: .forbidden),
        Case(#""status":2"#, "E403005", "status must not be entered.", status: .forbidden),
        Case(#""error":null"#, "E403005", "error must not be entered.", status: .forbidden),
        Case(#""openNumber":9"#, "E403005", "openNumber must not be entered.", status: .forbidden),
    ]

    /// Combinations of delivery and expiry options, each refused as a whole.
    static let combinations: [Case] = [
        Case(#""message":"m""#, "E400008", "Either deliveryTime or immediateDeliveryFlag."),
        Case(#""immediateDeliveryFlag":false"#, "E400008", "Either deliveryTime or immediateDeliveryFlag."),
        Case(
            #""deliveryTime":{"__type":"Date","iso":"2030-01-01T00:00:00.000Z"},"immediateDeliveryFlag":true"#, "E400008",
            "Either deliveryTime or immediateDeliveryFlag."),
        Case(
            #""immediateDeliveryFlag":true,"deliveryExpirationDate":{"__type":"Date","iso":"2030-01-01T00:00:00.000Z"},"deliveryExpirationTime":"1 day""#,
            "E400008", "Either deliveryExpirationDate or deliveryExpirationTime."),
        Case(
            #""immediateDeliveryFlag":true,"deliveryExpirationDate":{"__type":"Date","iso":"2009-02-13T23:31:30.000Z"}"#, "E400005",
            "deliveryExpirationDate is not a valid value."),
        Case(
            #""deliveryTime":{"__type":"Date","iso":"2030-01-01T00:00:00.000Z"},"deliveryExpirationDate":{"__type":"Date","iso":"2029-12-31T00:00:00.000Z"}"#,
            "E400005", "deliveryExpirationDate is not a valid value."),
    ]

    @Test(arguments: PushControllerValidationTests.cases)
    func aBadFieldIsRefusedOnCreateWithItsError(_ badCase: Case) async throws {
        try await PushControllerTests.run { application, requester in
            let response = try await requester.send(
                .post, PushControllerTests.path, body: #"{"immediateDeliveryFlag":true,\#(badCase.fragment)}"#)

            #expect(response.status == badCase.status)
            #expect(response.text == badCase.error)
            let count = try await requester.send(.get, PushControllerTests.path + "?count=1&limit=0")
            #expect(count.text == #"{"results":[],"count":0}"#)
        }
    }

    @Test(arguments: PushControllerValidationTests.cases)
    func aBadFieldIsRefusedOnUpdateAndChangesNothing(_ badCase: Case) async throws {
        try await PushControllerTests.run { _, requester in
            let id = try await PushControllerTests.register(requester, PushControllerTests.scheduled)

            let response = try await requester.send(.put, PushControllerTests.path + "/\(id)", body: "{\(badCase.fragment)}")
            let read = try await requester.send(.get, PushControllerTests.path + "/\(id)")

            #expect(response.text == badCase.error)
            #expect(read.json?.objectValue?["updateDate"] == "2009-02-13T23:31:30.000Z")
        }
    }

    @Test(arguments: PushControllerValidationTests.combinations)
    func aBadCombinationIsRefused(_ badCase: Case) async throws {
        try await PushControllerTests.run { _, requester in
            let response = try await requester.send(.post, PushControllerTests.path, body: "{\(badCase.fragment)}")

            #expect(response.status == badCase.status)
            #expect(response.text == badCase.error)
        }
    }

    @Test(arguments: [
        #""deliveryExpirationTime":"1 hour""#, #""deliveryExpirationTime":"24 hour""#, #""deliveryExpirationTime":"28 day""#,
        #""deliveryExpirationDate":{"__type":"Date","iso":"2009-02-13T23:31:31.000Z"}"#, #""userSettingValue":"text""#,
        #""userSettingValue":{"key":{"__type":"Date","iso":"2030-01-01T00:00:00Z"}}"#, #""title":null"#,
        #""objectId":"ignored","createDate":"ignored""#, #""acl":{"*":{"read":true}}"#,
        #""searchCondition":{"deviceType":"ios","channels":{"$inArray":["news"]}}"#,
    ])
    func aValidOptionalFieldIsAccepted(fragment: String) async throws {
        try await PushControllerTests.run { _, requester in
            let response = try await requester.send(
                .post, PushControllerTests.path, body: #"{"immediateDeliveryFlag":true,\#(fragment)}"#)

            #expect(response.status == .created, "\(response.text)")
        }
    }

    @Test func aDateInTheCustomPayloadIsStoredInCanonicalForm() async throws {
        try await PushControllerTests.run { _, requester in
            let id = try await PushControllerTests.register(
                requester, #"{"immediateDeliveryFlag":true,"userSettingValue":{"at":{"__type":"Date","iso":"2030-01-01T00:00:00Z"}}}"#)

            let read = try await requester.send(.get, PushControllerTests.path + "/\(id)")

            #expect(read.json?.objectValue?["userSettingValue"] == ["at": ["__type": "Date", "iso": "2030-01-01T00:00:00.000Z"]])
        }
    }
}
