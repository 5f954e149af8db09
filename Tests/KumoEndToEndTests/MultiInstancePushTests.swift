import Crypto
import Foundation
import KumoTestSupport
import NCMBWire
import NIOHTTP1
import Testing

extension MultiInstanceTests {
    static let deviceTokens = (1...3).map { String(repeating: String(format: "%02x", $0), count: 32) }

    /// Three instances poll one queue (docs/architecture.md#scale-out, docs/wire/endpoints/push.md): every due push is
    /// claimed by exactly one of them, so each device receives each push exactly once, through the real APNs client
    /// against a local APNs fake.
    @Test func scheduledPushesAreSentExactlyOnceAcrossInstances() async throws {
        let authority = try TestCertificateAuthority()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kumo-multi-push-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let trustRoots = directory.appendingPathComponent("ca.pem")
        try authority.certificatePEM.write(to: trustRoots, atomically: true, encoding: .utf8)
        let keyFile = directory.appendingPathComponent("AuthKey.p8")
        try P256.Signing.PrivateKey().pemRepresentation.write(to: keyFile, atomically: true, encoding: .utf8)

        try await FakeAPNsServer.with(authority: authority) { fake in
            try await TestDatabase.withScratchDatabase { configuration in
                let url = TestDatabase.url(of: configuration)
                try MultiInstanceKumo.createApplication(databaseURL: url)
                try MultiInstanceKumo.allowClientPush(databaseURL: url)
                try MultiInstanceKumo.run([
                    "apps", "push", "--apns-key-file", keyFile.path, "--apns-key-id", "KEY1234567", "--apns-team-id",
                    "TEAM123456", "--apns-topic", "com.example.multi", "--database", url,
                ])
                let arguments = ["--apns-url", fake.baseURL, "--push-trust-roots", trustRoots.path]
                let instances = (0..<3).map { _ in MultiInstanceKumo(databaseURL: url, extraArguments: arguments) }
                defer { for instance in instances { instance.stop() } }
                for instance in instances { try instance.start() }

                for token in Self.deviceTokens {
                    let installed = try await instances[0].send(
                        .POST, "/2013-09-01/installations", body: #"{"deviceType":"ios","deviceToken":"\#(token)"}"#)
                    #expect(installed.status == 201, "\(installed.body)")
                }
                // Due together, a little later, so that every instance is polling when they fall due.
                let due = WireDate(millisecondsSince1970: Int64(Date().addingTimeInterval(3).timeIntervalSince1970 * 1000))
                var pushIds: [String] = []
                for index in 0..<5 {
                    let created = try await instances[index % 3].send(
                        .POST, "/2013-09-01/push",
                        body: #"{"deliveryTime":{"__type":"Date","iso":"\#(due.formatted)"},"target":["ios"],"message":"m\#(index)"}"#)
                    pushIds.append(try objectId(created))
                }
                var statuses: [Int] = []
                for pushId in pushIds {
                    statuses.append(try await Self.finalStatus(of: pushId, through: instances[1]))
                }

                let deliveries = fake.requests.map { request in
                    (request.json?.objectValue?["com.nifcloud.mbaas.PushId"]?.stringValue ?? "?") + " " + request.path
                }
                let expected = pushIds.flatMap { pushId in Self.deviceTokens.map { "\(pushId) /3/device/\($0)" } }
                #expect(statuses == [2, 2, 2, 2, 2])
                #expect(deliveries.sorted() == expected.sorted())
            }
        }
    }

    /// Polls the push until its `status` is final (2, 3 or 4), for at most a minute; returns the last status seen.
    static func finalStatus(of pushId: String, through instance: MultiInstanceKumo) async throws -> Int {
        var status = -1
        for _ in 0..<240 {
            let response = try await instance.send(.GET, "/2013-09-01/push/\(pushId)")
            status = Int(try JSONValue(parsing: response.body).objectValue?["status"]?.integerValue ?? -1)
            if status >= 2 { return status }
            try await Task.sleep(for: .milliseconds(250))
        }
        return status
    }
}
