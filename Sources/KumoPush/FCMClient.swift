import AsyncHTTPClient
import KumoSeams
import KumoStorage
import NCMBWire
import NIOCore
import NIOHTTP1

/// Sends to FCM HTTP v1: `POST <base>/v1/projects/<project>/messages:send` with an OAuth2 access token.
struct FCMClient: Sendable {
    let endpoints: PushEndpoints
    let http: PushHTTPClient
    let tokens: FCMAccessTokens
    let clock: any WallClock

    /// Sends `notification` to the registration token `registrationToken`.
    func send(_ notification: PushNotification, to registrationToken: String, credentials: FCMCredentials) async
        -> PushSendOutcome
    {
        guard Self.isValidProjectId(credentials.projectId) else {
            return .failed(
                reason: "FCM: the service account's project_id is not a Firebase project id", isRetryable: false,
                code: "invalidProjectId")
        }
        guard !registrationToken.isEmpty else {
            return .deviceGone(reason: "FCM: the installation has no registration token", code: "UNREGISTERED")
        }
        let body = FCMMessage.body(notification, token: registrationToken, now: clock.now())
        let first = await attempt(body, credentials: credentials)
        guard case .unauthorized(let accessToken, let detail) = first else { return first.outcome }
        // The access token was revoked or expired early: ask the token endpoint once more.
        tokens.invalidate(accessToken)
        let second = await attempt(body, credentials: credentials)
        if case .unauthorized(_, let again) = second {
            let named = again ?? detail ?? "UNAUTHENTICATED"
            return .failed(reason: "FCM: 401 \(named) (the access token was refused twice)", isRetryable: false, code: "UNAUTHENTICATED")
        }
        return second.outcome
    }

    private enum Attempt {
        case finished(PushSendOutcome)
        case unauthorized(accessToken: String, detail: String?)

        var outcome: PushSendOutcome {
            switch self {
            case .finished(let outcome): outcome
            case .unauthorized(_, let detail):
                .failed(reason: "FCM: 401 \(detail ?? "UNAUTHENTICATED")", isRetryable: false, code: "UNAUTHENTICATED")
            }
        }
    }

    private func attempt(_ body: JSONValue, credentials: FCMCredentials) async -> Attempt {
        let accessToken: String
        do {
            accessToken = try await tokens.accessToken(for: credentials)
        } catch {
            return .finished(.failed(reason: "FCM: \(error.description)", isRetryable: error.isRetryable, code: "accessTokenRefused"))
        }
        let url = APNsClient.trimmed(endpoints.fcm) + "/v1/projects/" + credentials.projectId + "/messages:send"
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "authorization", value: "Bearer " + accessToken)
        request.headers.add(name: "content-type", value: "application/json; charset=utf-8")
        request.body = .bytes(ByteBuffer(bytes: body.serializedBytes()))
        let response: PushHTTPClient.Response
        do {
            response = try await http.execute(request)
        } catch {
            return .finished(.failed(reason: "FCM unreachable: \(error.description)", isRetryable: error.isRetryable, code: "unreachable"))
        }
        let error = FCMError(body: response.body)
        if response.status == 401 { return .unauthorized(accessToken: accessToken, detail: error.summary) }
        return .finished(Self.outcome(status: response.status, error: error))
    }

    /// The outcome of an FCM answer (Firebase's `ErrorCode` reference).
    ///
    /// Its code is FCM's `errorCode`, else the error's `status`, else `HTTP<status>`; a registration token FCM calls
    /// invalid is `UNREGISTERED` whichever way FCM says it.
    static func outcome(status: Int, error: FCMError) -> PushSendOutcome {
        let text = "FCM: \(status) " + (error.summary ?? "no error given")
        let code = error.errorCode ?? error.status ?? "HTTP\(status)"
        switch status {
        case 200:
            return .delivered
        case 404 where error.errorCode == "UNREGISTERED":
            return .deviceGone(reason: text + " (the app was removed from the device or the token is no longer valid)", code: code)
        case 400 where error.errorCode == "UNREGISTERED" || error.mentionsRegistrationToken:
            return .deviceGone(reason: text + " (the registration token is not valid)", code: "UNREGISTERED")
        case 429, 500...599:
            return .failed(reason: text, isRetryable: true, code: code)
        default:
            return .failed(reason: text, isRetryable: false, code: code)
        }
    }

    /// Whether `projectId` can be a Firebase project id (it becomes part of the request path).
    static func isValidProjectId(_ projectId: String) -> Bool {
        !projectId.isEmpty && projectId.utf8.count <= 100
            && projectId.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
            }
    }
}

/// The parts of an FCM error body `{"error":{"code":404,"message":"…","status":"NOT_FOUND","details":[{"errorCode":…}]}}`
/// that decide an outcome.
struct FCMError: Sendable {
    /// `error.status`, e.g. `NOT_FOUND`, `INVALID_ARGUMENT`.
    var status: String?
    /// `error.message`.
    var message: String?
    /// The `errorCode` of the `FcmError` detail, e.g. `UNREGISTERED`.
    var errorCode: String?

    /// Reads an error body; every part is `nil` when the body is not one.
    init(body: ByteBuffer) {
        guard case .object(let object)? = try? JSONValue(parsing: body.readableBytesView),
            case .object(let error)? = object["error"]
        else { return }
        status = error["status"]?.stringValue
        message = error["message"]?.stringValue
        for detail in error["details"]?.arrayValue ?? [] {
            if let code = detail.objectValue?["errorCode"]?.stringValue { errorCode = code }
        }
    }

    /// Whether an `INVALID_ARGUMENT` is about the registration token rather than the message.
    var mentionsRegistrationToken: Bool {
        (errorCode == "INVALID_ARGUMENT" || status == "INVALID_ARGUMENT")
            && (message ?? "").lowercased().contains("registration token")
    }

    /// `errorCode`/`status` and the message, for the push's `error`.
    var summary: String? {
        let code = errorCode ?? status
        switch (code, message) {
        case (let code?, let message?): return "\(code): \(message)"
        case (let code?, nil): return code
        case (nil, let message?): return message
        case (nil, nil): return nil
        }
    }
}
