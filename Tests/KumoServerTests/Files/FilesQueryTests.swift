import HTTPTypes
import HummingbirdTesting
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import NIOCore
import Testing

/// `GET /files` on real SQLite: the six metadata fields in fixture order (F65, F66), `count`, and queries on the hidden
/// `blobId` refused.
@Suite struct FilesQueryTests {
    @Test func searchWithCountAnswersTheShapeOfFixtureF66() async throws {
        try await FileTests.run { application, requester in
            try await requester.upload("testFile", data: FileTests.pattern(65), mimeType: "text/plane")
            application.clock.advance(milliseconds: 1000)
            try await requester.upload("otherFile", data: [1])

            let target = FileTests.path + "?where=%7B%22fileName%22%3A%22testFile%22%7D&count=1&limit=1"
            let response = try await requester.send(.get, target)

            #expect(response.status == .ok)
            #expect(
                response.text
                    == #"{"results":[{"fileName":"testFile","mimeType":"text/plane","fileSize":65,"createDate":"2009-02-13T23:31:30.000Z","updateDate":"2009-02-13T23:31:30.000Z","acl":{"*":{"read":true,"write":true}}}],"count":1}"#
            )
        }
    }

    @Test func listingOrdersByCreateDateDescendingAndNeverShowsTheBlobId() async throws {
        try await FileTests.run { application, requester in
            try await requester.upload("first.txt")
            application.clock.advance(milliseconds: 1000)
            try await requester.upload("second.txt")

            let response = try await requester.send(.get, FileTests.path + "?keys=blobId&include=blobId")
            let results = try #require(response.json?.objectValue?["results"]?.arrayValue)

            #expect(results.compactMap { $0.objectValue?["fileName"]?.stringValue } == ["second.txt", "first.txt"])
            #expect(results.allSatisfy { $0.objectValue?.keys == ["fileName", "mimeType", "fileSize", "createDate", "updateDate", "acl"] })
            #expect(!response.text.contains("blobId"))
        }
    }

    @Test func fileSizeSearchesWorkOnNumbers() async throws {
        try await FileTests.run { _, requester in
            try await requester.upload("small.bin", data: [1])
            try await requester.upload("large.bin", data: FileTests.pattern(100))

            let response = try await requester.send(.get, FileTests.path + "?where=%7B%22fileSize%22%3A%7B%22%24gt%22%3A10%7D%7D")

            #expect(response.json?.objectValue?["results"]?.arrayValue?.count == 1)
            #expect(response.text.contains("large.bin"))
        }
    }

    @Test(arguments: [
        "where=%7B%22blobId%22%3A%22x%22%7D",
        "where=%7B%22blobId%22%3A%7B%22%24exists%22%3Atrue%7D%7D",
        "where=%7B%22%24or%22%3A%5B%7B%22blobId%22%3A%22x%22%7D%5D%7D",
        "order=blobId",
        "order=-blobId",
        "where=%7B%22fileName%22%3A%7B%22%24select%22%3A%7B%22query%22%3A%7B%22className%22%3A%22file%22%7D%2C%22key%22%3A%22blobId%22%7D%7D%7D",
        "where=%7B%22fileName%22%3A%7B%22%24inQuery%22%3A%7B%22className%22%3A%22file%22%2C%22where%22%3A%7B%22blobId%22%3A%22x%22%7D%7D%7D%7D",
    ])
    func queriesOnTheHiddenBlobIdAreRefused(query: String) async throws {
        try await FileTests.run { _, requester in
            try await requester.upload("a.txt")

            let response = try await requester.send(.get, FileTests.path + "?" + query)

            #expect(response.status == .badRequest)
            #expect(response.text == #"{"code":"E400002","error":"blobId is invalid."}"#)
        }
    }

    @Test(arguments: [
        "/2013-09-01/classes/Note?where=%7B%22ref%22%3A%7B%22%24select%22%3A%7B%22query%22%3A%7B%22className%22%3A%22file%22%7D%2C%22key%22%3A%22blobId%22%7D%7D%7D",
        "/2013-09-01/users?where=%7B%22ref%22%3A%7B%22%24inQuery%22%3A%7B%22className%22%3A%22file%22%2C%22where%22%3A%7B%22blobId%22%3A%22x%22%7D%7D%7D%7D",
    ])
    func subQueriesOverFilesFromOtherEndpointsCannotReachBlobId(target: String) async throws {
        try await FileTests.run { _, requester in
            try await requester.upload("a.txt")

            let response = try await requester.send(.get, target)

            #expect(response.status == .badRequest)
            #expect(response.text == #"{"code":"E400002","error":"blobId is invalid."}"#)
        }
    }

    @Test func anInvalidWhereAnswersTheQueryErrorOfClasses() async throws {
        try await FileTests.run { _, requester in
            let response = try await requester.send(.get, FileTests.path + "?limit=5000")

            #expect(response.text == #"{"code":"E400005","error":"limit is not a valid value."}"#)
        }
    }
}
