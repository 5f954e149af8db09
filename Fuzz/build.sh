#!/usr/bin/env bash
# Builds the libFuzzer targets of Fuzz/Targets into .build-fuzz/fuzzers/<target> (Fuzz/README.md).
#
# 1. SwiftPM builds, in its own scratch folder .build-fuzz (never .build), the modules the targets use: NCMBWire (with
#    swift-crypto) and NIOCore. Swift code is compiled with `-sanitize=fuzzer,address`: coverage instrumentation for
#    libFuzzer plus AddressSanitizer. Plain `swift build` and `swift test` are untouched: Package.swift has no fuzz target.
# 2. The multipart target needs one file of KumoSeams; building it whole would pull KumoStorage into the build. So
#    swiftc builds a stand-in with the same name from that file (`KumoSeams` from Sources/KumoSeams/KumoError.swift), and
#    the target compiles Sources/KumoServer/Files/MultipartUploadReader.swift and MultipartScanner.swift into itself.
# 3. swiftc compiles each target (FuzzSupport.swift + its file) against those modules and links it with their objects
#    and libFuzzer (clang's runtime ships with the Swift toolchain). The targets are compiled with the `-package-name`
#    SwiftPM gave NCMBWire (the checkout folder's name), so they reach NCMBWire's `package` API.
#
# Usage: Fuzz/build.sh [TARGET…]   (default: every target)
#        FUZZ_CONFIG=debug builds faster and fuzzes slower than the default release; FUZZ_SCRATCH changes .build-fuzz.
set -euo pipefail
cd "$(dirname "$0")/.."

all_targets=(json where router signature multipart)
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=("${all_targets[@]}")

scratch="${FUZZ_SCRATCH:-.build-fuzz}"
config="${FUZZ_CONFIG:-release}"
case "$config" in
    release) optimization=-O ;;
    debug) optimization=-Onone ;;
    *) echo "fuzz: FUZZ_CONFIG is release or debug" >&2; exit 2 ;;
esac
sanitizers="-sanitize=fuzzer,address"

echo "== fuzz: SwiftPM modules ($config, $sanitizers) into $scratch"
for module in NCMBWire NIOCore; do
    swift build -c "$config" --build-path "$scratch" --target "$module" -Xswiftc "$sanitizers"
done
bin="$(swift build -c "$config" --build-path "$scratch" --show-bin-path)"

# The flags SwiftPM compiled those modules with that the targets need too: NCMBWire's package name, and the C modules'
# module maps and include paths (swift-crypto's and swift-nio's C shims), read from SwiftPM's build manifest.
flags_file="$scratch/fuzz-flags"
python3 - "$scratch/$config.yaml" >"$flags_file" <<'PYTHON'
import json, re, sys
wanted = {"NCMBWire", "NIOCore"}
flags, seen, package_name = [], set(), None
for line in open(sys.argv[1]):
    match = re.match(r'\s*args: (\[.*\])\s*$', line)
    if not match:
        continue
    args = json.loads(match.group(1))
    if "-module-name" not in args or args[args.index("-module-name") + 1] not in wanted:
        continue
    # A package with a macro also builds its dependencies for the host tools ("<module>-tool.build", with module maps
    # of the same names): only the target's own build of the modules is linked into the fuzzers.
    if any("-tool.build" in arg for arg in args):
        continue
    if args[args.index("-module-name") + 1] == "NCMBWire" and "-package-name" in args:
        package_name = args[args.index("-package-name") + 1]
    index = 0
    while index < len(args):
        if args[index] == "-Xcc" and index + 1 < len(args):
            if args[index + 1] == "-I" and index + 3 < len(args) and args[index + 2] == "-Xcc":
                flag = ("-Xcc", "-I", "-Xcc", args[index + 3])
            else:
                flag = ("-Xcc", args[index + 1])
            index += len(flag)
            if flag not in seen:
                seen.add(flag)
                flags.extend(flag)
        else:
            index += 1
if package_name is None:
    sys.exit("fuzz: no -package-name for NCMBWire in the build manifest")
print(package_name)
print("\n".join(flags))
PYTHON
package_name="$(head -1 "$flags_file")"
mapfile -t c_flags < <(tail -n +2 "$flags_file" | grep -v '^$')
common=("$sanitizers" "$optimization" -wmo -parse-as-library -I "$bin/Modules" "${c_flags[@]}")

echo "== fuzz: stand-in module KumoSeams"
standins="$scratch/fuzz-standins"
mkdir -p "$standins"
swiftc "${common[@]}" -swift-version 6 -module-name KumoSeams -package-name "$package_name" \
    -emit-module -emit-module-path "$standins/KumoSeams.swiftmodule" \
    -c Sources/KumoSeams/KumoError.swift -o "$standins/KumoSeams.o"

# Every object SwiftPM built: the two modules above and their dependencies (nothing else is built in this folder).
mapfile -t objects < <(find "$bin" -path '*.build/*.o' -not -path '*/KumoSeams.build/*' -type f | sort)

swift_settings=(
    -swift-version 6 -enable-upcoming-feature ExistentialAny -enable-upcoming-feature MemberImportVisibility
    -enable-upcoming-feature InternalImportsByDefault
)
mkdir -p "$scratch/fuzzers"
for target in "${targets[@]}"; do
    includes=()
    extra=()
    case "$target" in
        json) sources=(Fuzz/Targets/JSONParser.swift) ;;
        where) sources=(Fuzz/Targets/WhereQuery.swift) ;;
        router) sources=(Fuzz/Targets/Router.swift) ;;
        signature) sources=(Fuzz/Targets/Signature.swift) ;;
        multipart)
            sources=(Fuzz/Targets/Multipart.swift Sources/KumoServer/Files/MultipartUploadReader.swift Sources/KumoServer/Files/MultipartScanner.swift)
            # Stand-ins first in the search path: a .build-fuzz from before them may still hold the real modules.
            includes=(-I "$standins")
            extra=("$standins/KumoSeams.o")
            ;;
        *) echo "fuzz: unknown target $target (targets: ${all_targets[*]})" >&2; exit 2 ;;
    esac
    echo "== fuzz: target $target"
    swiftc "${includes[@]}" "${common[@]}" -use-ld=lld -module-name "Fuzz_$target" -package-name "$package_name" "${swift_settings[@]}" \
        Fuzz/Targets/FuzzSupport.swift "${sources[@]}" "${extra[@]}" "${objects[@]}" -o "$scratch/fuzzers/$target"
done
