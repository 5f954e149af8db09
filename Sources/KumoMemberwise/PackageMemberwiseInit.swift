/// Gives a struct the memberwise initializer Swift would synthesise, at `package` access instead of `internal`, so other
/// modules of the package (and their tests, which never use `@testable import`) can build the value.
///
/// The generated `package init` takes every stored property in declaration order, labelled with the property's name:
/// - a `let` with an initial value is not a parameter (it is always that value);
/// - a `var` with an initial value becomes a parameter defaulted to that value;
/// - an optional `var` without an initial value becomes a parameter defaulted to `nil`;
/// - computed and `static` properties are skipped; a closure-typed property becomes an `@escaping` parameter.
///
/// Every stored property needs a type annotation. The macro applies to structs only; anything else (or a property it
/// cannot read, such as a tuple pattern or a `lazy var`) is an error at the attribute, not a silent gap. Write the
/// initializer by hand when it does more than copy its parameters (docs/style.md#memberwise-initializers).
@attached(member, names: named(init))
public macro PackageMemberwiseInit() = #externalMacro(module: "KumoMacros", type: "PackageMemberwiseInitMacro")
