package import Hummingbird
import KumoSeams
package import NCMBWire
import NIOCore

extension KumoError {
    /// The NCMB error body `{"code","error"}` as a JSON value (`responseBody` is its bytes).
    package var responseJSON: JSONValue { ErrorBody(code: code.code, error: message).json }

    /// The HTTP status of the code.
    package var status: HTTPResponse.Status { HTTPResponse.Status(code: code.status) }
}

extension Response {
    /// A JSON response with the given bytes.
    package static func json(_ status: HTTPResponse.Status, _ body: [UInt8]) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
