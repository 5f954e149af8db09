import Foundation
import KumoTestSupport
import NCMB
import Testing

/// Files through the real SDK and server in process: uploads with Japanese names and ACLs, downloads of exact bytes,
/// ACL updates, deletes and metadata queries (docs/wire/endpoints/files.md).
@Suite struct SDKFileTests {
    /// Every byte value, twice: what a download must return unchanged.
    static let binary = Data((0..<512).map { UInt8($0 % 256) })

    @Test func aJapaneseNamedOwnerOnlyFileIsDeniedToOthersAndDownloadedIntactByItsOwner() async throws {
        try await withSDK { _ in
            let owner = try await signUpUser("owner")
            var acl = NCMBACL.empty
            acl.put(key: try #require(owner.objectId), readable: true, writable: true)
            try await NCMBFile(fileName: "写真 アルバム.png", acl: acl).save(data: Self.binary)

            _ = try await signUpUser("other")
            let error = await #expect(throws: NCMBApiError.self) { try await NCMBFile(fileName: "写真 アルバム.png").fetch() }
            #expect(error?.errorCode == .noDataAvailable)

            try await NCMBUser.logIn(userName: "owner", password: "secret")
            #expect(try await NCMBFile(fileName: "写真 アルバム.png").fetch() == Self.binary)
        }
    }

    @Test func theQueryReturnsTheMetadataOfTheUploadedFiles() async throws {
        try await withSDK { _ in
            try await NCMBFile(fileName: "notes.txt").save(data: Data("hello".utf8))
            try await NCMBFile(fileName: "image.png").save(data: Self.binary)

            var query = NCMBFile.query
            query.where(field: "fileName", equalTo: "notes.txt")
            let file = try #require(try await query.find().first)
            #expect(file.fileName == "notes.txt")
            #expect(file.mimeType == "text/plain")
            #expect(file.fileSize == 5)
            #expect(file.createDate != nil)
            #expect(file.updateDate != nil)
            #expect(file.acl == .default)
            #expect(try await NCMBFile.query.count() == 2)
        }
    }

    @Test func anACLUpdateSentAsTheBareMapOpensTheFileToEveryone() async throws {
        try await withSDK { _ in
            let owner = try await signUpUser("owner")
            var privateACL = NCMBACL.empty
            privateACL.put(key: try #require(owner.objectId), readable: true, writable: true)
            let file = NCMBFile(fileName: "report.pdf", acl: privateACL)
            try await file.save(data: Data("%PDF".utf8))

            var publicACL = privateACL
            publicACL.put(key: NCMBACL.ACL_PUBLIC, readable: true, writable: false)
            file.acl = publicACL
            try await file.update()
            #expect(file.updateDate != nil)

            _ = try await signUpUser("reader")
            #expect(try await NCMBFile(fileName: "report.pdf").fetch() == Data("%PDF".utf8))
            let denied = await #expect(throws: NCMBApiError.self) { try await NCMBFile(fileName: "report.pdf").delete() }
            #expect(denied?.errorCode == .noAccessWithACL)
        }
    }

    @Test func aDeletedFileIsGoneAndItsNameCanBeUsedAgain() async throws {
        try await withSDK { _ in
            let file = NCMBFile(fileName: "temp.bin")
            try await file.save(data: Data([1, 2, 3]))
            let duplicate = await #expect(throws: NCMBApiError.self) {
                try await NCMBFile(fileName: "temp.bin").save(data: Data([4]))
            }
            #expect(duplicate?.errorCode == .duplication)

            try await file.delete()
            let missing = await #expect(throws: NCMBApiError.self) { try await file.fetch() }
            #expect(missing?.errorCode == .noDataAvailable)
            try await NCMBFile(fileName: "temp.bin").save(data: Data([4]))
            #expect(try await NCMBFile(fileName: "temp.bin").fetch() == Data([4]))
        }
    }

    @Test func theBlockingAndCallbackFormsUploadDownloadAndDelete() async throws {
        try await withSDK { _ in
            // Files capture the task's context when they are created, so create them here, not on the thread.
            let file = NCMBFile(fileName: "blocking.dat")
            let saved = await SDKBlockingFormTests.onBackgroundThread { file.save(data: Self.binary) }
            #expect(saved.failureError == nil)

            let fetched = await SDKBlockingFormTests.callback { file.fetchInBackground(callback: $0) }
            guard case .success(let data) = fetched else { throw try #require(fetched.failureError) }
            #expect(data == Self.binary)

            let deleted = await SDKBlockingFormTests.onBackgroundThread { file.delete() }
            #expect(deleted.failureError == nil)
            #expect(try await NCMBFile.query.count() == 0)
        }
    }
}
