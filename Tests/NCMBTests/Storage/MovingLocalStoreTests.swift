import Foundation
import NCMB
import Testing

/// A stand-in for the Keychain: items in memory, and writes that fail while `isRefusing` is set, as the Keychain fails
/// while the device is locked or the app lacks its entitlement.
final class FakeKeychain: NCMBLocalStore {
    private let items = MemoryLocalStore()
    let isRefusing = Locked(false)
    let writes = Locked(0)

    struct Refused: Error {}

    func load(_ item: NCMBLocalItem) throws -> Data? { items.load(item) }

    func save(_ data: Data, as item: NCMBLocalItem) throws {
        if isRefusing.current { throw Refused() }
        writes.withLock { $0 += 1 }
        items.save(data, as: item)
    }

    func delete(_ item: NCMBLocalItem) throws {
        if isRefusing.current { throw Refused() }
        items.delete(item)
    }
}

/// The one-time move of the files earlier SDK versions wrote into the Keychain (docs/decisions/0127-sessions-in-the-keychain.md),
/// with a fake Keychain and real files.
@Suite struct MovingLocalStoreTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ncmb-moving-\(UUID().uuidString)")
    let keychain = FakeKeychain()
    var files: FileLocalStore { FileLocalStore(directory: directory) }
    var store: MovingLocalStore { MovingLocalStore(destination: keychain, origin: files) }
    let user = Data(#"{"objectId":"u1","sessionToken":"token1"}"#.utf8)

    // MARK: Tests

    @Test func theFirstReadMovesTheFileIntoTheKeychainAndRemovesIt() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try files.save(user, as: .currentUser)

        #expect(try store.load(.currentUser) == user)

        #expect(try keychain.load(.currentUser) == user)
        #expect(try files.load(.currentUser) == nil)
        #expect(try store.load(.currentUser) == user)
        #expect(keychain.writes.current == 1)
    }

    @Test func aKeychainThatRefusesKeepsTheFileUntilALaterReadMovesIt() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try files.save(user, as: .currentUser)
        keychain.isRefusing.withLock { $0 = true }

        #expect(try store.load(.currentUser) == user)
        #expect(try files.load(.currentUser) == user)

        keychain.isRefusing.withLock { $0 = false }
        #expect(try store.load(.currentUser) == user)
        #expect(try files.load(.currentUser) == nil)
        #expect(try keychain.load(.currentUser) == user)
    }

    @Test func writesGoToTheKeychainOnlyAndRemoveAnyOldFile() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try files.save(Data("old".utf8), as: .currentInstallation)

        try store.save(Data("new".utf8), as: .currentInstallation)

        #expect(try keychain.load(.currentInstallation) == Data("new".utf8))
        #expect(try files.load(.currentInstallation) == nil)
        keychain.isRefusing.withLock { $0 = true }
        #expect(throws: FakeKeychain.Refused.self) { try store.save(Data("newer".utf8), as: .currentInstallation) }
        #expect(try files.load(.currentInstallation) == nil)
    }

    @Test func aDeleteRemovesBothCopies() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try files.save(user, as: .currentUser)
        try keychain.save(user, as: .currentUser)

        try store.delete(.currentUser)

        #expect(try store.load(.currentUser) == nil)
        #expect(try files.load(.currentUser) == nil)
    }

    @Test func theKeychainCopyWinsOverALeftoverFile() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try keychain.save(user, as: .currentUser)
        try files.save(Data("stale".utf8), as: .currentUser)

        #expect(try store.load(.currentUser) == user)
    }

    @Test func aSignedInUserOfAnEarlierVersionIsStillSignedInAfterTheMove() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try files.save(user, as: .currentUser)
        let client = NCMBClient(configuration: .init(applicationKey: "key", clientKey: "secret", localStore: store))

        #expect(client.currentUser?.objectId == "u1")
        #expect(client.currentUser?.sessionToken == "token1")
        #expect(try files.load(.currentUser) == nil)
    }

    @Test func theStandardStoreOfThisPlatform() {
        let standard = NCMBClient.Configuration.standardLocalStore(name: "NCMB")
        #if canImport(Security)
            #expect(standard is MovingLocalStore)
        #else
            let files = standard as? FileLocalStore
            #expect(files?.directory.lastPathComponent == "NCMB")
        #endif
    }
}
