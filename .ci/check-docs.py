#!/usr/bin/env python3
"""Checks that Kumo's documentation tells the truth about the repository and the built product
(docs/decisions/0131-docs-check-in-ci.md).

Usage: python3 .ci/check-docs.py [--kumo PATH] [--root DIR]

Pages: every tracked Markdown file outside Sources/ and SDK/Sources/ (README.md, CONTRIBUTING.md, docs/**, Fuzz/README.md, …) for links;
README.md, CONTRIBUTING.md and docs/** for the other checks.

1. Links: `[text](target)` and `[text]: target` outside code resolve to a file of the repository, and `#anchor` to a
   heading of the page it names (GitHub's slugs) or an `id="…"`. Links out of the repository are refused.
2. Index: every page and folder directly under docs/ has a row in docs/README.md.
3. Commands and flags (with --kumo, the built executable; decision records, which are history, excepted): each
   `kumo …` command line in a code block or code span
   names existing subcommands, and each `--flag` after them is one of that command's options (its `--help`). Code spans
   that are a bare flag (`--port`) must be an option of some kumo command, or a known flag of another program (FOREIGN).
4. Missing-feature claims: a sentence, list item or table row that names a feature of FEATURES and says it is absent
   (ABSENT) fails while the feature's evidence exists; so does any item under a heading that says so.

Before checking, a self-test plants one mistake of each kind in a sample page (SELF_TEST_PAGE) and stops with status 2
unless every one is found, so that a check that stopped finding anything cannot pass silently.

Exit status: 0 when every check passes; 1 with the findings listed; 2 when the executable or a source cannot be read,
or the self-test fails.
Standard library only.
"""

import argparse
import os
import re
import shlex
import subprocess
import sys

# Flags of other programs that pages mention in code spans (Node.js, curl, Swift, systemd, libcurl's build).
FOREIGN = {
    "--permission", "--experimental-permission", "--max-old-space-size", "--kill-whom", "--enable-websockets",
    "--static-swift-stdlib", "--build-tests", "--skip-build", "--filter", "--product", "--show-bin-path", "--cacert",
    "--version", "--check", "--list", "--http2", "--resolve",
}

# Features with their evidence and the words pages use for them. Evidence: ("route", label prefix) in the route table,
# ("command", "apps connect") a kumo subcommand, ("flag", "serve --dashboard") an option of a kumo command.
FEATURES = [
    ("web dashboard", r"\bdashboard\b", ("flag", "serve --dashboard")),
    ("scripts", r"\bscripts?\b|\bserver-side (javascript|scripts)\b", ("route", "script.")),
    ("batch", r"\bbatch\b", ("route", "batch")),
    ("metrics", r"\bmetrics\b|\bprometheus\b", ("flag", "serve --metrics-port")),
    ("indexes", r"\bindex(es)?\b", ("command", "classes index")),
    ("realtime", r"\brealtime\b|\bwebsocket\b|\blive quer(y|ies)\b", ("route", "realtime")),
    ("push notifications", r"\bpush( notifications?)?\b", ("route", "push.")),
    ("file store", r"\bfile store\b|\bfiles\b", ("route", "files.")),
    ("import", r"\bimport\b", ("command", "import")),
    ("export", r"\bexport\b", ("command", "export")),
    ("backups", r"\bbackups?\b", ("command", "backup")),
    ("mail flows", r"\bpassword reset\b|\bmail(s)?\b", ("route", "requestPasswordReset")),
    ("SNS login", r"\bsns\b|\bauthdata\b", ("command", "providers")),
    ("roles", r"\broles?\b", ("route", "roles.")),
    ("class-level permissions", r"\bclass-level permissions\b|\bclass permissions\b", ("command", "classes permissions")),
    ("HTTPS", r"\bhttps\b|\btls\b", ("flag", "serve --tls-certificate-chain")),
    ("PostgreSQL", r"\bpostgres(ql)?\b", ("flag", "serve --database")),
    ("install", r"\binstall(ation)?\b", ("file", "docs/deployment/kumo.service")),
    ("S3 file storage", r"\bs3\b|\bobject storage\b|\bbucket\b", ("flag", "serve --file-storage")),
    ("copying file bytes", r"\bfiles copy\b", ("command", "files copy")),
    ("the SDK's light package", r"\blight package\b|\bSDK's own package\b", ("file", "SDK/Package.swift")),
    ("SDK query cache", r"\bquery cache\b|\bcache polic(y|ies)\b|\bcached (queries|results)\b",
     ("file", "SDK/Sources/NCMB/Offline/NCMBQueryCache.swift")),
    ("idempotency keys", r"\bidempotency keys?\b", ("file", "docs/wire/idempotency.md")),
    ("per-application overview", r"\bper-application (overview|metrics)\b",
     ("file", "Sources/KumoOperations/ApplicationMinuteMetrics.swift")),
    ("offline writes", r"\bsaveEventually\b|\boffline writes\b|\boutbox\b", ("file", "SDK/Sources/NCMB/Offline/NCMBOutbox.swift")),
]

# What saying a feature is absent looks like.
ABSENT = re.compile(
    r"not there yet|\bnot (yet )?(available|implemented|served|there|possible|part of)\b(?! over)|"
    r"\bnot implemented yet\b|\bno\b[^.;:]{0,40}\byet\b|\bcoming\b|being added|\blater issues?\b|\buntil then\b|"
    r"\bstill missing\b|\bmissing features?\b|\bhas no\b[^.;:]{0,30}\byet\b",
    re.IGNORECASE,
)
ABSENT_HEADING = re.compile(r"not there yet|missing|not yet|roadmap|limitations", re.IGNORECASE)

FENCE = re.compile(r"^\s*(```|~~~)")
LINK = re.compile(r"!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^\s*\[[^\]]+\]:\s*<?([^\s>]+)>?\s*(\"[^\"]*\")?\s*$")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
CODE_SPAN = re.compile(r"(`+)(.+?)\1")


class SourceError(Exception):
    """A page or the executable cannot be read."""


# ------------------------------------------------------------------------------------------------------------- pages


def tracked_markdown(root):
    """Tracked Markdown files (git ls-files), else every .md under root outside build folders."""
    try:
        listed = subprocess.run(["git", "ls-files", "*.md"], cwd=root, capture_output=True, text=True, check=True).stdout
        return sorted(path for path in listed.splitlines() if path)
    except (OSError, subprocess.CalledProcessError):
        found = []
        for folder, directories, files in os.walk(root):
            directories[:] = [d for d in directories if not d.startswith(".build") and d != ".git"]
            found += [os.path.relpath(os.path.join(folder, f), root) for f in files if f.endswith(".md")]
        return sorted(found)


def prose_lines(text):
    """(line number, line, in code block) for every line."""
    inside = False
    for number, line in enumerate(text.split("\n"), 1):
        if FENCE.match(line):
            inside = not inside
            yield number, line, True
            continue
        yield number, line, inside


def without_code_spans(line):
    return CODE_SPAN.sub(lambda match: " " * len(match.group(0)), line)


def slug(heading):
    """GitHub's anchor of a heading: links and formatting reduced to their text, lower case, punctuation dropped."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)
    text = re.sub(r"<[^>]+>", "", text)
    text = text.replace("`", "").lower()
    text = "".join(c for c in text if c.isalnum() or c in " -_")
    return text.replace(" ", "-")


def anchors(text):
    """Every anchor of a page: headings (with GitHub's -1, -2 for repeats) and id attributes."""
    found, seen = set(), {}
    for _, line, code in prose_lines(text):
        if code:
            continue
        match = HEADING.match(line)
        if match:
            base = slug(match.group(2))
            count = seen.get(base, 0)
            seen[base] = count + 1
            found.add(base if count == 0 else "%s-%d" % (base, count))
        for identifier in re.findall(r"\bid=\"([^\"]+)\"", line):
            found.add(identifier)
    return found


def check_links(root, pages, findings):
    cache = {}

    def page_anchors(path):
        if path not in cache:
            with open(os.path.join(root, path), encoding="utf-8") as handle:
                cache[path] = anchors(handle.read())
        return cache[path]

    for page in pages:
        with open(os.path.join(root, page), encoding="utf-8") as handle:
            text = handle.read()
        for number, line, code in prose_lines(text):
            if code:
                continue
            prose = without_code_spans(line)
            targets = [m.group(1) for m in LINK.finditer(prose)] + [m.group(1) for m in REFERENCE.finditer(prose)]
            for target in targets:
                where = "%s:%d" % (page, number)
                if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.IGNORECASE):
                    findings.append("%s: links outside the repository: %s" % (where, target))
                    continue
                path, _, anchor = target.partition("#")
                resolved = os.path.normpath(os.path.join(os.path.dirname(page), path)) if path else page
                full = os.path.join(root, resolved)
                if not os.path.exists(full):
                    findings.append("%s: no such file: %s" % (where, target))
                    continue
                if anchor and resolved.endswith(".md") and anchor not in page_anchors(resolved):
                    findings.append("%s: no heading #%s in %s" % (where, anchor, resolved))


def check_index(root, findings):
    with open(os.path.join(root, "docs/README.md"), encoding="utf-8") as handle:
        index = handle.read()
    listed = {os.path.normpath(m.group(1)).split("/")[0] for m in LINK.finditer(index)}
    for name in sorted(os.listdir(os.path.join(root, "docs"))):
        path = os.path.join(root, "docs", name)
        if name == "README.md" or name.startswith("."):
            continue
        if os.path.isdir(path) and not any(f.endswith(".md") for _, _, files in os.walk(path) for f in files):
            continue  # a folder of images or data, not of pages
        if name not in listed:
            findings.append("docs/README.md: no row for docs/%s" % name)


# ---------------------------------------------------------------------------------------------------------- commands


class Help:
    """`kumo … --help`, read once per command: its subcommands and its options."""

    def __init__(self, executable):
        self.executable = executable
        self.cache = {}

    def of(self, path):
        if path not in self.cache:
            environment = dict(os.environ, COLUMNS="1000")
            result = subprocess.run([self.executable] + list(path) + ["--help"], capture_output=True, text=True, env=environment)
            if result.returncode != 0:
                raise SourceError("%s %s --help failed: %s" % (self.executable, " ".join(path), result.stderr.strip()))
            self.cache[path] = self.parse(result.stdout)
        return self.cache[path]

    @staticmethod
    def parse(text):
        subcommands, flags, section = [], {"--help", "-h"}, None
        for line in text.split("\n"):
            if re.match(r"^[A-Z][A-Z ]*:", line):
                section = line.split(":")[0]
                continue
            if not line.startswith("  "):
                continue
            label = re.split(r"\s{2,}", line.strip())[0]
            if section and "SUBCOMMANDS" in section:
                name = re.match(r"^([a-z][a-z0-9-]*)(,| \(default\)|$)", label)
                if name and name.group(1) != "help":
                    subcommands.append(name.group(1))
            elif label.startswith("-"):
                flags.update(re.findall(r"--[A-Za-z0-9][A-Za-z0-9-]*", label))
        return subcommands, flags

    def every_flag(self):
        flags, pending = set(), [()]
        while pending:
            path = pending.pop()
            subcommands, own = self.of(path)
            flags |= own
            pending += [path + (name,) for name in subcommands if name not in path and len(path) < 4]
        return flags


def command_lines(text):
    """(line number, command text) of every kumo command line: code-block lines (joined across `\\`) and code spans."""
    found, pending, start = [], "", 0
    for number, line, code in prose_lines(text):
        if code:
            if FENCE.match(line):
                continue
            if pending:
                pending += " " + line.strip()
            else:
                pending, start = line.strip(), number
            if pending.endswith("\\"):
                pending = pending[:-1]
                continue
            found.append((start, pending))
            pending = ""
        else:
            for match in CODE_SPAN.finditer(line):
                found.append((number, match.group(2)))
    return found


def kumo_invocations(command):
    """The argument lists after `kumo` in a shell line (several when joined with |, &&, ;)."""
    try:
        lexer = shlex.shlex(command.replace("…", " … "), posix=True, punctuation_chars=";&|")
        lexer.whitespace_split = True
        lexer.commenters = "#"
        tokens = list(lexer)
    except ValueError:
        return []
    invocations, current = [], []
    for token in tokens + [";"]:
        if token in (";", "&&", "||", "|", "&"):
            invocations.append(current)
            current = []
        else:
            current.append(token)
    result = []
    for words in invocations:
        for index, word in enumerate(words):
            program = word.split("=", 1)[1] if word.startswith("ExecStart=") else word
            if program == "kumo" or re.search(r"(^\.|bin|\.build/[a-z0-9_-]+)/kumo$", program):
                before = words[:index]
                allowed = all(
                    re.match(r"^[A-Z_][A-Z0-9_]*=", w) or w in ("swift", "run", "-c", "release", "debug", "sudo", "exec", "nohup", "$")
                    for w in before
                )
                if allowed:
                    result.append(words[index + 1 :])
                break
    return result


def check_commands(root, pages, help_of, findings):
    all_flags = help_of.every_flag()
    for page in pages:
        if re.match(r"docs/decisions/\d{4}-", page):
            continue  # a decision record is history: it may name options since renamed, or alternatives not taken
        with open(os.path.join(root, page), encoding="utf-8") as handle:
            text = handle.read()
        for number, command in command_lines(text):
            where = "%s:%d" % (page, number)
            stripped = command.strip()
            if re.fullmatch(r"--[A-Za-z0-9][A-Za-z0-9-]*(=\S*)?( \S+)?", stripped):
                flag = stripped.split("=")[0].split(" ")[0]
                if flag not in all_flags and flag not in FOREIGN:
                    findings.append("%s: `%s` is an option of no kumo command" % (where, flag))
                continue
            for arguments in kumo_invocations(stripped):
                path = ()
                subcommands, flags = help_of.of(path)
                for index, word in enumerate(arguments):
                    if word in subcommands:
                        path += (word,)
                        subcommands, flags = help_of.of(path)
                        continue
                    if subcommands and re.fullmatch(r"[a-z][a-z-]*", word) and index == len(path):
                        findings.append("%s: `kumo %s` has no subcommand %s" % (where, " ".join(path), word))
                    break
                for word in arguments[len(path) :]:
                    if word.startswith("--"):
                        flag = word.split("=")[0]
                        if flag not in flags:
                            findings.append("%s: `kumo %s` has no option %s" % (where, " ".join(path), flag))


# ------------------------------------------------------------------------------------------------------------ claims


def evidence(root, help_of, routes, kind, value):
    if kind == "route":
        return any(label == value or label.startswith(value) for label in routes)
    if kind == "file":
        return os.path.exists(os.path.join(root, value))
    if help_of is None:
        return None
    if kind == "command":
        *parent, name = value.split()
        return name in help_of.of(tuple(parent))[0]
    *path, flag = value.split()
    return flag in help_of.of(tuple(path))[1]


def route_labels(root):
    result = subprocess.run([sys.executable, os.path.join(root, ".ci/check-openapi.py"), "--list", "--root", root], capture_output=True, text=True)
    if result.returncode not in (0, 1):
        raise SourceError("check-openapi.py --list failed: %s" % result.stderr.strip())
    return [line.split()[2] for line in result.stdout.splitlines() if len(line.split()) >= 3]


def claim_units(text):
    """(line number, text, under an 'absent' heading) of each sentence, list item and table row outside code."""
    units, paragraph, start, absent_level = [], [], 0, None

    def flush():
        if paragraph:
            joined = " ".join(paragraph)
            for sentence in re.split(r"(?<=[.!?])\s+(?=[A-Z*`(])", joined):
                units.append((start, sentence, absent_level is not None))
            paragraph.clear()

    for number, line, code in prose_lines(text):
        if code:
            flush()
            continue
        heading = HEADING.match(line)
        if heading:
            flush()
            level = len(heading.group(1))
            if absent_level is not None and level <= absent_level:
                absent_level = None
            if ABSENT_HEADING.search(heading.group(2)):
                absent_level = level
            continue
        stripped = line.strip()
        if not stripped:
            flush()
            continue
        if stripped.startswith("|"):
            flush()
            units.append((number, stripped, absent_level is not None))
            continue
        if re.match(r"^([-*+]|\d+\.)\s", stripped):
            flush()
        if not paragraph:
            start = number
        paragraph.append(stripped)
    flush()
    return units


def check_claims(root, pages, help_of, findings):
    check_claims_in(root, root, pages, help_of, findings, route_labels(root))


def check_claims_in(root, folder, pages, help_of, findings, routes):
    present = []
    for name, words, (kind, value) in FEATURES:
        has = evidence(root, help_of, routes, kind, value)
        if has:
            present.append((name, re.compile(words, re.IGNORECASE), kind, value))
    for page in pages:
        with open(os.path.join(folder, page), encoding="utf-8") as handle:
            text = handle.read()
        decision = re.match(r"docs/decisions/\d{4}-", page)
        for number, unit, under_absent_heading in claim_units(text):
            prose = without_code_spans(unit)
            # A decision record's context is history; its Status line says what holds today.
            if decision and not prose.lstrip("-* ").startswith("Status:"):
                continue
            if under_absent_heading:
                clauses = [prose]
            else:
                # The feature and the absence in one clause: "Kumo has no web dashboard yet", not "(also used for roles)
                # ... that no command changes yet".
                asides, main = [], prose
                while re.search(r"\([^()]*\)", main):
                    asides += re.findall(r"\(([^()]*)\)", main)
                    main = re.sub(r"\([^()]*\)", " ", main)
                clauses = [c for c in main.split(";") + asides if ABSENT.search(c)]
            for name, words, kind, value in present:
                if any(words.search(clause) for clause in clauses):
                    findings.append(
                        "%s:%d: says %s is missing, but it exists (%s %s): %s"
                        % (page, number, name, kind, value, unit.strip()[:160])
                    )


# --------------------------------------------------------------------------------------------------------- self-test

SELF_TEST_PAGE = """# Sample

Kumo has no web dashboard yet; the same settings are commands.
A push not yet sent is never sent (true: not a claim).

## What is not there yet

- **Batch** (`POST /2013-09-01/batch`): being added.
- Something Kumo never had.

See [the index](README.md#no-such-heading) and [missing](nowhere.md).

```sh
kumo apps use shop
kumo call GET /2013-09-01/classes/Food --nope
```
"""


def self_test(root, help_of):
    """Runs the checks on SELF_TEST_PAGE and fails unless each planted mistake is found (and the true sentence is not)."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        with open(os.path.join(folder, "sample.md"), "w", encoding="utf-8") as handle:
            handle.write(SELF_TEST_PAGE)
        with open(os.path.join(folder, "README.md"), "w", encoding="utf-8") as handle:
            handle.write("# Index\n")
        findings = []
        check_links(folder, ["sample.md"], findings)
        expected = ["no heading #no-such-heading", "no such file: nowhere.md"]
        if help_of:
            check_commands(folder, ["sample.md"], help_of, findings)
            expected += ["has no subcommand use", "has no option --nope", "web dashboard is missing"]
        check_claims_in(root, folder, ["sample.md"], help_of, findings, route_labels(root))
        expected += ["batch is missing"]
        missing = [e for e in expected if not any(e in f for f in findings)]
        wrong = [f for f in findings if "push notifications" in f]
        return missing, wrong


# -------------------------------------------------------------------------------------------------------------- main


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kumo", help="the built kumo executable (checks commands, flags and CLI evidence)")
    parser.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    arguments = parser.parse_args()
    root = os.path.abspath(arguments.root)

    # DocC catalogs (Sources/, and SDK/Sources/ of the SDK's own package) link with DocC's syntax, not Markdown's.
    markdown = [p for p in tracked_markdown(root) if not p.startswith(("Sources/", "SDK/Sources/"))]
    product_pages = [p for p in markdown if p in ("README.md", "CONTRIBUTING.md") or p.startswith("docs/")]
    findings = []
    try:
        help_of = Help(arguments.kumo) if arguments.kumo else None
        missing, wrong = self_test(root, help_of)
        if missing or wrong:
            print("check-docs: the self-test's planted mistakes were not all found: %s %s" % (missing, wrong), file=sys.stderr)
            return 2
        check_links(root, markdown, findings)
        check_index(root, findings)
        if help_of:
            check_commands(root, product_pages, help_of, findings)
        check_claims(root, product_pages, help_of, findings)
    except (OSError, SourceError) as error:
        print("check-docs: %s" % error, file=sys.stderr)
        return 2
    for finding in findings:
        print(finding)
    if not arguments.kumo:
        print("check-docs: commands and flags not checked (no --kumo executable)", file=sys.stderr)
    if findings:
        print("check-docs: %d finding(s)" % len(findings), file=sys.stderr)
        return 1
    print("check-docs: %d pages, links, index, %scommands and claims checked" % (len(markdown), "" if arguments.kumo else "no "))
    return 0


if __name__ == "__main__":
    sys.exit(main())
