import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

#if canImport(Glibc)
import Glibc
#endif

/// The one way out of a script worker (docs/decisions/0102-script-egress-through-kumo.md): a Unix socket in the
/// runtime directory. For every TCP connection of a script the harness asks here, on a connection of its own,
/// `CONNECT <host> <port>\n`; the relay resolves the name itself, keeps the addresses ``ScriptEgressPolicy`` allows,
/// connects to the first that answers, and says `OK <path>\n` — a Unix socket in the tunnels folder that accepts one
/// connection within 10 seconds and joins it to the destination — or `DENIED <reason>\n` or `FAILED <reason>\n`. The
/// script's own socket then connects to that path, so nothing of the protocol mixes with its bytes. In a network
/// namespace a worker has no other route, so the policy holds whatever the script does.
final class ScriptEgressRelay: Sendable {
    /// The socket's path.
    let path: String
    /// How long a tunnel's socket waits for the worker's connection.
    static let acceptTimeout = Duration.seconds(10)
    private let server: NIOAsyncChannel<NIOAsyncChannel<ByteBuffer, ByteBuffer>, Never>
    private let acceptor: Task<Void, Never>

    /// The longest request line (`CONNECT`, a 253-byte host name, a port).
    static let maximumRequestBytes = 300

    /// Listens at `path` (readable and writable by every user, so that workers running as their own users connect),
    /// makes tunnels' sockets in `tunnels` (created) and serves at most `maximumTunnels` connections at once.
    ///
    /// - Parameter endpoints: this Kumo's API listener, read at each connection (it is known once the server listens).
    static func start(
        path: String, tunnels: String, policy: ScriptEgressPolicy, endpoints: @escaping @Sendable () -> [ScriptEgressPolicy.Endpoint],
        maximumTunnels: Int, logger: Logger
    ) async throws -> ScriptEgressRelay {
        try FileManager.default.createDirectory(atPath: tunnels, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o711])
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelOption(.allowRemoteHalfClosure, value: true)
            .bind(unixDomainSocketPath: path, cleanupExistingSocketFile: true) { channel in
                channel.eventLoop.makeCompletedFuture { try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel) }
            }
        chmod(path, 0o666)
        let open = NIOLockedValueBox(0)
        let acceptor = Task {
            await withDiscardingTaskGroup { group in
                do {
                    try await server.executeThenClose { connections in
                        for try await connection in connections {
                            let admitted = open.withLockedValue { count in
                                guard count < maximumTunnels else { return false }
                                count += 1
                                return true
                            }
                            group.addTask {
                                guard admitted else {
                                    try? await connection.executeThenClose { _, outbound in
                                        try await outbound.write(ByteBuffer(string: "FAILED too many connections of scripts at once\n"))
                                    }
                                    return
                                }
                                await serve(connection, tunnels: tunnels, policy: policy, endpoints: endpoints(), logger: logger)
                                open.withLockedValue { $0 -= 1 }
                            }
                        }
                    }
                } catch {
                    logger.debug("The script egress relay stopped accepting", metadata: ["error": "\(error)"])
                }
            }
        }
        return ScriptEgressRelay(path: path, server: server, acceptor: acceptor)
    }

    private init(path: String, server: NIOAsyncChannel<NIOAsyncChannel<ByteBuffer, ByteBuffer>, Never>, acceptor: Task<Void, Never>) {
        self.path = path
        self.server = server
        self.acceptor = acceptor
    }

    /// Stops listening and ends every tunnel.
    func stop() async {
        try? await server.channel.close()
        acceptor.cancel()
    }

    /// One request of a worker: the request line, the decision, the tunnel's socket, then the copying.
    private static func serve(
        _ control: NIOAsyncChannel<ByteBuffer, ByteBuffer>, tunnels: String, policy: ScriptEgressPolicy,
        endpoints: [ScriptEgressPolicy.Endpoint], logger: Logger
    ) async {
        let opened: (upstream: NIOAsyncChannel<ByteBuffer, ByteBuffer>, listener: Listener, path: String)?
        do {
            opened = try await control.executeThenClose { inbound, outbound in
                var head = ByteBuffer()
                var line: String?
                for try await var chunk in inbound {
                    head.writeBuffer(&chunk)
                    if let newline = head.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) {
                        line = head.readString(length: newline - head.readerIndex)
                        break
                    }
                    if head.readableBytes > maximumRequestBytes { break }
                }
                guard let (host, port) = request(line ?? "") else {
                    try await outbound.write(ByteBuffer(string: "DENIED not a CONNECT request\n"))
                    return nil
                }
                let upstream: NIOAsyncChannel<ByteBuffer, ByteBuffer>
                switch await open(host: host, port: port, policy: policy, endpoints: endpoints) {
                case .success(let channel):
                    upstream = channel
                case .failure(.refused(let reason)):
                    logger.info("Refused a script's connection", metadata: ["destination": "\(host):\(port)", "reason": "\(reason)"])
                    try await outbound.write(ByteBuffer(string: "DENIED \(reason)\n"))
                    return nil
                case .failure(.failed(let reason)):
                    try await outbound.write(ByteBuffer(string: "FAILED \(reason)\n"))
                    return nil
                }
                let path = tunnels + "/" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(24).lowercased() + ".sock"
                do {
                    let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                        .childChannelOption(.allowRemoteHalfClosure, value: true)
                        .bind(unixDomainSocketPath: path, cleanupExistingSocketFile: true) { channel in
                            channel.eventLoop.makeCompletedFuture { try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel) }
                        }
                    chmod(path, 0o666)
                    try await outbound.write(ByteBuffer(string: "OK \(path)\n"))
                    return (upstream, listener, path)
                } catch {
                    try? await upstream.channel.close()
                    try await outbound.write(ByteBuffer(string: "FAILED the tunnel could not be made: \(error)\n"))
                    return nil
                }
            }
        } catch {
            logger.debug("A script's connection request ended with an error", metadata: ["error": "\(error)"])
            return
        }
        guard let opened else { return }
        let accepted = await acceptOne(opened.listener)
        unlink(opened.path)
        guard let accepted else {
            try? await opened.upstream.channel.close()
            return
        }
        await join(accepted, opened.upstream, logger: logger)
    }

    private typealias Listener = NIOAsyncChannel<NIOAsyncChannel<ByteBuffer, ByteBuffer>, Never>

    /// The first connection to `listener` within ``acceptTimeout``, or `nil`; the listener is closed either way.
    private static func acceptOne(_ listener: Listener) async -> NIOAsyncChannel<ByteBuffer, ByteBuffer>? {
        await withTaskGroup(of: NIOAsyncChannel<ByteBuffer, ByteBuffer>?.self) { group in
            group.addTask {
                let first = try? await listener.executeThenClose { connections in
                    for try await connection in connections { return connection }
                    return nil
                }
                return first ?? nil
            }
            group.addTask {
                try? await Task.sleep(for: acceptTimeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            try? await listener.channel.close()
            for await late in group {
                try? await late?.channel.close()
            }
            return first
        }
    }

    /// Copies bytes both ways until both sides ended: an end of input on one side half-closes the other.
    private static func join(
        _ worker: NIOAsyncChannel<ByteBuffer, ByteBuffer>, _ upstream: NIOAsyncChannel<ByteBuffer, ByteBuffer>, logger: Logger
    ) async {
        do {
            try await worker.executeThenClose { workerInbound, workerOutbound in
                try await upstream.executeThenClose { upstreamInbound, upstreamOutbound in
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask {
                            do {
                                for try await chunk in upstreamInbound { try await workerOutbound.write(chunk) }
                                try? await worker.channel.close(mode: .output)
                            } catch {
                                try? await worker.channel.close()
                            }
                        }
                        do {
                            for try await chunk in workerInbound { try await upstreamOutbound.write(chunk) }
                            try? await upstream.channel.close(mode: .output)
                        } catch {
                            try? await upstream.channel.close()
                        }
                        try await group.waitForAll()
                    }
                }
            }
        } catch {
            logger.debug("A script's connection ended with an error", metadata: ["error": "\(error)"])
        }
    }

    /// `CONNECT <host> <port>` with a host of at most 253 name or address characters and a port from 1 to 65535.
    private static func request(_ line: String) -> (host: String, port: Int)? {
        let words = line.split(separator: " ", omittingEmptySubsequences: false)
        guard words.count == 3, words[0] == "CONNECT", let port = Int(words[2]), (1...65_535).contains(port) else { return nil }
        let host = String(words[1])
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_:%")
        guard (1...253).contains(host.count), host.allSatisfy(allowed.contains) else { return nil }
        return (host, port)
    }

    /// Why a destination was not connected.
    private enum Refusal: Error {
        /// The policy refused it.
        case refused(String)
        /// It was allowed but could not be resolved or reached.
        case failed(String)
    }

    /// Resolves `host`, keeps the addresses the policy allows and connects to the first that answers.
    private static func open(
        host: String, port: Int, policy: ScriptEgressPolicy, endpoints: [ScriptEgressPolicy.Endpoint]
    ) async -> Result<NIOAsyncChannel<ByteBuffer, ByteBuffer>, Refusal> {
        let candidates: [(bytes: [UInt8], address: SocketAddress)]
        do {
            candidates = try await NIOThreadPool.singleton.runIfActive { try resolve(host, port: port) }
        } catch {
            return .failure(.failed("\(host) could not be resolved: \(error)"))
        }
        var refusal = "\(host) has no address"
        var allowed: [SocketAddress] = []
        for candidate in candidates {
            switch policy.decide(candidate.bytes, port: port, endpoints: endpoints) {
            case .allowed: allowed.append(candidate.address)
            case .refused(let reason): refusal = reason
            }
        }
        guard !allowed.isEmpty else { return .failure(.refused(refusal)) }
        var failure = "no address answered"
        for address in allowed {
            do {
                let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                    .connectTimeout(.seconds(10))
                    .channelOption(.allowRemoteHalfClosure, value: true)
                    .connect(to: address) { channel in
                        channel.eventLoop.makeCompletedFuture { try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel) }
                    }
                return .success(channel)
            } catch {
                failure = "\(error)"
            }
        }
        return .failure(.failed(failure))
    }

    /// Every TCP address of `host` (`getaddrinfo`), with its bytes for the policy.
    private static func resolve(_ host: String, port: Int) throws -> [(bytes: [UInt8], address: SocketAddress)] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else { throw ResolutionError(description: String(cString: gai_strerror(status))) }
        defer { freeaddrinfo(first) }
        var results: [(bytes: [UInt8], address: SocketAddress)] = []
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let entry = cursor {
            cursor = entry.pointee.ai_next
            guard let socketAddress = entry.pointee.ai_addr else { continue }
            switch entry.pointee.ai_family {
            case AF_INET:
                let address = socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee }
                var raw = address.sin_addr
                results.append((withUnsafeBytes(of: &raw) { Array($0) }, SocketAddress(address, host: host)))
            case AF_INET6:
                let address = socketAddress.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee }
                var raw = address.sin6_addr
                results.append((withUnsafeBytes(of: &raw) { Array($0) }, SocketAddress(address, host: host)))
            default:
                continue
            }
        }
        return results
    }

    /// Why a name did not resolve (`gai_strerror`).
    private struct ResolutionError: Error, CustomStringConvertible {
        let description: String
    }

    /// The addresses of `host` at `port` as the policy compares them, for this Kumo's own listener.
    static func endpoints(host: String, port: Int) -> [ScriptEgressPolicy.Endpoint] {
        let resolved = (try? resolve(host, port: port)) ?? []
        return resolved.map { ScriptEgressPolicy.Endpoint(address: ScriptEgressPolicy.embeddedIPv4($0.bytes) ?? $0.bytes, port: port) }
    }
}
