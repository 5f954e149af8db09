import Hummingbird
import KumoStorage
import NCMBWire

extension APIResponder {
    /// Streams a stored file: signs the hex form of its bytes in a first pass over the blob (wire spec §3.7), then
    /// streams it in chunks with `Content-Length`, so memory stays bounded whatever the size.
    ///
    /// STUB (issue 5 contract): the files helper implements it.
    func renderBlob(status: Int, contentType: String, download: BlobDownload, context: KumoRequestContext) async -> Response {
        render(KumoError(.noneService), context: context)
    }
}
