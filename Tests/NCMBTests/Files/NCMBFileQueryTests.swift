import Foundation
import NCMB
import NCMBWire
import Testing

/// `NCMBFile.query`: `GET /files` with where, count and limit, decoding the six metadata fields (F65, F66).
@Suite struct NCMBFileQueryTests {
    let transport = RecordingTransport()

    func makeQuery() -> NCMBQuery<NCMBFile> {
        NCMBContext.bound(to: transport) { NCMBFile.query }
    }

    @Test(arguments: CallForm.allCases)
    func findSendsTheConditionsToFilesAndDecodesTheMetadata(form: CallForm) async throws {
        var query = makeQuery()
        query.where(field: "fileName", equalTo: "testFile")
        query.limit = 1
        let finder = query
        transport.expect(
            .files(.find(try .matching(["fileName": "testFile"], limit: 1))), reply: .json(200, FileReplies.searched))

        let result = await form.run(
            async: { try await finder.find() }, blocking: { finder.find() }, callback: { finder.findInBackground(callback: $0) })

        let file = try #require(result.value?.first)
        #expect(file.fileName == "testFile")
        #expect(file.mimeType == "text/plane")
        #expect(file.fileSize == 65)
        #expect(file.createDate == Date(timeIntervalSince1970: 1_439_549_943.811))
        #expect(file.updateDate == Date(timeIntervalSince1970: 1_439_553_971.654))
        #expect(file.acl?.getReadable(key: "*") == true)
        #expect(file.acl?.getWritable(key: "*") == true)
        #expect(transport.requests.first?.url.path == "/2013-09-01/files")
    }

    @Test func aSizeSentAsTextIsReadAsANumber() async throws {
        transport.expect(.files(.find(QueryParameters())), reply: .json(200, FileReplies.listed))

        let files = try await makeQuery().find()

        #expect(files.map(\.fileSize) == [34])
        #expect(files.map(\.fileName) == ["upfile.text"])
    }

    @Test func countAsksFilesForTheCountOnly() async throws {
        var query = makeQuery()
        query.where(field: "mimeType", equalTo: "image/png")
        transport.expect(
            .files(.find(try .matching(["mimeType": "image/png"], limit: 0, includesCount: true))),
            reply: .json(200, #"{"count":50,"results":[]}"#))

        #expect(try await query.count() == 50)
    }
}
