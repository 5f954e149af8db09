import SwiftCompilerPlugin
public import SwiftSyntaxMacros

/// The compiler plugin that serves the package's macros (docs/decisions/0171-package-memberwise-init-macro.md).
@main
struct KumoMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [PackageMemberwiseInitMacro.self]
}
