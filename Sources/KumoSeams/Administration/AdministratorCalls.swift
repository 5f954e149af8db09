/// One NCMB REST call performed in process as an administrator: ACL and class-level permissions are bypassed, nothing
/// is signed, and everything else (routing, validation, rendering, field rules, scripts' hooks) is exactly REST's.
///
/// The dashboard (`KumoDashboard`) calls it for its data pages, so the UI shows NCMB's own answers and error codes;
/// `KumoServer` implements it on its request pipeline (docs/dashboard.md, docs/decisions/0078-dashboard-acts-through-the-ncmb-pipeline.md).
package protocol AdministratorCalls: Sendable {
    /// Performs the call and returns NCMB's status and JSON body (an NCMB error body for a failure).
    func perform(_ call: AdministratorCall) async -> AdministratorResponse

    /// Stores a file from a raw body, as `POST /files/{fileName}` would from a multipart one: the same name rules,
    /// limits, ACL parsing, MIME type and metadata, answered with NCMB's status and JSON (201 `{"createDate","fileName"}`).
    /// The body is read as it is written to storage, never whole.
    func upload(_ upload: AdministratorUpload) async -> AdministratorResponse

    /// Opens a stored file for reading, as `GET /files/{fileName}` would: its content type, size and bytes, or NCMB's
    /// error (404 E404001 for an unknown file).
    func download(applicationId: String, fileName: String) async -> AdministratorDownload
}

/// A file an administrator uploads (``AdministratorCalls/upload(_:)``).
package struct AdministratorUpload: Sendable {
    /// The application (its applicationId).
    package var applicationId: String
    /// The file's name, decoded (`日本 語.txt`); checked as the route table checks `{fileName}`.
    package var fileName: String
    /// The body's `Content-Type`; the type of the name's extension when absent.
    package var contentType: String?
    /// The body's declared `Content-Length`: a length over the limit is refused before any byte is read.
    package var declaredLength: Int64?
    /// The ACL as JSON text; the application's default ACL when absent.
    package var acl: String?
    /// A cap below the application's maximum file size (the smaller applies).
    package var maximumSize: Int64
    /// The bytes, pulled as the upload is stored.
    package var body: AsyncThrowingStream<[UInt8], any Error>

    /// Creates an upload.
    package init(
        applicationId: String, fileName: String, contentType: String?, declaredLength: Int64?, acl: String?, maximumSize: Int64,
        body: AsyncThrowingStream<[UInt8], any Error>
    ) {
        self.applicationId = applicationId
        self.fileName = fileName
        self.contentType = contentType
        self.declaredLength = declaredLength
        self.acl = acl
        self.maximumSize = maximumSize
        self.body = body
    }
}

/// A stored file opened for reading (``AdministratorCalls/download(applicationId:fileName:)``), or NCMB's refusal.
package enum AdministratorDownload: Sendable {
    /// The file: its stored content type, its size, and a reader that hands its bytes to `body` in bounded chunks.
    case file(contentType: String, size: Int64, read: AdministratorFileReader)
    /// NCMB's status and JSON error body.
    case failure(AdministratorResponse)
}

/// Reads a stored file in bounded chunks, in order.
package struct AdministratorFileReader: Sendable {
    private let reader: @Sendable (_ body: ([UInt8]) async throws -> Void) async throws -> Void

    /// Creates a reader from a function that calls its argument with each chunk.
    package init(_ reader: @escaping @Sendable (_ body: ([UInt8]) async throws -> Void) async throws -> Void) {
        self.reader = reader
    }

    /// Calls `body` with each chunk of the file, in order.
    package func forEachChunk(_ body: ([UInt8]) async throws -> Void) async throws {
        try await reader(body)
    }
}

/// An NCMB REST request of an administrator.
package struct AdministratorCall: Sendable, Hashable {
    /// The application the call runs in (its applicationId).
    package var applicationId: String
    /// The HTTP method, upper case: `GET`, `POST`, `PUT`, `DELETE`.
    package var method: String
    /// The NCMB path after the version segment, percent-encoded as the route table prints it: `/classes/Chat/abc`; or
    /// the whole path when it starts with a version (`/2015-09-01/script/hello.js`, whose version is not the API's).
    package var path: String
    /// The query string without `?` (percent-encoded), or `nil`.
    package var query: String?
    /// The request body (NCMB JSON), empty for none.
    package var body: [UInt8]
    /// Request headers beyond NCMB's own (a script call's, which the script sees); NCMB's `X-NCMB-*` headers are
    /// never taken from here.
    package var headers: [AdministratorHeader]

    /// Creates a call.
    package init(
        applicationId: String, method: String, path: String, query: String? = nil, body: [UInt8] = [],
        headers: [AdministratorHeader] = []
    ) {
        self.applicationId = applicationId
        self.method = method
        self.path = path
        self.query = query
        self.body = body
        self.headers = headers
    }
}

/// One header of an ``AdministratorCall`` or an ``AdministratorResponse``.
package struct AdministratorHeader: Sendable, Hashable {
    /// The name, as sent or as the answer set it.
    package var name: String
    /// The value.
    package var value: String

    /// Creates a header.
    package init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// NCMB's answer to an ``AdministratorCall``.
package struct AdministratorResponse: Sendable, Hashable {
    /// The HTTP status.
    package var status: Int
    /// The JSON body as NCMB renders it (empty for a `DELETE`); a script's answer as the script sent it.
    package var body: [UInt8]
    /// The answer's headers: a script's own, else `Content-Type` of a JSON body.
    package var headers: [AdministratorHeader]

    /// Creates a response.
    package init(status: Int, body: [UInt8], headers: [AdministratorHeader] = []) {
        self.status = status
        self.body = body
        self.headers = headers
    }
}
