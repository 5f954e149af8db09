#!/usr/bin/env python3
"""Two Kumo builds side by side (A/B), on this machine, in one run (issue 32, decision 0166).

Both builds start on fresh data directories of their own with the same rows and index as side_by_side.py, then each
scenario runs with wrk against A and B in turn, alternating which goes first, for several rounds; each server is
pinned to one core and wrk to the other. It prints, per scenario, each build's median req/s and server CPU time per
request and the medians of the per-round ratios B / A (rate) and B / A (CPU per request): a change measured alone is
one build with it (B) against one without it (A).

    python3 Benchmarks/pocketbase/two_builds.py --a /tmp/kumo-before --b .build/release/kumo --scenarios trivial,getById

With --database postgres://… both builds run on PostgreSQL instead, each in a scratch schema of its own
(`kumo_ab_a_…`, `kumo_ab_b_…`), dropped at the end with psql when it is installed (decision 0177).
"""
import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from side_by_side import Kumo, checked_scenarios, run_wrk  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", required=True, help="the build without the change")
    parser.add_argument("--b", required=True, help="the build with the change")
    parser.add_argument("--rows", type=int, default=10_000)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--seconds", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--scenarios", default="trivial,getById")
    parser.add_argument("--server-cpu", type=int, default=0)
    parser.add_argument("--load-cpu", type=int, default=1)
    parser.add_argument("--access-log", choices=["on", "off"], default="on", help="both builds' access log")
    parser.add_argument("--database", help="a postgres:// URL: both builds on PostgreSQL, each in a scratch schema")
    arguments = parser.parse_args()
    scenarios = checked_scenarios(parser, arguments)

    random.seed(32)
    prices = [random.randrange(1000) for _ in range(arguments.rows)]
    directories = [tempfile.mkdtemp(prefix="kumo-a-b."), tempfile.mkdtemp(prefix="kumo-a-b.")]
    databases = [scratch_schema_url(arguments.database, build) for build in "ab"] if arguments.database else [None, None]
    servers = []
    try:
        for binary, directory, database in zip((arguments.a, arguments.b), directories, databases):
            servers.append(Kumo(os.path.abspath(binary), directory, arguments.server_cpu, arguments.access_log, database))
        print("seeding %d rows in each…" % arguments.rows, file=sys.stderr)
        identifiers = []
        for server in servers:
            identifiers.append(server.seed(prices))
            server.add_index()
        results = {scenario: ([], []) for scenario in scenarios}
        for scenario in scenarios:
            for round_number in range(arguments.rounds):
                order = [0, 1] if round_number % 2 == 0 else [1, 0]
                for index in order:
                    server = servers[index]
                    result = run_wrk(
                        server, server.requests(scenario, identifiers[index]), arguments.connections, arguments.seconds,
                        arguments.load_cpu, directories[index],
                    )
                    results[scenario][index].append(result)
                    print(
                        "%-20s round %d %s %9.0f req/s  %6.1f µs CPU/request  errors %d/%d"
                        % (
                            scenario, round_number + 1, "AB"[index], result["rate"], result["cpu_us_per_request"] or 0,
                            result["status_errors"], result["socket_errors"],
                        ),
                        file=sys.stderr,
                    )
        print()
        print("| scenario | A req/s | B req/s | B / A rate | A CPU µs/req | B CPU µs/req | B / A CPU per request |")
        print("|---|--:|--:|--:|--:|--:|--:|")
        for scenario, (a, b) in results.items():
            rate_ratios = [y["rate"] / x["rate"] for x, y in zip(a, b) if x["rate"]]
            cpu_ratios = [y["cpu_us_per_request"] / x["cpu_us_per_request"] for x, y in zip(a, b) if x["cpu_us_per_request"]]
            print(
                "| %s | %.0f | %.0f | %.3f | %.1f | %.1f | %.3f |"
                % (
                    scenario,
                    statistics.median(r["rate"] for r in a),
                    statistics.median(r["rate"] for r in b),
                    statistics.median(rate_ratios),
                    statistics.median(r["cpu_us_per_request"] or 0 for r in a),
                    statistics.median(r["cpu_us_per_request"] or 0 for r in b),
                    statistics.median(cpu_ratios),
                )
            )
    finally:
        for server in servers:
            server.stop()
        for directory in directories:
            shutil.rmtree(directory, ignore_errors=True)
        for database in databases:
            if database:
                drop_scratch_schema(database)


def scratch_schema_url(url, build):
    """The URL with its schema parameter replaced by a new scratch schema kumo_ab_<build>_<8 letters>."""
    parts = urllib.parse.urlsplit(url)
    schema = "kumo_ab_%s_%s" % (build, "".join(random.SystemRandom().choice("abcdefghijklmnopqrstuvwxyz") for _ in range(8)))
    query = [(key, value) for key, value in urllib.parse.parse_qsl(parts.query) if key != "schema"] + [("schema", schema)]
    return urllib.parse.urlunsplit(parts._replace(query=urllib.parse.urlencode(query)))


def drop_scratch_schema(url):
    """Drops the scratch schema of the URL with psql, or says how."""
    parts = urllib.parse.urlsplit(url)
    schema = dict(urllib.parse.parse_qsl(parts.query))["schema"]
    plain = urllib.parse.urlunsplit(parts._replace(query=""))
    if shutil.which("psql") is None:
        print("psql not found: drop the schema %s yourself" % schema, file=sys.stderr)
        return
    subprocess.run(
        ["psql", plain, "-q", "-c", "SET client_min_messages = warning", "-c", "DROP SCHEMA IF EXISTS %s CASCADE" % schema],
        check=False,
    )


if __name__ == "__main__":
    main()
