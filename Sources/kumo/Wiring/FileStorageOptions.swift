import ArgumentParser
import Foundation
import KumoS3
import KumoStorage

/// Where file bytes live (docs/decisions/0132-file-bytes-on-s3.md): the engine's own store (files under the data
/// directory for SQLite, the database for PostgreSQL) or an S3-compatible bucket. Shared by every command that opens
/// storage, so `kumo serve`, `kumo import`, `kumo export` and `kumo files` see the same bytes.
///
/// Credentials come from the standard variables `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY` and `AWS_SESSION_TOKEN`
/// (or the configuration file's `s3-access-key-id`, `s3-secret-access-key` and `s3-session-token`, which set them);
/// no flag takes a secret, and no message shows one.
struct FileStorageOptions: ParsableArguments {
    @Option(setting: "file-storage")
    var locationOption: String?

    /// `--file-storage`, else `KUMO_FILE_STORAGE`, else `default`; settable so `--backup-dir s3://…` can reuse the options.
    var location: String {
        get { locationOption ?? ProcessInfo.processInfo.environment["KUMO_FILE_STORAGE"] ?? "default" }
        set { locationOption = newValue }
    }

    @Option(setting: "s3-endpoint")
    var endpoint = ProcessInfo.processInfo.environment["KUMO_S3_ENDPOINT"]

    @Option(setting: "s3-region")
    var region =
        ProcessInfo.processInfo.environment["AWS_REGION"] ?? ProcessInfo.processInfo.environment["AWS_DEFAULT_REGION"] ?? "us-east-1"

    @Option(setting: "s3-addressing")
    var addressing = ProcessInfo.processInfo.environment["KUMO_S3_ADDRESSING"]

    /// Whether file bytes go to S3.
    var usesS3: Bool { location.hasPrefix("s3://") }

    func validate() throws {
        guard location == "default" || usesS3 else {
            throw ValidationError("--file-storage takes 'default' or s3://BUCKET[/PREFIX], not '\(location)'")
        }
        if let addressing, !["path", "virtual"].contains(addressing.lowercased()) {
            throw ValidationError("--s3-addressing takes 'path' or 'virtual', not '\(addressing)'")
        }
        if usesS3 { _ = try s3Location() }
    }

    /// The bucket, prefix, endpoint and region.
    func s3Location() throws -> S3Location {
        do {
            return try S3Location(
                url: location, endpoint: endpoint, region: region, pathStyle: addressing.map { $0.lowercased() == "path" })
        } catch let invalid as S3Location.Invalid {
            throw ValidationError("--file-storage/--s3-endpoint: \(invalid)")
        }
    }

    /// The credentials from the environment (or the configuration file, which sets the same variables).
    static func credentials(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> S3Credentials {
        guard let accessKeyId = environment["AWS_ACCESS_KEY_ID"], !accessKeyId.isEmpty,
            let secret = environment["AWS_SECRET_ACCESS_KEY"], !secret.isEmpty
        else {
            throw ValidationError(
                "--file-storage s3://… needs credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN for temporary ones), or s3-access-key-id and s3-secret-access-key in the configuration file"
            )
        }
        let token = environment["AWS_SESSION_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        return S3Credentials(accessKeyId: accessKeyId, secretAccessKey: secret, sessionToken: token)
    }

    /// The S3 store, or `nil` for the engine's own.
    func s3BlobStore() throws -> S3BlobStore? {
        guard usesS3 else { return nil }
        return S3BlobStore(client: S3Client(location: try s3Location(), credentials: try FileStorageOptions.credentials()))
    }

    /// Checks, before anything is opened or created, that the bucket can be written, read and deleted from; a wrong
    /// secret, a missing bucket or an unreachable endpoint stops the command with a message naming the endpoint and
    /// the bucket (never the secret).
    func checkBucket() async throws {
        guard let store = try s3BlobStore() else { return }
        try await checkBucket(store)
    }

    /// Checks `store`'s bucket as ``checkBucket()`` does.
    func checkBucket(_ store: S3BlobStore) async throws {
        do {
            try await store.checkAccess()
        } catch let error as S3Error {
            throw BucketCheckFailure(error: error)
        }
    }

    /// A bucket that failed the check, with what to do.
    struct BucketCheckFailure: Error, CustomStringConvertible {
        let error: S3Error

        var description: String {
            let advice: String
            switch error.code {
            case "NoSuchBucket": advice = "create the bucket \(error.location.bucket) first, or fix --file-storage"
            case "SignatureDoesNotMatch", "InvalidAccessKeyId", "AccessDenied", "InvalidToken", "ExpiredToken":
                advice = "check AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN), --s3-region and the bucket's policy"
            case "Unreachable": advice = "check --s3-endpoint and that the store is running"
            default: advice = "check --file-storage, --s3-endpoint, --s3-region and --s3-addressing"
            }
            return "The S3 file storage \(error.location) failed its check: \(error). What to do: \(advice)."
        }
    }

    /// `storage` with its file bytes where these options say.
    func applied(to storage: any StorageBackend) throws -> any StorageBackend {
        guard let blobs = try s3BlobStore() else { return storage }
        return StorageWithBlobStore(engine: storage, blobs: blobs)
    }
}
