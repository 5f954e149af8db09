import KumoMemberwise
package import KumoStorage
package import NCMBWire
import Testing

/// A `BlobStore` that fails the running test on every call the test did not provide.
package struct FailingBlobStore: BlobStore {
    package var onMakeWriter: (@Sendable (String) async throws -> any BlobWriter)?
    package var onRead: (@Sendable (String, String, Int64, Int) async throws -> [UInt8])?
    package var onSize: (@Sendable (String, String) async throws -> Int64?)?
    package var onDelete: (@Sendable (String, String) async throws -> Void)?

    /// Creates a store where every call fails.
    package init() {}

    package func makeWriter(applicationId: String) async throws -> any BlobWriter {
        guard let onMakeWriter else { throw UnexpectedCall("BlobStore.makeWriter", applicationId) }
        return try await onMakeWriter(applicationId)
    }

    package func makeWriter(applicationId: String, blobId: String) async throws -> any BlobWriter {
        throw UnexpectedCall("BlobStore.makeWriter(blobId:)", blobId)
    }

    package func read(applicationId: String, blobId: String, offset: Int64, length: Int) async throws -> [UInt8] {
        guard let onRead else { throw UnexpectedCall("BlobStore.read", blobId) }
        return try await onRead(applicationId, blobId, offset, length)
    }

    package func size(applicationId: String, blobId: String) async throws -> Int64? {
        guard let onSize else { throw UnexpectedCall("BlobStore.size", blobId) }
        return try await onSize(applicationId, blobId)
    }

    package func delete(applicationId: String, blobId: String) async throws {
        guard let onDelete else { throw UnexpectedCall("BlobStore.delete", blobId) }
        try await onDelete(applicationId, blobId)
    }

    package func committedBlobIds(applicationId: String, committedBefore date: WireDate, limit: Int) async throws -> [String] {
        throw UnexpectedCall("BlobStore.committedBlobIds", applicationId)
    }

    package func deleteAbandonedUploads(startedBefore date: WireDate) async throws -> Int {
        throw UnexpectedCall("BlobStore.deleteAbandonedUploads", date.formatted)
    }
}

/// A `PushJobStore` that fails the running test on every call the test did not provide.
package struct FailingPushJobStore: PushJobStore {
    package var onClaimDue: (@Sendable (WireDate, WireDate, Int) async throws -> [PushJob])?
    package var onComplete: (@Sendable (PushJob) async throws -> Void)?
    package var onReschedule: (@Sendable (PushJob, WireDate) async throws -> Void)?

    /// Creates a store where every call fails.
    package init() {}

    package func claimDue(now: WireDate, leaseUntil: WireDate, limit: Int) async throws -> [PushJob] {
        guard let onClaimDue else { throw UnexpectedCall("PushJobStore.claimDue", now.formatted) }
        return try await onClaimDue(now, leaseUntil, limit)
    }

    package func complete(_ job: PushJob) async throws {
        guard let onComplete else { throw UnexpectedCall("PushJobStore.complete", job.pushId) }
        try await onComplete(job)
    }

    package func reschedule(_ job: PushJob, dueAt: WireDate) async throws {
        guard let onReschedule else { throw UnexpectedCall("PushJobStore.reschedule", job.pushId) }
        try await onReschedule(job, dueAt)
    }
}

/// A `PushOutcomeStore` that fails the running test on every call the test did not provide.
package struct FailingPushOutcomeStore: PushOutcomeStore {
    package var onRecord: (@Sendable ([PushOutcome], String, String) async throws -> Void)?
    package var onPrune: (@Sendable (WireDate, Int) async throws -> Int)?

    /// Creates a store where every call fails.
    package init() {}

    package func record(_ outcomes: [PushOutcome], applicationId: String, pushId: String) async throws {
        guard let onRecord else { throw UnexpectedCall("PushOutcomeStore.record", pushId) }
        try await onRecord(outcomes, applicationId, pushId)
    }

    package func outcomes(
        applicationId: String, pushId: String, kind: PushOutcome.Kind?, limit: Int, skip: Int
    ) async throws -> PushOutcomePage {
        throw UnexpectedCall("PushOutcomeStore.outcomes", pushId)
    }

    package func prune(before date: WireDate, limit: Int) async throws -> Int {
        guard let onPrune else { throw UnexpectedCall("PushOutcomeStore.prune", date.formatted) }
        return try await onPrune(date, limit)
    }
}

/// An `IdempotencyStore` that fails the running test on every call.
@PackageMemberwiseInit
package struct FailingIdempotencyStore: IdempotencyStore {
    package func claim(_ key: IdempotencyKeyClaim) async throws -> IdempotencyClaimOutcome {
        throw UnexpectedCall("IdempotencyStore.claim", key.applicationId)
    }

    package func record(applicationId: String, scope: String, answer: IdempotencyAnswer) async throws {
        throw UnexpectedCall("IdempotencyStore.record", applicationId)
    }

    package func release(applicationId: String, scope: String) async throws {
        throw UnexpectedCall("IdempotencyStore.release", applicationId)
    }

    package func count(applicationId: String) async throws -> Int {
        throw UnexpectedCall("IdempotencyStore.count", applicationId)
    }
}

/// A `BulkStore` whose every call fails; tests set the handlers they expect to be used.
package struct FailingBulkStore: BulkStore {
    package var onWrite: (@Sendable ([BulkObject], BulkConflictMode, Bool) async throws -> [BulkOutcome])?

    /// Creates a store where every call fails.
    package init() {}

    package func classNames(applicationId: String) async throws -> [ClassName] {
        throw UnexpectedCall("BulkStore.classNames", applicationId)
    }

    package func objects(applicationId: String, className: ClassName, after afterObjectId: String?, limit: Int) async throws -> [StoredObject] {
        throw UnexpectedCall("BulkStore.objects", className.rawValue)
    }

    package func relationMembers(
        applicationId: String, className: ClassName, after: RelationMember?, limit: Int
    ) async throws -> [RelationMember] {
        throw UnexpectedCall("BulkStore.relationMembers", className.rawValue)
    }

    package func passwordHashes(applicationId: String, after afterObjectId: String?, through throughObjectId: String) async throws -> [String: String] {
        throw UnexpectedCall("BulkStore.passwordHashes", throughObjectId)
    }

    package func write(_ objects: [BulkObject], applicationId: String, conflict: BulkConflictMode, dryRun: Bool) async throws -> [BulkOutcome] {
        guard let onWrite else { throw UnexpectedCall("BulkStore.write", "\(objects.count) objects") }
        return try await onWrite(objects, conflict, dryRun)
    }

    package func addRelations(_ relations: [BulkRelation], applicationId: String, dryRun: Bool) async throws -> [Int?] {
        throw UnexpectedCall("BulkStore.addRelations", "\(relations.count) relations")
    }
}
