import HTTPTypes
import HummingbirdTesting
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import NIOCore
import Testing

/// `POST /files/{fileName}` on real SQLite and the disk blob store: the SDK multipart vectors M1–M3
/// (docs/wire/endpoints/files.md#multipart-upload-vectors), the JavaScript form, names, limits and refusals (F61, F62,
/// F69, F70).
@Suite struct FilesUploadTests {
    @Test func uploadOfVectorM3AnswersFixtureF61AndStoresTheFile() async throws {
        try await FileTests.run { _, requester in
            let response = try await requester.sendBytes(
                .post, FileTests.path + "/upload.text", body: FileTests.m3(), contentType: FileTests.contentType)
            let download = try await requester.send(.get, FileTests.path + "/upload.text")

            #expect(response.status == .created)
            #expect(response.text == #"{"createDate":"2009-02-13T23:31:30.000Z","fileName":"upload.text"}"#)
            #expect(download.status == .ok)
            #expect(download.text == "Hello, NCMB!")
            #expect(download.headers[.contentType] == "text/plain")
        }
    }

    @Test func uploadOfVectorM1StoresTheEmptyACLSoNobodyMayReadIt() async throws {
        try await FileTests.run { _, requester in
            let response = try await requester.sendBytes(
                .post, FileTests.path + "/takanokun", body: FileTests.m1, contentType: FileTests.contentType)
            let download = try await requester.send(.get, FileTests.path + "/takanokun")

            #expect(response.status == .created)
            #expect(response.json?.objectValue?["fileName"] == "takanokun")
            #expect(download.errorCode == "E404001")
        }
    }

    @Test func uploadOfVectorM2GetsTheDefaultACLAndTheMIMETypeOfItsPart() async throws {
        try await FileTests.run { _, requester in
            let response = try await requester.sendBytes(
                .post, FileTests.path + "/takanokun", body: FileTests.m2, contentType: FileTests.contentType)
            let list = try await requester.send(.get, FileTests.path)

            #expect(response.status == .created)
            #expect(
                list.text
                    == #"{"results":[{"fileName":"takanokun","mimeType":"application/octet-stream","fileSize":13,"createDate":"2009-02-13T23:31:30.000Z","updateDate":"2009-02-13T23:31:30.000Z","acl":{"*":{"read":true,"write":true}}}]}"#
            )
        }
    }

    @Test func theJavaScriptFormWithAPlainACLFieldAfterTheFileIsAccepted() async throws {
        try await FileTests.run { _, requester in
            let (owner, token) = try await requester.signUp("owner")
            let body = FileTests.javaScriptBody(
                fileName: "js.txt", data: "from js", acl: #"{"\#(owner)":{"read":true,"write":true}}"#)

            let response = try await requester.sendBytes(
                .post, FileTests.path + "/js.txt", body: body,
                contentType: "multipart/form-data; boundary=----formdata-undici-0123456789")
            let anonymous = try await requester.send(.get, FileTests.path + "/js.txt")
            let ownerRead = try await requester.send(.get, FileTests.path + "/js.txt", token: token)

            #expect(response.status == .created)
            #expect(anonymous.errorCode == "E404001")
            #expect(ownerRead.text == "from js")
        }
    }

    @Test func aQuotedBoundaryAndAnUppercaseMediaTypeAreAccepted() async throws {
        try await FileTests.run { _, requester in
            let response = try await requester.sendBytes(
                .post, FileTests.path + "/takanokun", body: FileTests.m2,
                contentType: #"Multipart/Form-Data; charset=utf-8; boundary="_NCMBProjectBoundary""#)

            #expect(response.status == .created)
        }
    }

    @Test(arguments: ["日本語 ファイル.txt", "a b+c.txt", "spaced name.png"])
    func namesWithJapaneseSpacesAndPlusRoundTripPercentEncoded(name: String) async throws {
        try await FileTests.run { _, requester in
            let data = FileTests.pattern(1000)
            let created = try await requester.upload(name, data: data)
            let download = try await requester.send(.get, FileTests.filePath(name))
            let list = try await requester.send(.get, FileTests.path)

            #expect(created.json?.objectValue?["fileName"] == .string(name))
            #expect(Array(download.body.readableBytesView) == data)
            #expect(list.json?.objectValue?["results"]?.arrayValue?.first?.objectValue?["fileName"] == .string(name))
        }
    }

    @Test func aJapaneseNameSentUnencodedAsTheJavaScriptSDKDoesRoundTrips() async throws {
        try await FileTests.run { _, requester in
            let name = "写真.jpg"
            let form = MultipartForm(fileName: name, mimeType: "image/jpeg", data: [1, 2, 3])

            let created = try await requester.sendBytes(
                .post, FileTests.path + "/" + name, body: form.encodedBytes(), contentType: form.contentType)
            let download = try await requester.send(.get, FileTests.filePath(name))

            #expect(created.json?.objectValue?["fileName"] == .string(name))
            #expect(Array(download.body.readableBytesView) == [1, 2, 3])
            #expect(download.headers[.contentType] == "image/jpeg")
        }
    }

    @Test func theNameInThePathWinsOverTheFilenameOfThePart() async throws {
        try await FileTests.run { _, requester in
            let form = MultipartForm(fileName: "other.bin", data: [9])

            let created = try await requester.sendBytes(
                .post, FileTests.path + "/real.txt", body: form.encodedBytes(), contentType: form.contentType)
            let download = try await requester.send(.get, FileTests.path + "/real.txt")

            #expect(created.json?.objectValue?["fileName"] == "real.txt")
            #expect(download.status == .ok)
        }
    }

    @Test func aPartWithoutContentTypeGetsTheTypeOfTheExtension() async throws {
        try await FileTests.run { _, requester in
            let body = Array(
                "--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"x.png\"\r\n\r\nPNG\r\n--b--\r\n".utf8)

            _ = try await requester.sendBytes(.post, FileTests.path + "/x.png", body: body, contentType: "multipart/form-data; boundary=b")
            let download = try await requester.send(.get, FileTests.path + "/x.png")

            #expect(download.headers[.contentType] == "image/png")
        }
    }

    @Test func anEmptyFileIsStoredAndDownloadsEmpty() async throws {
        try await FileTests.run { _, requester in
            try await requester.upload("empty.txt", data: [])
            let download = try await requester.send(.get, FileTests.path + "/empty.txt")

            #expect(download.status == .ok)
            #expect(download.body.readableBytes == 0)
            #expect(download.headers[.contentLength] == "0")
        }
    }

    @Test func aSecondUploadUnderTheSameNameAnswers409AndKeepsTheFirst() async throws {
        try await FileTests.run { _, requester in
            try await requester.upload("same.txt", data: Array("first".utf8))
            let form = MultipartForm(fileName: "same.txt", data: Array("second".utf8))

            let second = try await requester.sendBytes(
                .post, FileTests.path + "/same.txt", body: form.encodedBytes(), contentType: form.contentType)
            let download = try await requester.send(.get, FileTests.path + "/same.txt")

            #expect(second.status == .conflict)
            #expect(second.text == #"{"code":"E409001","error":"fileName is duplication."}"#)
            #expect(download.text == "first")
        }
    }

    @Test(arguments: [nil, "application/json", "text/plain", "multipart/form-data", "multipart/form-data; boundary=", "multipart/mixed; boundary=x"])
    func aBodyThatIsNotMultipartFormDataAnswers415WithoutSignature(contentType: String?) async throws {
        try await FileTests.run { _, requester in
            let response = try await requester.sendBytes(.post, FileTests.path + "/a.txt", body: FileTests.m2, contentType: contentType)

            #expect(response.status == .unsupportedMediaType)
            #expect(response.text == #"{"code":"E415001","error":"Unsupported media type."}"#)
            #expect(response.header("X-NCMB-Response-Signature") == nil)
        }
    }

    @Test func aFileOverTheApplicationLimitAnswers413AndStoresNothing() async throws {
        var settings = ApplicationSettings()
        settings.maximumFileSize = 12
        try await FileTests.run(settings: settings) { _, requester in
            let response = try await requester.sendBytes(
                .post, FileTests.path + "/takanokun", body: FileTests.m2, contentType: FileTests.contentType)
            let list = try await requester.send(.get, FileTests.path + "?count=1")

            #expect(response.status == .contentTooLarge)
            #expect(response.text == #"{"code":"E413001","error":"File size Limit error."}"#)
            #expect(response.header("X-NCMB-Response-Signature") != nil)
            #expect(list.text == #"{"results":[],"count":0}"#)
        }
    }

    @Test func aFileExactlyAtTheLimitIsAccepted() async throws {
        var settings = ApplicationSettings()
        settings.maximumFileSize = 13
        try await FileTests.run(settings: settings) { _, requester in
            let response = try await requester.sendBytes(
                .post, FileTests.path + "/takanokun", body: FileTests.m2, contentType: FileTests.contentType)

            #expect(response.status == .created)
        }
    }

    @Test func aFileOfManyRequestChunksIsStoredByteForByte() async throws {
        try await FileTests.run { _, requester in
            let data = FileTests.pattern(700_000) + Array("\r\n--_NCMBProjectBoundar".utf8) + FileTests.pattern(1000)

            try await requester.upload("big.bin", data: data, mimeType: "application/octet-stream")
            let download = try await requester.send(.get, FileTests.path + "/big.bin")

            #expect(download.headers[.contentLength] == String(data.count))
            #expect(Array(download.body.readableBytesView) == data)
        }
    }
}
