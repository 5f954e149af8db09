import HTTPTypes
package import Hummingbird
import KumoSeams

/// The headers that keep client and script bytes from running in Kumo's origin, which is the dashboard's unless it has a
/// listener of its own (docs/decisions/0120-client-bytes-never-run-in-kumos-origin.md; the policy is
/// `UntrustedContent`).
///
/// - Files (`GET /files/{fileName}`, public files): the declared type (a raster image's canonical one), `attachment`
///   unless a raster image, `nosniff`, a sandboxing policy.
/// - Script answers: the script's own headers, then `nosniff` and the same sandboxing policy added beside any policy
///   of the script's (browsers enforce every policy sent, so the script cannot loosen it), and `attachment` unless a
///   raster image or an attachment already.
/// - Every other answer of the NCMB pipeline: `nosniff` and a policy that allows nothing, unless it set its own (the
///   browser pages).
package enum UntrustedContentHeaders {
    private static let serviceWorker = HTTPField.Name("Service-Worker")
    private static let fetchSite = HTTPField.Name("Sec-Fetch-Site")
    private static let fetchDestination = HTTPField.Name("Sec-Fetch-Dest")

    /// Sets the headers of a stored file's answer.
    package static func protectFile(_ headers: inout HTTPFields, contentType: String, fileName: String?) {
        headers[.contentType] = UntrustedContent.contentType(contentType, isValidValue: HTTPField.isValidValue)
        headers[.contentDisposition] = UntrustedContent.disposition(contentType: contentType, fileName: fileName)
        headers[.xContentTypeOptions] = UntrustedContent.noSniff
        headers[.contentSecurityPolicy] = UntrustedContent.filePolicy
    }

    /// Adds the protections to a script's answer, keeping the script's own headers otherwise.
    package static func protectScriptAnswer(_ headers: inout HTTPFields) {
        headers[.xContentTypeOptions] = UntrustedContent.noSniff
        headers.append(HTTPField(name: .contentSecurityPolicy, value: UntrustedContent.filePolicy))
        let contentType = headers[.contentType] ?? ""
        let disposition = headers[.contentDisposition]?.lowercased() ?? ""
        if !UntrustedContent.isInline(contentType) && !disposition.hasPrefix("attachment") {
            headers[.contentDisposition] = "attachment"
        }
    }

    /// Adds `nosniff` and the policy that allows nothing to an answer of the NCMB pipeline that has no policy of its own.
    package static func protectAnswer(_ response: inout Response) {
        if response.headers[.xContentTypeOptions] == nil { response.headers[.xContentTypeOptions] = UntrustedContent.noSniff }
        if response.headers[.contentSecurityPolicy] == nil {
            response.headers[.contentSecurityPolicy] = UntrustedContent.apiPolicy
        }
    }

    /// Whether a request for client bytes comes from a page of Kumo's own origin that would run them as code
    /// (`UntrustedContent.isSameOriginCodeRequest`).
    package static func isSameOriginCodeRequest(_ headers: HTTPFields) -> Bool {
        UntrustedContent.isSameOriginCodeRequest(
            site: fetchSite.flatMap { headers[$0] }, destination: fetchDestination.flatMap { headers[$0] },
            isServiceWorker: serviceWorker.flatMap { headers[$0] } != nil)
    }
}
