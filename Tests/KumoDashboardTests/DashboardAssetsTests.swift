import Foundation
import KumoDashboard
import Testing

/// The embedded web app (docs/decisions/0079-dashboard-mounted-in-front-of-the-api.md): Package.swift embeds the whole
/// `Assets/` folder, and ``DashboardAssets`` names each file; the two must agree.
@Suite struct DashboardAssetsTests {
    @Test func theEmbeddedListIsTheAssetFolder() throws {
        let folder = try RepositoryFiles.names(in: RepositoryFiles.assets)

        let listed = DashboardAssets.names.sorted()

        #expect(listed == folder, "Assets/ and DashboardAssets.embedded differ: add or remove the file's line there")
        #expect(Set(listed).count == listed.count)
    }

    @Test func everyListedFileIsServedWithItsBytes() throws {
        for name in DashboardAssets.names {
            let bytes = try Data(contentsOf: RepositoryFiles.assets.appendingPathComponent(name))

            #expect(DashboardAssets.files[name].map { Data($0.bytes) } == bytes, "\(name) is not the file on disk: build again")
        }
    }
}
