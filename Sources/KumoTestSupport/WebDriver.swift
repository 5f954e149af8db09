import AsyncHTTPClient
import Foundation
import KumoSeams
import NCMBWire
import NIOCore
import NIOHTTP1

/// A `chromedriver` child process on 127.0.0.1, the W3C WebDriver server of the dashboard's real-browser tests
/// (docs/dashboard.md#browser-tests). `.ci/run` installs Debian's `chromium` and `chromium-driver`.
package final class WebDriver: Sendable {
    /// Where Debian's Chromium is.
    package static let chromiumPath = "/usr/bin/chromium"
    /// Where Debian's chromedriver is.
    package static let driverPath = "/usr/bin/chromedriver"

    /// Whether the browser tests can run: Chromium and chromedriver are installed, or CI runs them (and fails without
    /// them, never skips).
    package static var isUsable: Bool {
        let installed =
            FileManager.default.isExecutableFile(atPath: chromiumPath)
            && FileManager.default.isExecutableFile(atPath: driverPath)
        return installed || ProcessInfo.processInfo.environment["CI"] != nil
    }

    private let process: ChildProcess
    /// The driver's base URL, `http://127.0.0.1:PORT`.
    package let baseURL: String

    private init(process: ChildProcess, port: Int) {
        self.process = process
        self.baseURL = "http://127.0.0.1:\(port)"
    }

    /// Starts chromedriver on an ephemeral port and waits until it says which one. A driver that exits before
    /// listening (seen once in parallel runs) is started again, up to three times; the error then carries what it
    /// printed.
    package static func start() async throws -> WebDriver {
        try await offTheCooperativePool {
            var failures: [String] = []
            while true {
                switch try startBlocking() {
                case .success(let driver): return driver
                case .failure(let output):
                    failures.append(output)
                    if failures.count == 3 { throw WebDriverError.driverDidNotStart(failures.joined(separator: "\n---\n")) }
                }
            }
        }
    }

    private enum Start {
        case success(WebDriver)
        case failure(String)
    }

    private static func startBlocking() throws -> Start {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: driverPath)
        process.arguments = ["--port=0", "--log-level=SEVERE"]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        var collected = ""
        while true {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            collected += String(decoding: chunk, as: UTF8.self)
            if let range = collected.range(of: #"started successfully on port (\d+)"#, options: .regularExpression),
                let port = Int(collected[range].split(separator: " ").last ?? "")
            {
                // Keep draining both streams so that the driver never blocks on a full pipe.
                output.fileHandleForReading.readabilityHandler = { handle in _ = handle.availableData }
                errors.fileHandleForReading.readabilityHandler = { handle in _ = handle.availableData }
                return .success(WebDriver(process: process, port: port))
            }
        }
        process.terminate()
        process.waitUntilExit()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return .failure("\(collected)\n\(errorText)(exit status \(process.terminationStatus))")
    }

    /// Opens a headless Chromium with a fresh profile.
    ///
    /// - Parameters:
    ///   - acceptLanguage: the browser's `Accept-Language` (`ja`, `en`, …).
    ///   - width: the window's width in CSS pixels.
    ///   - height: the window's height in CSS pixels.
    package func newSession(acceptLanguage: String = "en", width: Int = 1280, height: Int = 900) async throws -> WebDriverSession {
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("kumo-chromium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        let arguments: [JSONValue] = [
            "--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--no-first-run",
            "--no-default-browser-check", "--disable-extensions", "--disable-background-networking", "--disable-sync",
            "--disable-component-update", "--force-device-scale-factor=1", "--hide-scrollbars",
            .string("--window-size=\(width),\(height)"), .string("--lang=\(acceptLanguage)"),
            .string("--user-data-dir=\(profile.path)"),
        ]
        let capabilities: JSONValue = [
            "capabilities": [
                "alwaysMatch": [
                    "browserName": "chrome",
                    "goog:chromeOptions": [
                        "binary": .string(Self.chromiumPath), "args": .array(arguments),
                        "prefs": ["intl.accept_languages": .string(acceptLanguage)],
                    ],
                    "goog:loggingPrefs": ["browser": "ALL"],
                ]
            ]
        ]
        let created = try await WebDriverSession.send(.POST, "\(baseURL)/session", body: capabilities)
        guard let identifier = created.objectValue?["sessionId"]?.stringValue else {
            throw WebDriverError.unexpectedAnswer("new session", created.serializedString())
        }
        let session = WebDriverSession(url: "\(baseURL)/session/\(identifier)", profile: profile)
        try await session.setTimeouts(implicitMilliseconds: 15_000)
        return session
    }

    /// Stops chromedriver.
    package func stop() {
        process.terminate()
        process.waitUntilExit()
    }

    /// Runs `body` with a fresh browser session; the browser, its profile and the driver are gone afterwards, also
    /// when `body` throws. One session at a time in the process (``BrowserTurns``): a caller waits for the previous one.
    package static func withSession<Value: Sendable>(
        acceptLanguage: String = "en", width: Int = 1280, height: Int = 900,
        _ body: (WebDriverSession) async throws -> Value
    ) async throws -> Value {
        await BrowserTurns.shared.take()
        let driver: WebDriver
        do {
            driver = try await start()
        } catch {
            await BrowserTurns.shared.giveBack()
            throw error
        }
        let session: WebDriverSession
        do {
            session = try await driver.newSession(acceptLanguage: acceptLanguage, width: width, height: height)
        } catch {
            driver.stop()
            await BrowserTurns.shared.giveBack()
            throw error
        }
        do {
            let value = try await body(session)
            await session.quit()
            driver.stop()
            await BrowserTurns.shared.giveBack()
            return value
        } catch {
            await session.quit()
            driver.stop()
            await BrowserTurns.shared.giveBack()
            throw error
        }
    }
}

/// What went wrong talking to chromedriver.
package enum WebDriverError: Error, CustomStringConvertible {
    case driverDidNotStart(String)
    /// The driver answered a W3C error (`no such element`, `timeout`, …).
    case command(method: String, url: String, status: Int, error: String, message: String)
    case unexpectedAnswer(String, String)

    package var description: String {
        switch self {
        case .driverDidNotStart(let output): "chromedriver did not start: \(output)"
        case .command(let method, let url, let status, let error, let message): "\(method) \(url) → \(status) \(error): \(message)"
        case .unexpectedAnswer(let what, let body): "unexpected answer to \(what): \(body)"
        }
    }
}
