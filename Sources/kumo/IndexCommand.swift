import ArgumentParser
import Foundation
import KumoAdministration
import KumoStorage
import NCMBWire

/// `kumo classes index …`: indexes on user fields and the index advisor (docs/decisions/0074-indexes-on-user-fields.md,
/// docs/decisions/0075-index-advisor.md). Running servers use a new index with their next query.
struct IndexCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "index", abstract: "Manage indexes on user fields and read the index advisor's suggestions.",
        subcommands: [Add.self, List.self, Remove.self, Suggest.self, Explain.self])

    /// `kumo classes index add CLASS FIELD[:KIND][,FIELD[:KIND]…]`
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Build an index on fields of a class (equality fields first, then one range or order field).",
            discussion: """
                A field may be a dotted path into an object field (stats.level, ref.objectId). A field without a kind \
                gets the kind most objects of the class hold in it. Kinds: \
                \(IndexValueKind.allCases.map(\.rawValue).joined(separator: ", ")). A page ordered by the last field, with a \
                range or equality on it, walks the index and stops after the page (docs/decisions/0141); when that \
                field is a number, string or date, a descending companion serves descending pages. SQLite builds the index while writes \
                wait (about a second per 200,000 objects); PostgreSQL builds it concurrently.
                """)

        @Argument(help: "The class, e.g. GameScore.") var className: String
        @Argument(help: "Fields in index order, e.g. category,score or score:number or stats.level:number.") var fields: String
        @OptionGroup var applicationOptions: ApplicationOptions

        func validate() throws { _ = try ClassPermissionsTool.className(className) }

        func run() async throws {
            let name = try ClassPermissionsTool.className(className)
            try await applicationOptions.withApplication { storage, application in
                print("Building an index on \(name.rawValue) (\(fields)) …")
                let start = ContinuousClock.now
                let created: AdministrationIndexes.Build
                do {
                    created = try await AdministrationIndexes(storage: storage).create(
                        AdministrationIndexes.specifications(fields), in: application, className: name, now: IndexCommand.now())
                } catch let refusal as AdministrationIndexes.Refusal {
                    throw ValidationError(refusal.description)
                }
                let elapsed = ContinuousClock.now - start
                for note in created.notes { print("  \(note)") }
                let build = created.build
                await CommandLineAudit.record(
                    "index.create", in: storage, application: application.name, target: name.rawValue,
                    detail: [
                        "fields": .array(build.index.fields.map { .string($0.description) }), "name": .string(build.index.name),
                        "existed": .bool(build.existed),
                    ])
                if build.existed {
                    print("\(name.rawValue) already has this index (\(build.index.name)).")
                } else {
                    print(
                        "Built over \(build.objectCount) objects in \(elapsed.formatted(.units(allowed: [.seconds, .milliseconds]))): "
                            + "\(build.index.name) (\(build.index.fieldList)).")
                }
            }
        }
    }

    /// `kumo classes index list [CLASS]`
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the indexes of an application or of one class.")

        @Argument(help: "Only this class.") var className: String?
        @OptionGroup var applicationOptions: ApplicationOptions
        @Flag(help: "Print machine-readable JSON.") var json = false

        func run() async throws {
            let name = try className.map(ClassPermissionsTool.className)
            try await applicationOptions.withApplication { storage, application in
                let indexes = try await storage.indexes.indexes(applicationId: application.applicationId, className: name)
                if json {
                    print(JSONValue.array(indexes.map(\.json)).serializedString())
                } else if indexes.isEmpty {
                    print("No index on user fields in '\(application.name)'\(name.map { ", class \($0.rawValue)" } ?? "").")
                } else {
                    for index in indexes {
                        print(
                            "\(index.className.rawValue)  \(index.fieldList)  \(index.origin.rawValue)  \(index.createDate.formatted)  \(index.name)"
                        )
                    }
                }
            }
        }
    }

    /// `kumo classes index remove CLASS FIELD[:KIND][,…]`
    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove an index of a class, named by its fields.")

        @Argument(help: "The class.") var className: String
        @Argument(help: "The index's fields as listed, e.g. category,score (kinds only when two indexes differ by kind).")
        var fields: String
        @OptionGroup var applicationOptions: ApplicationOptions

        func validate() throws { _ = try ClassPermissionsTool.className(className) }

        func run() async throws {
            let name = try ClassPermissionsTool.className(className)
            try await applicationOptions.withApplication { storage, application in
                let administration = AdministrationIndexes(storage: storage)
                let index: ClassIndex
                do {
                    index = try await administration.index(
                        matching: AdministrationIndexes.specifications(fields), in: application, className: name)
                } catch let refusal as AdministrationIndexes.Refusal {
                    throw ValidationError(refusal.description)
                }
                try await administration.remove(index)
                await CommandLineAudit.record(
                    "index.remove", in: storage, application: application.name, target: name.rawValue,
                    detail: ["fields": .array(index.fields.map { .string($0.description) }), "name": .string(index.name)])
                print("Removed \(index.name) (\(index.fieldList)) from \(name.rawValue).")
            }
        }
    }
}

extension IndexCommand {
    /// The current time as a wire date.
    static func now() -> WireDate {
        WireDate(millisecondsSince1970: Int64(Date().timeIntervalSince1970 * 1000))
    }
}
