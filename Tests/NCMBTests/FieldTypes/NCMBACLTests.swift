import NCMB
import NCMBWire
import Testing

@Suite struct NCMBACLTests {
    let transport = RecordingTransport()

    /// The `acl` a new object with `acl` sends.
    func sentACL(_ acl: NCMBACL, expected: JSONValue) async throws -> String {
        let object = NCMBContext.$current.withValue(.test(transport: transport)) { NCMBObject(className: "Sample") }
        object.acl = acl
        transport.expect(
            .objects(try .named("Sample"), .create(["acl": expected])),
            reply: .json(201, #"{"objectId":"0000000000000001","createDate":"2009-02-13T23:31:30.000Z"}"#))
        try await object.save()
        return String(decoding: try #require(transport.requests.first).body, as: UTF8.self)
    }

    // MARK: Tests

    @Test func theDefaultACLLetsEveryoneReadAndWrite() {
        let acl = NCMBACL.default

        #expect(acl.getReadable(key: NCMBACL.ACL_PUBLIC) == true)
        #expect(acl.getWritable(key: NCMBACL.ACL_PUBLIC) == true)
        #expect(NCMBACL.ACL_PUBLIC == "*")
    }

    @Test func theEmptyACLHasNoEntry() {
        #expect(NCMBACL.empty.getReadable(key: NCMBACL.ACL_PUBLIC) == nil)
        #expect(NCMBACL.empty.description == "{}")
    }

    @Test func putReplacesAndRemoveDeletesAnEntry() {
        var acl = NCMBACL.empty

        acl.put(key: "u1", readable: true, writable: true)
        acl.put(key: "u1", readable: true, writable: false)
        acl.put(key: "u2", readable: false, writable: true)
        acl.remove(key: "u2")

        #expect(acl.getReadable(key: "u1") == true)
        #expect(acl.getWritable(key: "u1") == false)
        #expect(acl.getWritable(key: "u2") == nil)
    }

    @Test func descriptionListsTheEntriesSortedByKey() {
        var acl = NCMBACL.empty
        acl.put(key: "role:Admin", readable: true, writable: true)
        acl.put(key: "*", readable: true, writable: false)

        #expect(acl.description == #"{"*"=(read=true,write=false),"role:Admin"=(read=true,write=true)}"#)
    }

    @Test func theWireFormListsOnlyTheGrantedPermissions() async throws {
        var acl = NCMBACL.empty
        acl.put(key: "*", readable: true, writable: false)
        acl.put(key: "role:Admin", readable: true, writable: true)
        acl.put(key: "u1", readable: false, writable: false)

        let body = try await sentACL(acl, expected: ["*": ["read": true], "role:Admin": ["read": true, "write": true], "u1": [:]])

        #expect(body == #"{"acl":{"*":{"read":true},"role:Admin":{"read":true,"write":true},"u1":{}}}"#)
    }

    @Test func aReceivedACLSkipsMalformedEntries() async throws {
        let object = NCMBContext.$current.withValue(.test(transport: transport)) { NCMBObject(className: "Sample") }
        object.objectId = "x1"
        transport.expect(
            .objects(try .named("Sample"), .get(objectId: "x1")),
            reply: .json(200, #"{"objectId":"x1","acl":{"*":{"read":true},"u1":true,"u2":{"read":"yes"},"u3":{"write":true}}}"#))

        try await object.fetch()

        #expect(object.acl?.description == #"{"*"=(read=true,write=false),"u3"=(read=false,write=true)}"#)
    }
}
