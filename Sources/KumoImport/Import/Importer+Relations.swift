import KumoStorage
import NCMBWire

extension Importer {
    /// The second pass: relation members and role memberships, once every object exists. Members whose owner or
    /// target is missing are counted, not written. A dry run counts what the export lists without resolving it (the
    /// objects it would import are not in the database).
    func addRelations(spool: RelationSpool, relationFiles: [ExportSource.ClassFile]) async throws {
        let sources = [ExportSource.ClassFile(path: spool.path, className: .role)] + relationFiles
        var total = spool.count
        for file in relationFiles {
            let reader = try readerOrMalformed(file.path)
            while try nextOrMalformed(reader) != nil { total += 1 }
        }
        try await beginPhase(.relations, total: total)
        for file in sources {
            let reader = try readerOrMalformed(file.path)
            var unit: [(index: Int, relation: BulkRelation)] = []
            while let element = try nextOrMalformed(reader) {
                guard let value = try? JSONValue(parsing: element.bytes), let relation = RelationListFormat.relation(value, className: file.className)
                else {
                    await fail(file: file, index: element.index, objectId: nil, reason: "not a relation list ({\"objectId\",\"field\",\"className\",\"objectIds\"})")
                    continue
                }
                unit.append((element.index, relation))
                if unit.count >= options.relationsPerWrite {
                    try await write(unit, file: file)
                    unit.removeAll(keepingCapacity: true)
                }
            }
            if !unit.isEmpty { try await write(unit, file: file) }
        }
        await endPhase(.relations, className: "")
    }

    /// Adds one unit of relation lists and counts what was found.
    private func write(_ unit: [(index: Int, relation: BulkRelation)], file: ExportSource.ClassFile) async throws {
        let listed = unit.reduce(0) { $0 + $1.relation.targetObjectIds.count }
        guard !options.isDryRun else {
            summary.relationMembers += listed
            await advance(by: unit.count, className: unit.last?.relation.className.rawValue ?? "")
            return
        }
        let found = try await storage.bulk.addRelations(unit.map(\.relation), applicationId: application.applicationId, dryRun: false)
        for (entry, count) in zip(unit, found) {
            guard let count else {
                summary.missingRelationOwners += 1
                await fail(
                    file: file, index: entry.index, objectId: entry.relation.objectId,
                    reason: "the owner \(entry.relation.className.rawValue) \(entry.relation.objectId) of \(entry.relation.field.rawValue) does not exist")
                continue
            }
            summary.relationMembers += count
            summary.missingRelationTargets += entry.relation.targetObjectIds.count - count
        }
        await advance(by: unit.count, className: unit.last?.relation.className.rawValue ?? "")
    }

    /// Restores what a Kumo export's manifest holds besides objects: class permissions and scripts always,
    /// application settings with `--restore-settings` (secrets the export withheld keep their current values here).
    func restore(_ manifest: ExportManifest) async throws {
        for entry in manifest.classes {
            guard let permissions = entry.permissions else { continue }
            try await storage.applications.setClassPermissions(permissions, applicationId: application.applicationId, className: entry.className)
            summary.classPermissionsRestored += 1
        }
        if options.restoresSettings, var settings = manifest.settings {
            let current = application.settings
            if manifest.withheld.contains("settings.push") { settings.push = current.push }
            for name in settings.authProviders.keys where manifest.withheld.contains("settings.authProviders.\(name).options") {
                settings.authProviders[name]?.options = current.authProviders[name]?.options ?? [:]
            }
            try await storage.applications.updateSettings(applicationId: application.applicationId, settings: settings)
            summary.settingsRestored = true
        }
        try await restoreScripts(manifest.scripts)
        try await restoreIndexes(manifest.indexes)
    }
}

extension Importer {
    /// Deploys the scripts of a manifest (create or replace, as `kumo scripts deploy`), then applies their state; an
    /// entry that is not a script is reported and skipped.
    func restoreScripts(_ scripts: JSONValue) async throws {
        for element in scripts.arrayValue ?? [] {
            guard let entry = element.objectValue, let name = entry["name"]?.stringValue, StoredScript.isValidName(name),
                let code = entry["code"]?.stringValue, let versionHash = entry["versionHash"]?.stringValue
            else {
                summary.scriptsSkipped += 1
                continue
            }
            let deployment = ScriptDeployment(
                applicationId: application.applicationId, name: name, code: code, versionHash: versionHash,
                runPermission: entry["run"].map(OperationPermission.init(storedJSON:)) ?? .everyone)
            _ = try await storage.scripts.deploy(
                deployment, maximumCount: application.settings.scripts.maximumCount, now: clock.now())
            if entry["enabled"] == .bool(false) {
                _ = try await storage.scripts.update(
                    applicationId: application.applicationId, name: name, isEnabled: false, runPermission: nil, now: clock.now())
            }
            summary.scriptsRestored += 1
        }
    }
}

extension Importer {
    /// Builds the indexes of a manifest (`kumo classes index add`), after the objects, so each is built once; an index
    /// that exists is kept, an entry that is not an index is reported and skipped
    /// (docs/decisions/0074-indexes-on-user-fields.md).
    func restoreIndexes(_ indexes: JSONValue) async throws {
        for element in indexes.arrayValue ?? [] {
            guard let index = ClassIndex(json: element, applicationId: application.applicationId, createDate: clock.now()) else {
                summary.indexesSkipped += 1
                continue
            }
            do {
                _ = try await storage.indexes.create(index)
                summary.indexesRestored += 1
            } catch StorageError.invalid {
                summary.indexesSkipped += 1
            }
        }
    }
}
