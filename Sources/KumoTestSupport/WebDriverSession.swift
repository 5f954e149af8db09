import AsyncHTTPClient
package import Foundation
package import NCMBWire
import NIOCore
import NIOHTTP1

/// One browser of a `WebDriver`: the W3C WebDriver commands the dashboard's browser tests use
/// (https://www.w3.org/TR/webdriver2/). Element look-ups wait up to the implicit timeout (15 s) for the element to
/// appear, which is how tests wait for a page: each dashboard page marks itself ready
/// (`main[aria-busy="false"][data-page="…"]`), so no test sleeps.
package struct WebDriverSession: Sendable {
    /// The session's base URL, `http://127.0.0.1:PORT/session/ID`.
    let url: String
    let profile: URL

    /// One element of the page (a W3C web element reference).
    package struct Element: Sendable {
        let session: WebDriverSession
        let identifier: String

        /// Clicks the element (scrolled into view first, as a user would).
        package func click() async throws {
            _ = try await session.command(.POST, "/element/\(identifier)/click", body: [:])
        }

        /// Empties an editable element.
        package func clear() async throws {
            _ = try await session.command(.POST, "/element/\(identifier)/clear", body: [:])
        }

        /// Types text into the element (`WebDriverKey` for special keys).
        package func type(_ text: String) async throws {
            _ = try await session.command(.POST, "/element/\(identifier)/value", body: ["text": .string(text)])
        }

        /// Empties the element, then types text.
        package func replaceText(with text: String) async throws {
            try await clear()
            try await type(text)
        }

        /// The element's rendered text.
        package func text() async throws -> String {
            try await session.command(.GET, "/element/\(identifier)/text").stringValue ?? ""
        }

        /// An attribute of the element, or `nil`.
        package func attribute(_ name: String) async throws -> String? {
            try await session.command(.GET, "/element/\(identifier)/attribute/\(name)").stringValue
        }

        /// A DOM property of the element (`value`, `checked`, …).
        package func property(_ name: String) async throws -> JSONValue {
            try await session.command(.GET, "/element/\(identifier)/property/\(name)")
        }

        /// Whether a checkbox or option is selected.
        package func isSelected() async throws -> Bool {
            try await session.command(.GET, "/element/\(identifier)/selected").boolValue ?? false
        }

        /// The first descendant matching a CSS selector (waits like `WebDriverSession.element`).
        package func element(_ selector: String) async throws -> Element {
            let found = try await session.command(
                .POST, "/element/\(identifier)/element", body: ["using": "css selector", "value": .string(selector)])
            return try session.element(from: found)
        }
    }

    /// An entry of the browser's console log.
    package struct LogEntry: Sendable, CustomStringConvertible {
        /// `SEVERE`, `WARNING`, `INFO`, `DEBUG`.
        package let level: String
        /// `javascript`, `console-api`, `network`, `security`, …
        package let source: String
        package let message: String

        package var description: String { "[\(level) \(source)] \(message)" }
    }

    // MARK: Navigation

    /// Loads a URL and waits for the document to load.
    package func open(_ address: String) async throws {
        _ = try await command(.POST, "/url", body: ["url": .string(address)])
    }

    /// The current URL.
    package func currentURL() async throws -> String {
        try await command(.GET, "/url").stringValue ?? ""
    }

    /// The document's title.
    package func title() async throws -> String {
        try await command(.GET, "/title").stringValue ?? ""
    }

    /// Goes back in history.
    package func back() async throws {
        _ = try await command(.POST, "/back", body: [:])
    }

    // MARK: Elements

    /// The first element matching a CSS selector, waiting up to the implicit timeout for it to appear.
    package func element(_ selector: String) async throws -> Element {
        let found = try await command(.POST, "/element", body: ["using": "css selector", "value": .string(selector)])
        return try element(from: found)
    }

    /// Every element matching a CSS selector now (an empty array after the implicit timeout when there is none).
    package func elements(_ selector: String) async throws -> [Element] {
        let found = try await command(.POST, "/elements", body: ["using": "css selector", "value": .string(selector)])
        return try (found.arrayValue ?? []).map { try element(from: $0) }
    }

    /// Waits for a dashboard page to finish rendering: `main[aria-busy="false"][data-page="name"]` plus `extra`
    /// (more attribute selectors, e.g. `[data-object-id="…"]`).
    @discardableResult
    package func waitForPage(_ name: String, _ extra: String = "") async throws -> Element {
        try await element(#"main[aria-busy="false"][data-page="\#(name)"]\#(extra)"#)
    }

    fileprivate func element(from value: JSONValue) throws -> Element {
        guard let identifier = value.objectValue?["element-6066-11e4-a52e-4f735466cecf"]?.stringValue else {
            throw WebDriverError.unexpectedAnswer("element look-up", value.serializedString())
        }
        return Element(session: self, identifier: identifier)
    }

    /// Presses and releases keys on whatever has the focus (W3C actions), as a keyboard user would.
    package func press(_ keys: String...) async throws {
        var actions: [JSONValue] = []
        for key in keys {
            actions.append(["type": "keyDown", "value": .string(key)])
            actions.append(["type": "keyUp", "value": .string(key)])
        }
        _ = try await command(.POST, "/actions", body: ["actions": [["type": "key", "id": "keyboard", "actions": .array(actions)]]])
    }

    // MARK: Scripts, cookies, logs, screenshots

    /// Runs JavaScript in the page (as a function body; `arguments[0]`… are `arguments`) and returns its result.
    @discardableResult
    package func execute(_ script: String, arguments: [JSONValue] = []) async throws -> JSONValue {
        try await command(.POST, "/execute/sync", body: ["script": .string(script), "args": .array(arguments)])
    }

    /// Runs asynchronous JavaScript: the script calls `arguments[arguments.length - 1](result)` when done.
    @discardableResult
    package func executeAsync(_ script: String, arguments: [JSONValue] = []) async throws -> JSONValue {
        try await command(.POST, "/execute/async", body: ["script": .string(script), "args": .array(arguments)])
    }

    /// The cookies of the current page's origin as name → value (HttpOnly ones included).
    package func cookies() async throws -> [String: String] {
        var cookies: [String: String] = [:]
        for cookie in try await command(.GET, "/cookie").arrayValue ?? [] {
            if let name = cookie.objectValue?["name"]?.stringValue, let value = cookie.objectValue?["value"]?.stringValue {
                cookies[name] = value
            }
        }
        return cookies
    }

    /// Deletes a cookie of the current page's origin (to end a session behind the app's back).
    package func deleteCookie(_ name: String) async throws {
        _ = try await command(.DELETE, "/cookie/\(name)")
    }

    /// The browser console's entries since the previous call (chromedriver's log endpoint; `goog:loggingPrefs`).
    package func browserLog() async throws -> [LogEntry] {
        let entries = try await command(.POST, "/se/log", body: ["type": "browser"]).arrayValue ?? []
        return entries.compactMap { entry in
            guard let object = entry.objectValue else { return nil }
            return LogEntry(
                level: object["level"]?.stringValue ?? "", source: object["source"]?.stringValue ?? "",
                message: object["message"]?.stringValue ?? "")
        }
    }

    /// The errors of the browser console since the previous call: every `SEVERE` entry.
    package func consoleErrors() async throws -> [LogEntry] {
        try await browserLog().filter { $0.level == "SEVERE" }
    }

    /// A PNG screenshot of the viewport.
    package func screenshot() async throws -> Data {
        let encoded = try await command(.GET, "/screenshot").stringValue ?? ""
        guard let data = Data(base64Encoded: encoded) else {
            throw WebDriverError.unexpectedAnswer("screenshot", String(encoded.prefix(100)))
        }
        return data
    }

    /// Saves a PNG screenshot of the viewport to a file (creating its folder).
    package func saveScreenshot(to file: URL) async throws {
        let data = try await screenshot()
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
    }

    /// Resizes the window (CSS pixels).
    package func resize(width: Int, height: Int) async throws {
        _ = try await command(.POST, "/window/rect", body: ["width": .integer(Int64(width)), "height": .integer(Int64(height))])
    }

    func setTimeouts(implicitMilliseconds: Int) async throws {
        _ = try await command(
            .POST, "/timeouts",
            body: [
                "implicit": .integer(Int64(implicitMilliseconds)), "pageLoad": 60_000, "script": 30_000,
            ])
    }

    /// Closes the browser and removes its profile (errors ignored: this is cleanup).
    package func quit() async {
        _ = try? await Self.send(.DELETE, url, body: nil)
        try? FileManager.default.removeItem(at: profile)
    }

    // MARK: Protocol

    func command(_ method: HTTPMethod, _ path: String, body: JSONValue? = nil) async throws -> JSONValue {
        try await Self.send(method, url + path, body: body)
    }

    /// Sends one WebDriver command and returns its `value` (throws the W3C error when the status is not 200).
    static func send(_ method: HTTPMethod, _ address: String, body: JSONValue?) async throws -> JSONValue {
        var request = HTTPClientRequest(url: address)
        request.method = method
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json; charset=utf-8")
            request.body = .bytes(ByteBuffer(bytes: body.serializedBytes()))
        }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(120))
        let bytes = try await response.body.collect(upTo: 64 * 1024 * 1024)
        let text = String(buffer: bytes)
        let value = (try? JSONValue(parsing: text))?.objectValue?["value"] ?? .null
        guard response.status == .ok else {
            throw WebDriverError.command(
                method: method.rawValue, url: address, status: Int(response.status.code),
                error: value.objectValue?["error"]?.stringValue ?? "", message: value.objectValue?["message"]?.stringValue ?? text)
        }
        return value
    }
}

/// Special keys of the WebDriver `value` command.
package enum WebDriverKey {
    package static let enter = "\u{E007}"
    package static let tab = "\u{E004}"
    package static let escape = "\u{E00C}"
    package static let space = "\u{E00D}"
    package static let arrowDown = "\u{E015}"
}
