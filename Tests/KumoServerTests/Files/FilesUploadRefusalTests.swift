import HTTPTypes
import HummingbirdTesting
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import NIOCore
import Testing

/// Upload bodies that are refused, on real SQLite: each answer, and nothing stored afterwards.
@Suite struct FilesUploadRefusalTests {
    static let contentType = "multipart/form-data; boundary=b"

    /// A body of `parts` (each its headers and content) with boundary `b`.
    static func body(_ parts: [(headers: String, content: String)], closed: Bool = true) -> [UInt8] {
        var text = ""
        for part in parts { text += "--b\r\n" + part.headers + "\r\n\r\n" + part.content + "\r\n" }
        text += closed ? "--b--\r\n" : ""
        return Array(text.utf8)
    }

    static let filePart = (headers: #"Content-Disposition: form-data; name="file"; filename="a.txt""#, content: "abc")

    static func aclPart(_ content: String) -> (headers: String, content: String) {
        (headers: #"Content-Disposition: form-data; name="acl""#, content: content)
    }

    @Test(arguments: [
        (body([]), #"{"code":"E400004","error":"file is invalid format."}"#),
        (body([aclPart("{}")]), #"{"code":"E400003","error":"file is empty."}"#),
        (body([(headers: #"Content-Disposition: form-data; name="upload""#, content: "abc")]), #"{"code":"E400003","error":"file is empty."}"#),
        (Array("no multipart here".utf8), #"{"code":"E400003","error":"file is empty."}"#),
        (Array("--b\r\nContent-Disposition: form-data; name=\"file\"\r\n\r\nabc".utf8), #"{"code":"E400004","error":"file is invalid format."}"#),
        (Array("--b\r\nBad Header\r\n\r\nabc\r\n--b--".utf8), #"{"code":"E400004","error":"file is invalid format."}"#),
        (body([filePart, filePart]), #"{"code":"E400004","error":"file is invalid format."}"#),
        (body([filePart, aclPart("{nope")]), #"{"code":"E400001","error":"JSON is invalid format."}"#),
        (body([aclPart(#"{"*":{"read":1}}"#), filePart]), #"{"code":"E400002","error":"acl is invalid."}"#),
        (body([aclPart("[]"), filePart]), #"{"code":"E400002","error":"acl is invalid."}"#),
        (body([aclPart(#"{"*":{"read":true},"x":""# + String(repeating: "y", count: 70_000) + #""}"#), filePart]),
         #"{"code":"E400002","error":"acl is invalid."}"#),
    ])
    func aMalformedUploadAnswers400AndStoresNothing(body: [UInt8], expected: String) async throws {
        try await FileTests.run { application, requester in
            let response = try await requester.sendBytes(.post, FileTests.path + "/a.txt", body: body, contentType: Self.contentType)
            let list = try await requester.send(.get, FileTests.path + "?count=1")
            let leftovers = try await application.storage.blobs.deleteAbandonedUploads(
                startedBefore: WireDate(millisecondsSince1970: 4_102_444_800_000))

            #expect(response.text == expected)
            #expect(list.text == #"{"results":[],"count":0}"#)
            #expect(leftovers == 0)
        }
    }

    @Test func anEmptyACLPartMeansTheDefaultACL() async throws {
        try await FileTests.run { _, requester in
            let response = try await requester.sendBytes(
                .post, FileTests.path + "/a.txt", body: Self.body([Self.aclPart(""), Self.filePart]), contentType: Self.contentType)
            let download = try await requester.send(.get, FileTests.path + "/a.txt")

            #expect(response.status == .created)
            #expect(download.text == "abc")
        }
    }

    @Test func partsOtherThanFileAndACLAreIgnored() async throws {
        try await FileTests.run { _, requester in
            let body = Self.body([(headers: #"Content-Disposition: form-data; name="note""#, content: "x"), Self.filePart])

            let response = try await requester.sendBytes(.post, FileTests.path + "/a.txt", body: body, contentType: Self.contentType)

            #expect(response.status == .created)
        }
    }
}
