import Foundation
import NCMB
import NCMBWire
import Testing

/// `NCMBFile`: uploads byte for byte (M1–M3), downloads, ACL updates, deletes (docs/wire/endpoints/files.md, F61–F68).
@Suite struct NCMBFileTests {
    let transport = RecordingTransport()

    func makeFile(_ fileName: String, acl: NCMBACL? = nil) -> NCMBFile {
        NCMBContext.bound(to: transport) { NCMBFile(fileName: fileName, acl: acl) }
    }

    // MARK: save

    @Test(arguments: CallForm.allCases)
    func saveSendsTheMultipartBytesOfVectorM1(form: CallForm) async throws {
        let file = makeFile("takanokun", acl: .empty)
        let data = Data("abcdefg123456".utf8)
        transport.expect(.files(.upload(fileName: "takanokun")), reply: .json(201, FileReplies.uploaded))

        let result = await form.run(
            async: { try await file.save(data: data) }, blocking: { file.save(data: data) },
            callback: { file.saveInBackground(data: data, callback: $0) })

        #expect(result.isSuccess)
        let request = try #require(transport.requests.first)
        #expect(request.method == .post)
        #expect(request.url.absoluteString == "https://mbaas.api.nifcloud.com/2013-09-01/files/takanokun")
        #expect(request.headers["Content-Type"] == "multipart/form-data; boundary=_NCMBProjectBoundary")
        #expect(request.body == Data(FileReplies.m1.utf8))
        #expect(request.body.count == 266)
    }

    @Test func saveWithoutAnACLSendsNoACLPartAsInVectorM2() async throws {
        let file = makeFile("takanokun")
        transport.expect(.files(.upload(fileName: "takanokun")), reply: .json(201, FileReplies.uploaded))

        try await file.save(data: Data("abcdefg123456".utf8))

        #expect(transport.requests.first?.body == Data(FileReplies.m2.utf8))
        #expect(transport.requests.first?.body.count == 176)
    }

    @Test func saveSendsTheMIMETypeOfTheExtensionAndTheACLAsInVectorM3() async throws {
        let file = makeFile("upload.text", acl: .default)
        transport.expect(.files(.upload(fileName: "upload.text")), reply: .json(201, FileReplies.uploaded))

        try await file.save(data: Data("hello".utf8))

        #expect(transport.requests.first?.body == Data(FileReplies.m3.utf8))
    }

    @Test func saveWaitsTheFileTimeoutAndTakesTheCreateDate() async throws {
        let file = makeFile("takanokun")
        transport.expect(.files(.upload(fileName: "takanokun")), reply: .json(201, FileReplies.uploaded))

        try await file.save(data: Data([1, 2, 3]))

        #expect(transport.requests.first?.timeoutInterval == 120)
        #expect(file.createDate == Date(timeIntervalSince1970: 1_433_916_201.663))
    }

    @Test func aJapaneseNameIsPercentEncodedInThePathAndWrittenAsUTF8InThePart() async throws {
        let file = makeFile("日本 語.txt")
        transport.expect(.files(.upload(fileName: "日本 語.txt")), reply: .json(201, FileReplies.uploaded))

        try await file.save(data: Data("x".utf8))

        let request = try #require(transport.requests.first)
        #expect(
            request.url.absoluteString
                == "https://mbaas.api.nifcloud.com/2013-09-01/files/%E6%97%A5%E6%9C%AC%20%E8%AA%9E.txt")
        let body = String(decoding: request.body, as: UTF8.self)
        #expect(body.contains("Content-Disposition: form-data; name=\"file\"; filename=\"日本 語.txt\"\r\nContent-Type: text/plain\r\n"))
    }

    @Test func aTakenNameFailsWithTheServersDuplicationError() async throws {
        let file = makeFile("takanokun")
        transport.expect(.files(.upload(fileName: "takanokun")), reply: .json(409, FileReplies.duplicate))

        let error = await #expect(throws: NCMBApiError.self) { try await file.save(data: Data()) }

        #expect(error?.errorCode == .duplication)
    }

    @Test func anEmptyNameIsRefusedWithoutARequest() async throws {
        let file = makeFile("")

        let error = await #expect(throws: NCMBApiError.self) { try await file.save(data: Data()) }

        #expect(error?.errorCode == .required)
        #expect(error?.message == "fileName is empty.")
        #expect(transport.requests.isEmpty)
    }

    // MARK: fetch

    @Test(arguments: CallForm.allCases)
    func fetchReturnsTheBytesUnparsed(form: CallForm) async throws {
        let file = makeFile("data.json")
        transport.expect(.files(.download(fileName: "data.json")), reply: .json(200, #"{"not":"parsed"}"#))

        let result = await form.run(
            async: { try await file.fetch() as Data? }, blocking: { file.fetch() },
            callback: { file.fetchInBackground(callback: $0) })

        #expect(result.value == Data(#"{"not":"parsed"}"#.utf8))
        #expect(transport.requests.first?.method == .get)
        #expect(transport.requests.first?.timeoutInterval == 120)
    }

    @Test func fetchReturnsBytesThatAreNotUTF8() async throws {
        let bytes = Data([0xFF, 0x00, 0xFE, 0x80, 0x7B])
        let binary = CannedTransport(status: 200, body: bytes)
        let file = NCMBContext.bound(to: binary) { NCMBFile(fileName: "image.png") }

        #expect(try await file.fetch() == bytes)
        #expect(binary.requests.first?.url.path == "/2013-09-01/files/image.png")
    }

    @Test func fetchOfAMissingFileFailsWithE404001() async throws {
        let file = makeFile("missing.txt")
        transport.expect(.files(.download(fileName: "missing.txt")), reply: .json(404, FileReplies.noData))

        let error = await #expect(throws: NCMBApiError.self) { try await file.fetch() }

        #expect(error?.errorCode == .noDataAvailable)
    }

    @Test func aDeadSessionOnADownloadSignsTheUserOut() async throws {
        let environment = UserTestEnvironment()
        _ = try await environment.signIn()
        let file = environment.bound { NCMBFile(fileName: "private.txt") }
        environment.transport.expect(
            .files(.download(fileName: "private.txt")), reply: .json(401, UserReplies.deadSession))

        let error = await #expect(throws: NCMBApiError.self) { try await file.fetch() }

        #expect(error?.errorCode == .authenticationErrorByHeaderIncorrect)
        #expect(environment.sessionToken == nil)
    }

    // MARK: update

    @Test(arguments: CallForm.allCases)
    func updateSendsTheBareACLMapAsNcmbSwiftDoes(form: CallForm) async throws {
        let file = makeFile("update_file.text", acl: acl("abc", readable: false, writable: true))
        transport.expect(
            .files(.updateACL(fileName: "update_file.text", ["abc": ["write": true]])), reply: .json(200, FileReplies.updated))

        let result = await form.run(
            async: { try await file.update() }, blocking: { file.update() }, callback: { file.updateInBackground(callback: $0) })

        #expect(result.isSuccess)
        #expect(transport.body(at: 0) == #"{"abc":{"write":true}}"#)
        #expect(transport.requests.first?.method == .put)
        #expect(file.updateDate == Date(timeIntervalSince1970: 1_433_916_201.663))
    }

    @Test func updateWithoutAnACLFailsWithoutARequest() async throws {
        let file = makeFile("update_file.text")

        await #expect(throws: NCMBInvalidRequestError.invalidACL) { try await file.update() }

        #expect(transport.requests.isEmpty)
    }

    @Test func updateOfAFileTheCallerMayNotWriteFailsWithTheServersError() async throws {
        let file = makeFile("update_file.text", acl: .default)
        transport.expect(
            .files(.updateACL(fileName: "update_file.text", ["*": ["read": true, "write": true]])),
            reply: .json(403, #"{"code":"E403001","error":"No access with ACL."}"#))

        let error = await #expect(throws: NCMBApiError.self) { try await file.update() }

        #expect(error?.errorCode == .noAccessWithACL)
    }

    // MARK: delete

    @Test(arguments: CallForm.allCases)
    func deleteSendsDeleteAndAcceptsAnEmptyBody(form: CallForm) async throws {
        let file = makeFile("upload.text")
        transport.expect(.files(.delete(fileName: "upload.text")), reply: .empty(200))

        let result = await form.run(
            async: { try await file.delete() }, blocking: { file.delete() }, callback: { file.deleteInBackground(callback: $0) })

        #expect(result.isSuccess)
        #expect(file.fileName == "upload.text")
    }

    @Test func deleteOfAMissingFileFailsWithE404001() async throws {
        let file = makeFile("upload.text")
        transport.expect(.files(.delete(fileName: "upload.text")), reply: .json(404, FileReplies.noData))

        let error = await #expect(throws: NCMBApiError.self) { try await file.delete() }

        #expect(error?.errorCode == .noDataAvailable)
    }
}
