import KumoMacros
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// The expansion of `@PackageMemberwiseInit`: Swift's memberwise rules at `package` access, and errors, not gaps.
@Suite struct PackageMemberwiseInitMacroTests {
    @Test func copiesEveryStoredPropertyInDeclarationOrder() {
        expect(
            """
            @PackageMemberwiseInit
            public struct Account {
                package let identifier: String
                package var name: String
                package let roles: [String: Int]
            }
            """,
            expandsTo: """
                public struct Account {
                    package let identifier: String
                    package var name: String
                    package let roles: [String: Int]

                    package init(identifier: String, name: String, roles: [String: Int]) {
                        self.identifier = identifier
                        self.name = name
                        self.roles = roles
                    }
                }
                """)
    }

    @Test func skipsComputedStaticAndInitialisedConstantProperties() {
        expect(
            """
            @PackageMemberwiseInit
            struct Limits {
                static let standard = 1
                let kind = "limits"
                var count: Int
                var doubled: Int { count * 2 }
                var twice: Int {
                    get { count * 2 }
                }
            }
            """,
            expandsTo: """
                struct Limits {
                    static let standard = 1
                    let kind = "limits"
                    var count: Int
                    var doubled: Int { count * 2 }
                    var twice: Int {
                        get { count * 2 }
                    }

                    package init(count: Int) {
                        self.count = count
                    }
                }
                """)
    }

    @Test func defaultsInitialisedAndOptionalVariables() {
        expect(
            """
            @PackageMemberwiseInit
            struct Options {
                var limit: Int = 10
                var cursor: String?
                var total: Optional<Int>
                let hint: String?
                var observed: Int = 0 {
                    didSet { print(observed) }
                }
            }
            """,
            expandsTo: """
                struct Options {
                    var limit: Int = 10
                    var cursor: String?
                    var total: Optional<Int>
                    let hint: String?
                    var observed: Int = 0 {
                        didSet { print(observed) }
                    }

                    package init(limit: Int = 10, cursor: String? = nil, total: Optional<Int> = nil, hint: String?, observed: Int = 0) {
                        self.limit = limit
                        self.cursor = cursor
                        self.total = total
                        self.hint = hint
                        self.observed = observed
                    }
                }
                """)
    }

    @Test func makesClosureParametersEscapingAndSplitsMultipleBindings() {
        expect(
            """
            @PackageMemberwiseInit
            struct Hooks {
                let run: @Sendable (Int) async throws -> String
                let done: (() -> Void)?
                var first, second: Int
            }
            """,
            expandsTo: """
                struct Hooks {
                    let run: @Sendable (Int) async throws -> String
                    let done: (() -> Void)?
                    var first, second: Int

                    package init(run: @escaping @Sendable (Int) async throws -> String, done: (() -> Void)?, first: Int, second: Int) {
                        self.run = run
                        self.done = done
                        self.first = first
                        self.second = second
                    }
                }
                """)
    }

    @Test func anEmptyStructGetsAnEmptyInitializer() {
        expect(
            "@PackageMemberwiseInit struct Nothing {}",
            expandsTo: """
                struct Nothing {

                    package init() {

                    }
                }
                """)
    }

    @Test func refusesTypesOtherThanStructs() {
        for declaration in ["class Box {}", "enum Choice {}", "actor Counter {}"] {
            expect(
                "@PackageMemberwiseInit \(declaration)",
                expandsTo: declaration,
                diagnostics: [
                    DiagnosticSpec(
                        message: "@PackageMemberwiseInit applies to structs only: write the initializer of this type by hand",
                        line: 1, column: 1)
                ])
        }
    }

    @Test func refusesPropertiesWithoutTypeAnnotation() {
        expect(
            """
            @PackageMemberwiseInit
            struct Guess {
                var count = 0
            }
            """,
            expandsTo: """
                struct Guess {
                    var count = 0
                }
                """,
            diagnostics: [
                DiagnosticSpec(message: "@PackageMemberwiseInit needs a type annotation on stored property 'count'", line: 3, column: 9)
            ])
    }

    @Test func refusesLazyPropertiesAndTuplePatterns() {
        expect(
            """
            @PackageMemberwiseInit
            struct Odd {
                lazy var cache: Int = 0
                let (x, y): (Int, Int)
            }
            """,
            expandsTo: """
                struct Odd {
                    lazy var cache: Int = 0
                    let (x, y): (Int, Int)
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@PackageMemberwiseInit does not support 'lazy' properties: write the initializer by hand", line: 3,
                    column: 5),
                DiagnosticSpec(
                    message: "@PackageMemberwiseInit needs one name per stored property, not a tuple pattern", line: 4, column: 9),
            ])
    }

    private func expect(
        _ source: String, expandsTo expanded: String, diagnostics: [DiagnosticSpec] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        assertMacroExpansion(
            source, expandedSource: expanded, diagnostics: diagnostics,
            macroSpecs: ["PackageMemberwiseInit": MacroSpec(type: PackageMemberwiseInitMacro.self)],
            failureHandler: { failure in Issue.record(Comment(rawValue: failure.message), sourceLocation: sourceLocation) })
    }
}
