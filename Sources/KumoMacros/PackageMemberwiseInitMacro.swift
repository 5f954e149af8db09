import SwiftDiagnostics
public import SwiftSyntax
import SwiftSyntaxBuilder
public import SwiftSyntaxMacros

/// The expansion of `@PackageMemberwiseInit` (declared in `KumoMemberwise`): a `package init` that copies one parameter
/// per stored property, in declaration order, with the defaults Swift's own memberwise initializer would give.
public struct PackageMemberwiseInitMacro: MemberMacro {
    /// The initializer of the attached struct, or nothing and an error for each declaration it cannot read.
    public static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard declaration.is(StructDeclSyntax.self) else {
            context.diagnose(Diagnostic(node: node, message: MemberwiseInitDiagnostic.notAStruct))
            return []
        }
        var properties: [StoredProperty] = []
        var readable = true
        for member in declaration.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            switch StoredProperty.read(variable) {
            case .success(let found):
                properties += found
            case .failure(let problem):
                context.diagnose(Diagnostic(node: problem.node, message: problem.message))
                readable = false
            }
        }
        guard readable else { return [] }
        return [initializer(for: properties)]
    }

    /// `package init(a: A, b: B = value) { self.a = a; self.b = b }`, one statement per line.
    static func initializer(for properties: [StoredProperty]) -> DeclSyntax {
        let parameters = properties.map(\.parameter).joined(separator: ", ")
        let assignments = properties.map { "    self.\($0.name) = \($0.name)" }.joined(separator: "\n")
        return DeclSyntax(stringLiteral: "package init(\(parameters)) {\n\(assignments)\n}")
    }
}

/// One stored property that becomes a parameter of the memberwise initializer.
struct StoredProperty {
    let name: String
    let type: TypeSyntax
    let defaultValue: String?

    /// `name: Type` or `name: Type = default`; closure types are `@escaping`, as a stored closure escapes.
    var parameter: String {
        let escaping = Self.isFunctionType(type) ? "@escaping " : ""
        let written = "\(name): \(escaping)\(type.trimmedDescription)"
        guard let defaultValue else { return written }
        return "\(written) = \(defaultValue)"
    }

    /// A problem that stops the expansion, reported at the part of the declaration that causes it.
    struct Problem: Error {
        let node: Syntax
        let message: MemberwiseInitDiagnostic
    }

    /// The parameters a property declaration contributes: none for static and computed properties or a `let` with an
    /// initial value, one per binding otherwise (`var a, b: Int` declares two, both typed by the last annotation).
    static func read(_ variable: VariableDeclSyntax) -> Result<[StoredProperty], Problem> {
        let modifiers = variable.modifiers.map(\.name.tokenKind)
        if modifiers.contains(.keyword(.static)) || modifiers.contains(.keyword(.class)) { return .success([]) }
        if modifiers.contains(.keyword(.lazy)) {
            return .failure(Problem(node: Syntax(variable), message: .lazyProperty))
        }
        let isConstant = variable.bindingSpecifier.tokenKind == .keyword(.let)
        let bindings = Array(variable.bindings)
        var found: [StoredProperty] = []
        for (index, binding) in bindings.enumerated() {
            if let accessors = binding.accessorBlock, !isObserversOnly(accessors) { continue }
            guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self) else {
                return .failure(Problem(node: Syntax(binding.pattern), message: .unsupportedPattern))
            }
            let initialValue = binding.initializer?.value.trimmedDescription
            if isConstant && initialValue != nil { continue }
            let typeAnnotation =
                binding.typeAnnotation ?? (initialValue == nil ? bindings[index...].lazy.compactMap(\.typeAnnotation).first : nil)
            guard let type = typeAnnotation?.type else {
                return .failure(Problem(node: Syntax(binding.pattern), message: .missingType(identifier.identifier.text)))
            }
            let defaultValue = initialValue ?? (!isConstant && isOptional(type) ? "nil" : nil)
            found.append(StoredProperty(name: identifier.identifier.text, type: type, defaultValue: defaultValue))
        }
        return .success(found)
    }

    /// `willSet`/`didSet` observe a stored property; any other accessor makes it computed.
    static func isObserversOnly(_ accessors: AccessorBlockSyntax) -> Bool {
        guard case .accessors(let list) = accessors.accessors else { return false }
        return list.allSatisfy { [.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind) }
    }

    /// `T?`, `T!` and `Optional<T>`: the types whose `var`s Swift defaults to `nil`.
    static func isOptional(_ type: TypeSyntax) -> Bool {
        if type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return true }
        return type.as(IdentifierTypeSyntax.self)?.name.text == "Optional"
    }

    /// A function type, possibly behind attributes such as `@Sendable`: the parameter must be `@escaping`.
    static func isFunctionType(_ type: TypeSyntax) -> Bool {
        if let attributed = type.as(AttributedTypeSyntax.self) { return isFunctionType(attributed.baseType) }
        return type.is(FunctionTypeSyntax.self)
    }
}

/// Why `@PackageMemberwiseInit` cannot expand; each is an error at the attribute or the property concerned.
enum MemberwiseInitDiagnostic: DiagnosticMessage {
    case notAStruct
    case lazyProperty
    case unsupportedPattern
    case missingType(String)

    var message: String {
        switch self {
        case .notAStruct:
            "@PackageMemberwiseInit applies to structs only: write the initializer of this type by hand"
        case .lazyProperty:
            "@PackageMemberwiseInit does not support 'lazy' properties: write the initializer by hand"
        case .unsupportedPattern:
            "@PackageMemberwiseInit needs one name per stored property, not a tuple pattern"
        case .missingType(let name):
            "@PackageMemberwiseInit needs a type annotation on stored property '\(name)'"
        }
    }

    var diagnosticID: MessageID {
        let id: String
        switch self {
        case .notAStruct: id = "notAStruct"
        case .lazyProperty: id = "lazyProperty"
        case .unsupportedPattern: id = "unsupportedPattern"
        case .missingType: id = "missingType"
        }
        return MessageID(domain: "KumoMacros", id: id)
    }

    var severity: DiagnosticSeverity { .error }
}
