import HTTPTypes
package import Hummingbird
import KumoSeams

/// One of Kumo's small HTML pages for the mail flows (docs/wire/endpoints/browser-pages.md): a title, some paragraphs
/// and optionally a password form. Every text is HTML-escaped when rendered; the page loads nothing from elsewhere.
struct BrowserPage: Sendable {
    /// A password form posted back to the server.
    struct Form: Sendable {
        /// The form's `action`, relative to the page.
        var action: String
        /// Hidden fields (the one-time token), in order.
        var hiddenFields: [(name: String, value: String)]
        /// The name of the password input (`password` or `newPassword`).
        var passwordFieldName: String
        /// The text of the submit button.
        var submitLabel: String
    }

    /// The `<title>` and heading.
    var title: String
    /// Paragraphs of text.
    var paragraphs: [String]
    /// The form, if the page has one.
    var form: Form?

    /// The page as a response: `text/html; charset=utf-8`, never cached, never framed, no referrer (the URL holds a
    /// token), and a content security policy that sandboxes it and allows only its own inline style and posting to this
    /// server.
    func response(status: HTTPResponse.Status) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        BrowserPage.addSecurityHeaders(to: &headers)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    /// A `303 See Other` to `location` (the application's own pages under its `customURL`).
    static func redirect(to location: String) -> Response {
        var headers = HTTPFields()
        headers[.location] = location
        BrowserPage.addSecurityHeaders(to: &headers)
        return Response(status: .seeOther, headers: headers)
    }

    private static func addSecurityHeaders(to headers: inout HTTPFields) {
        headers[.cacheControl] = "no-store"
        // `sandbox allow-forms`: the page runs in an opaque origin, so even markup that slipped through the escaping
        // could not act in Kumo's origin, which is the dashboard's (docs/decisions/0120-client-bytes-never-run-in-kumos-origin.md).
        headers[.contentSecurityPolicy] =
            "sandbox allow-forms; default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'"
        headers[HeaderNames.xFrameOptions] = "DENY"
        headers[HeaderNames.referrerPolicy] = "no-referrer"
        headers[.xContentTypeOptions] = "nosniff"
    }

    /// The HTML text.
    var html: String {
        var body = "<h1>\(HTMLText.escape(title))</h1>\n"
        for paragraph in paragraphs { body += "<p>\(HTMLText.escape(paragraph))</p>\n" }
        if let form {
            body += "<form method=\"post\" action=\"\(HTMLText.escape(form.action))\">\n"
            for field in form.hiddenFields {
                body += "<input type=\"hidden\" name=\"\(HTMLText.escape(field.name))\" value=\"\(HTMLText.escape(field.value))\">\n"
            }
            body += """
                <label>パスワード / Password
                <input type="password" name="\(HTMLText.escape(form.passwordFieldName))" required autocomplete="new-password"></label>
                <button type="submit">\(HTMLText.escape(form.submitLabel))</button>
                </form>

                """
        }
        return """
            <!DOCTYPE html>
            <html lang="ja">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="robots" content="noindex">
            <title>\(HTMLText.escape(title))</title>
            <style>body{font-family:sans-serif;max-width:32em;margin:3em auto;padding:0 1em;line-height:1.6}
            label,input,button{display:block;margin:.5em 0}input{width:100%;padding:.4em}</style>
            </head>
            <body>
            \(body)</body>
            </html>

            """
    }
}
