#!/usr/bin/env python3
"""Checks that docs/openapi.yaml documents exactly the routes of Kumo's route table.

Usage: python3 .ci/check-openapi.py [--list] [--root DIR]

Exit status: 0 when every declared route is one operation of the document and every operation is a declared route
(with `x-kumo-route` equal to the route's label and a unique `operationId`); 1 when they disagree, with the
differences listed; 2 when a source cannot be read (a route declaration of a shape this script does not know, a
document that breaks the layout rule below). Standard library only.

How the routes are found (SDK/Sources/NCMBWire/Routing/*.swift, comments stripped):

1. Every `RouteDeclaration(` call is read: method (`.get`…), path (the part after the version segment), `name:`
   (the route label) and `version:` (the API version by default; the values of `apiVersion` / `scriptVersion` come
   from `static let …Version = "…"`). Calls come in three shapes, and any other shape is an error (exit 2), so a new
   way of declaring routes cannot be skipped silently:
   - all literal: `static let x = RouteDeclaration(.post, "files/{fileName}", name: "files.upload", …)`;
   - a helper taking the method: `private static func script(_ method: RequestMethod, …) -> RouteDeclaration`
     whose body calls `RouteDeclaration(method, "script/{name}", name: …)`, used as `static let y = script(.get, …)`;
   - the object operations: `ObjectOperation.declaration(on collection: ObjectCollection)`, whose cases return
     `RouteDeclaration(.post, collection.path | objectPath, name: name …)` for every `ObjectCollection` case, with
     `path` and `endpointGroup` read from `ObjectCollection` and `objectPath = collection.path + "/{objectId}"`.
2. Only declarations in the route table count: the table is `RouteTable(<Type>.declarations)`; a
   `static let declarations: [RouteDeclaration] = …` initializer contributes the declarations it names (`.login`),
   the `declarations` of other types it names (`FileRoute.declarations`), and all object declarations when it maps
   `RouteDeclaration.object` over `allCases`. A declaration outside the table is reported as a note.

How the document is read (no YAML library): line by line under the column-0 `paths:` key. Path keys sit at exactly
2 spaces of indentation, methods at exactly 4, and `operationId:` / `x-kumo-route:` at exactly 6 inside a method;
keys may be plain or quoted. Anchors, aliases, tabs and flow-style mappings at those levels are refused (exit 2).
"""

import argparse
import os
import re
import sys

METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


class SourceError(Exception):
    """A source this script cannot read with confidence."""


# ---------------------------------------------------------------------------------------------------- Swift reading


def strip_comments(text):
    """Removes // and /* */ comments, keeping string literals and line structure (for line numbers)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        if text.startswith('"""', i):
            end = text.find('"""', i + 3)
            end = n if end < 0 else end + 3
            out.append(text[i:end])
            i = end
        elif text[i] == '"':
            j = i + 1
            while j < n and text[j] != '"' and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(text[i : j + 1])
            i = j + 1
        elif text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out.append("\n" * text.count("\n", i, end))
            i = end
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def balanced(text, start, open_char="(", close_char=")"):
    """The index just after the bracket closing the one at `start`, skipping string literals."""
    depth = 0
    i = start
    while i < len(text):
        c = text[i]
        if c == '"':
            j = i + 1
            while j < len(text) and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            i = j + 1
            continue
        if c == open_char:
            depth += 1
        elif c == close_char:
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise SourceError("unbalanced %r" % open_char)


def split_arguments(text):
    """Top-level comma-separated arguments of an argument list (without the parentheses)."""
    parts, depth, current, i = [], 0, [], 0
    while i < len(text):
        c = text[i]
        if c == '"':
            j = i + 1
            while j < len(text) and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            current.append(text[i : j + 1])
            i = j + 1
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        if c == "," and depth == 0:
            parts.append("".join(current).strip())
            current = []
        else:
            current.append(c)
        i += 1
    if "".join(current).strip():
        parts.append("".join(current).strip())
    return parts


def string_literal(expression):
    match = re.fullmatch(r'"((?:[^"\\]|\\.)*)"', expression.strip())
    return match.group(1) if match else None


class Source:
    """One Swift file, comments stripped."""

    def __init__(self, path, root):
        self.path = os.path.relpath(path, root)
        with open(path, encoding="utf-8") as handle:
            self.text = strip_comments(handle.read())

    def line(self, offset):
        return self.text.count("\n", 0, offset) + 1

    def where(self, offset):
        return "%s:%d" % (self.path, self.line(offset))

    def owner(self, offset):
        """The type whose top-level declaration or extension (at column 0) encloses `offset`."""
        owner = None
        for match in re.finditer(
            r"^(?:(?:package|public|private|fileprivate|internal|final)\s+)*(?:enum|struct|class|extension)\s+(\w+)",
            self.text[:offset],
            re.M,
        ):
            owner = match.group(1)
        return owner


class Call:
    """One `RouteDeclaration(` call."""

    def __init__(self, source, offset, arguments):
        self.source = source
        self.offset = offset
        self.arguments = arguments
        self.positional = [a for a in arguments if not re.match(r"^\w+\s*:", a)]
        self.labeled = {}
        for argument in arguments:
            match = re.match(r"^(\w+)\s*:\s*(.*)$", argument, re.S)
            if match:
                self.labeled[match.group(1)] = match.group(2).strip()

    @property
    def where(self):
        return self.source.where(self.offset)


def read_routes(root):
    """The route table: a list of (METHOD, path, label, declaration name), and notes."""
    directory = os.path.join(root, "SDK", "Sources", "NCMBWire", "Routing")
    if not os.path.isdir(directory):
        raise SourceError("no route table directory %s" % directory)
    sources = [Source(os.path.join(directory, f), root) for f in sorted(os.listdir(directory)) if f.endswith(".swift")]
    everything = "\n".join(s.text for s in sources)

    versions = dict(re.findall(r'static\s+let\s+(\w*[Vv]ersion)\s*=\s*"([^"]+)"', everything))
    default_match = re.search(r"version:\s*String\s*=\s*\w+\.(\w+)", everything)
    if not default_match or default_match.group(1) not in versions:
        raise SourceError("cannot find the default version of RouteDeclaration.init (version: String = …)")
    default_version = versions[default_match.group(1)]

    def version_of(call):
        expression = call.labeled.get("version")
        if expression is None:
            return default_version
        literal = string_literal(expression)
        if literal is not None:
            return literal
        name = expression.split(".")[-1]
        if name not in versions:
            raise SourceError("%s: unknown version %s" % (call.where, expression))
        return versions[name]

    def method_of(expression):
        match = re.fullmatch(r"\.(get|post|put|delete)", expression.strip())
        return match.group(1).upper() if match else None

    def pattern(version, path):
        return "/" + "/".join([version] + [p for p in path.split("/") if p])

    calls = []
    for source in sources:
        for match in re.finditer(r"\bRouteDeclaration\(", source.text):
            start = match.end() - 1
            end = balanced(source.text, start)
            calls.append(Call(source, match.start(), split_arguments(source.text[start + 1 : end - 1])))
    if not calls:
        raise SourceError("no RouteDeclaration( call in %s" % directory)

    named = {}  # declaration name -> (METHOD, path, label)
    objects = []  # (METHOD, path, label, name)
    for call in calls:
        if len(call.positional) < 2 or "name" not in call.labeled:
            raise SourceError("%s: RouteDeclaration( without method, path and name:" % call.where)
        method_expression, path_expression = call.positional[0], call.positional[1]
        method = method_of(method_expression)
        path = string_literal(path_expression)
        label = string_literal(call.labeled["name"])
        before = call.source.text[: call.offset]
        binding = re.search(r"static\s+let\s+(\w+)\s*=\s*$", before)

        if method and path is not None and label is not None:
            # Shape 1: all literal.
            if not binding:
                raise SourceError("%s: a literal RouteDeclaration( that is not `static let name = …`" % call.where)
            named[binding.group(1)] = (method, pattern(version_of(call), path), label)
        elif method is None and path is not None and label is not None:
            # Shape 2: a helper taking the method.
            helper = None
            for match in re.finditer(r"static\s+func\s+(\w+)\s*\(\s*_\s+(\w+)\s*:\s*RequestMethod", before):
                helper = match
            if not helper or helper.group(2) != method_expression.strip():
                raise SourceError("%s: RouteDeclaration( with method %r outside a helper taking it" % (call.where, method_expression))
            uses = re.findall(r"static\s+let\s+(\w+)\s*=\s*%s\(\s*\.(get|post|put|delete)\b" % re.escape(helper.group(1)), everything)
            if not uses:
                raise SourceError("%s: helper %s is never used" % (call.where, helper.group(1)))
            for name, used_method in uses:
                named[name] = (used_method.upper(), pattern(version_of(call), path), label)
        else:
            # Shape 3: the object operations.
            objects.extend(read_object_declarations(call, everything, version_of(call), pattern))

    # The table.
    table_match = re.search(r"RouteTable\(\s*(\w+)\.declarations\s*\)", everything)
    if not table_match:
        raise SourceError("cannot find the route table: RouteTable(<Type>.declarations)")
    lists = {}
    for source in sources:
        for match in re.finditer(r"static\s+let\s+declarations\s*:\s*\[RouteDeclaration\]\s*=", source.text):
            body = initializer(source.text, match.end())
            owner = source.owner(match.start())
            lists[owner] = body
    root_owner = table_match.group(1)
    if root_owner not in lists:
        raise SourceError("cannot find %s.declarations" % root_owner)

    members, object_members, seen, unknown = set(), False, set(), []

    def collect(owner):
        nonlocal object_members
        if owner in seen:
            return
        seen.add(owner)
        body = lists[owner]
        if "RouteDeclaration.object" in body and ".allCases" in body:
            object_members = True
        for other in re.findall(r"\b(\w+)\.declarations\b", body):
            if other not in lists:
                raise SourceError("%s.declarations names %s.declarations, which was not found" % (owner, other))
            collect(other)
        for bracket in re.finditer(r"\[", body):
            inner = body[bracket.start() + 1 : balanced(body, bracket.start(), "[", "]") - 1]
            for name in re.findall(r"(?<![\w)])\.(\w+)", inner):
                if name in named:
                    members.add(name)
                elif name not in ("allCases", "declarations", "object", "flatMap", "map"):
                    unknown.append("%s.declarations names .%s, which is no route declaration" % (owner, name))

    collect(root_owner)
    if unknown:
        raise SourceError("; ".join(unknown))
    notes = ["declaration %s (%s %s) is not in the route table" % (n, *named[n][:2]) for n in sorted(set(named) - members)]
    routes = [(m, p, l, n) for n, (m, p, l) in named.items() if n in members]
    if object_members:
        routes.extend(objects)
    elif objects:
        notes.append("the object declarations are not in the route table")
    keys = [(m, p) for m, p, _, _ in routes]
    duplicates = sorted({k for k in keys if keys.count(k) > 1})
    if duplicates:
        raise SourceError("routes declared twice: " + ", ".join("%s %s" % d for d in duplicates))
    return sorted(routes, key=lambda r: (r[1], r[0])), notes


def initializer(text, start):
    """The expression of `static let x: T =` starting at `start`: up to the end of the line where its brackets are
    balanced and the next non-blank line does not continue it (`+ …`, `.map …`)."""
    depth, i = 0, start
    while i < len(text):
        c = text[i]
        if c == '"':
            j = i + 1
            while j < len(text) and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            i = j + 1
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == "\n" and depth <= 0 and text[start:i].strip():
            rest = text[i:].lstrip()
            if not text[start:i].rstrip().endswith(("=", "+", ",")) and not rest.startswith(("+", ".")):
                return text[start:i]
        i += 1
    return text[start:]


def read_object_declarations(call, everything, version, pattern):
    """Shape 3: `RouteDeclaration(.m, collection.path | objectPath, name: name …)` inside
    `func declaration(on collection: ObjectCollection)`, one per `ObjectOperation` case, for every collection."""
    text = call.source.text
    before = text[: call.offset]
    function = None
    for match in re.finditer(r"func\s+declaration\s*\(\s*on\s+(\w+)\s*:\s*(\w+)\s*\)", before):
        function = match
    if not function:
        raise SourceError("%s: RouteDeclaration( with a computed path outside `func declaration(on:)`" % call.where)
    variable, collection_type = function.group(1), function.group(2)
    case = None
    for match in re.finditer(r"case\s+\.(\w+)\s*:\s*(?:return\s+)?$", before, re.M):
        case = match
    if not case or case.start() < function.start():
        raise SourceError("%s: cannot find the operation case of this declaration" % call.where)
    operation = case.group(1)
    method = re.fullmatch(r"\.(get|post|put|delete)", call.positional[0].strip())
    if not method:
        raise SourceError("%s: object declaration without a literal method" % call.where)
    function_text = before[function.start() :]
    path_expression = call.positional[1].strip()
    suffix = None
    if path_expression == variable + ".path":
        suffix = ""
    else:
        local = re.search(r"let\s+%s\s*=\s*%s\.path\s*\+\s*\"([^\"]*)\"" % (re.escape(path_expression), re.escape(variable)), function_text)
        if not local:
            raise SourceError("%s: cannot read path %r" % (call.where, path_expression))
        suffix = local.group(1)
    name_expression = call.labeled["name"]
    name_match = re.search(
        r"let\s+%s\s*=\s*%s\.(\w+)\s*\+\s*\"([^\"]*)\"\s*\+\s*rawValue" % (re.escape(name_expression), re.escape(variable)), function_text)
    if not name_match:
        raise SourceError("%s: cannot read label %r" % (call.where, name_expression))
    group_property, separator = name_match.group(1), name_match.group(2)

    enum_match = re.search(r"enum\s+%s\s*:[^{]*\{" % re.escape(collection_type), everything)
    if not enum_match:
        raise SourceError("cannot find enum %s" % collection_type)
    enum_body = everything[enum_match.end() - 1 : balanced(everything, enum_match.end() - 1, "{", "}")]
    cases = []
    for match in re.finditer(r"^\s*case\s+(\w+)(?:\s*=\s*\"([^\"]*)\")?\s*$", enum_body, re.M):
        cases.append((match.group(1), match.group(2) or match.group(1)))
    if not cases:
        raise SourceError("enum %s has no cases" % collection_type)

    def computed(property_name):
        match = re.search(
            r"var\s+%s\s*:\s*String\s*\{\s*self\s*==\s*\.(\w+)\s*\?\s*\"([^\"]+)\"\s*:\s*rawValue\s*\}" % re.escape(property_name), enum_body)
        if match:
            return lambda case_name, raw: match.group(2) if case_name == match.group(1) else raw
        if re.search(r"var\s+%s\s*:\s*String\s*\{\s*rawValue\s*\}" % re.escape(property_name), enum_body):
            return lambda case_name, raw: raw
        raise SourceError("cannot read %s.%s" % (collection_type, property_name))

    path_of, group_of = computed("path"), computed(group_property)
    routes = []
    for case_name, raw in cases:
        label = group_of(case_name, raw) + separator + operation
        routes.append((method.group(1).upper(), pattern(version, path_of(case_name, raw) + suffix), label,
                       "object(.%s, on: .%s)" % (operation, case_name)))
    return routes


# ---------------------------------------------------------------------------------------------------- YAML reading


def unquote(text):
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        inner = text[1:-1]
        return inner.replace("''", "'") if text[0] == "'" else re.sub(r"\\(.)", r"\1", inner)
    return text


def read_document(path):
    """The operations of the document: {(METHOD, path): {"operationId": …, "x-kumo-route": …, "line": n}}."""
    if not os.path.isfile(path):
        raise SourceError("no document %s" % path)
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().split("\n")
    operations, current_path, current = {}, None, None
    in_paths = False
    for number, raw in enumerate(lines, 1):
        line = raw.rstrip()
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if "\t" in line[: len(line) - len(line.lstrip())]:
            raise SourceError("%s:%d: tab in indentation" % (path, number))
        indent = len(line) - len(line.lstrip(" "))
        if indent == 0:
            in_paths = re.fullmatch(r"paths:\s*", line) is not None
            if re.fullmatch(r"paths:\s*\S.*", line):
                raise SourceError("%s:%d: `paths:` must be a block mapping" % (path, number))
            current_path = current = None
            continue
        if not in_paths:
            continue
        content = line.strip()
        if indent == 2:
            match = re.fullmatch(r"(\"[^\"]*\"|'[^']*'|[^\s\"'#&*!{\[][^#]*?):(\s+(.*))?", content)
            if not match or (match.group(3) or "").strip():
                raise SourceError("%s:%d: a path key must be `  /path:` on a line of its own" % (path, number))
            current_path = unquote(match.group(1))
            if not current_path.startswith("/"):
                raise SourceError("%s:%d: path %r does not start with /" % (path, number, current_path))
            current = None
        elif indent == 4:
            match = re.fullmatch(r"(\"[^\"]*\"|'[^']*'|[\w$-]+):(\s+(.*))?", content)
            if not match:
                raise SourceError("%s:%d: cannot read key %r" % (path, number, content))
            key = unquote(match.group(1))
            if key == "$ref":
                raise SourceError("%s:%d: path items by $ref are not supported" % (path, number))
            if key in METHODS:
                if (match.group(3) or "").strip():
                    raise SourceError("%s:%d: an operation must be a block mapping" % (path, number))
                operation_key = (key.upper(), current_path)
                if operation_key in operations:
                    raise SourceError("%s:%d: %s %s appears twice" % (path, number, *operation_key))
                current = operations[operation_key] = {"line": number}
            else:
                current = None
        elif indent == 6 and current is not None:
            match = re.fullmatch(r"(operationId|x-kumo-route):\s*(.*?)\s*(#.*)?", content)
            if match:
                current[match.group(1)] = unquote(match.group(2))
    if not operations:
        raise SourceError("%s: no operations under a column-0 `paths:`" % path)
    return operations


# ---------------------------------------------------------------------------------------------------- main


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    parser.add_argument("--list", action="store_true", help="print the routes read from the route table")
    arguments = parser.parse_args()
    document_path = os.path.join(arguments.root, "docs", "openapi.yaml")
    try:
        routes, notes = read_routes(arguments.root)
        operations = read_document(document_path)
    except SourceError as error:
        print("check-openapi: cannot check: %s" % error, file=sys.stderr)
        return 2
    for note in notes:
        print("check-openapi: note: %s" % note, file=sys.stderr)
    if arguments.list:
        for method, path, label, name in routes:
            print("%-6s %-62s %-40s %s" % (method, path, label, name))

    declared = {(m, p): (l, n) for m, p, l, n in routes}
    problems = []
    missing = sorted(set(declared) - set(operations), key=lambda k: (k[1], k[0]))
    extra = sorted(set(operations) - set(declared), key=lambda k: (k[1], k[0]))
    if missing:
        problems.append("routes missing from docs/openapi.yaml:")
        problems.extend("  %s %s  (route %s, declaration %s)" % (m, p, *declared[(m, p)]) for m, p in missing)
    if extra:
        problems.append("operations in docs/openapi.yaml that are not routes of the route table:")
        problems.extend("  %s %s  (line %d)" % (m, p, operations[(m, p)]["line"]) for m, p in extra)
    ids = {}
    for key, operation in sorted(operations.items(), key=lambda kv: kv[1]["line"]):
        if "operationId" not in operation:
            problems.append("%s %s (line %d) has no operationId" % (*key, operation["line"]))
        else:
            ids.setdefault(operation["operationId"], []).append(key)
        if key in declared:
            label = declared[key][0]
            if operation.get("x-kumo-route") != label:
                problems.append("%s %s (line %d): x-kumo-route is %r, the route table's label is %r"
                                % (*key, operation["line"], operation.get("x-kumo-route"), label))
    for operation_id, keys in sorted(ids.items()):
        if len(keys) > 1:
            problems.append("operationId %s is used by %s" % (operation_id, ", ".join("%s %s" % k for k in keys)))
    if problems:
        print("check-openapi: docs/openapi.yaml does not match the route table (SDK/Sources/NCMBWire/Routing):", file=sys.stderr)
        for problem in problems:
            print("  " + problem, file=sys.stderr)
        return 1
    paths = {p for _, p in operations}
    print("check-openapi: docs/openapi.yaml matches the route table: %d routes, %d operations on %d paths."
          % (len(routes), len(operations), len(paths)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
