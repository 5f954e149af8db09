"""Issue 13, finding 2: peak server memory while large request bodies are processed.

Sends CONCURRENCY bodies of SIZE MiB at once (POST /2013-09-01/classes/Memory) and reports the server's peak resident
memory (VmHWM of /proc/PID/status) before and after, plus what the requests answered. VmHWM only grows, so start a
fresh server for each measurement.

    python3 Benchmarks/hardening/memory_probe.py --base-url … --application-key … --client-key … --pid PID \
        --shape numbers --size 16 --concurrency 4

Shapes: `numbers` {"a":[1,1,1,…]} (the worst case: 2 bytes per value), `strings` {"a":["xxxx…",…]} of 1 KiB strings,
`objects` {"a":[{"k":1},…]}, `text` {"a":"xxxx…"} (one string).
"""
import argparse
import json
import sys
import threading

from ncmb_client import Client


def body(shape, size):
    target = size * 1024 * 1024 - 64
    if shape == "numbers":
        count = target // 2
        return b'{"a":[' + b",".join([b"1"] * count) + b"]}"
    if shape == "strings":
        item = b'"' + b"x" * 1022 + b'"'
        return b'{"a":[' + b",".join([item] * (target // 1025)) + b"]}"
    if shape == "objects":
        return b'{"a":[' + b",".join([b'{"k":1}'] * (target // 8)) + b"]}"
    if shape == "text":
        return b'{"a":"' + b"x" * target + b'"}'
    raise SystemExit("unknown shape " + shape)


def peak_rss_mb(pid):
    with open("/proc/%d/status" % pid) as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--application-key", required=True)
    parser.add_argument("--client-key", required=True)
    parser.add_argument("--pid", type=int, required=True)
    parser.add_argument("--shape", default="numbers")
    parser.add_argument("--size", type=int, default=16, help="MiB per body")
    parser.add_argument("--concurrency", type=int, default=1)
    arguments = parser.parse_args()

    payload = body(arguments.shape, arguments.size)
    before = peak_rss_mb(arguments.pid)
    answers = []
    lock = threading.Lock()

    def send():
        client = Client(arguments.base_url, arguments.application_key, arguments.client_key, timeout=300)
        status, headers, parsed = client.request("POST", "/2013-09-01/classes/Memory", body=payload)
        code = parsed.get("code") if isinstance(parsed, dict) else None
        with lock:
            answers.append("%d%s" % (status, " " + code if code else ""))
        client.close()

    threads = [threading.Thread(target=send) for _ in range(arguments.concurrency)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    after = peak_rss_mb(arguments.pid)
    print(json.dumps({
        "shape": arguments.shape, "bodyMiB": round(len(payload) / 1048576, 2), "concurrency": arguments.concurrency,
        "peakRSSBeforeMB": round(before, 1), "peakRSSAfterMB": round(after, 1), "answers": sorted(answers),
    }))


if __name__ == "__main__":
    sys.exit(main())
