import HTTPTypes
import KumoSeams

/// The headers of a file download from the dashboard (docs/decisions/0083-dashboard-file-downloads-never-run-in-its-origin.md).
///
/// Files are the apps' users' content, served from the dashboard's origin, where a page that ran would act with the
/// administrator's session. So no download is ever rendered as a document of that origin: the policy is the one every
/// answer of client bytes follows (`UntrustedContent`, docs/decisions/0120-client-bytes-never-run-in-kumos-origin.md):
/// `nosniff`, a sandboxing `Content-Security-Policy`, and `attachment` for everything but raster images (the preview).
enum FileDownloadHeaders {
    /// Every header of the answer: the type (an inline image's canonical media type; `application/octet-stream` for a
    /// type that is not a valid header value), disposition with the file name, and the protections.
    static func fields(contentType: String, fileName: String, size: Int64) -> HTTPFields {
        var fields = HTTPFields()
        fields[.contentType] = UntrustedContent.contentType(contentType, isValidValue: HTTPField.isValidValue)
        fields[.contentDisposition] = UntrustedContent.disposition(contentType: contentType, fileName: fileName)
        fields[.xContentTypeOptions] = UntrustedContent.noSniff
        fields[.contentSecurityPolicy] = UntrustedContent.filePolicy
        fields[.cacheControl] = "no-store"
        fields[DashboardHeaderNames.referrerPolicy] = "same-origin"
        return fields
    }
}
