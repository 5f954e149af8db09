import NCMBWire
import Testing

@Suite struct MultipartFormTests {
    let data = Array("abcdefg123456".utf8)

    // MARK: Tests

    @Test func encodesAnUploadWithAnACLAsVectorM1() {
        let form = MultipartForm(fileName: "takanokun", data: data, acl: [:])

        let body = form.encodedBytes()

        let expected =
            "--_NCMBProjectBoundary\r\nContent-Disposition: form-data; name=\"acl\"; filename=\"acl\"\r\n\r\n{}\r\n"
            + "--_NCMBProjectBoundary\r\nContent-Disposition: form-data; name=\"file\"; filename=\"takanokun\"\r\n"
            + "Content-Type: application/octet-stream\r\n\r\nabcdefg123456\r\n--_NCMBProjectBoundary--\r\n\r\n"
        #expect(body == Array(expected.utf8))
        #expect(body.count == 266)
    }

    @Test func encodesAnUploadWithoutAnACLAsVectorM2() {
        let form = MultipartForm(fileName: "takanokun", data: data)

        let body = form.encodedBytes()

        let expected =
            "--_NCMBProjectBoundary\r\nContent-Disposition: form-data; name=\"file\"; filename=\"takanokun\"\r\n"
            + "Content-Type: application/octet-stream\r\n\r\nabcdefg123456\r\n--_NCMBProjectBoundary--\r\n\r\n"
        #expect(body == Array(expected.utf8))
        #expect(body.count == 176)
    }

    @Test func encodesTheACLAsCompactJSONAndTheFileWithItsMimeTypeAsVectorM3() {
        let acl: JSONObject = ["*": ["read": true, "write": true]]
        let form = MultipartForm(fileName: "upload.text", mimeType: "text/plain", data: Array("hello".utf8), acl: acl)

        let body = form.encodedBytes()

        let expected =
            "--_NCMBProjectBoundary\r\nContent-Disposition: form-data; name=\"acl\"; filename=\"acl\"\r\n\r\n"
            + "{\"*\":{\"read\":true,\"write\":true}}\r\n"
            + "--_NCMBProjectBoundary\r\nContent-Disposition: form-data; name=\"file\"; filename=\"upload.text\"\r\n"
            + "Content-Type: text/plain\r\n\r\nhello\r\n--_NCMBProjectBoundary--\r\n\r\n"
        #expect(body == Array(expected.utf8))
    }

    @Test func namesTheBoundaryInTheContentType() {
        let form = MultipartForm(fileName: "takanokun", data: data)

        #expect(form.contentType == "multipart/form-data; boundary=_NCMBProjectBoundary")
    }

    @Test func keepsAQuoteOrLineBreakInAFileNameFromBreakingTheHeader() {
        let form = MultipartForm(fileName: "a\"b\r\n.txt", data: [], boundary: "B")

        let body = String(decoding: form.encodedBytes(), as: UTF8.self)

        #expect(body.contains("filename=\"a%22b%0D%0A.txt\"\r\n"))
    }
}
