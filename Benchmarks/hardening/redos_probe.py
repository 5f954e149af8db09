"""Issue 13, finding 1: getById latency while expensive `$regex` queries run.

Stores {"s": "aaaa…a!"} (40 a), then runs WORKERS threads that each send `where={"s":{"$regex":"(.*a){20}"}}` on a
connection they abandon after ABANDON seconds (a new connection each time), while the main thread reads one object by
its objectId again and again. Prints the getById latency percentiles and what the regex queries answered.

    python3 Benchmarks/hardening/redos_probe.py --base-url http://127.0.0.1:PORT --application-key K --client-key C
"""
import argparse
import json
import socket
import statistics
import sys
import threading
import time

from ncmb_client import Client, encode_query


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--application-key", required=True)
    parser.add_argument("--client-key", required=True)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--duration", type=float, default=20)
    parser.add_argument("--abandon", type=float, default=1.0, help="seconds before a regex query's client hangs up")
    arguments = parser.parse_args()

    client = Client(arguments.base_url, arguments.application_key, arguments.client_key)
    status, _, created = client.request("POST", "/2013-09-01/classes/ReDoS", body={"s": "a" * 40 + "!"})
    assert status == 201, (status, created)
    object_id = created["objectId"]

    answers = {}
    lock = threading.Lock()
    stop = threading.Event()

    def attacker():
        query = encode_query([("where", json.dumps({"s": {"$regex": "(.*a){20}"}}, separators=(",", ":")))])
        path = "/2013-09-01/classes/ReDoS"
        while not stop.is_set():
            headers = client.headers("GET", path, query)
            lines = ["GET %s?%s HTTP/1.1" % (path, query), "Host: %s:%d" % (client.host, client.port)]
            lines += ["%s: %s" % item for item in headers.items()]
            sock = socket.create_connection((client.host, client.port))
            sock.settimeout(arguments.abandon)
            sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
            try:
                first = sock.recv(64).decode(errors="replace").split("\r\n")[0]
                key = first.split(" ", 2)[1] if " " in first else "closed"
            except socket.timeout:
                key = "abandoned"
            sock.close()
            with lock:
                answers[key] = answers.get(key, 0) + 1

    threads = [threading.Thread(target=attacker) for _ in range(arguments.workers)]
    for thread in threads:
        thread.start()
    time.sleep(0.5)  # let the attackers occupy the server before measuring (not a synchronisation point)
    latencies = []
    statuses = {}
    deadline = time.monotonic() + arguments.duration
    while time.monotonic() < deadline:
        started = time.monotonic()
        status, _, _ = client.request("GET", "/2013-09-01/classes/ReDoS/" + object_id)
        latencies.append((time.monotonic() - started) * 1000)
        statuses[status] = statuses.get(status, 0) + 1
    stop.set()
    for thread in threads:
        thread.join()
    latencies.sort()
    def percentile(p):
        return latencies[min(len(latencies) - 1, int(len(latencies) * p))]
    print(json.dumps({
        "getById": {"count": len(latencies), "statuses": statuses, "p50_ms": round(percentile(0.5), 2),
                    "p99_ms": round(percentile(0.99), 2), "max_ms": round(latencies[-1], 2),
                    "mean_ms": round(statistics.mean(latencies), 2)},
        "regexQueries": answers,
    }, indent=2))
    return 0 if percentile(0.99) < 100 else 1


if __name__ == "__main__":
    sys.exit(main())
