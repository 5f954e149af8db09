import AsyncHTTPClient
import KumoSeams
import KumoStorage
import NCMBWire
import NIOCore
import NIOHTTP1

/// Sends to the APNs provider API with token authentication: `POST <base>/3/device/<token>` over HTTP/2.
struct APNsClient: Sendable {
    let endpoints: PushEndpoints
    let http: PushHTTPClient
    let tokens: APNsProviderTokens

    /// Sends `notification` to the APNs device token `deviceToken` whose installation shows `badge`.
    func send(_ notification: PushNotification, to deviceToken: String, badge: Int?, credentials: APNsCredentials) async
        -> PushSendOutcome
    {
        guard APNsRequest.isPlausibleDeviceToken(deviceToken) else {
            return .deviceGone(reason: "APNs: the deviceToken is not a hexadecimal APNs device token", code: "BadDeviceToken")
        }
        let request = APNsRequest(notification, badge: badge)
        var outcome = await attempt(request, deviceToken: deviceToken, credentials: credentials)
        if case .expiredProviderToken(let token) = outcome {
            // Apple says the token is too old (clock skew, or a token cached across a pause): sign a new one once.
            tokens.invalidate(token, for: credentials)
            outcome = await attempt(request, deviceToken: deviceToken, credentials: credentials)
        }
        switch outcome {
        case .finished(let result): return result
        case .expiredProviderToken:
            return .failed(
                reason: "APNs: 403 ExpiredProviderToken (the provider token was refused twice)", isRetryable: false,
                code: "ExpiredProviderToken")
        }
    }

    private enum Attempt {
        case finished(PushSendOutcome)
        case expiredProviderToken(String)
    }

    private func attempt(_ request: APNsRequest, deviceToken: String, credentials: APNsCredentials) async -> Attempt {
        let token: String
        do {
            token = try await tokens.token(for: credentials)
        } catch {
            return .finished(.failed(reason: "APNs: \(error)", isRetryable: false, code: "invalidProviderKey"))
        }
        let base = credentials.usesSandbox ? endpoints.apnsSandbox : endpoints.apnsProduction
        var httpRequest = HTTPClientRequest(url: Self.trimmed(base) + "/3/device/" + deviceToken)
        httpRequest.method = .POST
        httpRequest.headers.add(name: "authorization", value: "bearer " + token)
        httpRequest.headers.add(name: "apns-topic", value: credentials.topic)
        httpRequest.headers.add(name: "apns-push-type", value: request.pushType)
        httpRequest.headers.add(name: "apns-priority", value: String(request.priority))
        if let expiration = request.expiration { httpRequest.headers.add(name: "apns-expiration", value: String(expiration)) }
        httpRequest.headers.add(name: "content-type", value: "application/json")
        httpRequest.body = .bytes(ByteBuffer(bytes: request.payload.serializedBytes()))
        let response: PushHTTPClient.Response
        do {
            response = try await http.execute(httpRequest)
        } catch {
            return .finished(.failed(reason: "APNs unreachable: \(error.description)", isRetryable: error.isRetryable, code: "unreachable"))
        }
        let reason = Self.reason(in: response.body)
        if response.status == 403 && reason == "ExpiredProviderToken" { return .expiredProviderToken(token) }
        return .finished(Self.outcome(status: response.status, reason: reason))
    }

    /// The outcome of an APNs answer (Apple's "Handling notification responses from APNs"); its code is Apple's
    /// `reason`, or `HTTP<status>` when the answer names none.
    static func outcome(status: Int, reason: String?) -> PushSendOutcome {
        let named = reason ?? "no reason given"
        let text = "APNs: \(status) \(named)" + (explanations[named].map { " (\($0))" } ?? "")
        let code = reason ?? "HTTP\(status)"
        switch status {
        case 200:
            return .delivered
        case 410:
            return .deviceGone(reason: text, code: code)
        case 400 where reason == "BadDeviceToken" || reason == "DeviceTokenNotForTopic":
            return .deviceGone(reason: text, code: code)
        case 429, 500...599:
            return .failed(reason: text, isRetryable: true, code: code)
        default:
            return .failed(reason: text, isRetryable: false, code: code)
        }
    }

    /// Readable words for the reasons an operator is likely to meet.
    static let explanations: [String: String] = [
        "BadDeviceToken": "the device token is not valid for this environment; check the sandbox setting",
        "DeviceTokenNotForTopic": "the device token belongs to another app than the topic",
        "Unregistered": "the app was removed from the device or its token is no longer active",
        "ExpiredToken": "the device token has expired",
        "InvalidProviderToken": "the key id, team id or .p8 key is wrong",
        "MissingProviderToken": "no provider token was sent",
        "ExpiredProviderToken": "the provider token is older than one hour",
        "TopicDisallowed": "the key may not push to this topic",
        "BadTopic": "the topic (bundle id) is not valid",
        "PayloadTooLarge": "the payload exceeds 4096 bytes",
        "TooManyProviderTokenUpdates": "the provider token changed too often",
        "TooManyRequests": "too many requests to the same device token",
        "InternalServerError": "an APNs internal error",
        "ServiceUnavailable": "APNs is unavailable",
    ]

    /// `reason` from an APNs error body `{"reason":"BadDeviceToken"}`.
    static func reason(in body: ByteBuffer) -> String? {
        guard body.readableBytes > 0, case .object(let object)? = try? JSONValue(parsing: body.readableBytesView) else {
            return nil
        }
        return object["reason"]?.stringValue
    }

    /// A base URL without a trailing slash.
    static func trimmed(_ base: String) -> String {
        var base = base
        while base.hasSuffix("/") { base.removeLast() }
        return base
    }
}
