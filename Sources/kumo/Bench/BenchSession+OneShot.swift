import AsyncHTTPClient
import Foundation
import NCMBWire
import NIOCore
import NIOHTTP1

/// The scenarios of issue 28 that measure single large requests, one at a time, rather than a rate: wide objects
/// (docs/decisions/0112-linear-writes-planned-outside-the-writer.md) and file transfers
/// (docs/decisions/0113-uploads-scanned-in-bulk.md).
extension BenchSession {
    /// The field counts of `wideObjects`.
    static let wideObjectFieldCounts = [1_000, 10_000, 100_000]
    /// The sizes of `fileTransfer`, in bytes.
    static let transferSizes = [1 << 20, 16 << 20, 100 << 20]

    /// Runs the one-shot scenarios among `scenarios`.
    func runOneShot(_ scenarios: [BenchScenario]) async throws -> [BenchMeasurement] {
        var rows: [BenchMeasurement] = []
        if scenarios.contains(.wideObjects) { rows += try await measureWideObjects() }
        if scenarios.contains(.fileTransfer) { rows += try await measureFileTransfers() }
        return rows
    }

    /// `wideObjects`: three creates of `{"k0":0,…}` per field count, then one update of one field of the widest object.
    private func measureWideObjects() async throws -> [BenchMeasurement] {
        var rows: [BenchMeasurement] = []
        var previousMedian: Double?
        var widestObjectId: String?
        for count in Self.wideObjectFieldCounts {
            var fields = JSONObject()
            fields.reserveCapacity(count)
            for index in 0..<count { fields["k\(index)"] = .integer(Int64(index)) }
            let request = signer.prepare(APIRouter.print(.objects(.custom(Self.wideClass), .create(fields))), expectedStatus: 201)
            let (summary, cpu, stalls, body) = try await measureOneAtATime(request, times: 3)
            widestObjectId = (try? JSONValue(parsing: body))?.objectValue?["objectId"]?.stringValue
            var note =
                "\(BenchReport.fixed(summary.p50Milliseconds)) ms per create (median of 3), "
                + "\(String(format: "%.2f", summary.p50Milliseconds * 1000 / Double(count))) µs per field, server CPU \(String(format: "%.2f", cpu)) s in all"
            if let previousMedian, previousMedian > 0 {
                note += "; ×\(String(format: "%.1f", summary.p50Milliseconds / previousMedian)) the time of 10× fewer fields"
            }
            if stalls.count > 0 { note += "; event-loop ticks ≥ \(ServerProcess.stallThresholdMilliseconds) ms: \(stalls.count)" }
            previousMedian = summary.p50Milliseconds
            progress("wide object of \(count) fields: \(BenchReport.fixed(summary.p50Milliseconds)) ms per create")
            rows.append(
                BenchMeasurement(
                    name: "wideObjects.\(count)", label: "wide object: create \(BenchReport.grouped(Double(count))) fields", connections: 1,
                    pacing: "one at a time", summary: summary,
                    peakRSSBytes: SystemProbe.peakResidentBytes(processId: server.processId), note: note))
        }
        if let widestObjectId {
            let body: JSONObject = ["k7": ["__op": "Increment", "amount": 1]]
            let request = signer.prepare(
                APIRouter.print(.objects(.custom(Self.wideClass), .update(objectId: widestObjectId, body))), expectedStatus: 200)
            let (summary, cpu, _, _) = try await measureOneAtATime(request, times: 3)
            rows.append(
                BenchMeasurement(
                    name: "wideObjects.update", label: "wide object: Increment one field of 100,000", connections: 1,
                    pacing: "one at a time", summary: summary,
                    note: "planned outside the writer from the stored text; server CPU \(String(format: "%.2f", cpu)) s in all"))
        }
        return rows
    }

    /// Summaries of single requests as one: their count and sum of time, the median of their latencies.
    private static func combined(_ summaries: [LoadSummary]) -> LoadSummary {
        let sorted = summaries.map(\.p50Milliseconds).sorted()
        let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        return LoadSummary(
            succeeded: summaries.reduce(0) { $0 + $1.succeeded }, failed: summaries.reduce(0) { $0 + $1.failed },
            firstUnexpectedStatus: summaries.compactMap(\.firstUnexpectedStatus).first, seconds: summaries.reduce(0) { $0 + $1.seconds },
            p50Milliseconds: median, p90Milliseconds: sorted.last ?? 0, p99Milliseconds: sorted.last ?? 0,
            maximumMilliseconds: sorted.last ?? 0)
    }

    /// The class the wide objects go into.
    static let wideClass = ClassName(constant: "BenchWide")

    /// `fileTransfer`: per size, uploads one at a time while `GET /health` runs beside them on another connection, then
    /// downloads of the last upload.
    private func measureFileTransfers() async throws -> [BenchMeasurement] {
        var rows: [BenchMeasurement] = []
        for size in Self.transferSizes {
            let times = size >= 100 << 20 ? 2 : 4
            let fileName = "bench-\(size).bin"
            let data = [UInt8](repeating: 0x5A, count: size)
            let form = MultipartForm(fileName: fileName, mimeType: "application/octet-stream", data: data, acl: nil)
            var upload = signer.prepare(
                RequestData(method: .post, path: "/2013-09-01/files/\(fileName)", body: form.encodedBytes()), expectedStatus: 201)
            upload.head.headers.replaceOrAdd(name: "Content-Type", value: form.contentType)
            let delete = signer.prepare(RequestData(method: .delete, path: "/2013-09-01/files/\(fileName)"), expectedStatus: 200)
            var uploads: [LoadSummary] = []
            var health = LoadRecorder()
            var cpu = 0.0
            let logOffset = server.logSize()
            SystemProbe.resetPeakMemory(processId: server.processId)
            for _ in 0..<times {
                _ = try? await sendOnce(delete, timeout: .seconds(120))
                let probe = Task { try await self.probeHealth() }
                let (summary, seconds, _, _) = try await measureOneAtATime(upload, times: 1)
                probe.cancel()
                health.merge(try await probe.value)
                uploads.append(summary)
                cpu += seconds
            }
            let peak = SystemProbe.peakResidentBytes(processId: server.processId)
            let stalls = server.stalls(since: logOffset)
            let download = signer.prepare(RequestData(method: .get, path: "/2013-09-01/files/\(fileName)"), expectedStatus: 200)
            let (downloads, downloadCPU, _, _) = try await measureOneAtATime(download, times: times, timeout: .seconds(300))
            for (name, summary, serverCPU) in [("upload", Self.combined(uploads), cpu), ("download", downloads, downloadCPU)] {
                let rate = summary.p50Milliseconds > 0 ? Double(size) / 1_048_576 / (summary.p50Milliseconds / 1000) : 0
                var note =
                    "\(String(format: "%.1f", rate)) MiB/s (median of \(times)); server CPU \(String(format: "%.2f", serverCPU)) s in all"
                if name == "upload" {
                    let healthSummary = health.summary(seconds: 1)
                    note +=
                        "; GET /health during the uploads: \(healthSummary.succeeded) answered, p50 \(BenchReport.fixed(healthSummary.p50Milliseconds)) ms, "
                        + "p99 \(BenchReport.fixed(healthSummary.p99Milliseconds)) ms; event-loop ticks ≥ \(ServerProcess.stallThresholdMilliseconds) ms: \(stalls.count)"
                }
                progress("file \(name) of \(size >> 20) MiB: \(String(format: "%.1f", rate)) MiB/s")
                rows.append(
                    BenchMeasurement(
                        name: "fileTransfer.\(name).\(size >> 20)MiB", label: "file \(name): \(size >> 20) MiB", connections: 1,
                        pacing: "one at a time", summary: summary,
                        peakRSSBytes: name == "upload" ? peak : nil, target: name == "upload" ? "≥ 150 MiB/s (release build)" : nil,
                        meetsTarget: name == "upload" ? rate >= 150 : nil, note: note))
            }
        }
        return rows
    }

    /// Sends `request` `times` times, one after the other; the latencies (and their sum as the window), the server's CPU
    /// seconds over them, the stalls it logged and the start of the last body.
    private func measureOneAtATime(_ request: PreparedRequest, times: Int, timeout: TimeAmount = .seconds(120)) async throws -> (
        LoadSummary, Double, (count: Int, longestMilliseconds: Double), String
    ) {
        var recorder = LoadRecorder()
        var window = Duration.zero
        let logOffset = server.logSize()
        let before = SystemProbe.cpuSeconds(processId: server.processId) ?? 0
        var lastBody = ""
        for _ in 0..<times {
            let started = ContinuousClock.now
            let (status, body) = try await sendStreaming(request, timeout: timeout)
            let elapsed = ContinuousClock.now - started
            window += elapsed
            recorder.record(latencyNanoseconds: Self.nanoseconds(elapsed), isExpected: status == request.expectedStatus, status: status)
            lastBody = body
        }
        let cpu = (SystemProbe.cpuSeconds(processId: server.processId) ?? before) - before
        return (recorder.summary(seconds: window.inSeconds), cpu, server.stalls(since: logOffset), lastBody)
    }

    /// Sends one request and reads its whole body, keeping only its first 64 KiB as text (a download is not held).
    private func sendStreaming(_ prepared: PreparedRequest, timeout: TimeAmount) async throws -> (status: UInt, body: String) {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(server.port)" + prepared.head.uri)
        request.method = prepared.head.method
        request.headers = prepared.head.headers
        if let body = prepared.body { request.body = .bytes(body) }
        let response = try await HTTPClient.shared.execute(request, timeout: timeout)
        var start: [UInt8] = []
        for try await chunk in response.body where start.count < 65_536 {
            start += chunk.readableBytesView.prefix(65_536 - start.count)
        }
        return (response.status.code, String(decoding: start, as: UTF8.self))
    }

    private static func nanoseconds(_ duration: Duration) -> UInt64 {
        UInt64(duration.components.seconds) * 1_000_000_000 + UInt64(duration.components.attoseconds / 1_000_000_000)
    }

    /// `GET /health` one after the other until cancelled: what a small request sees while a large one is served.
    private func probeHealth() async throws -> LoadRecorder {
        let request = signer.prepare(RequestData(method: .get, path: "/health"), expectedStatus: 200, isSigned: false)
        var recorder = LoadRecorder()
        while !Task.isCancelled {
            let started = ContinuousClock.now
            guard let (status, _) = try? await sendOnce(request, timeout: .seconds(60)) else { break }
            let elapsed = ContinuousClock.now - started
            recorder.record(latencyNanoseconds: Self.nanoseconds(elapsed), isExpected: status == 200, status: status)
        }
        return recorder
    }
}
