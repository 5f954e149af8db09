import Foundation
import NCMB
import NCMBWire
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// ``URLSessionTransport`` turns network failures and timeouts into failures, never crashes.
@Suite struct URLSessionTransportTests {
    /// A TCP socket on 127.0.0.1 that accepts connections into its backlog but never answers.
    final class SilentListener {
        let port: Int
        private let descriptor: Int32

        init() throws {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
            }
            guard bound == 0, listen(descriptor, 8) == 0 else {
                close(descriptor)
                throw URLError(.cannotConnectToHost)
            }
            _ = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
            }
            self.descriptor = descriptor
            self.port = Int(UInt16(bigEndian: address.sin_port))
        }

        deinit { close(descriptor) }
    }

    func makeObject(domainURL: String, timeout: TimeInterval) -> NCMBObject {
        var context = NCMBContext.test(transport: URLSessionTransport(), domainURL: domainURL)
        context.requestTimeout = timeout
        let object = NCMBContext.$current.withValue(context) { NCMBObject(className: "GameScore") }
        object.objectId = "x1"
        return object
    }

    // MARK: Tests

    @Test func aServerThatNeverAnswersTimesOutAsAFailure() async throws {
        let listener = try SilentListener()
        let object = makeObject(domainURL: "http://127.0.0.1:\(listener.port)/", timeout: 0.5)

        let result = await onBackgroundThread { object.fetch() }

        #expect((result.error as? URLError)?.code == .timedOut)
        withExtendedLifetime(listener) {}
    }

    @Test func aRefusedConnectionIsAFailure() async throws {
        let port = try SilentListener().port
        let object = makeObject(domainURL: "http://127.0.0.1:\(port)/", timeout: 5)

        let result = await inBackground { object.fetchInBackground(callback: $0) }

        #expect(result.error is URLError)
    }
}
