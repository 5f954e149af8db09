"""Issue 28 finding 1: the server CPU of one create of an object with N keys, read from /proc of the server's pid.

    python3 wide_object_probe.py http://127.0.0.1:PORT APPLICATION_KEY CLIENT_KEY SERVER_PID 10000,25000,50000,100000

Start the server with KUMO_MAX_FIELDS_PER_OBJECT=200000 to go past the default limit of 10,000 fields (0112).
"""
import os, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ncmb_client
url, app, client, pid = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
def cpu():
    with open(f"/proc/{pid}/stat") as f: parts = f.read().split(")")[1].split()
    return (int(parts[11]) + int(parts[12])) / os.sysconf("SC_CLK_TCK")
for n in [int(x) for x in sys.argv[5].split(",")]:
    c = ncmb_client.Client(url, app, client, timeout=320)
    body = {f"k{i}": i for i in range(n)}
    c0, t0 = cpu(), time.time()
    try:
        r = c.request("POST", "/2013-09-01/classes/Keys", body=body)
        status = r[0] if isinstance(r, tuple) else r
    except Exception as e:
        status = f"error {type(e).__name__}"
    print(f"{n} keys: status {status}, {time.time()-t0:.2f} s wall, server CPU {cpu()-c0:.2f} s", flush=True)
