#!/usr/bin/env bash
# Builds the fuzz targets (Fuzz/build.sh) and runs each for SECONDS, all at once, from its committed seed corpus
# Fuzz/Corpus/<target> with its dictionary Fuzz/Dictionaries/<target>.dict (Fuzz/README.md).
#
# New inputs go to .build-fuzz/corpus/<target> (the committed seeds are only read), crashes, leaks and timeouts to
# .build-fuzz/findings/<target>/, logs to .build-fuzz/logs/<target>.log. Prints executions and coverage per target
# and exits non-zero when any target found something.
#
# Usage: Fuzz/run.sh [--no-build] SECONDS [TARGET…]   (default: every target)
#        FUZZ_NICE=10 lowers the fuzzers' priority; FUZZ_FLAGS adds libFuzzer flags; FUZZ_SKIP_KNOWN_CRASHES=1 skips
#        the inputs of the known, unfixed findings listed in Fuzz/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."

build=true
if [ "${1:-}" = "--no-build" ]; then
    build=false
    shift
fi
seconds="${1:?usage: Fuzz/run.sh [--no-build] SECONDS [TARGET…]}"
shift
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(json where router signature multipart)

scratch=.build-fuzz
# A crash is reported by libFuzzer and AddressSanitizer; Swift's own backtracer would run first and trip ASan.
export SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=no}"
if $build; then
    start=$SECONDS
    bash Fuzz/build.sh "${targets[@]}"
    echo "== fuzz: built in $((SECONDS - start)) s"
fi

echo "== fuzz: ${targets[*]} for $seconds s each, in parallel"
pids=()
for target in "${targets[@]}"; do
    mkdir -p "$scratch/corpus/$target" "$scratch/findings/$target" "$scratch/logs"
    # -timeout: an input that runs 10 s is a hang; -rss_limit_mb: a run over 2 GB is a memory blow-up.
    # shellcheck disable=SC2086
    nice -n "${FUZZ_NICE:-0}" "$scratch/fuzzers/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -dict="Fuzz/Dictionaries/$target.dict" -artifact_prefix="$scratch/findings/$target/" \
        ${FUZZ_FLAGS:-} "$scratch/corpus/$target" "Fuzz/Corpus/$target" >"$scratch/logs/$target.log" 2>&1 &
    pids+=($!)
done

failed=()
for index in "${!targets[@]}"; do
    wait "${pids[$index]}" || failed+=("${targets[$index]}")
done

printf '%-10s %12s %10s %8s %8s %8s\n' target executions "exec/s" cov ft corpus
total=0
for target in "${targets[@]}"; do
    log="$scratch/logs/$target.log"
    executions="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)"
    if grep -q '^INFO: -fork=' "$log"; then
        # Fork mode (FUZZ_FLAGS=-fork=N) prints the total in its progress lines, its jobs' stats are elsewhere.
        executions="$(sed -n 's/^#\([0-9]*\): cov:.*/\1/p' "$log" | tail -1)"
    fi
    rate="$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)"
    last="$(grep -E '^#[0-9]+.*cov: ' "$log" | tail -1 || true)"
    cov="$(sed -n 's/.*cov: \([0-9]*\).*/\1/p' <<<"$last")"
    ft="$(sed -n 's/.*ft: \([0-9]*\).*/\1/p' <<<"$last")"
    corpus="$(sed -n 's/.*corp: \([0-9]*\).*/\1/p' <<<"$last")"
    printf '%-10s %12s %10s %8s %8s %8s\n' "$target" "${executions:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" "${corpus:-?}"
    total=$((total + ${executions:-0}))
done
echo "total executions: $total"

if [ ${#failed[@]} -gt 0 ]; then
    for target in "${failed[@]}"; do
        echo "== fuzz: $target FAILED; the end of $scratch/logs/$target.log:"
        tail -60 "$scratch/logs/$target.log"
        ls -l "$scratch/findings/$target/"
    done
    echo "Save the input under Fuzz/Crashes/<target>/ and reproduce with: $scratch/fuzzers/<target> <input>"
    exit 1
fi
