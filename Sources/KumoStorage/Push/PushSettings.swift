import KumoMemberwise
package import NCMBWire

/// How an application's push notifications reach devices (docs/wire/endpoints/push.md): APNs for `ios`, FCM for
/// `android`.
///
/// A platform without credentials is not delivered to: its devices are reported in the push's `error`.
@PackageMemberwiseInit
package struct PushSettings: Sendable, Hashable {
    /// Apple Push Notification service credentials (token authentication), or `nil`.
    package var apns: APNsCredentials?
    /// Firebase Cloud Messaging HTTP v1 credentials (a service account), or `nil`.
    package var fcm: FCMCredentials?
}

/// APNs token authentication: a `.p8` signing key (ES256) with its key id and team id, and the app's bundle id.
@PackageMemberwiseInit
package struct APNsCredentials: Sendable, Hashable {
    /// The 10-character key id of the `.p8` key (JWT header `kid`).
    package var keyId: String
    /// The 10-character Apple developer team id (JWT claim `iss`).
    package var teamId: String
    /// The PEM text of the `.p8` key (`-----BEGIN PRIVATE KEY-----…`).
    package var privateKeyPEM: String
    /// The app's bundle id, sent as `apns-topic`.
    package var topic: String
    /// Whether to use the sandbox (development) host instead of production.
    package var usesSandbox: Bool = false
}

/// An FCM service account (the fields of its JSON key file that Kumo needs).
@PackageMemberwiseInit
package struct FCMCredentials: Sendable, Hashable {
    /// The Firebase project id (`project_id`), part of the send URL.
    package var projectId: String
    /// The service account's address (`client_email`), the JWT `iss`.
    package var clientEmail: String
    /// The PEM text of the RSA key (`private_key`), signing the RS256 JWT.
    package var privateKeyPEM: String
    /// The key id (`private_key_id`), the JWT header `kid`, when known.
    package var privateKeyId: String?
    /// The OAuth2 token endpoint (`token_uri`), also the JWT `aud`. Defaults to Google's.
    package var tokenURI: String = "https://oauth2.googleapis.com/token"

    /// Reads a service-account JSON key file (`type` must be `service_account`); `nil` when a needed field is missing.
    package init?(serviceAccountJSON value: JSONValue) {
        guard case .object(let object) = value, object["type"]?.stringValue == "service_account",
            let projectId = object["project_id"]?.stringValue, let clientEmail = object["client_email"]?.stringValue,
            let privateKey = object["private_key"]?.stringValue
        else { return nil }
        self.init(
            projectId: projectId, clientEmail: clientEmail, privateKeyPEM: privateKey,
            privateKeyId: object["private_key_id"]?.stringValue,
            tokenURI: object["token_uri"]?.stringValue ?? "https://oauth2.googleapis.com/token")
    }
}

extension PushSettings {
    /// The stored form (credentials included: the settings row is as secret as the application's client key).
    package var storedJSON: JSONValue {
        var object = JSONObject()
        if let apns {
            object["apns"] = [
                "keyId": .string(apns.keyId), "teamId": .string(apns.teamId), "privateKeyPEM": .string(apns.privateKeyPEM),
                "topic": .string(apns.topic), "usesSandbox": .bool(apns.usesSandbox),
            ]
        }
        if let fcm {
            var stored: JSONObject = [
                "projectId": .string(fcm.projectId), "clientEmail": .string(fcm.clientEmail),
                "privateKeyPEM": .string(fcm.privateKeyPEM), "tokenURI": .string(fcm.tokenURI),
            ]
            if let keyId = fcm.privateKeyId { stored["privateKeyId"] = .string(keyId) }
            object["fcm"] = .object(stored)
        }
        return .object(object)
    }

    /// Reads the stored form; an incomplete entry is dropped.
    package init(storedJSON value: JSONValue) {
        self.init()
        guard case .object(let object) = value else { return }
        if case .object(let stored)? = object["apns"], let keyId = stored["keyId"]?.stringValue,
            let teamId = stored["teamId"]?.stringValue, let key = stored["privateKeyPEM"]?.stringValue,
            let topic = stored["topic"]?.stringValue
        {
            let sandbox: Bool = if case .bool(let flag)? = stored["usesSandbox"] { flag } else { false }
            apns = APNsCredentials(keyId: keyId, teamId: teamId, privateKeyPEM: key, topic: topic, usesSandbox: sandbox)
        }
        if case .object(let stored)? = object["fcm"], let projectId = stored["projectId"]?.stringValue,
            let clientEmail = stored["clientEmail"]?.stringValue, let key = stored["privateKeyPEM"]?.stringValue
        {
            fcm = FCMCredentials(
                projectId: projectId, clientEmail: clientEmail, privateKeyPEM: key,
                privateKeyId: stored["privateKeyId"]?.stringValue,
                tokenURI: stored["tokenURI"]?.stringValue ?? "https://oauth2.googleapis.com/token")
        }
    }
}
