import KumoStorage
import NCMBWire

extension ImportJob {
    /// The job as its database row: the columns the store selects by, the rest in the document.
    var record: ImportJobRecord {
        var document: JSONObject = [
            "applicationName": .string(applicationName), "dryRun": .bool(isDryRun), "onConflict": .string(conflict.rawValue),
            "createdBy": .string(createdBy), "stagedBytes": .integer(stagedBytes), "failureCount": .integer(Int64(failureCount)),
            "failures": .array(failures),
            "files": .array(
                files.map { file in
                    [
                        "name": .string(file.name), "size": .integer(file.size), "kind": .string(file.kind.rawValue),
                        "className": file.className.map(JSONValue.string) ?? .null, "blobId": .string(file.blobId),
                    ]
                }),
        ]
        if let startDate { document["startDate"] = .integer(startDate.millisecondsSince1970) }
        if let endDate { document["endDate"] = .integer(endDate.millisecondsSince1970) }
        if let startedBy {
            document["startedBy"] = .string(startedBy.email)
            document["startedFrom"] = startedBy.address.map(JSONValue.string) ?? .null
        }
        if let progress { document["progress"] = progress }
        if let summary { document["summary"] = summary }
        if let error { document["error"] = .string(error) }
        if let reportBlobId { document["reportBlobId"] = .string(reportBlobId) }
        return ImportJobRecord(
            id: id, applicationId: applicationId, state: state.rawValue, createDate: createDate,
            activity: (state.hasEnded ? endDate : lastActivity) ?? createDate, leaseOwner: lease?.owner,
            leaseUntil: lease?.until ?? WireDate(millisecondsSince1970: 0), version: version, document: document)
    }

    /// The job of a database row; `nil` when the row is not one this version of Kumo reads.
    init?(record: ImportJobRecord) {
        let document = record.document
        guard let state = State(rawValue: record.state), let applicationName = document["applicationName"]?.stringValue,
            case .bool(let isDryRun) = document["dryRun"], let conflictName = document["onConflict"]?.stringValue,
            let conflict = BulkConflictMode(rawValue: conflictName), let createdBy = document["createdBy"]?.stringValue
        else { return nil }
        self.init(
            id: record.id, applicationId: record.applicationId, applicationName: applicationName, isDryRun: isDryRun,
            conflict: conflict, createdBy: createdBy, createDate: record.createDate)
        self.state = state
        lastActivity = state.hasEnded ? nil : record.activity
        startDate = document["startDate"]?.integerValue.map(WireDate.init(millisecondsSince1970:))
        endDate = document["endDate"]?.integerValue.map(WireDate.init(millisecondsSince1970:))
        if let email = document["startedBy"]?.stringValue { startedBy = (email, document["startedFrom"]?.stringValue) }
        var staged: [StagedFile] = []
        for entry in document["files"]?.arrayValue ?? [] {
            guard let file = entry.objectValue, let name = file["name"]?.stringValue, let size = file["size"]?.integerValue,
                let kind = file["kind"]?.stringValue.flatMap(ImportFileKind.init(rawValue:)), let blobId = file["blobId"]?.stringValue
            else { return nil }
            staged.append(StagedFile(name: name, size: size, kind: kind, className: file["className"]?.stringValue, blobId: blobId))
        }
        files = staged
        stagedBytes = document["stagedBytes"]?.integerValue ?? 0
        progress = document["progress"]
        summary = document["summary"]
        failures = document["failures"]?.arrayValue ?? []
        failureCount = Int(document["failureCount"]?.integerValue ?? 0)
        error = document["error"]?.stringValue
        reportBlobId = document["reportBlobId"]?.stringValue
        version = record.version
        if let owner = record.leaseOwner { lease = (owner, record.leaseUntil) }
    }
}
