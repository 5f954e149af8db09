import HTTPTypes
import HummingbirdTesting
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import NIOCore
import Testing

/// The acceptance scenario of issue 5 for files over raw REST on a real server in process: two users sign up, one
/// uploads a Japanese-named file readable only by themself, the other is denied everywhere, the owner downloads the
/// identical bytes with a valid response signature, then deletes the file.
@Suite struct FileAcceptanceTests {
    @Test(arguments: TestDatabase.engines)
    func aRestrictedJapaneseNamedFileIsDeniedToOthersAndDownloadsIdenticallyForItsOwner(_ engine: StorageEngine) async throws {
        try await TestApplication.with(engine: engine) { application in
            try await application.test { requester in
                let owner = try await requester.signUp("fileOwner")
                let other = try await requester.signUp("fileOther")
                let name = "議事録 2024年.pdf"
                let path = "/2013-09-01/files/" + PercentEncoding.encode(name)
                let data = (0..<1_000_000).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ $0 >> 9) }
                let form = MultipartForm(
                    fileName: name, mimeType: "application/pdf", data: data,
                    acl: [owner.objectId: ["read": true, "write": true]])

                let upload = try await requester.sendBytes(
                    .post, path, body: form.encodedBytes(), contentType: form.contentType, as: owner.sessionToken)
                #expect(upload.status.code == 201, "upload: \(upload.text)")
                #expect(upload.json?.objectValue?["fileName"] == .string(name))

                // The other user and anonymous callers are denied: not found, not listed, not changeable.
                let otherGet = try await requester.send(.get, path, as: other.sessionToken)
                let anonymousGet = try await requester.send(.get, path, as: nil)
                let otherList = try await requester.send(.get, "/2013-09-01/files?count=1", as: other.sessionToken)
                let otherPut = try await requester.send(.put, path, json: ["acl": ["*": ["read": true]]], as: other.sessionToken)
                let otherDelete = try await requester.send(.delete, path, as: other.sessionToken)
                #expect(otherGet.status.code == 404 && otherGet.errorCode == "E404001")
                #expect(anonymousGet.status.code == 404)
                #expect(otherList.text == #"{"results":[],"count":0}"#)
                #expect(otherPut.errorCode == "E404001")
                #expect(otherDelete.errorCode == "E404001")

                // The owner downloads identical bytes, signed over their hex form.
                let download = try await requester.send(.get, path, as: owner.sessionToken)
                let stringToSign = RequestSignature.stringToSign(
                    method: "GET", host: "localhost", path: path, queryPairs: [], applicationKey: application.application.applicationKey,
                    timestamp: application.clock.now().formatted)
                let signature = try #require(download.header("X-NCMB-Response-Signature"))
                #expect(download.status.code == 200)
                #expect(download.headers[.contentType] == "application/pdf")
                #expect(Array(download.body.readableBytesView) == data)
                #expect(
                    ResponseSignature.isValid(
                        signature, stringToSign: stringToSign, body: data, isBinary: true, clientKey: application.application.clientKey))

                // The owner lists and deletes it.
                let ownerList = try await requester.send(.get, "/2013-09-01/files", as: owner.sessionToken)
                let delete = try await requester.send(.delete, path, as: owner.sessionToken)
                let afterDelete = try await requester.send(.get, path, as: owner.sessionToken)
                #expect(ownerList.json?.objectValue?["results"]?.arrayValue?.first?.objectValue?["fileSize"] == 1_000_000)
                #expect(delete.status.code == 200 && delete.body.readableBytes == 0)
                #expect(afterDelete.errorCode == "E404001")
            }
        }
    }
}

extension TestRequester {
    /// Sends raw bytes signed like `send`, as the caller of `sessionToken`.
    func sendBytes(
        _ method: HTTPRequest.Method, _ target: String, body: [UInt8], contentType: String, as sessionToken: String?
    ) async throws -> TestResponse {
        let timestamp = clock.now().formatted
        var headers = HTTPFields()
        headers[.contentType] = contentType
        headers[HTTPField.Name(NCMBHeaderName.applicationKey)!] = application.applicationKey
        headers[HTTPField.Name(NCMBHeaderName.timestamp)!] = timestamp
        headers[HTTPField.Name(NCMBHeaderName.signature)!] = RequestSignature.signature(
            method: method.rawValue, host: "localhost", path: target, rawQuery: nil, applicationKey: application.applicationKey,
            clientKey: application.clientKey, timestamp: timestamp)
        headers[HTTPField.Name("Host")!] = "localhost"
        if let sessionToken { headers[HTTPField.Name(NCMBHeaderName.sessionToken)!] = sessionToken }
        return try await client.execute(uri: target, method: method, headers: headers, body: ByteBuffer(bytes: body))
    }
}
