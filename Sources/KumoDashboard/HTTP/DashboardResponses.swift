package import HTTPTypes
package import Hummingbird
package import NCMBWire
import NIOCore

/// The dashboard's responses: JSON, HTML, redirects and assets, each with the security headers of every dashboard
/// response (docs/dashboard.md#security).
package enum DashboardResponses {
    /// The Content-Security-Policy of every dashboard response: only the dashboard's own files run or style it.
    package static let contentSecurityPolicy =
        "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; frame-ancestors 'none'"

    /// A JSON body.
    package static func json(_ status: HTTPResponse.Status, _ value: JSONValue) -> Response {
        json(status, value.serializedBytes())
    }

    /// JSON bytes.
    package static func json(_ status: HTTPResponse.Status, _ bytes: [UInt8]) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return secured(Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes))))
    }

    /// A dashboard-level error `{"code","error"}`.
    package static func error(_ status: HTTPResponse.Status, code: String, _ message: String) -> Response {
        json(status, ["code": .string(code), "error": .string(message)])
    }

    /// An HTML page.
    package static func html(_ status: HTTPResponse.Status = .ok, _ text: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return secured(Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text))))
    }

    /// A redirect (303 See Other after a form post, 301 for `/dashboard`).
    package static func redirect(_ location: String, status: HTTPResponse.Status = .seeOther) -> Response {
        var headers = HTTPFields()
        headers[.location] = location
        headers[.cacheControl] = "no-store"
        return secured(Response(status: status, headers: headers))
    }

    /// Adds the security headers.
    package static func secured(_ response: Response) -> Response {
        var response = response
        response.headers[.contentSecurityPolicy] = contentSecurityPolicy
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[DashboardHeaderNames.referrerPolicy] = "same-origin"
        response.headers[DashboardHeaderNames.frameOptions] = "DENY"
        return response
    }
}

/// Cookies: reading the `Cookie` header and writing `Set-Cookie`.
package enum DashboardCookies {
    /// The session cookie.
    package static let session = "kumo_dashboard"
    /// The sign-in and setup forms' CSRF cookie (before a session exists).
    package static let form = "kumo_dashboard_form"

    /// The value of cookie `name` in the request, or `nil`.
    package static func value(_ name: String, in headers: HTTPFields) -> String? {
        for header in headers[values: .cookie] {
            for pair in header.split(separator: ";") {
                let trimmed = pair.drop { $0 == " " }
                guard let equals = trimmed.firstIndex(of: "=") else { continue }
                if trimmed[..<equals] == name { return String(trimmed[trimmed.index(after: equals)...]) }
            }
        }
        return nil
    }

    /// A `Set-Cookie` value: `HttpOnly; SameSite=Strict; Path=/dashboard`, `Secure` over TLS; `maxAge` 0 deletes it.
    package static func setCookie(_ name: String, _ value: String, maxAge: Int?, secure: Bool) -> String {
        var text = "\(name)=\(value); Path=/dashboard; HttpOnly; SameSite=Strict"
        if let maxAge { text += "; Max-Age=\(maxAge)" }
        if secure { text += "; Secure" }
        return text
    }
}

/// Header names the standard list lacks, built once.
package enum DashboardHeaderNames {
    /// The CSRF token of every change under `/dashboard/api/`.
    package static let csrf = name("X-Kumo-CSRF")
    /// Referrers stay on the dashboard's origin.
    static let referrerPolicy = name("Referrer-Policy")
    /// Framing is refused (older browsers; `frame-ancestors` for the others).
    static let frameOptions = name("X-Frame-Options")
    /// The scheme a trusted proxy received the request over.
    package static let forwardedProto = name("X-Forwarded-Proto")
    /// The client behind trusted proxies.
    package static let forwardedFor = name("X-Forwarded-For")
    /// `Host`, when sent as a field (in-process tests; HTTP/1 servers move it into the authority).
    static let host = name("Host")

    private static func name(_ text: String) -> HTTPField.Name {
        // Constants of this file: a failure is a programming error that every test catches.
        guard let name = HTTPField.Name(text) else { preconditionFailure("invalid header name \(text)") }
        return name
    }
}
