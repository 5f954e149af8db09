public import Foundation

/// What an ``NCMBMockTransport`` answers to a request: a response, or a network failure.
///
/// ```swift
/// transport.expect(.create(className: "GameScore"), reply: .created(objectId: "score1"))
/// transport.expect(.find(className: "GameScore"), reply: .results([#"{"objectId":"score1","points":42}"#]))
/// transport.expect(.get(className: "GameScore", objectId: "gone"), reply: .error(404, code: "E404001", message: "No data available."))
/// transport.expect(.logIn, reply: .failure(URLError(.notConnectedToInternet)))
/// ```
public struct NCMBMockReply: Sendable {
    /// The answer.
    enum Answer: Sendable {
        case response(status: Int, body: Data)
        case failure(any Error)
    }

    let answer: Answer

    /// A response with `status` and `body` as it is, e.g. a file's bytes.
    ///
    /// - Parameters:
    ///   - status: The HTTP status.
    ///   - body: The body's bytes.
    public static func data(_ status: Int, _ body: Data) -> NCMBMockReply {
        NCMBMockReply(answer: .response(status: status, body: body))
    }

    /// A response whose body is JSON text, e.g. `#"{"objectId":"a1","points":42}"#`.
    ///
    /// - Parameters:
    ///   - status: The HTTP status.
    ///   - text: The body.
    public static func json(_ status: Int, _ text: String) -> NCMBMockReply {
        .data(status, Data(text.utf8))
    }

    /// A 200 response whose body is JSON text, e.g. `#"{"objectId":"a1","points":42}"#`.
    ///
    /// - Parameter text: The body.
    public static func json(_ text: String) -> NCMBMockReply {
        .json(200, text)
    }

    /// A response without a body, as a delete or a logout answers.
    ///
    /// - Parameter status: The HTTP status. Defaults to 200.
    public static func empty(_ status: Int = 200) -> NCMBMockReply {
        .data(status, Data())
    }

    /// The answer to a create: 201 with the objectId and a creation date.
    ///
    /// - Parameters:
    ///   - objectId: The objectId the server assigns.
    ///   - createDate: The creation date as ISO 8601 text. Defaults to `2013-08-28T11:27:16.446Z`.
    public static func created(objectId: String, createDate: String = "2013-08-28T11:27:16.446Z") -> NCMBMockReply {
        .json(201, #"{"objectId":"\#(objectId)","createDate":"\#(createDate)"}"#)
    }

    /// The answer to an update: 200 with the update date.
    ///
    /// - Parameter updateDate: The update date as ISO 8601 text. Defaults to `2013-08-28T11:27:16.446Z`.
    public static func updated(updateDate: String = "2013-08-28T11:27:16.446Z") -> NCMBMockReply {
        .json(200, #"{"updateDate":"\#(updateDate)"}"#)
    }

    /// The answer to a query: 200 with `results` made of the given objects, each JSON text.
    ///
    /// - Parameter objects: The objects, e.g. `#"{"objectId":"a1","points":42}"#`.
    public static func results(_ objects: [String]) -> NCMBMockReply {
        .json(200, #"{"results":["# + objects.joined(separator: ",") + "]}")
    }

    /// The answer to a count: 200 with `count` and no results.
    ///
    /// - Parameter count: The number of matching objects.
    public static func count(_ count: Int) -> NCMBMockReply {
        .json(200, #"{"count":\#(count),"results":[]}"#)
    }

    /// An NCMB error response, e.g. `.error(404, code: "E404001", message: "No data available.")`.
    ///
    /// - Parameters:
    ///   - status: The HTTP status.
    ///   - code: The NCMB error code.
    ///   - message: The message.
    public static func error(_ status: Int, code: String, message: String) -> NCMBMockReply {
        let escaped = message.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return .json(status, #"{"code":"\#(code)","error":"\#(escaped)"}"#)
    }

    /// No response: the transport throws `error`, as a network failure does (e.g. `URLError(.timedOut)`).
    ///
    /// - Parameter error: The error the SDK call fails with.
    public static func failure(_ error: any Error) -> NCMBMockReply {
        NCMBMockReply(answer: .failure(error))
    }
}
