import Foundation
import NCMB
import NCMBWire

/// Canned responses and request bodies of the file endpoints (docs/wire/endpoints/files.md#multipart-upload-vectors,
/// docs/wire/endpoints/files.md#fixtures).
enum FileReplies {
    /// F61/F62: an upload.
    static let uploaded = #"{"createDate":"2015-06-10T06:03:21.663Z","fileName":"takanokun"}"#
    /// F63/F64: an ACL update.
    static let updated = #"{"updateDate":"2015-06-10T06:03:21.663Z"}"#
    /// F66: a search with count.
    static let searched =
        #"{"count":50,"results":[{"fileName":"testFile","mimeType":"text/plane","fileSize":65,"createDate":"2015-08-14T10:59:03.811Z","updateDate":"2015-08-14T12:06:11.654Z","acl":{"*":{"write":true,"read":true}}}]}"#
    /// F65: a listing with the size as a string.
    static let listed =
        #"{"results":[{"fileName":"upfile.text","mimeType":"text/plain","fileSize":"34","createDate":"2015-08-14T10:59:03.811Z","updateDate":"2015-08-14T12:06:11.654Z","acl":{"*":{"read":true,"write":true}}}]}"#
    static let noData = #"{"code":"E404001","error":"No data available."}"#
    static let duplicate = #"{"code":"E409001","error":"fileName is duplication."}"#

    /// M1: `takanokun` with the ACL `{}` and the bytes `abcdefg123456`.
    static let m1 =
        "--_NCMBProjectBoundary\r\nContent-Disposition: form-data; name=\"acl\"; filename=\"acl\"\r\n\r\n{}\r\n--_NCMBProjectBoundary\r\nContent-Disposition: form-data; name=\"file\"; filename=\"takanokun\"\r\nContent-Type: application/octet-stream\r\n\r\nabcdefg123456\r\n--_NCMBProjectBoundary--\r\n\r\n"
    /// M2: the same upload without an ACL.
    static let m2 =
        "--_NCMBProjectBoundary\r\nContent-Disposition: form-data; name=\"file\"; filename=\"takanokun\"\r\nContent-Type: application/octet-stream\r\n\r\nabcdefg123456\r\n--_NCMBProjectBoundary--\r\n\r\n"
    /// M3: `upload.text` as text with a public ACL, holding `hello`.
    static let m3 =
        "--_NCMBProjectBoundary\r\nContent-Disposition: form-data; name=\"acl\"; filename=\"acl\"\r\n\r\n{\"*\":{\"read\":true,\"write\":true}}\r\n--_NCMBProjectBoundary\r\nContent-Disposition: form-data; name=\"file\"; filename=\"upload.text\"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--_NCMBProjectBoundary--\r\n\r\n"
}

/// A transport that answers every request with one fixed response, any bytes, and records the requests.
final class CannedTransport: NCMBTransport {
    private let response: NCMBTransportResponse
    private let received = Locked<[NCMBTransportRequest]>([])

    init(status: Int, body: Data) {
        self.response = NCMBTransportResponse(statusCode: status, body: body)
    }

    /// Every request received, in order.
    var requests: [NCMBTransportRequest] { received.current }

    func send(_ request: NCMBTransportRequest) async throws -> NCMBTransportResponse {
        received.withLock { $0.append(request) }
        return response
    }
}

extension NCMBContext {
    /// A test context over `transport`, run with `body` bound.
    static func bound<Value>(to transport: any NCMBTransport, _ body: () throws -> Value) rethrows -> Value {
        try NCMBContext.$current.withValue(.test(transport: transport), operation: body)
    }
}

/// An ACL granting `key` the given permissions.
func acl(_ key: String, readable: Bool, writable: Bool) -> NCMBACL {
    var acl = NCMBACL.empty
    acl.put(key: key, readable: readable, writable: writable)
    return acl
}
