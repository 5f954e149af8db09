import Hummingbird
import Logging
import KumoSeams
import KumoStorage
import NCMBWire

extension APIResponder {
    /// Dispatches a route once per idempotency key (docs/decisions/0133-idempotency-keys.md): a request whose key was
    /// answered within 24 hours gets that answer back, signed for this request, without running again.
    ///
    /// - Returns: The result and whether it is a replay.
    /// - Throws: 400 E400004 (`X-Kumo-Idempotency-Key is invalid format.`) for an invalid key; 409 E409001
    ///   (`X-Kumo-Idempotency-Key is duplication.`) when the key came with another request or its first answer was too
    ///   large to keep; 429 E429002 with `Retry-After: 1` while the first request still runs.
    func dispatchOnce(
        _ route: APIRoute, idempotent: IdempotentRequest?, request: Request, path: String, context: KumoRequestContext
    ) async throws -> (result: APIResult, replayed: Bool) {
        guard let idempotent, IdempotentRequest.honours(route) else {
            return (try await dispatch(route, request: request, path: path, context: context), false)
        }
        guard !idempotent.isInvalid else { throw KumoError(.invalidFormat, NCMBHeaderName.idempotencyKey) }
        let applicationId = try context.requireApplication().applicationId
        let now = environment.clock.now().millisecondsSince1970
        let claim = IdempotencyKeyClaim(
            applicationId: applicationId, scope: idempotent.scope, fingerprint: idempotent.fingerprint,
            now: WireDate(millisecondsSince1970: now),
            expiresBefore: WireDate(millisecondsSince1970: now - IdempotentRequest.lifetime),
            pendingBefore: WireDate(millisecondsSince1970: now - IdempotentRequest.pendingLease))
        let store = environment.storage.idempotency
        switch try await store.claim(claim) {
        case .mismatch:
            throw KumoError(.duplication, NCMBHeaderName.idempotencyKey)
        case .pending:
            throw KumoError.tooManyRequests(retryAfter: 1)
        case .answered(let answer):
            guard let body = answer.body else {
                throw KumoError(.duplication, NCMBHeaderName.idempotencyKey, underlying: "the first answer was too large to keep")
            }
            return (body.isEmpty ? .empty(answer.status) : .encodedJSON(answer.status, body), true)
        case .claimed:
            let result: APIResult
            do {
                result = try await dispatch(route, request: request, path: path, context: context)
            } catch {
                await release(store, applicationId: applicationId, scope: idempotent.scope, context: context)
                throw error
            }
            guard let answer = Self.keptAnswer(of: result) else {
                await release(store, applicationId: applicationId, scope: idempotent.scope, context: context)
                return (result, false)
            }
            do {
                try await store.record(applicationId: applicationId, scope: idempotent.scope, answer: answer)
            } catch {
                // The write committed: its answer goes out; the key stays claimed until its lease ends.
                context.logger.error("idempotency answer not recorded", metadata: ["error": "\(error)"])
            }
            return (result, false)
        }
    }

    /// The answer to keep for a committed result: a 2xx JSON or empty answer, its body dropped past
    /// ``IdempotentRequest/maximumKeptAnswerBytes``; `nil` for anything else (nothing is kept, the key is released).
    private static func keptAnswer(of result: APIResult) -> IdempotencyAnswer? {
        let answer: (status: Int, body: [UInt8])
        switch result {
        case .json(let code, let value): answer = (code, value.serializedBytes())
        case .encodedJSON(let code, let bytes): answer = (code, bytes)
        case .empty(let code): answer = (code, [])
        case .binary, .blob, .response, .script: return nil
        }
        guard (200..<300).contains(answer.status) else { return nil }
        let kept = answer.body.count <= IdempotentRequest.maximumKeptAnswerBytes ? answer.body : nil
        return IdempotencyAnswer(status: answer.status, body: kept)
    }

    private func release(_ store: any IdempotencyStore, applicationId: String, scope: String, context: KumoRequestContext) async {
        do {
            try await store.release(applicationId: applicationId, scope: scope)
        } catch {
            context.logger.error("idempotency claim not released", metadata: ["error": "\(error)"])
        }
    }
}
