import NCMBWire
import Testing

/// The one table of standard classes: every name a standard class goes by, and its agreement with the object routes.
@Suite struct StandardClassTests {
    @Test func agreesWithTheObjectRoutesAndTheStandardNames() {
        for standard in StandardClass.all {
            if let reference = standard.reference {
                #expect(reference.className == standard.className)
                #expect(reference.collection.rawValue == standard.restName)
            }
        }
        let collections = ObjectCollection.allCases.filter { $0 != .classes }.map(\.rawValue)
        #expect(StandardClass.all.compactMap(\.reference).map(\.collection.rawValue) == collections)
        #expect(ClassName.standardNames == ["user", "role", "installation", "push", "file"])
    }

    @Test func findsAClassByItsRestNameAndItsStoredName() {
        #expect(StandardClass.all.map(\.restName) == ["users", "roles", "installations", "push", "files"])
        #expect(StandardClass.named("files")?.className == .file)
        #expect(StandardClass.named("files")?.reference == nil)
        #expect(StandardClass.named("users")?.reference == .users)
        #expect(StandardClass.named("user") == nil)
        #expect(StandardClass.named("GameScore") == nil)
        #expect(StandardClass.of(.installation)?.restName == "installations")
        #expect(StandardClass.of(ClassName(constant: "GameScore")) == nil)
    }

    @Test func namesTheClassOfAnExportFileByAnyNameToolsGaveIt() {
        let names = ["user", "Users", "ROLE", "roles", "Installation", "installations", "push", "pushes", "file", "Files"]
        #expect(
            names.map { StandardClass.imported(fromFileNamed: $0)?.className.rawValue } == [
                "user", "user", "role", "role", "installation", "installation", "push", "push", "file", "file",
            ])
        #expect(StandardClass.imported(fromFileNamed: "GameScore") == nil)
        #expect(StandardClass.imported(fromFileNamed: "userss") == nil)
    }
}
