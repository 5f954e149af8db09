import KumoServer
import NCMBWire
import Testing

/// The installation body rules that clear a push deactivation (docs/wire/endpoints/installations.md,
/// docs/wire/endpoints/push.md): a new `deviceToken` clears `pushDeactivatedAt` and `pushDeactivationReason`, and
/// clients cannot write either.
@Suite struct InstallationsDeactivationTests {
    @Test func aNewDeviceTokenClearsTheDeactivation() throws {
        let (operations, _) = try InstallationsController.parseInstallationBody(["deviceToken": "new"], isCreate: false)

        #expect(operations.map(\.0.rawValue) == ["deviceToken", "pushDeactivatedAt", "pushDeactivationReason"])
        #expect(operations.map(\.1) == [.set("new"), .delete, .delete])
    }

    @Test(arguments: [true, false])
    func ignoresClientOperationsOnTheDeactivationFields(isCreate: Bool) throws {
        let body: JSONObject = [
            "deviceType": "ios", "pushDeactivatedAt": ["__op": "Delete"], "pushDeactivationReason": "mine", "badge": 1,
        ]
        var full = body
        if isCreate { full["deviceToken"] = "t" }
        let (operations, _) = try InstallationsController.parseInstallationBody(full, isCreate: isCreate)

        #expect(!operations.contains { $0.0.rawValue.hasPrefix("pushDeactivat") })
    }

    @Test func aBodyWithoutDeviceTokenKeepsTheDeactivation() throws {
        let (operations, _) = try InstallationsController.parseInstallationBody(["badge": 1], isCreate: false)

        #expect(operations.map(\.0.rawValue) == ["badge"])
    }
}
