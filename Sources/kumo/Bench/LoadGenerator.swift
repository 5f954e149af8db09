import NCMBWire
import NIOCore
import NIOHTTP1
import NIOPosix

/// One request ready to send: head and body are built (and signed) before the run, so the generator only writes bytes.
struct PreparedRequest: Sendable {
    /// The head, with `Host`, content headers and, for API requests, the three signature headers.
    var head: HTTPRequestHead
    /// The body, when the request has one.
    var body: ByteBuffer?
    /// The status a correct answer has; any other counts as a failure.
    var expectedStatus: UInt
}

/// How a run paces its requests.
enum LoadPacing: Sendable {
    /// Each connection sends its next request as soon as the previous response ends: measures the maximum rate.
    case closedLoop
    /// Requests are due at a fixed total rate, spread evenly over the connections; latency is measured from the time a
    /// request was due, not from when it could be sent, so a server that falls behind shows it (no coordinated omission).
    case openLoop(requestsPerSecond: Double)
}

/// A closed- or open-loop HTTP/1.1 load generator: N keep-alive connections spread over a few event loops.
///
/// Every connection sends its next request when the previous response has ended (no pipelining), cycling through the
/// prepared requests. A warm-up period runs before the measured window; requests in flight when the window closes are
/// allowed to finish but are not counted. Two event loops (on the generator's one CPU) keep the generator from being
/// the bottleneck of the cheapest route: with one loop it tops out near wrk's single-thread rate.
struct LoadGenerator: Sendable {
    let eventLoops: [any EventLoop]
    let host: String
    let port: Int

    /// Runs one load and returns the measured window's summary and the CPU the sampled processes used during it.
    ///
    /// - Parameter sampledProcesses: processes whose CPU time is read at the window's edges.
    /// - Returns: the summary, and per sampled process the CPU used in cores (1.0 = one CPU busy for the whole window).
    func run(
        _ requests: [PreparedRequest], connections: Int, pacing: LoadPacing, warmUp: Duration, duration: Duration,
        sampledProcesses: [Int32]
    ) async throws -> (summary: LoadSummary, cpuCores: [Int32: Double]) {
        precondition(!requests.isEmpty, "a scenario always prepares at least one request")
        var drivers: [NIOLoopBound<LoadDriver>] = []
        var channels: [any Channel] = []
        defer { for channel in channels { channel.close(promise: nil) } }
        for (index, eventLoop) in eventLoops.enumerated() {
            // Connections and the open-loop rate are split evenly; each loop starts at another offset in the requests.
            let share = connections / eventLoops.count + (index < connections % eventLoops.count ? 1 : 0)
            guard share > 0 else { continue }
            var loopPacing = pacing
            if case .openLoop(let rate) = pacing { loopPacing = .openLoop(requestsPerSecond: rate * Double(share) / Double(connections)) }
            let rotated = Array(
                requests[(index * requests.count / eventLoops.count)...] + requests[..<(index * requests.count / eventLoops.count)])
            let driver = try await eventLoop.submit { [loopPacing] in
                NIOLoopBound(
                    LoadDriver(eventLoop: eventLoop, requests: rotated, connectionCount: share, pacing: loopPacing), eventLoop: eventLoop)
            }.get()
            drivers.append(driver)
            let bootstrap = ClientBootstrap(group: eventLoop)
                .channelOption(.socketOption(.tcp_nodelay), value: 1)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHTTPClientHandlers()
                        try channel.pipeline.syncOperations.addHandler(LoadConnection(driver: driver.value))
                    }
                }
            for _ in 0..<share { channels.append(try await bootstrap.connect(host: host, port: port).get()) }
        }

        for driver in drivers { try await driver.eventLoop.submit { driver.value.start() }.get() }
        try await Task.sleep(for: warmUp)
        let cpuAtStart = sampledProcesses.map { SystemProbe.cpuSeconds(processId: $0) }
        let windowStart = ContinuousClock.now
        for driver in drivers { try await driver.eventLoop.submit { driver.value.beginWindow() }.get() }
        try await Task.sleep(for: duration)
        var recorder = LoadRecorder()
        for driver in drivers { recorder.merge(try await driver.eventLoop.submit { driver.value.endWindow() }.get()) }
        let elapsed = ContinuousClock.now - windowStart
        let seconds = elapsed.fractionalSeconds
        var cpuCores: [Int32: Double] = [:]
        for (processId, start) in zip(sampledProcesses, cpuAtStart) {
            if let start, let end = SystemProbe.cpuSeconds(processId: processId), seconds > 0 {
                cpuCores[processId] = (end - start) / seconds
            }
        }
        for driver in drivers { try await driver.eventLoop.flatSubmit { driver.value.stop() }.get() }
        return (recorder.summary(seconds: seconds), cpuCores)
    }
}

/// The state of one run, confined to the generator's event loop.
private final class LoadDriver {
    let eventLoop: any EventLoop
    let requests: [PreparedRequest]
    let connectionCount: Int
    let pacing: LoadPacing
    private(set) var connections: [LoadConnection] = []
    private(set) var isStopping = false
    private var nextRequestIndex = 0
    private var inFlight = 0
    private var recorder: LoadRecorder?
    private var drainPromise: EventLoopPromise<Void>?

    init(eventLoop: any EventLoop, requests: [PreparedRequest], connectionCount: Int, pacing: LoadPacing) {
        self.eventLoop = eventLoop
        self.requests = requests
        self.connectionCount = connectionCount
        self.pacing = pacing
    }

    /// The gap between two requests of one connection under open-loop pacing, in nanoseconds.
    var openLoopInterval: Int64? {
        guard case .openLoop(let rate) = pacing, rate > 0 else { return nil }
        return Int64(Double(connectionCount) * 1_000_000_000 / rate)
    }

    func register(_ connection: LoadConnection) { connections.append(connection) }

    /// Starts every connection, staggered over one interval under open-loop pacing.
    func start() {
        let now = NIODeadline.now()
        for (index, connection) in connections.enumerated() {
            let offset = (openLoopInterval ?? 0) * Int64(index) / Int64(max(1, connections.count))
            connection.begin(firstDue: now + .nanoseconds(offset))
        }
    }

    /// The next request, cycling through the prepared ones.
    func nextRequest() -> PreparedRequest {
        let request = requests[nextRequestIndex % requests.count]
        nextRequestIndex &+= 1
        inFlight += 1
        return request
    }

    func beginWindow() {
        recorder = LoadRecorder()
    }

    func endWindow() -> LoadRecorder {
        defer { recorder = nil }
        return recorder ?? LoadRecorder()
    }

    func completed(latencyNanoseconds: Int64, status: UInt, expectedStatus: UInt) {
        inFlight -= 1
        recorder?.record(latencyNanoseconds: UInt64(max(0, latencyNanoseconds)), isExpected: status == expectedStatus, status: status)
        finishDrainIfIdle()
    }

    func failed() {
        inFlight -= 1
        recorder?.recordTransportFailure()
        finishDrainIfIdle()
    }

    /// Stops sending; the future completes when every request in flight has ended (or after five seconds).
    func stop() -> EventLoopFuture<Void> {
        isStopping = true
        guard inFlight > 0 else { return eventLoop.makeSucceededVoidFuture() }
        let promise = eventLoop.makePromise(of: Void.self)
        drainPromise = promise
        let bound = NIOLoopBound(self, eventLoop: eventLoop)
        eventLoop.scheduleTask(in: .seconds(5)) { bound.value.finishDrain() }
        return promise.futureResult
    }

    private func finishDrainIfIdle() {
        if isStopping, inFlight == 0 { finishDrain() }
    }

    private func finishDrain() {
        guard let drainPromise else { return }
        self.drainPromise = nil
        drainPromise.succeed()
    }
}

/// One keep-alive connection: sends a request, waits for the whole response, records it, sends the next.
private final class LoadConnection: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundOut = HTTPClientRequestPart

    private let driver: LoadDriver
    private var context: ChannelHandlerContext?
    private var due = NIODeadline.now()
    private var sentAt = NIODeadline.now()
    private var expectedStatus: UInt = 0
    private var status: UInt = 0
    private var isWaiting = false

    init(driver: LoadDriver) { self.driver = driver }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        driver.register(self)
    }

    func begin(firstDue: NIODeadline) {
        due = firstDue
        sendWhenDue()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head): status = head.status.code
        case .body: break
        case .end:
            let now = NIODeadline.now()
            isWaiting = false
            let start = driver.openLoopInterval == nil ? sentAt : due
            driver.completed(latencyNanoseconds: (now - start).nanoseconds, status: status, expectedStatus: expectedStatus)
            if let interval = driver.openLoopInterval {
                due = due + .nanoseconds(interval)
            }
            sendWhenDue()
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        if isWaiting {
            isWaiting = false
            driver.failed()
        }
        context.fireChannelInactive()
    }

    /// Sends now, or schedules the send for the due time under open-loop pacing.
    private func sendWhenDue() {
        guard !driver.isStopping, let context else { return }
        if driver.openLoopInterval != nil, due > .now() {
            let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
            context.eventLoop.scheduleTask(deadline: due) { bound.value.send() }
        } else {
            send()
        }
    }

    private func send() {
        guard !driver.isStopping, let context, context.channel.isActive else { return }
        let request = driver.nextRequest()
        expectedStatus = request.expectedStatus
        status = 0
        isWaiting = true
        sentAt = .now()
        context.write(wrapOutboundOut(.head(request.head)), promise: nil)
        if let body = request.body { context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil) }
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }
}
