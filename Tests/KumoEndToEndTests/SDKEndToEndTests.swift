import Foundation
import KumoSeams
import NCMB
import Testing

/// The SDK over real HTTP: `URLSessionTransport` (FoundationNetworking on Linux) against `kumo serve` on 127.0.0.1.
@Suite(.serialized) struct SDKEndToEndTests {
    /// Starts a server with known keys, runs `body` with the SDK bound to it, and stops the server.
    func withServer(_ body: (KumoProcess, NCMBContext) async throws -> Void) async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        try kumo.createApplication()
        try kumo.start()
        defer { kumo.stop() }
        let context = NCMBContext(
            applicationKey: kumo.applicationKey, clientKey: kumo.clientKey, domainURL: "http://127.0.0.1:\(kumo.port)/",
            transport: URLSessionTransport())
        try await body(kumo, context)
    }

    /// The `NCMBExample` executable built beside `kumo`.
    static var exampleExecutable: URL {
        KumoProcess.executable.deletingLastPathComponent().appendingPathComponent("NCMBExample")
    }

    // MARK: Tests

    @Test func theSDKCreatesFetchesUpdatesQueriesAndDeletesOverRealHTTP() async throws {
        try await withServer { _, context in
            try await NCMBContext.$current.withValue(context) {
                let food = NCMBObject(className: "Food")
                food["name"] = "ramen ü/&?"
                food["price"] = 900
                try await food.save()
                let copy = NCMBObject(className: "Food")
                copy.objectId = food.objectId
                try await copy.fetch()
                copy["price"] = NCMBIncrementOperator(amount: 100)
                try await copy.save()
                var query = NCMBQuery.getQuery(className: "Food")
                query.where(field: "price", greaterThanOrEqualTo: 1000)
                query.where(field: "name", containedIn: ["ramen ü/&?", "soba"])

                let found = try await query.find()
                let count = try await query.count()
                try await food.delete()
                let error = await #expect(throws: NCMBApiError.self) { try await copy.fetch() }

                #expect(copy["name"] == "ramen ü/&?")
                #expect(found.map { $0["price"] as Int? } == [1000])
                #expect(count == 1)
                #expect(error?.errorCode == .noDataAvailable)
            }
        }
    }

    @Test func theBlockingFormsWorkFromABackgroundThreadOverRealHTTP() async throws {
        try await withServer { _, context in
            let food = NCMBContext.$current.withValue(context) { NCMBObject(className: "Food") }
            food["name"] = "soba"

            let (saved, deleted) = await withCheckedContinuation { continuation in
                Thread { continuation.resume(returning: (food.save(), food.delete())) }.start()
            }

            guard case .success = saved, case .success = deleted else {
                Issue.record("blocking forms failed: \(saved), \(deleted)")
                return
            }
        }
    }

    @Test func aWrongClientKeyIsRejectedOverRealHTTP() async throws {
        try await withServer { _, context in
            var wrongKey = context
            wrongKey.clientKey = "wrong"
            let food = NCMBContext.$current.withValue(wrongKey) { NCMBObject(className: "Food") }

            let error = await #expect(throws: NCMBApiError.self) { try await food.save() }

            #expect(error?.errorCode == .authenticationErrorByHeaderIncorrect)
        }
    }

    @Test func theExampleProgramRunsItsTourAgainstKumoServe() async throws {
        try await withServer { kumo, _ in
            let process = ChildProcess()
            process.executableURL = Self.exampleExecutable
            process.arguments = [
                "--url", "http://127.0.0.1:\(kumo.port)/", "--application-key", kumo.applicationKey, "--client-key", kumo.clientKey,
            ]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)

            #expect(process.terminationStatus == 0, "\(lines)")
            #expect(
                lines == [
                    "created \(lines.first?.dropFirst(8) ?? "")", "fetched ramen for 900 yen",
                    #"updated price to 1000, tags ["noodle", "hot", "popular"]"#, #"found ["ramen"]"#, "counted 2",
                    "deleted \(lines.first?.dropFirst(8) ?? "")",
                ])
        }
    }
}
