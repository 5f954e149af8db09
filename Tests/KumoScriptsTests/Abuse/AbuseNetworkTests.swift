import KumoScripts
import KumoSeams
import NCMBWire
import Testing

/// Issue 28, item 8: scripts reached the loopback network (Kumo's other listeners, a local PostgreSQL), cloud metadata and
/// private addresses. Every connection goes through Kumo's egress relay, which refuses those addresses unless the
/// operator opens them (`--scripts-allow-network`).
@Suite(.enabled(if: TestNode.isEnabled, "needs Node.js (Debian's nodejs) outside CI"))
struct AbuseNetworkTests {
    /// A script that tries each `[name, host, port]` of `req.body.targets` and answers how each attempt ended:
    /// `connected: <first line>`, `timeout`, or the error's code.
    static let prober = """
        const net = require('net');
        const attempt = (host, port) => new Promise((resolve) => {
          let socket;
          try { socket = net.connect({ host, port }); } catch (error) { resolve(error.code || String(error)); return; }
          let received = '';
          socket.setTimeout(3000);
          socket.on('data', (chunk) => { received += chunk; });
          socket.on('end', () => resolve('connected: ' + received.split('\\n')[0]));
          socket.on('timeout', () => { socket.destroy(); resolve(received ? 'connected: ' + received : 'timeout'); });
          socket.on('error', (error) => resolve(error.code || String(error)));
        });
        module.exports = async (req, res) => {
          const results = {};
          for (const [name, host, port] of req.body.targets) results[name] = await attempt(host, port);
          res.json(results);
        };
        """

    static func targets(_ list: [(String, String, Int)]) -> JSONObject {
        ["targets": .array(list.map { .array([.string($0.0), .string($0.1), .integer(Int64($0.2))]) })]
    }

    /// At both levels: with namespaces the relay is the worker's only way out, without them the harness routes through it.
    @Test(arguments: ScriptSandbox.Preference.allCases)
    func loopbackPrivateLinkLocalAndMetadataAddressesAreRefused(isolation: ScriptSandbox.Preference) async throws {
        try await AbuseSupport.withLoopbackListener { port in
            try await TestNode.withRunner(configuration: .init(maximumWorkers: 2, isolation: isolation)) { runner in
                let answer = try AbuseSupport.answer(
                    try await AbuseSupport.call(
                        runner, applicationId: "abuseNetwork", name: "probe.js", code: AbuseNetworkTests.prober,
                        body: AbuseNetworkTests.targets([
                            ("loopback", "127.0.0.1", port), ("loopbackByName", "localhost", port), ("loopbackIPv6", "::1", port),
                            ("loopbackMapped", "::ffff:127.0.0.1", port), ("loopbackOther", "127.0.0.2", port),
                            ("metadata", "169.254.169.254", 80), ("private10", "10.0.0.1", 80), ("private192", "192.168.1.1", 80),
                            ("private172", "172.16.0.1", 5432), ("sharedAddressSpace", "100.100.100.200", 80),
                            ("uniqueLocalIPv6", "fd00:ec2::254", 80), ("unspecified", "0.0.0.0", port),
                        ])))
                for (name, outcome) in answer {
                    #expect(outcome.stringValue == "ERR_ACCESS_DENIED", "\(name): \(outcome)")
                }
            }
        }
    }

    @Test func otherWaysOutAreClosed() async throws {
        try await TestNode.withRunner { runner in
            let answer = try AbuseSupport.answer(
                try await AbuseSupport.call(
                    runner, applicationId: "abuseNetwork", name: "ways.js",
                    code: """
                        const attempt = (action) => new Promise((resolve) => {
                          try {
                            const emitter = action();
                            emitter.on('error', (error) => resolve(error.code || String(error)));
                            emitter.on('connect', () => resolve('connected'));
                            emitter.on('listening', () => resolve('listening'));
                            emitter.on('response', () => resolve('answered'));
                            setTimeout(() => resolve('timeout'), 3000);
                          } catch (error) { resolve(error.code || String(error)); }
                        });
                        module.exports = async (req, res) => res.json({
                          https: await attempt(() => require('https').get('https://169.254.169.254/latest/meta-data/')),
                          http: await attempt(() => require('http').get('http://10.1.2.3/')),
                          tls: await attempt(() => require('tls').connect(443, '192.168.0.1')),
                          unixSocket: await attempt(() => require('net').connect('/var/run/postgresql/.s.PGSQL.5432')),
                          listen: await attempt(() => require('net').createServer().listen(0)),
                          udp: await attempt(() => require('dgram').createSocket('udp4').bind(0)),
                        });
                        """))
            for (name, outcome) in answer {
                #expect(outcome.stringValue == "ERR_ACCESS_DENIED", "\(name): \(outcome)")
            }
        }
    }

    @Test func theOperatorsAllowListOpensAnAddressAndItsTrafficFlows() async throws {
        try await AbuseSupport.withLoopbackListener { port in
            var configuration = NodeScriptRunner.Configuration(maximumWorkers: 2)
            configuration.allowedNetworks = try [#require(AddressRange("127.0.0.1/32"))]
            try await TestNode.withRunner(configuration: configuration) { runner in
                let answer = try AbuseSupport.answer(
                    try await AbuseSupport.call(
                        runner, applicationId: "abuseNetwork", name: "probe.js", code: AbuseNetworkTests.prober,
                        body: AbuseNetworkTests.targets([("opened", "127.0.0.1", port), ("stillClosed", "::1", port)])))
                #expect(answer["opened"] == "connected: stand-in")
                #expect(answer["stillClosed"] == "ERR_ACCESS_DENIED")
            }
        }
    }
}
