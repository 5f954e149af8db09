#!/usr/bin/env bash
# Contract test (issue 16): Schemathesis (PyPI, version pinned in requirements.txt) against a live `kumo serve`,
# every request signed by ncmb_hooks.py. Fails on any server error or any response the document does not describe.
#
# Usage: .ci/schemathesis/run.sh KUMO_BINARY [extra schemathesis options…]
# Environment: SCHEMATHESIS_MAX_EXAMPLES (default 100 per operation: about 7,000 requests, 2 to 3 minutes on 2 cores),
# SCHEMATHESIS_SEED (default: random; printed so that a failure can be replayed), SCHEMATHESIS_TIMEOUT (seconds, default
# 480: the run fails past it), SCHEMATHESIS_VENV (reuse a virtual environment instead of creating a temporary one).
set -euo pipefail

if [ $# -lt 1 ]; then
    echo "usage: $0 KUMO_BINARY [schemathesis options…]" >&2
    exit 2
fi
kumo="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
shift
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
[ -x "$kumo" ] || { echo "schemathesis: $kumo is not an executable" >&2; exit 2; }

work="$(mktemp -d "${TMPDIR:-/tmp}/kumo-schemathesis.XXXXXX")"
server_pid=""
cleanup() {
    if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
        kill "$server_pid" 2>/dev/null || true
        for _ in $(seq 50); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
        kill -9 "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Python environment: a virtual environment (Debian's python3 may lack venv or pip: then `pip install --user`).
if [ -n "${SCHEMATHESIS_VENV:-}" ] && [ -x "$SCHEMATHESIS_VENV/bin/python" ]; then
    python="$SCHEMATHESIS_VENV/bin/python"
elif python3 -m venv "$work/venv" >/dev/null 2>&1 && [ -x "$work/venv/bin/python" ]; then
    python="$work/venv/bin/python"
else
    echo "schemathesis: python3 -m venv is unavailable, installing with pip --user"
    rm -rf "$work/venv"
    python="python3"
    if ! python3 -m pip --version >/dev/null 2>&1; then
        if command -v apt-get >/dev/null 2>&1; then
            apt-get update
            DEBIAN_FRONTEND=noninteractive apt-get install -y python3-pip python3-venv
        fi
    fi
    if python3 -m venv "$work/venv" >/dev/null 2>&1 && [ -x "$work/venv/bin/python" ]; then
        python="$work/venv/bin/python"
    fi
fi
if [ "$python" = "python3" ]; then
    python3 -m pip install --quiet --user --disable-pip-version-check -r "$here/requirements.txt" \
        || python3 -m pip install --quiet --user --break-system-packages --disable-pip-version-check -r "$here/requirements.txt"
else
    "$python" -m pip install --quiet --disable-pip-version-check -r "$here/requirements.txt"
fi
"$python" -m schemathesis.cli --version 2>/dev/null || "$python" -c 'import schemathesis; print("schemathesis", schemathesis.__version__)'

# An application with known keys and everything a client can reach switched on (push from clients, public files, a
# public script when Node.js is there), then a server on a free port: rate limits off, bcrypt cost 4 (the least:
# the run signs up users, logs in and changes passwords thousands of times), push delivery pointed at a closed port.
application_key="schemathesis-application-key"
client_key="schemathesis-client-key"
"$kumo" apps create --name schemathesis --application-key "$application_key" --client-key "$client_key" \
    --data-dir "$work/data" --json >"$work/application.json"
application_id="$("$python" -c 'import json, sys; print(json.load(open(sys.argv[1]))["applicationId"])' "$work/application.json")"
"$kumo" apps settings --data-dir "$work/data" --client-push on --public-files on >/dev/null
if command -v node >/dev/null 2>&1; then
    printf '%s\n' 'module.exports = function (req, res) {' \
        '  res.json({ method: req.method, query: req.query, body: req.body });' '};' >"$work/echo.js"
    "$kumo" scripts deploy "$work/echo.js" --run public --data-dir "$work/data" >/dev/null
else
    echo "schemathesis: no node on PATH, the script operations only meet unknown scripts (404)"
fi
closed="http://127.0.0.1:9"
KUMO_RATE_LIMIT_PER_ADDRESS=0 KUMO_RATE_LIMIT_PER_APPLICATION=0 \
    "$kumo" serve --port 0 --data-dir "$work/data" --log-level warning --password-hash-cost 4 \
        --apns-url "$closed" --apns-sandbox-url "$closed" --fcm-url "$closed" --fcm-token-url "$closed" \
        >"$work/server.out" 2>"$work/server.err" &
server_pid=$!
base_url=""
for _ in $(seq 300); do
    base_url="$(sed -n 's|^Kumo is listening on \(http://[^ ]*[0-9]\)/\{0,1\}$|\1|p' "$work/server.out" | head -1)"
    [ -n "$base_url" ] && break
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.1
done
if [ -z "$base_url" ]; then
    echo "schemathesis: kumo serve did not start" >&2
    cat "$work/server.out" "$work/server.err" >&2
    exit 1
fi
echo "schemathesis: kumo serve (pid $server_pid) at $base_url"

# Seed objects and the dictionaries schemathesis.toml binds to path parameters (written next to its copy).
cp "$here/schemathesis.toml" "$work/schemathesis.toml"
PYTHONPATH="$here" KUMO_APPLICATION_KEY="$application_key" KUMO_CLIENT_KEY="$client_key" \
    "$python" "$here/seed.py" "$base_url" "$work"
printf '"%s"\n' "$application_id" >"$work/application-ids.dict"
if [ -f "$work/echo.js" ]; then echo '"echo.js"'; else echo '"missing.js"'; fi >"$work/script-names.dict"

seed="${SCHEMATHESIS_SEED:-$(( (RANDOM << 15) | RANDOM ))}"
set +e
(
    cd "$work"
    export PYTHONPATH="$here${PYTHONPATH:+:$PYTHONPATH}"
    export SCHEMATHESIS_HOOKS=ncmb_hooks
    export KUMO_BASE_URL="$base_url" KUMO_APPLICATION_KEY="$application_key" KUMO_CLIENT_KEY="$client_key"
    export KUMO_SESSION_TOKEN="$(cat "$work/session-token")" SCHEMATHESIS_SEED="$seed"
    timeout --kill-after=10 "${SCHEMATHESIS_TIMEOUT:-480}" \
        "$python" -m schemathesis.cli --config-file "$work/schemathesis.toml" run "$root/docs/openapi.yaml" \
            --url "$base_url" \
            --seed "$seed" \
            --max-examples "${SCHEMATHESIS_MAX_EXAMPLES:-100}" \
            --no-color \
            "$@"
) 2>&1 | tee "$work/schemathesis.out"
status=${PIPESTATUS[0]}
set -e
if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
    echo "schemathesis: stopped after ${SCHEMATHESIS_TIMEOUT:-480} s (SCHEMATHESIS_TIMEOUT)" >&2
fi
if ! kill -0 "$server_pid" 2>/dev/null; then
    echo "schemathesis: kumo serve exited during the run" >&2
    status=1
fi
if [ -s "$work/server.err" ]; then
    echo "== kumo serve stderr (last 40 lines)"
    tail -40 "$work/server.err"
fi
if [ "$status" -ne 0 ]; then
    # CI keeps only the end of the output: repeat the failures and errors (the warnings come between them and the end).
    echo "== schemathesis failures (repeated from the output above)"
    awk '/^=+ (FAILURES|ERRORS) =+$/ { keep = 1 } /^=+ (WARNINGS|SUMMARY) =+$/ { keep = 0 } keep' \
        "$work/schemathesis.out" | cut -c1-400 | head -300 || true
    sed -n '/^=* SUMMARY =*$/,$p' "$work/schemathesis.out" | cut -c1-400 | tail -30 || true
    echo "schemathesis: FAILED (exit $status, seed $seed; replay with SCHEMATHESIS_SEED=$seed $0 KUMO_BINARY)"
else
    echo "schemathesis: passed (seed $seed)"
fi
exit "$status"
