import KumoOperations
import Logging
import NIOConcurrencyHelpers
import Testing

/// The logfmt and JSON lines of `kumo serve --log-format` (docs/operations.md#logs).
@Suite struct LogLineRendererTests {
    @Test func logfmtQuotesOnlyWhatNeedsQuotes() {
        let line = LogLineRenderer.line(
            format: .logfmt, time: "2026-01-02T03:04:05.006Z", level: "info", logger: "kumo", message: "a message",
            metadata: [
                "plain": .text("token"), "spaced": .text("two words"), "quoted": .text(#"say "hi""#), "empty": .text(""),
                "equals": .text("a=b"), "newline": .text("one\ntwo"), "list": .list([.text("x"), .text("y")]),
                "bad key": .text("v"),
            ])

        #expect(
            line
                == #"time=2026-01-02T03:04:05.006Z level=info logger=kumo msg="a message" bad_key=v empty="" equals="a=b" "#
                + #"list="[x, y]" newline="one\ntwo" plain=token quoted="say \"hi\"" spaced="two words""# + "\n")
    }

    @Test func jsonEscapesEveryControlCharacterAndKeepsStructure() throws {
        let line = LogLineRenderer.line(
            format: .json, time: "t", level: "error", logger: "kumo.access", message: "quote \" backslash \\ tab \t bell \u{07}",
            metadata: ["list": .list([.text("a")]), "map": .map(["k": .text("v")]), "msg": .text("shadowed")])

        #expect(
            line
                == #"{"time":"t","level":"error","logger":"kumo.access","msg":"quote \" backslash \\ tab \t bell \u0007","list":["a"],"map":{"k":"v"}}"#
                + "\n")
    }

    @Test(arguments: [
        (0, 0, "1970-01-01T00:00:00.000Z"), (1_700_000_000, 5, "2023-11-14T22:13:20.005Z"),
        (951_782_400, 999, "2000-02-29T00:00:00.999Z"), (-1, 0, "1969-12-31T23:59:59.000Z"),
        (4_102_444_800, 10, "2100-01-01T00:00:00.010Z"),
    ])
    func timestampsAreUTCWithMilliseconds(seconds: Int, milliseconds: Int, text: String) {
        #expect(StructuredLogHandler.timestampText(secondsSince1970: seconds, milliseconds: milliseconds) == text)
    }

    @Test func theHandlerMergesMetadataAndHonoursItsLevel() {
        let lines = NIOLockedValueBox<[String]>([])
        var logger = Logger(label: "kumo.test") { label in
            StructuredLogHandler(
                label: label, format: .logfmt, level: .notice, output: LogOutput { line in lines.withLockedValue { $0.append(line) } })
        }
        logger[metadataKey: "request"] = "r1"
        logger.info("dropped")
        logger.notice("kept", metadata: ["extra": "1", "request": "r2"])
        let written = lines.withLockedValue { $0 }

        #expect(written.count == 1)
        #expect(written.first?.hasSuffix("level=notice logger=kumo.test msg=kept extra=1 request=r2\n") == true, "\(written)")
    }

    @Test func theMessageWinsOverTheProviderWhichWinsOverTheHandler() {
        let lines = NIOLockedValueBox<[String]>([])
        let provider = Logger.MetadataProvider { ["shared": "provided", "both": "provided", "fromProvider": "p"] }
        var handler = StructuredLogHandler(
            label: "kumo.test", format: .logfmt, level: .info, output: LogOutput { line in lines.withLockedValue { $0.append(line) } })
        handler.metadataProvider = provider
        var logger = Logger(label: "kumo.test") { _ in handler }
        logger[metadataKey: "shared"] = "handler"
        logger[metadataKey: "both"] = "handler"
        logger[metadataKey: "fromHandler"] = "h"
        logger.info("m", metadata: ["both": "message", "fromMessage": "e"])
        let written = lines.withLockedValue { $0 }

        #expect(written.count == 1)
        #expect(
            written.first?.hasSuffix("msg=m both=message fromHandler=h fromMessage=e fromProvider=p shared=provided\n") == true,
            "\(written)")
    }

    /// The access log's text fields (decision 0166) render byte for byte as the same metadata through a dictionary.
    @Test(arguments: LogFormat.allCases)
    func textFieldsRenderAsTheSameMetadata(format: LogFormat) {
        let fields: [(key: String, value: String)] = [
            ("app", "-"), ("bytes_in", "16"), ("client", "203.0.113.7"), ("code", "E404001"), ("level", "shadowed"),
            ("path", "/2013-09-01/classes/Food ä"), ("quoted", #"say "hi" = \ "#), ("route", "objects.get"), ("tab", "a\tb\u{2028}"),
        ]
        let direct = LogLineRenderer.lineBytes(
            format: format, time: "2026-01-02T03:04:05.006Z", level: "info", logger: "kumo.access", message: "request",
            sortedTextFields: fields)
        let throughMetadata = LogLineRenderer.lineBytes(
            format: format, time: "2026-01-02T03:04:05.006Z", level: "info", logger: "kumo.access", message: "request",
            metadata: Dictionary(uniqueKeysWithValues: fields.map { ($0.key, LogLineRenderer.Value.text($0.value)) }))

        #expect(direct == throughMetadata, "\(String(decoding: direct, as: UTF8.self))")
    }

    /// A handler's own and provided metadata still merge into a text-fields line, and its level still holds.
    @Test(arguments: [false, true])
    func textFieldsWriteTheLineALoggerWould(withHandlerMetadata: Bool) {
        let lines = NIOLockedValueBox<[String]>([])
        var handler = StructuredLogHandler(
            label: "kumo.access", format: .logfmt, level: .info, output: LogOutput { line in lines.withLockedValue { $0.append(line) } })
        if withHandlerMetadata {
            handler.metadata = ["route": "from-handler", "zone": "handler"]
            handler.metadataProvider = Logger.MetadataProvider { ["area": "provided"] }
        }
        let logger = Logger(label: "kumo.access") { _ in handler }
        let fields: [(key: String, value: String)] = [("method", "GET"), ("path", "/a b"), ("route", "objects.get")]
        handler.write(level: .info, message: "request", sortedTextFields: fields)
        logger.info("request", metadata: ["method": "GET", "path": "/a b", "route": "objects.get"])
        handler.write(level: .debug, message: "request", sortedTextFields: fields)
        let written = lines.withLockedValue { $0 }.map { $0.drop { $0 != " " } }

        #expect(written.count == 2)
        #expect(written.first == written.last, "\(written)")
        #expect(written.first?.contains(withHandlerMetadata ? "area=provided " : "msg=request method=") == true, "\(written)")
    }
}
