import KumoStorage
import NCMBWire
import Testing

/// The views of ``ObjectRendering`` beyond custom objects: the export's form and each standard class as `GET` shows it
/// to a reader, with a query's `keys` (docs/decisions/0118-one-renderer-of-stored-objects.md).
@Suite struct ObjectViewTests {
    static func object(_ fields: JSONObject, objectId: String = "o1") -> StoredObject {
        ObjectRenderingTests.object(fields).with(objectId: objectId)
    }

    static func json(_ bytes: [UInt8]) throws -> JSONObject {
        try #require(try JSONValue(parsing: bytes).objectValue)
    }

    @Test func theExportIsTheGetFormWithoutTheDroppedFieldsAndWithoutRedaction() throws {
        let plain = Self.object(["fileName": "a.txt", "blobId": "b1", "fileSize": 3])
        let user: JSONObject = ["__type": "Object", "className": "user", "objectId": "u1", "authData": ["anonymous": ["id": "x"]]]
        let embedded = Self.object(["owner": .object(user)])

        #expect(ObjectRendering.exported(plain, dropping: []) == ObjectRendering.object(plain))
        #expect(try Self.json(ObjectRendering.exported(plain, dropping: ["blobId"]))["blobId"] == nil)
        #expect(try Self.json(ObjectRendering.exported(plain, dropping: ["blobId"]))["fileName"] == "a.txt")
        // What is stored is exported as stored, so that importing it gives back the same object.
        #expect(try Self.json(ObjectRendering.exported(embedded, dropping: []))["owner"]?.objectValue?["authData"] != nil)
    }

    @Test func aCustomObjectWithKeysKeepsTheSystemFieldsAndTheNamedOnes() throws {
        let object = Self.object(["text": "hi", "score": 3, "other": true])

        let view = try Self.json(
            ObjectRendering.view(object, className: ClassName("Note")!, keys: [FieldName("text")!], reader: nil, readableInstallations: nil))

        #expect(Set(view.keys) == ["objectId", "createDate", "updateDate", "acl", "text"])
    }

    @Test func aUserShowsItsAuthDataToItselfOnlyAndItsSecretsToNobody() throws {
        let user = Self.object(
            ["userName": "ann", "password": "hash", "sessionToken": "t", "authData": ["anonymous": ["id": "x"]]], objectId: "u1")

        let own = try Self.json(ObjectRendering.view(user, className: .user, keys: nil, reader: "u1", readableInstallations: nil))
        let other = try Self.json(ObjectRendering.view(user, className: .user, keys: nil, reader: "u2", readableInstallations: nil))
        let anonymous = try Self.json(ObjectRendering.view(user, className: .user, keys: nil, reader: nil, readableInstallations: nil))

        #expect(own["authData"] != nil)
        #expect(other["authData"] == nil && anonymous["authData"] == nil)
        #expect([own, other, anonymous].allSatisfy { $0["password"] == nil && $0["sessionToken"] == nil && $0["userName"] == "ann" })
    }

    @Test func aFileShowsItsMetadataWhateverTheKeys() throws {
        let file = Self.object(["fileName": "a.txt", "blobId": "b1", "fileSize": 3, "mimeType": "text/plain"])

        let view = try Self.json(
            ObjectRendering.view(file, className: .file, keys: [FieldName("other")!], reader: nil, readableInstallations: nil))

        #expect(Set(view.keys) == ["fileName", "mimeType", "fileSize", "createDate", "updateDate", "acl"])
    }

    @Test func aPushPadsItsDocumentedFieldsHidesItsSenderAndFiltersItsReasons() throws {
        let reasons: JSONValue = [["installationId": "i1", "code": "a"], ["installationId": "i2", "code": "b"]]
        let push = Self.object(["message": "hello", "sender": "secret", "error": ["failedDevices": 2, "reasons": reasons]])

        let view = try Self.json(ObjectRendering.view(push, className: .push, keys: nil, reader: "u1", readableInstallations: ["i2"]))

        #expect(view["title"] == .null && view["message"] == "hello" && view["sender"] == nil)
        #expect(view["error"]?.objectValue?["reasons"] == [["installationId": "i2", "code": "b"]])
        #expect(view["error"]?.objectValue?["failedDevices"] == 2)
    }

    @Test func aRoleWithKeysShowsOnlyTheNamedRoleFields() throws {
        let role = Self.object(["roleName": "admin", "belongUser": ["__type": "Relation", "className": "user"]])

        let view = try Self.json(
            ObjectRendering.view(role, className: .role, keys: [FieldName("roleName")!], reader: nil, readableInstallations: nil))

        #expect(view["roleName"] == "admin" && view["belongUser"] == nil && view["belongRole"] == nil)
    }
}

extension StoredObject {
    /// The same object under another objectId.
    fileprivate func with(objectId: String) -> StoredObject {
        StoredObject(objectId: objectId, createDate: createDate, updateDate: updateDate, acl: acl, fields: fields)
    }
}
