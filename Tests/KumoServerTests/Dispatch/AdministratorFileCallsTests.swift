import KumoSeams
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Uploads and downloads as an administrator (`AdministratorCalls.upload` and `.download` on `APIResponder`,
/// docs/dashboard.md#files): a raw body streamed into the blob store with the multipart upload's rules, class-level
/// permissions and ACLs bypassed, NCMB's errors.
@Suite struct AdministratorFileCallsTests {
    static func calls(_ server: TestApplication) -> any AdministratorCalls {
        APIResponder(configuration: server.configuration, environment: server.environment)
    }

    /// An upload of `chunks` (each element one piece of the body).
    static func upload(
        _ fileName: String, _ chunks: [[UInt8]], contentType: String? = "text/plain", declaredLength: Int64? = nil, acl: String? = nil,
        maximumSize: Int64 = 1 << 30, applicationId: String = "TestApplicationId"
    ) -> AdministratorUpload {
        let body = AsyncThrowingStream<[UInt8], any Error> { continuation in
            for chunk in chunks { continuation.yield(chunk) }
            continuation.finish()
        }
        return AdministratorUpload(
            applicationId: applicationId, fileName: fileName, contentType: contentType, declaredLength: declaredLength, acl: acl,
            maximumSize: maximumSize, body: body)
    }

    static func json(_ response: AdministratorResponse) -> JSONObject { (try? JSONValue(parsing: response.body))?.objectValue ?? [:] }

    /// The bytes of a download, or its failure.
    static func bytes(_ download: AdministratorDownload) async throws -> (contentType: String, bytes: [UInt8])? {
        guard case .file(let contentType, let size, let reader) = download else { return nil }
        var bytes: [UInt8] = []
        try await reader.forEachChunk { bytes += $0 }
        #expect(Int64(bytes.count) == size)
        return (contentType, bytes)
    }

    @Test func aRawBodyIsStoredInPiecesAndReadBack() async throws {
        try await TestApplication.with { server in
            let calls = Self.calls(server)
            let pieces = (0..<5).map { index in [UInt8](repeating: UInt8(index), count: 100_000) }

            let uploaded = await calls.upload(Self.upload("big.bin", pieces, contentType: "application/octet-stream"))
            let downloaded = try await Self.bytes(await calls.download(applicationId: "TestApplicationId", fileName: "big.bin"))

            #expect(uploaded.status == 201 && Self.json(uploaded)["fileName"] == "big.bin")
            #expect(downloaded?.contentType == "application/octet-stream")
            #expect(downloaded?.bytes == pieces.flatMap { $0 })
        }
    }

    @Test func theTypeComesFromTheNameWhenTheBodyHasNoneAndTheACLFromTheApplicationByDefault() async throws {
        try await TestApplication.with { server in
            let calls = Self.calls(server)

            _ = await calls.upload(Self.upload("photo.png", [[1]], contentType: nil))
            _ = await calls.upload(Self.upload("closed.txt", [[1]], acl: "{}"))

            let files = try await server.storage.objects.find(
                FindRequest(
                    applicationId: "TestApplicationId", className: .file,
                    parameters: QueryParameters(order: [SortKey(field: StandardField.File.fileName)])),
                access: .bypass
            ).objects
            #expect(files.map { $0.fields[StandardField.File.mimeType] } == ["text/plain", "image/png"])
            #expect(files.map(\.acl) == [AccessControlList([:]), .publicReadWrite])
        }
    }

    @Test func classLevelPermissionsAndACLsDoNotApply() async throws {
        try await TestApplication.with { server in
            try await server.storage.applications.setClassPermissions(
                ClassPermissions([.create: OperationPermission(isPublic: false), .get: OperationPermission(isPublic: false)]),
                applicationId: "TestApplicationId", className: .file)
            let calls = Self.calls(server)

            let uploaded = await calls.upload(Self.upload("secret.txt", [[0x41]], acl: "{}"))
            let downloaded = try await Self.bytes(await calls.download(applicationId: "TestApplicationId", fileName: "secret.txt"))

            #expect(uploaded.status == 201)
            #expect(downloaded?.bytes == [0x41])
        }
    }

    @Test func limitsAreTheSmallerOfTheApplicationsAndTheCallersAndNothingStaysBehind() async throws {
        try await TestApplication.with(settings: ApplicationSettings(maximumFileSize: 10)) { server in
            let calls = Self.calls(server)

            let declared = await calls.upload(Self.upload("a.bin", [[1]], declaredLength: 11))
            let streamed = await calls.upload(Self.upload("b.bin", [[1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11]]))
            let capped = await calls.upload(Self.upload("c.bin", [[1, 2, 3]], maximumSize: 2))
            let fits = await calls.upload(Self.upload("d.bin", [[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]]))

            #expect([declared, streamed, capped].allSatisfy { $0.status == 413 && Self.json($0)["code"] == "E413001" })
            #expect(fits.status == 201)
            let found = try await server.storage.objects.find(
                FindRequest(applicationId: "TestApplicationId", className: .file, parameters: QueryParameters()), access: .bypass)
            #expect(found.objects.count == 1)
            let blobs = try await server.storage.blobs.committedBlobIds(
                applicationId: "TestApplicationId", committedBefore: WireDate(millisecondsSince1970: Int64.max / 2), limit: 10)
            #expect(blobs.count == 1)
        }
    }

    @Test func refusalsAnswerNCMBErrorBodies() async throws {
        try await TestApplication.with { server in
            let calls = Self.calls(server)
            _ = await calls.upload(Self.upload("taken.txt", [[1]]))

            let duplicate = await calls.upload(Self.upload("taken.txt", [[1]]))
            let badName = await calls.upload(Self.upload("a/b", [[1]]))
            let badACLJSON = await calls.upload(Self.upload("x.txt", [[1]], acl: "{"))
            let badACL = await calls.upload(Self.upload("y.txt", [[1]], acl: #"{"*":{"read":"yes"}}"#))
            let noApplication = await calls.upload(Self.upload("z.txt", [[1]], applicationId: "NoSuchApplication"))
            let missing = await calls.download(applicationId: "TestApplicationId", fileName: "none.txt")
            let missingApplication = await calls.download(applicationId: "NoSuchApplication", fileName: "taken.txt")

            #expect(duplicate.status == 409 && Self.json(duplicate)["code"] == "E409001")
            #expect(badName.status == 400 && Self.json(badName)["code"] == "E400002")
            #expect(badACLJSON.status == 400 && Self.json(badACLJSON)["code"] == "E400001")
            #expect(badACL.status == 400 && Self.json(badACL)["code"] == "E400002")
            #expect(noApplication.status == 404 && Self.json(noApplication)["code"] == "E404005")
            guard case .failure(let notFound) = missing, case .failure(let noSuchApplication) = missingApplication else {
                Issue.record("expected failures, got \(missing) and \(missingApplication)")
                return
            }
            #expect(notFound.status == 404 && Self.json(notFound)["code"] == "E404001")
            #expect(noSuchApplication.status == 404)
        }
    }

    @Test func aBodyThatBreaksOffIsABadRequestAndStoresNothing() async throws {
        try await TestApplication.with { server in
            struct Broken: Error {}
            let body = AsyncThrowingStream<[UInt8], any Error> { continuation in
                continuation.yield([1, 2])
                continuation.finish(throwing: Broken())
            }
            let upload = AdministratorUpload(
                applicationId: "TestApplicationId", fileName: "cut.bin", contentType: nil, declaredLength: nil, acl: nil, maximumSize: 100,
                body: body)

            let response = await Self.calls(server).upload(upload)

            #expect(response.status == 400)
            let found = try await server.storage.objects.find(
                FindRequest(applicationId: "TestApplicationId", className: .file, parameters: QueryParameters()), access: .bypass)
            #expect(found.objects.isEmpty)
        }
    }
}
