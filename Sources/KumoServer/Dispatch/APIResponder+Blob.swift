import Hummingbird
import KumoSeams
import KumoStorage
import Logging
import NCMBWire

extension APIResponder {
    /// Streams a stored file: signs the hex form of its bytes in a first pass over the blob
    /// (docs/wire/signature.md#response-signature), then streams it in chunks with `Content-Length`, so memory stays
    /// bounded whatever the size. The file's headers keep it from running in Kumo's origin (`UntrustedContentHeaders`).
    ///
    /// A storage failure in the first pass (the blob deleted meanwhile → 404 E404001, storage down → 503) is answered as
    /// error JSON; one in the second pass, after the headers went out, can only cut the connection.
    func renderBlob(status: Int, contentType: String, download: BlobDownload, context: KumoRequestContext) async -> Response {
        let stream = BlobDownloadStream(blobs: environment.storage.blobs, download: download)
        let signature: String?
        do {
            if let stringToSign = context.stringToSign, let application = context.application {
                signature = try await stream.signature(stringToSign: stringToSign, clientKey: application.clientKey)
            } else {
                try await stream.checkExists()
                signature = nil
            }
        } catch {
            let kumoError = KumoError.from(error)
            if kumoError.code.status >= 500 {
                context.logger.error("file download failed", metadata: ["code": "\(kumoError.code.code)", "error": "\(kumoError)"])
            }
            return render(kumoError, context: context)
        }
        var response = stream.response(status: status, contentType: contentType)
        UntrustedContentHeaders.protectFile(&response.headers, contentType: contentType, fileName: nil)
        if let signature { response.headers[HeaderNames.responseSignature] = signature }
        return response
    }
}
