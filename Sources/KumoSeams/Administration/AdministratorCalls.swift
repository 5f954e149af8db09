import KumoMemberwise
package import NCMBWire

/// One NCMB REST call performed in process as an administrator: ACL and class-level permissions are bypassed, nothing
/// is signed, and everything else (validation, rendering, field rules, scripts' hooks) is exactly REST's.
///
/// The dashboard (`KumoDashboard`) calls it for its data pages, so the UI shows NCMB's own answers and error codes;
/// `KumoServer` implements it on its request pipeline (docs/dashboard.md, docs/decisions/0078-dashboard-acts-through-the-ncmb-pipeline.md).
/// A call crosses as the typed route the controllers switch over: nothing is printed and read back
/// (docs/decisions/0108-typed-administrator-calls.md).
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

    /// Says that an application's settings or class permissions changed in storage behind the pipeline's back (the
    /// dashboard wrote them): the next request of this process reads them again instead of what it cached. Other
    /// processes see the change when their caches expire, within 5 s (docs/decisions/0032-five-second-caches.md).
    func applicationChanged(applicationId: String)
}

/// A file an administrator uploads (``AdministratorCalls/upload(_:)``).
@PackageMemberwiseInit
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

/// An NCMB REST request of an administrator: the route, as the SDK would have sent it, in an application.
@PackageMemberwiseInit
package struct AdministratorCall: Sendable, Hashable {
    /// The application the call runs in (its applicationId).
    package var applicationId: String
    /// What is asked: any signed route of the table (`.objects(…)`, `.files(.find(…))`, `.script(…)`, …); uploads and
    /// browser pages are not administrator calls (``AdministratorCalls/upload(_:)`` takes uploads).
    package var route: APIRoute
    /// Request headers beyond NCMB's own (a script call's, which the script sees); NCMB's `X-NCMB-*` headers are
    /// never taken from here.
    package var headers: [AdministratorHeader] = []
}

/// One header of an ``AdministratorCall`` or an ``AdministratorResponse``.
package typealias AdministratorHeader = HeaderField

/// NCMB's answer to an ``AdministratorCall``.
@PackageMemberwiseInit
package struct AdministratorResponse: Sendable, Hashable {
    /// The HTTP status.
    package var status: Int
    /// The JSON body as NCMB renders it (empty for a `DELETE`); a script's answer as the script sent it.
    package var body: [UInt8]
    /// The answer's headers: a script's own, else `Content-Type` of a JSON body.
    package var headers: [AdministratorHeader] = []
    /// The answer as the controller built it, when it built a JSON value (`body` is its rendering), and NCMB's error
    /// body for a failure: the fields the caller reads without parsing `body` again. `nil` for answers rendered straight
    /// to bytes (a custom class's objects), empty bodies and scripts' answers.
    package var json: JSONValue?

    /// Whether NCMB answered with a success (2xx).
    package var succeeded: Bool { (200..<300).contains(status) }
}
