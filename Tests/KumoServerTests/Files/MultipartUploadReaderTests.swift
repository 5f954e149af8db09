import KumoSeams
import KumoServer
import NCMBWire
import NIOCore
import Testing

/// The streaming multipart reader alone: vectors M1–M3 cut at every byte, content types, header parameters.
@Suite struct MultipartUploadReaderTests {
    /// Feeds `body` in two pieces cut at `split`, draining file bytes after each, and returns the reader and the file.
    static func read(_ body: [UInt8], split: Int, boundary: String = "_NCMBProjectBoundary") throws -> (MultipartUploadReader, [UInt8]) {
        let reader = MultipartUploadReader(boundary: boundary)
        var file: [UInt8] = []
        for piece in [body[..<split], body[split...]] {
            try reader.consume(ByteBuffer(bytes: piece))
            file += reader.takeFileBytes()
        }
        try reader.finish()
        return (reader, file)
    }

    @Test func vectorM1CutAtEveryByteGivesTheSameFileAndACL() throws {
        for split in 0...FileTests.m1.count {
            let (reader, file) = try Self.read(FileTests.m1, split: split)

            #expect(file == Array("abcdefg123456".utf8), "split at \(split)")
            #expect(reader.aclText == Array("{}".utf8), "split at \(split)")
            #expect(reader.fileContentType == "application/octet-stream")
        }
    }

    @Test func vectorM2HasNoACL() throws {
        let (reader, file) = try Self.read(FileTests.m2, split: 50)

        #expect(file == Array("abcdefg123456".utf8))
        #expect(reader.aclText == nil)
    }

    @Test func vectorM3CutAtEveryByteGivesTheTextAndTheACL() throws {
        let body = FileTests.m3("line one\r\nline two\r\n--not the boundary")
        for split in 0...body.count {
            let (reader, file) = try Self.read(body, split: split)

            #expect(String(decoding: file, as: UTF8.self) == "line one\r\nline two\r\n--not the boundary", "split at \(split)")
            #expect(reader.aclText == Array(#"{"*":{"read":true,"write":true}}"#.utf8))
            #expect(reader.fileContentType == "text/plain")
        }
    }

    @Test func theJavaScriptFormWithTheACLFieldLastIsRead() throws {
        let body = FileTests.javaScriptBody(fileName: "a.txt", data: "js", acl: #"{"*":{"read":true}}"#, boundary: "xyz")

        let (reader, file) = try Self.read(body, split: 7, boundary: "xyz")

        #expect(file == Array("js".utf8))
        #expect(reader.aclText == Array(#"{"*":{"read":true}}"#.utf8))
    }

    @Test func aBodyEndingInsideTheFilePartIsMalformed() throws {
        let reader = MultipartUploadReader(boundary: "_NCMBProjectBoundary")
        try reader.consume(ByteBuffer(bytes: FileTests.m2.dropLast(30)))

        let error = #expect(throws: KumoError.self) { try reader.finish() }
        #expect(error?.code == .invalidFormat)
    }

    @Test func everyBodyCutBeforeItsLastDelimiterEndsIsRefused() throws {
        // M1 cut anywhere before its last `--boundary` is whole: inside a header line, inside the bytes of a part that may
        // be held back as a possible delimiter, or before the first part. Once the file part's header line is whole, the
        // file part has started and the body is malformed; before, it has no file.
        let closing = FileTests.m1.count - "--\r\n\r\n".utf8.count
        for end in 1..<closing {
            let reader = MultipartUploadReader(boundary: "_NCMBProjectBoundary")
            try reader.consume(ByteBuffer(bytes: FileTests.m1[..<end]))
            let error = #expect(throws: KumoError.self, "cut at \(end)") { try reader.finish() }
            let text = String(decoding: FileTests.m1[..<end], as: UTF8.self)
            #expect(error?.code == (text.contains("filename=\"takanokun\"\r\n") ? .invalidFormat : .required), "cut at \(end)")
        }
    }

    @Test func aClosingDelimiterBeforeAnyPartIsMalformed() {
        let reader = MultipartUploadReader(boundary: "b")

        let error = #expect(throws: KumoError.self) { try reader.consume(ByteBuffer(bytes: Array("preamble\r\n--b--\r\n".utf8))) }
        #expect(error?.code == .invalidFormat)
    }

    @Test(arguments: [
        ("multipart/form-data; boundary=_NCMBProjectBoundary", "_NCMBProjectBoundary"),
        (#"multipart/form-data; boundary="a;b c""#, "a;b c"),
        ("MULTIPART/FORM-DATA;BOUNDARY=x", "x"),
        ("multipart/form-data ; charset=utf-8 ; boundary=x", "x"),
    ])
    func theBoundaryIsReadFromTheContentType(contentType: String, boundary: String) {
        #expect(MultipartUploadReader.boundary(contentType: contentType) == boundary)
    }

    @Test(arguments: [
        "application/json", "multipart/form-data", "multipart/form-data; boundary=", #"multipart/form-data; boundary="""#,
        "multipart/form-data; boundary=" + String(repeating: "a", count: 71), "multipart/related; boundary=x",
    ])
    func contentTypesWithoutAUsableBoundaryAreRefused(contentType: String) {
        #expect(MultipartUploadReader.boundary(contentType: contentType) == nil)
    }

    @Test func contentDispositionParametersAreUnquotedAndCaseInsensitive() {
        let parameters = HeaderParameters(#"form-data; NAME="file"; filename="a \"b\"; c.txt""#)

        #expect(parameters.value == "form-data")
        #expect(parameters["name"] == "file")
        #expect(parameters["filename"] == #"a "b"; c.txt"#)
    }

    @Test(arguments: [
        (#"form-data; name="file"; filename="x""#, MultipartUploadReader.PartKind.file),
        (#"form-data; name="acl"; filename="acl""#, .acl),
        (#"form-data; name="acl""#, .acl),
        (#"form-data; name=acl"#, .acl),
        (#"attachment; name="file""#, .ignored),
        (#"form-data; name="other""#, .ignored),
    ])
    func partsAreClassifiedByTheirFormDataName(disposition: String, kind: MultipartUploadReader.PartKind) {
        #expect(MultipartUploadReader.kind(of: [(name: "Content-Disposition", value: disposition)]) == kind)
    }
}
