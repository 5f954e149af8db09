import Foundation
import KumoSeams

/// The reverse proxy of the reference-topology test (docs/deployment.md#reference-topology): a small python3 asyncio
/// program that terminates TLS on one port (and takes plain TCP on another, for the SDK's `ws://`-only WebSocket client
/// on Linux) and hands each accepted connection to the next backend in turn, bytes unchanged (as HAProxy's `mode tcp`
/// or nginx's `stream` would). It prints one line per connection — `route tls 41234` — so a test knows which instance
/// served each request; a request made on a new connection (curl, one request per run) therefore reaches the other
/// instance than the one before. The program exits when its standard input closes: it never outlives the test.
final class TestReverseProxy: @unchecked Sendable {
    // @unchecked: the ports are set in `init`; `lines` and `pending` are guarded by `lock`.
    /// One connection the proxy accepted: on which listener (`tls` or `plain`) and to which backend port.
    struct Route: Equatable, CustomStringConvertible {
        let listener: String
        let backend: Int
        var description: String { "\(listener) → \(backend)" }
    }

    /// Why the proxy could not start.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The TLS port clients reach (`https://localhost:PORT`).
    let securePort: Int
    /// The plain TCP port.
    let plainPort: Int
    private let process: ChildProcess
    private let input: Pipe
    private let output: FileHandle
    private let lock = NSLock()
    private var pending = ""
    private var routes: [Route] = []

    /// Starts the proxy with the TLS certificate and key files (PEM); backends are given later by ``route(to:)``.
    init(certificate: URL, privateKey: URL, folder: URL) throws {
        let script = folder.appendingPathComponent("proxy.py")
        try Data(Self.program.utf8).write(to: script)
        process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, certificate.path, privateKey.path]
        input = Pipe()
        let pipe = Pipe()
        process.standardInput = input
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        output = pipe.fileHandleForReading
        var ports: [Int] = []
        while ports.isEmpty {
            let chunk = output.availableData
            guard !chunk.isEmpty else { throw Failure(description: "the proxy ended before listening: \(pending)") }
            pending += String(decoding: chunk, as: UTF8.self)
            if let line = pending.split(separator: "\n").first(where: { $0.hasPrefix("listening ") }) {
                ports = line.split(separator: " ").dropFirst().compactMap { Int($0) }
                pending = ""
            }
        }
        guard ports.count == 2 else { throw Failure(description: "the proxy printed no ports") }
        (securePort, plainPort) = (ports[0], ports[1])
    }

    /// Gives the backends (the instances' ports), in the order connections take them.
    func route(to backends: [Int]) throws {
        try input.fileHandleForWriting.write(contentsOf: Data((backends.map(String.init).joined(separator: ",") + "\n").utf8))
    }

    /// The connections accepted so far, waiting (blocking; run it off the cooperative pool) until there are `count`.
    func routes(atLeast count: Int) throws -> [Route] {
        while true {
            let (known, done) = lock.withLock { (routes, routes.count >= count) }
            if done { return known }
            let chunk = output.availableData
            guard !chunk.isEmpty else { throw Failure(description: "the proxy ended after \(known)") }
            lock.withLock {
                pending += String(decoding: chunk, as: UTF8.self)
                while let end = pending.firstIndex(of: "\n") {
                    let fields = pending[..<end].split(separator: " ")
                    pending.removeSubrange(...end)
                    if fields.count == 3, fields[0] == "route", let backend = Int(fields[2]) {
                        routes.append(Route(listener: String(fields[1]), backend: backend))
                    }
                }
            }
        }
    }

    /// Closes the proxy's standard input (it exits) and waits for it.
    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// The proxy: argv = certificate, key; first line of standard input = backend ports; its end = exit.
    static let program = #"""
        import asyncio, os, ssl, sys, threading

        backends = []
        ready = threading.Event()
        count = 0

        def watch_input():
            line = sys.stdin.readline()
            backends.extend(int(port) for port in line.strip().split(","))
            ready.set()
            sys.stdin.read()
            os._exit(0)

        async def relay(reader, writer):
            try:
                while True:
                    data = await reader.read(65536)
                    if not data:
                        break
                    writer.write(data)
                    await writer.drain()
            except (OSError, ConnectionError, ssl.SSLError):
                pass
            finally:
                try:
                    writer.close()
                except (OSError, ssl.SSLError):
                    pass

        def handler(listener):
            async def handle(client_reader, client_writer):
                global count
                await asyncio.get_running_loop().run_in_executor(None, ready.wait)
                backend = backends[count % len(backends)]
                count += 1
                print(f"route {listener} {backend}", flush=True)
                try:
                    backend_reader, backend_writer = await asyncio.open_connection("127.0.0.1", backend)
                except OSError:
                    client_writer.close()
                    return
                await asyncio.gather(relay(client_reader, backend_writer), relay(backend_reader, client_writer))
            return handle

        async def main():
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(sys.argv[1], sys.argv[2])
            secure = await asyncio.start_server(handler("tls"), "127.0.0.1", 0, ssl=context)
            plain = await asyncio.start_server(handler("plain"), "127.0.0.1", 0)
            print(f"listening {secure.sockets[0].getsockname()[1]} {plain.sockets[0].getsockname()[1]}", flush=True)
            await asyncio.Event().wait()

        threading.Thread(target=watch_input, daemon=True).start()
        asyncio.run(main())
        """#
}
