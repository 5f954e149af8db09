import HTTPTypes
import HummingbirdTesting
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import NIOCore
import Testing

/// Downloads, ACL updates and deletes of files on real SQLite and the disk blob store (docs/wire/endpoints/files.md,
/// F63, F64, F67, F68; docs/decisions/0003-existence-is-not-leaked.md).
@Suite struct FilesAccessTests {
    static let denied = #"{"code":"E403001","error":"No access with ACL."}"#
    static let missing = #"{"code":"E404001","error":"No data available."}"#

    // MARK: Download

    @Test func aDownloadIsByteIdenticalAndSignedOverTheHexFormOfTheBytes() async throws {
        try await FileTests.run { application, requester in
            let data = FileTests.pattern(600_000)
            try await requester.upload("photo.jpg", data: data, mimeType: "image/jpeg")

            let download = try await requester.send(.get, FileTests.path + "/photo.jpg")
            let signature = try #require(download.header("X-NCMB-Response-Signature"))

            #expect(download.status == .ok)
            #expect(Array(download.body.readableBytesView) == data)
            #expect(download.headers[.contentType] == "image/jpeg")
            #expect(download.headers[.contentLength] == "600000")
            #expect(
                ResponseSignature.isValid(
                    signature, stringToSign: requester.stringToSign(.get, FileTests.path + "/photo.jpg"), body: data,
                    isBinary: true, clientKey: application.application.clientKey))
        }
    }

    @Test func aMissingFileAnswers404Signed() async throws {
        try await FileTests.run { _, requester in
            let response = try await requester.send(.get, FileTests.path + "/nothing.txt")

            #expect(response.status == .notFound)
            #expect(response.text == Self.missing)
            #expect(response.header("X-NCMB-Response-Signature") != nil)
        }
    }

    @Test func anotherUserIsDeniedAFileOfOwnerOnlyACL() async throws {
        try await FileTests.run { _, requester in
            let (owner, ownerToken) = try await requester.signUp("owner")
            let (_, otherToken) = try await requester.signUp("other")
            try await requester.upload("secret.txt", data: Array("s3cret".utf8), acl: [owner: ["read": true, "write": true]], token: ownerToken)

            let other = try await requester.send(.get, FileTests.path + "/secret.txt", token: otherToken)
            let anonymous = try await requester.send(.get, FileTests.path + "/secret.txt")
            let ownerRead = try await requester.send(.get, FileTests.path + "/secret.txt", token: ownerToken)
            let otherList = try await requester.send(.get, FileTests.path + "?count=1", token: otherToken)

            #expect(other.text == Self.missing)
            #expect(anonymous.text == Self.missing)
            #expect(ownerRead.text == "s3cret")
            #expect(otherList.text == #"{"results":[],"count":0}"#)
        }
    }

    // MARK: ACL update

    @Test func theWrappedFormOfFixtureF63ReplacesTheACL() async throws {
        try await FileTests.run { application, requester in
            try await requester.upload("update_file.text")
            application.clock.advance(milliseconds: 1000)

            let response = try await requester.send(.put, FileTests.path + "/update_file.text", body: #"{"acl":{"abc":{"write":true}}}"#)
            let download = try await requester.send(.get, FileTests.path + "/update_file.text")

            #expect(response.status == .ok)
            #expect(response.text == #"{"updateDate":"2009-02-13T23:31:31.000Z"}"#)
            #expect(download.errorCode == "E404001")
        }
    }

    @Test func theBareMapOfFixtureF64ReplacesTheACL() async throws {
        try await FileTests.run { _, requester in
            try await requester.upload("update_file.text")

            let response = try await requester.send(
                .put, FileTests.path + "/update_file.text", body: #"{"*":{"read":true},"abc":{"write":true}}"#)
            let list = try await requester.send(.get, FileTests.path)

            #expect(response.status == .ok)
            #expect(list.json?.objectValue?["results"]?.arrayValue?.first?.objectValue?["acl"] == ["*": ["read": true], "abc": ["write": true]])
        }
    }

    @Test(arguments: [#"{"acl":{"*":{"read":"yes"}}}"#, #"{"*":true}"#, #"{"acl":{"*":{"delete":true}}}"#])
    func anInvalidACLAnswers400AndChangesNothing(body: String) async throws {
        try await FileTests.run { _, requester in
            try await requester.upload("a.txt")

            let response = try await requester.send(.put, FileTests.path + "/a.txt", body: body)
            let download = try await requester.send(.get, FileTests.path + "/a.txt")

            #expect(response.text == #"{"code":"E400002","error":"acl is invalid."}"#)
            #expect(download.status == .ok)
        }
    }

    @Test func anACLUpdateOfAMissingFileAnswers404() async throws {
        try await FileTests.run { _, requester in
            let response = try await requester.send(.put, FileTests.path + "/none.txt", body: #"{"acl":{}}"#)

            #expect(response.text == Self.missing)
        }
    }

    @Test func aReadableButNotWritableFileAnswers403OnUpdateAndDeleteAnUnreadableOne404() async throws {
        try await FileTests.run { _, requester in
            let (owner, ownerToken) = try await requester.signUp("owner")
            let (_, otherToken) = try await requester.signUp("other")
            try await requester.upload("readable.txt", acl: ["*": ["read": true], owner: ["read": true, "write": true]], token: ownerToken)
            try await requester.upload("private.txt", acl: [owner: ["read": true, "write": true]], token: ownerToken)

            let updateReadable = try await requester.send(.put, FileTests.path + "/readable.txt", body: #"{"acl":{}}"#, token: otherToken)
            let deleteReadable = try await requester.send(.delete, FileTests.path + "/readable.txt", token: otherToken)
            let updatePrivate = try await requester.send(.put, FileTests.path + "/private.txt", body: #"{"acl":{}}"#, token: otherToken)
            let deletePrivate = try await requester.send(.delete, FileTests.path + "/private.txt", token: otherToken)
            let stillThere = try await requester.send(.get, FileTests.path + "/private.txt", token: ownerToken)

            #expect(updateReadable.text == Self.denied)
            #expect(deleteReadable.text == Self.denied)
            #expect(updatePrivate.text == Self.missing)
            #expect(deletePrivate.text == Self.missing)
            #expect(stillThere.status == .ok)
        }
    }

    // MARK: Delete

    @Test func deleteAnswersAnEmptyBodyAndRemovesMetadataAndBytes() async throws {
        try await FileTests.run { application, requester in
            try await requester.upload("gone.txt")
            let list = try await application.storage.objects.find(
                FindRequest(applicationId: application.application.applicationId, className: .file, parameters: QueryParameters()),
                access: .anonymous)
            let blobId = try #require(list.objects.first?.fields["blobId"]?.stringValue)

            let response = try await requester.send(.delete, FileTests.path + "/gone.txt")
            let download = try await requester.send(.get, FileTests.path + "/gone.txt")
            let size = try await application.storage.blobs.size(applicationId: application.application.applicationId, blobId: blobId)

            #expect(response.status == .ok)
            #expect(response.body.readableBytes == 0)
            #expect(response.header("X-NCMB-Response-Signature") != nil)
            #expect(download.errorCode == "E404001")
            #expect(size == nil)
        }
    }

    @Test func deleteOfAMissingFileAnswers404() async throws {
        try await FileTests.run { _, requester in
            let response = try await requester.send(.delete, FileTests.path + "/none.txt")

            #expect(response.text == Self.missing)
        }
    }

    @Test func aDeletedNameCanBeUploadedAgain() async throws {
        try await FileTests.run { _, requester in
            try await requester.upload("again.txt", data: Array("one".utf8))
            _ = try await requester.send(.delete, FileTests.path + "/again.txt")

            try await requester.upload("again.txt", data: Array("two".utf8))
            let download = try await requester.send(.get, FileTests.path + "/again.txt")

            #expect(download.text == "two")
        }
    }
}
