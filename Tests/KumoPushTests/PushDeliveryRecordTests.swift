import KumoPush
import KumoSeams
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Reading a push object for delivery: its expiry, its notification, its segment condition
/// (docs/wire/endpoints/push.md). The installation body rules that clear a deactivation are in
/// `InstallationsDeactivationTests` (KumoServerTests).
@Suite struct PushDeliveryRecordTests {
    static func push(_ fields: JSONObject) -> StoredObject {
        StoredObject(objectId: "p", createDate: TestClock.start, updateDate: TestClock.start, acl: .publicReadWrite, fields: fields)
    }

    @Test(arguments: [("1 hour", Int64(3_600_000)), ("24 hour", 86_400_000), ("3 day", 259_200_000), ("2 days", 172_800_000)])
    func readsADeliveryExpirationTime(text: String, milliseconds: Int64) {
        #expect(PushRequest.milliseconds(ofExpirationTime: text) == milliseconds)
    }

    @Test(arguments: ["", "hour", "0 hour", "1 week", "x day", "1  "])
    func ignoresAnUnreadableDeliveryExpirationTime(text: String) {
        #expect(PushRequest.milliseconds(ofExpirationTime: text) == nil)
    }

    /// The expiry of a stored push, read as delivery reads it.
    static func expirationDate(of push: StoredObject) throws -> WireDate? {
        try PushRequest(storedFields: push.fields).expirationDate(createDate: push.createDate)
    }

    @Test func countsTheExpirationTimeFromTheDeliveryTime() throws {
        let deliveryTime = WireDate(millisecondsSince1970: TestClock.start.millisecondsSince1970 + 60_000)
        let push = Self.push(["deliveryTime": TypedValue.dateJSON(deliveryTime), "deliveryExpirationTime": "1 hour"])

        #expect(try Self.expirationDate(of: push)?.millisecondsSince1970 == deliveryTime.millisecondsSince1970 + 3_600_000)
    }

    @Test func prefersTheExpirationDate() throws {
        let date = WireDate(millisecondsSince1970: 2_000_000_000_000)
        let push = Self.push(["deliveryExpirationDate": TypedValue.dateJSON(date), "deliveryExpirationTime": "1 hour"])

        #expect(try Self.expirationDate(of: push) == date)
    }

    @Test func targetsBothPlatformsByDefault() throws {
        let condition = PushSegment.condition(of: try PushRequest(storedFields: Self.push([:]).fields))

        #expect(condition.clauses.first == .field(FieldName("deviceType")!, [.containedIn(["ios", "android"])]))
    }

    @Test func readsASearchConditionSentAsJSONText() throws {
        let push = Self.push(["searchCondition": #"{"channels":{"$inArray":["news"]}}"#])
        let condition = PushSegment.condition(of: try PushRequest(storedFields: push.fields))

        #expect(condition.clauses.first == .field(FieldName("channels")!, [.inArray(["news"])]))
    }

    @Test func recordsNoErrorWhileNothingFailed() {
        var record = PushDeliveryRecord(recordedOn: Self.push(["deliveryNumber": 4, "error": nil]))
        record.recordDelivered()

        #expect(record.deliveryNumber == 5)
        #expect(record.error == nil)
        #expect(record.status == .delivered)
    }
}
