package import Hummingbird
package import KumoSeams
package import NCMBWire

/// What a controller answers, before the responder signs and encodes it.
package enum APIResult: Sendable {
    /// A JSON body with a status.
    case json(Int, JSONValue)
    /// A JSON body already encoded (objects rendered straight from storage by ``ObjectRendering``).
    case encodedJSON(Int, [UInt8])
    /// An empty body (DELETE, logout: docs/wire/conventions.md).
    case empty(Int)
    /// Raw bytes with a content type (file downloads); the response signature hashes their hex form
    /// (docs/wire/signature.md#response-signature).
    case binary(Int, contentType: String, [UInt8])
    /// A stored file's bytes, streamed from the `BlobStore` in chunks (file downloads, docs/wire/endpoints/files.md);
    /// the responder signs the hex form in a first pass over the blob and streams it in a second
    /// (`APIResponder+Blob.swift`).
    case blob(Int, contentType: String, BlobDownload)
    /// A finished response, sent as it is: the browser pages' HTML, redirects and public files
    /// (docs/wire/endpoints/browser-pages.md), which are never signed.
    case response(Response)
    /// A script's answer: its status, headers and raw body, sent unchanged and signed as text, or as hex for a binary
    /// content type (docs/wire/endpoints/scripts.md).
    case script(ScriptAnswer)
}

/// Which blob a `.blob` result streams.
package struct BlobDownload: Sendable, Hashable {
    /// The owning application.
    package var applicationId: String
    /// The blob (the hidden `blobId` field of the file's metadata).
    package var blobId: String
    /// Its size in bytes (`fileSize`), sent as `Content-Length`.
    package var size: Int64
}
