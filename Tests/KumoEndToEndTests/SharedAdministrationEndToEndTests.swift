import Foundation
import KumoTestSupport
import NCMBWire
import Testing

/// The commands that share their checks with the dashboard (`AdministrationSettings`, `AdministrationClassPermissions`,
/// docs/dashboard.md#settings): `kumo classes permissions`, `kumo providers set` and `kumo apps push` on a real data
/// directory, refusing what the dashboard refuses and never printing a secret.
@Suite(.timeLimit(.minutes(3))) struct SharedAdministrationEndToEndTests {
    @Test func classPermissionsAreSetShownAndCheckedByTheSharedRules() async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        try kumo.createApplication()
        let data = ["--data-dir", kumo.dataDirectory.path]

        let set = try await offTheCooperativePool {
            try kumo.runCommand(["classes", "permissions", "set", "Chat", "--find", "authenticated", "--create", "role:Staff"] + data)
        }
        let shown = try await offTheCooperativePool { try kumo.runCommand(["classes", "permissions", "show", "Chat", "--json"] + data) }
        let refused = await #expect(throws: KumoProcessError.self) {
            try await offTheCooperativePool { try kumo.runCommand(["classes", "permissions", "set", "Chat", "--find", "everyone"] + data) }
        }

        #expect(set.contains("find:   authenticated") && set.contains("create: role:Staff"), "\(set)")
        let stored = try #require(try JSONValue(parsing: shown.trimmingCharacters(in: .whitespacesAndNewlines)).objectValue)
        #expect(stored["find"]?.objectValue?["authenticated"] == true)
        #expect(refused != nil)
    }

    @Test func providerSecretsAreStoredButNeverPrinted() async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        try kumo.createApplication()
        let data = ["--data-dir", kumo.dataDirectory.path]

        let set = try await offTheCooperativePool {
            try kumo.runCommand(
                [
                    "providers", "set", "facebook", "--enable", "--verification", "endpoint", "--option", "appSecret=s3cr3t", "--option",
                    "appId=1",
                ]
                    + data)
        }
        let removed = try await offTheCooperativePool {
            try kumo.runCommand(["providers", "set", "facebook", "--option", "appId=", "--json"] + data)
        }
        let refused = await #expect(throws: KumoProcessError.self) {
            try await offTheCooperativePool { try kumo.runCommand(["providers", "set", "myspace", "--enable"] + data) }
        }

        #expect(!set.contains("s3cr3t") && set.contains("enabled"), "\(set)")
        let provider = try #require(try JSONValue(parsing: String(removed.split(separator: "\n")[0])).objectValue?["facebook"]?.objectValue)
        #expect(provider["options"] == ["appSecret": "(hidden)"])
        #expect(refused != nil)
    }

    @Test func anAPNsKeyThatCannotSignIsRefusedAndNothingIsStored() async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        try kumo.createApplication()
        let data = ["--data-dir", kumo.dataDirectory.path]
        let keyFile = kumo.dataDirectory.appendingPathComponent("bad.p8")
        try Data("-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----\n".utf8).write(to: keyFile)

        let refused = await #expect(throws: KumoProcessError.self) {
            try await offTheCooperativePool {
                try kumo.runCommand(
                    [
                        "apps", "push", "--apns-key-file", keyFile.path, "--apns-key-id", "KEY1234567", "--apns-team-id", "TEAM123456",
                        "--apns-topic", "com.example.app",
                    ] + data)
            }
        }
        let incomplete = await #expect(throws: KumoProcessError.self) {
            try await offTheCooperativePool { try kumo.runCommand(["apps", "push", "--apns-topic", "com.example.app"] + data) }
        }
        let shown = try await offTheCooperativePool { try kumo.runCommand(["apps", "push", "--json"] + data) }

        #expect(refused != nil && incomplete != nil)
        #expect(try JSONValue(parsing: shown.trimmingCharacters(in: .whitespacesAndNewlines)).objectValue?["apns"] == .null)
    }
}
