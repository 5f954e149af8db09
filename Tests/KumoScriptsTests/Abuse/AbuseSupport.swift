import KumoScripts
import KumoSeams
import KumoStorage
import NCMBWire
import NIOCore
import NIOPosix
import Testing

/// What the abuse tests share: calls straight into a runner for several applications, and a TCP listener on the
/// loopback interface standing in for the services a script must not reach (PostgreSQL, the metrics listener).
enum AbuseSupport {
    /// Runs `code` as script `name` of `applicationId` on `runner` with `body` as `req.body`.
    static func call(
        _ runner: NodeScriptRunner, applicationId: String, name: String, code: String, body: JSONObject? = nil,
        settings: ScriptSettings = ScriptSettings()
    ) async throws -> ScriptOutcome {
        let script = StoredScript(
            applicationId: applicationId, name: name, code: code, versionHash: String(code.hashValue, radix: 16),
            createDate: WireDate(millisecondsSince1970: 0), updateDate: WireDate(millisecondsSince1970: 0))
        let invocation = ScriptInvocation(
            script: script, settings: settings, method: body == nil ? "GET" : "POST", url: "/2015-09-01/script/\(name)",
            headers: [], query: [], body: body)
        return try await runner.run(invocation)
    }

    /// The JSON object a call answered; records an issue and throws when it failed or answered something else.
    static func answer(_ outcome: ScriptOutcome) throws -> JSONObject {
        switch outcome.result {
        case .success(let answer):
            guard let object = try JSONValue(parsing: answer.body).objectValue else {
                Issue.record("the script answered \(String(decoding: answer.body, as: UTF8.self))")
                throw AbuseFailure()
            }
            return object
        case .failure(let failure):
            Issue.record("the script failed: \(failure)")
            throw AbuseFailure()
        }
    }

    /// Runs `body` with a listener on 127.0.0.1 that writes `stand-in\n` to every connection and closes it.
    static func withLoopbackListener<Result: Sendable>(_ body: (Int) async throws -> Result) async throws -> Result {
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { channel in channel.pipeline.addHandler(Greeter()) }
            .bind(host: "127.0.0.1", port: 0).get()
        let port = try #require(server.localAddress?.port)
        do {
            let result = try await body(port)
            try await server.close()
            return result
        } catch {
            try? await server.close()
            throw error
        }
    }

    private final class Greeter: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer

        func channelActive(context: ChannelHandlerContext) {
            let channel = context.channel
            context.writeAndFlush(NIOAny(ByteBuffer(string: "stand-in\n")), promise: nil)
            channel.close(promise: nil)
        }
    }
}

/// Ends a test whose failure `Issue.record` already described.
struct AbuseFailure: Error {}
