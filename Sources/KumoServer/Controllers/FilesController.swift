package import Hummingbird
package import KumoStorage
package import NCMBWire

/// Serves `/files` (wire spec §5.5): streamed multipart uploads into the `BlobStore`, streamed downloads, ACL updates,
/// deletes, metadata queries, and the unsigned public-file page (§5.10).
///
/// A file's metadata is an object of the standard class `file` stored through the `ObjectStore` (so the ACL decides
/// access inside SQL, Kumo D3): `fileName` (unique per application → 409 E409001), `mimeType`, `fileSize` and the
/// hidden `blobId`; the wire shows exactly `fileName`, `mimeType`, `fileSize`, `createDate`, `updateDate`, `acl`.
///
/// STUB (issue 5 contract): the files helper implements every method, keeping these signatures.
package struct FilesController: Sendable {
    let environment: ServerEnvironment
    let configuration: KumoConfiguration

    /// Creates the controller.
    package init(environment: ServerEnvironment, configuration: KumoConfiguration) {
        self.environment = environment
        self.configuration = configuration
    }

    /// `POST /files/{fileName}` (multipart, streamed) → 201 `{"createDate","fileName"}` (F61, F62).
    package func upload(fileName: String, request: Request, context: KumoRequestContext) async throws -> APIResult {
        throw KumoError(.noneService)
    }

    /// `GET /files/{fileName}` → 200 with the raw bytes and the stored content type (F67).
    package func download(fileName: String, context: KumoRequestContext) async throws -> APIResult {
        throw KumoError(.noneService)
    }

    /// `PUT /files/{fileName}` with `{"acl":{…}}` or a bare ACL map → 200 `{"updateDate"}` (F63, F64).
    package func updateACL(fileName: String, body: JSONObject, context: KumoRequestContext) async throws -> APIResult {
        throw KumoError(.noneService)
    }

    /// `DELETE /files/{fileName}` → 200 with an empty body (F68).
    package func delete(fileName: String, context: KumoRequestContext) async throws -> APIResult {
        throw KumoError(.noneService)
    }

    /// `GET /files` → 200 `{"results":[…]}` (+ `"count"`) of file metadata (F65, F66).
    package func find(parameters: QueryParameters, context: KumoRequestContext) async throws -> APIResult {
        throw KumoError(.noneService)
    }

    /// `GET /2013-09-01/applications/{applicationId}/publicFiles/{fileName}`: the raw bytes without a signature when the
    /// application enables public files; 404 otherwise.
    package func publicFile(fileName: String, application: HostedApplication) async throws -> Response {
        throw KumoError(.noneService)
    }
}
