import KumoMemberwise
package import KumoStorage
package import NCMBWire
import Testing

/// An `ImportJobStore` whose every call fails: a test that reaches it did not expect import jobs to be stored.
@PackageMemberwiseInit
package struct FailingImportJobStore: ImportJobStore {
    package func insert(_ record: ImportJobRecord) async throws {
        throw UnexpectedCall("ImportJobStore.insert", record.id)
    }

    package func job(id: String) async throws -> ImportJobRecord? {
        throw UnexpectedCall("ImportJobStore.job", id)
    }

    package func jobs(applicationId: String) async throws -> [ImportJobRecord] {
        throw UnexpectedCall("ImportJobStore.jobs", applicationId)
    }

    package func all() async throws -> [ImportJobRecord] {
        throw UnexpectedCall("ImportJobStore.all", "")
    }

    package func unfinishedCount() async throws -> Int {
        throw UnexpectedCall("ImportJobStore.unfinishedCount", "")
    }

    package func update(_ record: ImportJobRecord, condition: ImportJobUpdateCondition) async throws -> ImportJobRecord? {
        throw UnexpectedCall("ImportJobStore.update", record.id)
    }

    package func delete(id: String, version: Int64) async throws -> Bool {
        throw UnexpectedCall("ImportJobStore.delete", id)
    }

    package func claim(owner: String, now: WireDate, leaseUntil: WireDate) async throws -> ImportJobRecord? {
        throw UnexpectedCall("ImportJobStore.claim", owner)
    }

    package func renew(id: String, owner: String, leaseUntil: WireDate) async throws -> Bool {
        throw UnexpectedCall("ImportJobStore.renew", id)
    }

    package func expired(stagingBefore: WireDate, endedBefore: WireDate, limit: Int) async throws -> [ImportJobRecord] {
        throw UnexpectedCall("ImportJobStore.expired", stagingBefore.formatted)
    }
}
