package import Testing

/// Records a test issue naming an unexpected call, and stops the code under test
/// (docs/style.md#a-fake-that-fails-loudly).
package struct UnexpectedCall: Error, CustomStringConvertible {
    package let description: String

    /// Records the issue at the caller's location and returns the error to throw.
    package init(_ name: String, _ argument: some Sendable, sourceLocation: SourceLocation = #_sourceLocation) {
        description = "Unexpected call to \(name) with \(argument)"
        Issue.record(Comment(rawValue: description), sourceLocation: sourceLocation)
    }
}
