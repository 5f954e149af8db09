"""Issue 28 finding 2 as the probe did it: 10 connections x 100 subscriptions with an evil $regex, then five creates of a
string that makes it backtrack, with GET /health timed meanwhile from another thread.

    python3 realtime_regex_probe.py http://127.0.0.1:PORT APPLICATION_KEY CLIENT_KEY

Needs `pip install websockets`. Start the server with --realtime-max-regex-subscriptions 100 to let all 1,000 subscribe
(the default, 10 per connection, refuses 90 of each connection's 100). Results for 0116 are in README (Realtime).
"""
import asyncio, http.client, json, os, sys, threading, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ncmb_client
import websockets

url, app, client = sys.argv[1], sys.argv[2], sys.argv[3]
port = int(url.rsplit(":", 1)[1])
signer = ncmb_client.Client(url, app, client)
results = {"subscribed": 0, "errors": {}, "events": 0}

async def subscriber(index, ready):
    headers = signer.headers("GET", "/2013-09-01/realtime", "")
    headers.pop("Content-Type")
    async with websockets.connect(f"ws://127.0.0.1:{port}/2013-09-01/realtime", additional_headers=headers, max_size=None) as ws:
        await ws.recv()  # connected
        for request in range(100):
            await ws.send(json.dumps({"op": "subscribe", "requestId": request + 1, "className": "Evil",
                                      "where": {"s": {"$regex": "(.*a){20}"}}}))
        try:
            while True:
                message = json.loads(await asyncio.wait_for(ws.recv(), timeout=30))
                if message.get("op") == "subscribed": results["subscribed"] += 1
                elif message.get("op") == "error": results["errors"][message.get("code")] = results["errors"].get(message.get("code"), 0) + 1
                else: results["events"] += 1
                if index == 0 and results["subscribed"] >= 1000 and not ready.is_set(): ready.set()
        except (asyncio.TimeoutError, websockets.ConnectionClosed):
            return

health = []
def probe(stop):
    while not stop.is_set():
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        t0 = time.time(); connection.request("GET", "/health"); connection.getresponse().read(); health.append(time.time() - t0)
        connection.close(); time.sleep(0.01)

async def main():
    ready = asyncio.Event()
    tasks = [asyncio.create_task(subscriber(i, ready)) for i in range(10)]
    while results["subscribed"] < 1000 and not all(t.done() for t in tasks): await asyncio.sleep(0.2)
    print("subscribed", results["subscribed"], "errors at subscribe", dict(results["errors"]), flush=True)
    stop = threading.Event(); thread = threading.Thread(target=probe, args=(stop,)); thread.start()
    await asyncio.sleep(1)
    writer = ncmb_client.Client(url, app, client, timeout=120)
    for n in range(5):
        t0 = time.time()
        status = await asyncio.to_thread(writer.request, "POST", "/2013-09-01/classes/Evil", None, {"s": "a" * 40 + "!"})
        print(f"create {n}: {status[0]} in {time.time()-t0:.3f} s", flush=True)
    await asyncio.sleep(3)
    stop.set(); thread.join()
    health.sort()
    print(f"/health: {len(health)} answered, p50 {health[len(health)//2]*1000:.2f} ms, p99 {health[int(len(health)*0.99)]*1000:.2f} ms, max {health[-1]*1000:.1f} ms")
    print("after the creates: errors", dict(results["errors"]), "events", results["events"], flush=True)
    for t in tasks: t.cancel()

asyncio.run(main())
