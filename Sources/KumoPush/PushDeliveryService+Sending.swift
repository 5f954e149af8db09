import KumoSeams
import KumoStorage
import NCMBWire

/// Sending one notification to many devices with bounded concurrency.
extension PushDeliveryService {
    /// Sends `notification` to every device, keeping at most ``maximumConcurrentSends`` sends in flight, and returns
    /// each device's outcome (in completion order). A device whose platform has no credentials in `settings` is not
    /// sent to: its outcome is a failure that is not retried.
    func send(_ notification: PushNotification, to devices: [PushDevice], settings: PushSettings) async -> [(PushDevice, PushSendOutcome)] {
        var results: [(PushDevice, PushSendOutcome)] = []
        var sendable: [PushDevice] = []
        for device in devices {
            if let missing = PushDeliveryService.missingCredentials(for: device.deviceType, in: settings) {
                results.append((device, .failed(reason: missing, isRetryable: false, code: "noCredentials")))
            } else {
                sendable.append(device)
            }
        }
        let sent = await withTaskGroup(of: (PushDevice, PushSendOutcome).self) { group in
            var remaining = sendable.makeIterator()
            var outcomes: [(PushDevice, PushSendOutcome)] = []
            outcomes.reserveCapacity(sendable.count)
            for _ in 0..<PushDeliveryService.maximumConcurrentSends {
                guard let device = remaining.next() else { break }
                group.addTask { (device, await sender.send(notification, to: device, credentials: settings)) }
            }
            while let outcome = await group.next() {
                outcomes.append(outcome)
                if let device = remaining.next() {
                    group.addTask { (device, await sender.send(notification, to: device, credentials: settings)) }
                }
            }
            return outcomes
        }
        return results + sent
    }

    /// The readable reason a device of `deviceType` cannot be sent to with `settings`, or `nil` when it can.
    static func missingCredentials(for deviceType: String, in settings: PushSettings) -> String? {
        switch deviceType {
        case "ios" where settings.apns == nil: "no APNs credentials are configured for this application"
        case "android" where settings.fcm == nil: "no FCM credentials are configured for this application"
        default: nil
        }
    }
}
