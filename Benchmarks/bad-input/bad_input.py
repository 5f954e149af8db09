#!/usr/bin/env python3
"""Generated bad-input run against a running `kumo serve` (issue 13, hardening).

Sends many correctly signed but malformed requests (plus unsigned, badly signed and
raw-socket framing errors) and reports every 5xx, non-JSON error body, hang and
unexpected connection drop.  Python 3 standard library only.

    python3 Benchmarks/bad-input/bad_input.py --base-url http://127.0.0.1:8080 \
        --application-key K --client-key C [--requests 20000] [--seed 1] \
        [--concurrency 8] [--json report.json]

Exit status: 0 no finding, 1 at least one finding, 2 usage or setup error.
"""

import argparse
import base64
import collections
import datetime
import hashlib
import hmac
import http.client
import json
import random
import re
import socket
import sys
import threading
import time
import urllib.parse

API = "/2013-09-01"
SCRIPT_API = "/2015-09-01/script"
TIMEOUT = 30.0
CODE_RE = re.compile(r"^E\d{6}$")

# --------------------------------------------------------------------------------------
# Signature (docs/wire/signature.md)
# --------------------------------------------------------------------------------------


def string_to_sign(method, fqdn, path, app_key, timestamp, query=None):
    pairs = [
        "SignatureMethod=HmacSHA256",
        "SignatureVersion=2",
        "X-NCMB-Application-Key=" + app_key,
        "X-NCMB-Timestamp=" + timestamp,
    ]
    if method == "GET" and query:
        pairs += [segment for segment in query.split("&") if segment]
    pairs.sort()  # byte order of the full key=value strings (code point order == UTF-8 order)
    return "\n".join([method, fqdn, path, "&".join(pairs)])


def signature(client_key, text):
    digest = hmac.new(client_key.encode("utf-8"), text.encode("utf-8", "surrogateescape"), hashlib.sha256).digest()
    return base64.b64encode(digest).decode("ascii")


K1_APP = "6145f91061916580c742f806bab67649d10f45920246ff459404c46f00ff3e56"
K1_CLIENT = "1343d198b510a0315db1c03f3aa0e32418b7a743f8e4b47cbff670601345cf75"
VECTORS = [  # (method, fqdn, path, timestamp, query, expected) from docs/wire/signature.md
    ("GET", "mbaas.api.nifcloud.com", "/2013-09-01/classes/TestClass", "2013-12-02T02:44:35.452Z",
     "where=%7B%22testKey%22%3A%22testValue%22%7D", "AltGkQgXurEV7u0qMd+87ud7BKuueldoCjaMgVc9Bes="),  # R1
    ("POST", "mbaas.api.nifcloud.com", "/2013-09-01/classes/TestClass", "2013-12-02T02:44:35.452Z",
     None, "C9VyDhtcFDKrMidT0wVmMJ3fKYXBRcIm8y1XtNMnGvI="),  # R3
    ("GET", "mbaas.api.nifcloud.com", "/2013-09-01/classes/TestClass", "2013-12-02T02:44:35.452Z",
     "where=%7B%22testKey%22%3A%22testValue%22%7D&limit=0&count=1", "ftLRIL3GHO3U0P7APsS4HUPoETqO+kpxrUorLOw9aCc="),  # R4
    ("GET", "script.mbaas.api.nifcloud.com", "/2015-09-01/script/hello.js", "2013-12-02T02:44:35.452Z",
     "a=1&a1=2", "Lh5kbi0itNNOlxKe5AYlqqC157vxT6m6Kw8eMZaCh/Q="),  # R25 (full-string order)
    ("GET", "127.0.0.1:8080", "/2013-09-01/classes/X", "2024-01-02T03:04:05.123456",
     "where=%7B%22a%22%3A1%2C%20%22b%22%3A%22x%20y/z%22%7D&limit=5", "cb5IEckJ6SPhD74Op6jH6hHRVsJXfQenUjh2T1NNcE8="),  # R27
]


def check_vectors():
    for method, fqdn, path, ts, query, expected in VECTORS:
        got = signature(K1_CLIENT, string_to_sign(method, fqdn, path, K1_APP, ts, query))
        if got != expected:
            return "signature vector mismatch for %s %s %s: got %s expected %s" % (method, path, query, got, expected)
    return None


def now_timestamp():
    t = datetime.datetime.now(datetime.timezone.utc)
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + "%03dZ" % (t.microsecond // 1000)


# --------------------------------------------------------------------------------------
# Bad JSON building blocks
# --------------------------------------------------------------------------------------


class Raw(str):
    """A JSON token emitted verbatim (NaN, 1e999, lone surrogate escapes...)."""


def dump(value):
    if isinstance(value, Raw):
        return str(value)
    if isinstance(value, dict):
        return "{" + ",".join(dump_key(k) + ":" + dump(v) for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(dump(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False)


def dump_key(key):
    return str(key) if isinstance(key, Raw) else json.dumps(key, ensure_ascii=False)


def encode_body(text):
    return text.encode("utf-8", "surrogatepass")


BAD_SYNTAX = [
    "", " ", "\n", "{", "}", "[", "]", "{\"a\":", "{\"a\":1", "{\"a\":1,}", "{a:1}", "{'a':1}", "{\"a\":'x'}",
    "{\"a\":1}{\"b\":2}", "{\"a\":1} trailing", "{\"a\":1}\x00", "// c\n{}", "/* c */{}", "{\"a\":01}", "{\"a\":.5}",
    "{\"a\":1.}", "{\"a\":-}", "{\"a\":+1}", "{\"a\":0x10}", "{\"a\":NaN}", "{\"a\":Infinity}", "{\"a\":-Infinity}",
    "{\"a\":nan}", "{\"a\":undefined}", "{\"a\":True}", "{\"a\":nul}", "{\"a\":\"\\x41\"}", "{\"a\":\"\\u12\"}",
    "{\"a\":\"\\ud800\"}", "{\"a\":\"\\udc00\\ud800\"}", "{\"\\ud800\":1}", "{\"a\":\"\\uD83D\"}", "{\"a\":\"tab\there\"}",
    "{\"a\":\"nl\nhere\"}", "{\"a\":1e999}", "{\"a\":-1e999}", "{\"a\":1e-999}", "{\"a\":1" + "0" * 400 + "}",
    "{\"a\":123456789012345678901234567890}", "{\"a\":-9223372036854775809}", "{\"a\":18446744073709551616}",
    "{\"a\":1E+}", "{\"a\":\"unterminated}", "{\"a\"\"b\"}", "{\"a\" 1}", "{,}", "[,]", "{\"a\":[1,,2]}",
    "\ufeff{\"a\":1}", "null", "true", "false", "0", "-0", "1e999", "\"string\"", "[]", "[{}]", "[1,2,3]",
    "[[[]]]", "{\"a\":1,\"a\":2}", "{\"\":1}", "{\"a\":{\"b\":{\"c\":", "{\"results\":[]}", "NaN", "Infinity",
]

BAD_BYTES = [
    b"{\"a\":\"\xff\xfe\"}", b"{\"a\":\"\xc0\xaf\"}", b"{\"\xff\":1}", b"\xff\xfe{\x00\"\x00a\x00\"\x00:\x001\x00}\x00",
    b"{\"a\":\"\xed\xa0\x80\"}", b"{\"a\":\"\xf4\x90\x80\x80\"}", b"{\"a\":\"\xe3\x81\"}", b"\x00\x00\x00\x00",
    b"{\"a\":\"\x01\x02\x1f\"}", b"\x1f\x8b\x08\x00\x00\x00\x00\x00", b"{\"a\":1}\xff", b"\xef\xbb\xbf{}",
]

WRONG_VALUES = [
    None, True, False, 0, -1, 1.5, -0.0, 1e308, Raw("1e999"), Raw("-1e999"), Raw("NaN"), Raw("Infinity"),
    Raw("123456789012345678901234567890"), "", " ", "x", "a" * 5000, "\u0000", "\u202e", Raw("\"\\ud800\""),
    "日本語", [], [1, 2], [None], [[[]]], {}, {"a": 1}, {"$gt": 1}, {"__type": None}, {"__op": None},
    "2013-09-01T00:00:00.000Z", "null", "true", "{}", "[]",
]

DATE_BAD = [
    {"__type": "Date"}, {"__type": "Date", "iso": None}, {"__type": "Date", "iso": 123}, {"__type": "Date", "iso": ""},
    {"__type": "Date", "iso": "not a date"}, {"__type": "Date", "iso": "2013-13-45T99:99:99.999Z"},
    {"__type": "Date", "iso": "99999999-01-01T00:00:00.000Z"}, {"__type": "Date", "iso": "2013-09-01"},
    {"__type": "Date", "iso": "-0001-01-01T00:00:00.000Z"}, {"__type": "Date", "iso": "2013-09-01T00:00:00.000Z", "x": 1},
    {"__type": "Date", "iso": ["2013-09-01T00:00:00.000Z"]}, {"__type": "Date", "iso": "2013-09-01T00:00:00.9999999999999Z"},
    {"__type": "Date", "iso": "2013-09-01T00:00:00.000+99:99"}, {"__type": "date", "iso": "2013-09-01T00:00:00.000Z"},
]
POINTER_BAD = [
    {"__type": "Pointer"}, {"__type": "Pointer", "className": "X"}, {"__type": "Pointer", "objectId": "x"},
    {"__type": "Pointer", "className": 1, "objectId": "x"}, {"__type": "Pointer", "className": "X", "objectId": []},
    {"__type": "Pointer", "className": "", "objectId": ""}, {"__type": "Pointer", "className": "a" * 1000, "objectId": "x"},
    {"__type": "Pointer", "className": "$x", "objectId": "x"}, {"__type": "Pointer", "className": "user", "objectId": None},
    {"__type": "Pointer", "className": "X", "objectId": "x" * 10000}, {"__type": "Pointer", "className": "a.b", "objectId": "x"},
]
RELATION_BAD = [
    {"__type": "Relation"}, {"__type": "Relation", "className": 5}, {"__type": "Relation", "className": ""},
    {"__type": "Relation", "className": "X", "objects": [1]}, {"__type": "Relation", "className": None},
]
GEO_BAD = [
    {"__type": "GeoPoint"}, {"__type": "GeoPoint", "latitude": 91, "longitude": 0},
    {"__type": "GeoPoint", "latitude": -91, "longitude": 0}, {"__type": "GeoPoint", "latitude": 0, "longitude": 181},
    {"__type": "GeoPoint", "latitude": "x", "longitude": 0}, {"__type": "GeoPoint", "latitude": 0},
    {"__type": "GeoPoint", "latitude": None, "longitude": None}, {"__type": "GeoPoint", "latitude": Raw("1e999"), "longitude": 0},
    {"__type": "GeoPoint", "latitude": Raw("NaN"), "longitude": Raw("NaN")}, {"__type": "GeoPoint", "latitude": [0], "longitude": {}},
    {"__type": "GeoPoint", "latitude": 1e308, "longitude": -1e308},
]
FILE_BAD = [{"__type": "File"}, {"__type": "File", "name": 1}, {"__type": "File", "name": ""}, {"__type": "File", "name": "../x"}]
TYPE_BAD = [{"__type": "Foo"}, {"__type": 1}, {"__type": ""}, {"__type": ["Date"]}, {"__type": "Bytes", "base64": "!!"},
            {"__type": "Object", "className": 1}, {"__type": "Date", "__op": "Delete"}]
OPS = ["Increment", "Add", "AddUnique", "Remove", "AddRelation", "RemoveRelation", "Delete", "Foo", "", "increment", "Batch", "SetOnInsert"]
OP_ARGS = [
    {}, {"amount": "x"}, {"amount": None}, {"amount": []}, {"amount": Raw("1e999")}, {"amount": 1e308}, {"amount": Raw("NaN")},
    {"amount": 9223372036854775807}, {"objects": None}, {"objects": "x"}, {"objects": {}}, {"objects": 5},
    {"objects": [1, 2]}, {"objects": [{"__type": "Pointer"}]}, {"objects": [{"__type": "Pointer", "className": "A", "objectId": "x"},
                                                                          {"__type": "Pointer", "className": "B", "objectId": "y"}]},
    {"objects": [{"__op": "Delete"}]}, {"objects": [[[[]]]] * 3}, {"objects": list(range(2000))}, {"ops": [{"__op": "Delete"}]},
    {"amount": 1, "objects": [1]},
]
FIELD_NAMES = [
    "", " ", "$foo", "a.b", "a" * 300, "a" * 70000, "objectId", "createDate", "updateDate", "acl", "ACL", "_id", "__type",
    "__op", "sessionToken", "password", "authData", "_hashed_password", "\u0000", "日本語", "a b", "1", "-", "$", "..",
    "__proto__", "constructor", "a\nb", "_rperm", "$or", "$where", "className", "a[0]", "a'b", "a\"b", "\ud800",
]
ACL_BAD = [
    "x", [], 5, None, {"*": "read"}, {"*": {"read": "yes"}}, {"*": {"write": 1}}, {"role:": {"read": True}},
    {"": {}}, {"*": {"read": True, "delete": True}}, {"user:x": None}, {"*": {"read": {"read": True}}},
    {"*": []}, {"a" * 5000: {"read": True}}, {"*": {"read": None}}, {"role:" + "x" * 1000: {"write": True}},
]


def random_special_value(rng):
    group = rng.choice([WRONG_VALUES, DATE_BAD, POINTER_BAD, RELATION_BAD, GEO_BAD, FILE_BAD, TYPE_BAD, ACL_BAD, None])
    if group is None:
        op = {"__op": rng.choice(OPS)}
        op.update(rng.choice(OP_ARGS))
        return op
    return rng.choice(group)


def deep(rng):
    n = rng.choice([100, 1000, 5000, 10000, 10000, 100000])
    kind = rng.randrange(4)
    if kind == 0:
        return "[" * n
    if kind == 1:
        return "[" * n + "]" * n
    if kind == 2:
        return "{\"a\":" * n + "1" + "}" * n
    return "{\"a\":" + "{\"$or\":[" * min(n, 2000) + "{}" + "]}" * min(n, 2000) + "}"


def bad_object(rng, ctx, endpoint):
    obj = {}
    for _ in range(rng.randint(1, 5)):
        r = rng.random()
        if r < 0.35:
            key = rng.choice(["acl", "objectId", "createDate", "updateDate", "a", "b", "location", "owner", "tags", "score"])
        elif r < 0.6:
            key = rng.choice(FIELD_NAMES)
        else:
            key = rng.choice(ENDPOINT_FIELDS.get(endpoint, ["a"]))
        obj[key] = random_special_value(rng)
    if rng.random() < 0.05:
        obj = {"k%d" % i: i for i in range(rng.choice([1000, 10000]))}
    return obj


ENDPOINT_FIELDS = {
    "users": ["userName", "password", "mailAddress", "authData", "sessionToken", "mailAddressConfirm"],
    "login": ["userName", "password", "mailAddress"],
    "roles": ["roleName", "belongUser", "belongRole"],
    "installations": ["deviceType", "deviceToken", "channels", "timeZone", "badge", "applicationName", "appVersion", "sdkVersion"],
    "push": ["deliveryTime", "immediateDeliveryFlag", "target", "searchCondition", "message", "deliveryExpirationTime",
             "deliveryExpirationDate", "badgeIncrementFlag", "sound", "action", "title", "userSettingValue", "richUrl",
             "dialog", "category", "contentAvailable", "badgeSetting"],
    "openNumber": ["deviceType", "deviceToken"],
    "mail": ["mailAddress"],
    "files": ["acl", "*", "role:x"],
}


def batch_body(rng, ctx):
    r = rng.randrange(9)
    if r == 0:
        return dump({"requests": rng.choice(WRONG_VALUES)})
    if r == 1:
        return dump({"requests": [{"method": "POST", "path": "2013-09-01/classes/BadInput", "body": {"n": i}} for i in range(51)]})
    if r == 2:
        return dump({"requests": [{"method": "POST", "path": "2013-09-01/batch", "body": {"requests": []}}]})
    if r == 3:
        return dump([])
    items = []
    for _ in range(rng.randint(1, 6)):
        items.append({
            "method": rng.choice(["POST", "PUT", "DELETE", "GET", "PATCH", "", 5, None, "post"]),
            "path": rng.choice(["2013-09-01/classes/BadInput", "/2013-09-01/classes/BadInput/x", "classes/X", "users",
                                "../../etc/passwd", "", 5, None, "2013-09-01/batch", "2013-09-01/files/a.txt",
                                "https://evil/2013-09-01/classes/X", "2013-09-01/classes/" + "a" * 500, "2013-09-01/logout",
                                "2013-09-01/push", "2013-09-01/classes/X?where=%zz"]),
            "body": rng.choice([bad_object(rng, ctx, "classes"), None, "x", [], 5]),
        })
        if rng.random() < 0.2:
            del items[-1][rng.choice(["method", "path", "body"])]
    return dump({"requests": items})


def json_body(rng, ctx, endpoint):
    """A body text for the endpoint: syntax errors, deep nesting or semantically bad objects."""
    r = rng.random()
    if r < 0.18:
        return encode_body(rng.choice(BAD_SYNTAX))
    if r < 0.24:
        return rng.choice(BAD_BYTES)
    if r < 0.28:
        return deep(rng).encode()
    if r < 0.33:
        text = dump(bad_object(rng, ctx, endpoint))
        return encode_body(text[: rng.randrange(len(text) + 1)])  # truncated
    if r < 0.37:
        return encode_body(dump(rng.choice([[bad_object(rng, ctx, endpoint)], [], [[1]], "x", 5, None])))
    if endpoint == "batch" and r < 0.8:
        return encode_body(batch_body(rng, ctx))
    if endpoint == "files" and r < 0.7:
        return encode_body(dump(rng.choice([{"acl": rng.choice(ACL_BAD)}, rng.choice(ACL_BAD)])))
    return encode_body(dump(bad_object(rng, ctx, endpoint)))


def sized_body(rng):
    size = rng.choice([1024 * 1024, 1024 * 1024, 3 * 1024 * 1024, 5 * 1024 * 1024])
    kind = rng.randrange(4)
    if kind == 0:
        return b"{\"a\":\"" + b"x" * size + b"\"}"
    if kind == 1:
        return b"{\"a\":[" + b"1," * (size // 2) + b"1]}"
    if kind == 2:
        return b"{\"a\":\"" + b"x" * size  # unterminated
    return b"[" * min(size, 1024 * 1024)


# --------------------------------------------------------------------------------------
# Query strings (docs/wire/query-operators.md)
# --------------------------------------------------------------------------------------

GEO = {"__type": "GeoPoint", "latitude": 0, "longitude": 0}
WHERE_BAD = [
    "notjson", "{", "[]", "1", "null", "\"x\"", "[{\"a\":1}]", {"a": {"$foo": 1}}, {"$foo": 1}, {"a": {"$regex": "("}},
    {"a": {"$regex": "[z-a]"}}, {"a": {"$regex": "(a+)+$"}}, {"a": {"$regex": "\\"}}, {"a": {"$regex": 5}},
    {"a": {"$regex": "a", "$options": "zz"}}, {"a": {"$regex": "(?<x"}}, {"a": {"$regex": "a{99999999}"}},
    {"a": {"$in": 5}}, {"a": {"$in": "x"}}, {"a": {"$nin": {}}}, {"a": {"$all": None}}, {"a": {"$exists": "yes"}},
    {"a": {"$inQuery": {}}}, {"a": {"$inQuery": 5}}, {"a": {"$inQuery": {"where": 5, "className": "X"}}},
    {"a": {"$inQuery": {"where": {}, "className": 5}}}, {"a": {"$notInQuery": {"where": "x", "className": ""}}},
    {"a": {"$inQuery": {"where": {"b": {"$inQuery": {"where": {"c": {"$foo": 1}}, "className": "Y"}}}, "className": "X"}}},
    {"a": {"$select": {"query": {}, "key": 5}}}, {"a": {"$select": {"query": {"className": "X", "where": "x"}, "key": "b"}}},
    {"a": {"$select": 5}}, {"a": {"$dontSelect": {"query": {"className": 1}}}},
    {"a": {"$nearSphere": dict(GEO, latitude=100)}}, {"a": {"$nearSphere": 5}}, {"a": {"$nearSphere": {"__type": "GeoPoint"}}},
    {"a": {"$nearSphere": GEO, "$maxDistanceInKilometers": -1}}, {"a": {"$nearSphere": GEO, "$maxDistanceInMiles": "x"}},
    {"a": {"$nearSphere": GEO, "$maxDistanceInRadians": Raw("1e999")}}, {"a": {"$maxDistance": 5}},
    {"a": {"$within": {"$box": [1, 2]}}}, {"a": {"$within": {"$box": [{"__type": "GeoPoint", "latitude": "x"}]}}},
    {"a": {"$within": {"$box": [GEO, GEO, GEO]}}}, {"a": {"$within": 5}}, {"a": {"$within": {"$box": None}}},
    {"a": {"$geoWithin": {"$polygon": []}}}, {"a": {"$geoWithin": {"$centerSphere": [[0, 0], "x"]}}},
    {"$or": 5}, {"$or": []}, {"$or": [5]}, {"$or": [{"a": {"$foo": 1}}]}, {"$and": "x"}, {"$and": [{}]},
    {"$relatedTo": {"object": 5, "key": "x"}}, {"$relatedTo": {"object": {"__type": "Pointer"}, "key": 5}},
    {"$relatedTo": 5}, {"a": {"$gt": {}}}, {"a": {"$gt": {"__type": "Date", "iso": "x"}}}, {"a": {"$lt": [1]}},
    {"a.b.c.d.e": 1}, {"": 1}, {"a": {"$ne": {"$ne": 1}}}, {"objectId": {"$in": [1, {}]}}, {"acl": 1},
    {"a": {"$inArray": 5}}, {"a": {"$ninArray": "x"}}, {"a": {"$gte": Raw("NaN")}}, {"a": {"$lte": Raw("1e999")}},
    {"a": {"$gt": 1, "$lt": "x", "$in": [], "$foo": None}}, {"$where": "sleep(10)"}, {"a": {"$text": "x"}},
    {"createDate": {"$gt": "x"}}, {"createDate": "2013"}, {"a": Raw("\"\\ud800\"")}, {"a": {"__type": "Pointer"}},
    {"a": {"$regex": "^" + "(a|a)*" * 20 + "$"}}, {"a": {"$exists": True, "$regex": "\\p{Zz}"}},
]


def where_text(rng):
    r = rng.random()
    if r < 0.04:
        return dump({"k%d" % i: i for i in range(1000)})
    if r < 0.07:
        return dump({"a": {"$in": list(range(rng.choice([1001, 5001, 20000])))}})
    if r < 0.09:
        n = rng.choice([9, 50, 2000])
        return "{\"$or\":[" * n + "{}" + "]}" * n
    if r < 0.11:
        return deep(rng)
    if r < 0.14:
        return dump({"$or": [{"a": i} for i in range(rng.choice([101, 300]))]})
    value = rng.choice(WHERE_BAD)
    return value if isinstance(value, str) else dump(value)


def encode_value(rng, text):
    r = rng.random()
    if r < 0.6:
        return urllib.parse.quote(text, safe="", errors="surrogatepass")
    if r < 0.8:  # Swift style: ':' '$' ',' raw
        return urllib.parse.quote(text, safe=":$,/?@", errors="surrogatepass")
    if r < 0.9:  # form style
        return urllib.parse.quote_plus(text, safe="", errors="surrogatepass")
    # broken percent-encoding
    enc = urllib.parse.quote(text, safe="", errors="surrogatepass")
    pos = rng.randrange(len(enc) + 1)
    return enc[:pos] + rng.choice(["%zz", "%", "%f", "%%", "%u0041", "%00", "%ff%fe", "%c0%af", "%ed%a0%80"]) + enc[pos:]


BAD_NUMS = ["-1", "-0", "1001", "99999999999999999999", "abc", "1.5", "", "0x10", "1e3", " 1", "+1", "NaN", "-99999999999",
            "9223372036854775808", "1,2", "[1]", "true", "٣", "0" * 1000 + "1"]


def query_string(rng, ctx):
    params = []
    for _ in range(rng.randint(1, 4)):
        r = rng.random()
        if r < 0.4:
            params.append(("where", where_text(rng)))
        elif r < 0.5:
            params.append((rng.choice(["limit", "skip"]), rng.choice(BAD_NUMS)))
        elif r < 0.58:
            params.append(("order", rng.choice(["", ",", "-", "--a", "a," * 999, "$a", "a.b.c", "-createDate,-createDate",
                                                "objectId desc", ",".join("f%d" % i for i in range(999)), "a;DROP"])))
        elif r < 0.66:
            params.append(("include", rng.choice(["a.b.c.d.e.f.g", "a." * 100 + "a", "", ",,,", "$x", ",".join("p%d" % i for i in range(50)),
                                                  "owner", "a..b", "."])))
        elif r < 0.72:
            params.append(("keys", rng.choice(["", ",", "a" * 10000, "*", "-a", "a.b", ",".join("k%d" % i for i in range(1000)), "$x"])))
        elif r < 0.78:
            params.append(("count", rng.choice(["maybe", "2", "-1", "", "true", "TRUE", "1" * 50])))
        elif r < 0.84:
            params.append((rng.choice(["foo", "", "where[]", "WHERE", "limit ", "x" * 1000]), rng.choice(["bar", "", "%", "a=b=c"])))
        elif r < 0.9:
            params.append(("userName", rng.choice(["", "x", "a" * 5000])))
            params.append(("password", rng.choice(["", "x", "\u0000"])))
        elif r < 0.94:
            params.append(("where", "a" * rng.choice([8000, 50000, 100000])))
        else:
            params.append(("mailAddress", rng.choice(["", "x", "a@", "@b", "a" * 500 + "@b.c"])))
    segments = [name + "=" + encode_value(rng, value) for name, value in params]
    r = rng.random()
    if r < 0.08 and segments:
        segments.append(segments[0])  # duplicated parameter
    elif r < 0.12:
        segments.append(rng.choice(["", "&", "=", "a", "a=b=c", "%zz=1", "where", "&&&"]))
    return "&".join(segments)


# --------------------------------------------------------------------------------------
# Paths and methods
# --------------------------------------------------------------------------------------

ODD_CLASSES = ["", "a" * 300, "$foo", "a.b", "1abc", "_User", "user", "users", "role", "installation", "push", "file",
               "%E6%97%A5%E6%9C%AC", "%00", "%2e%2e", "..", ".", "a%2fb", "a%20b", "%zz", "~!*'()", "__proto__",
               "sqlite_master", "a'--", "x;DROP%20TABLE%20objects", "NULL", "-", "_", "A" * 65, "%ff%fe", "a%0d%0ab"]
ODD_IDS = ["", "x", "a" * 10000, "..", "%2e%2e%2f", "abc%00def", "%ff%fe", "0", "-1", "null", "'", "%22", "%7B%7D", "$gt",
           "*", "%25", "%zz", "a%20b", "%F0%9F%99%82", "a" * 200, "a;b", "a,b", "%0a"]
FILE_NAMES = ["a.txt", "", "..%2f..%2fetc%2fpasswd", "%2e%2e", "a" * 2000, "%00.txt", "%E6%97%A5%20%E8%AA%9E.txt", "a+b.txt",
              "%zz.txt", "con", "a/b.txt", ".", "x" * 300 + ".png"]


def class_name(rng):
    return rng.choice(["BadInput", "BadInput", "GameScore"] + ODD_CLASSES)


def object_id(rng, ctx):
    return rng.choice(["doesNotExist123", ctx.object_id, ctx.object_id] + ODD_IDS)


def random_path(rng, ctx):
    """Returns (path, endpoint kind)."""
    r = rng.random()
    if r < 0.25:
        return API + "/classes/" + class_name(rng), "classes"
    if r < 0.38:
        return API + "/classes/" + class_name(rng) + "/" + object_id(rng, ctx), "classes"
    if r < 0.80:
        choice = rng.choice([
            ("/users", "users"), ("/users/" + object_id(rng, ctx), "users"), ("/login", "login"), ("/logout", "login"),
            ("/requestPasswordReset", "mail"), ("/requestMailAddressUserEntry", "mail"), ("/roles", "roles"),
            ("/roles/" + object_id(rng, ctx), "roles"), ("/installations", "installations"),
            ("/installations/" + object_id(rng, ctx), "installations"), ("/push", "push"), ("/push/" + object_id(rng, ctx), "push"),
            ("/push/" + object_id(rng, ctx) + "/openNumber", "openNumber"), ("/files", "files"),
            ("/files/" + rng.choice(FILE_NAMES), "files"), ("/batch", "batch"), ("/batch", "batch"),
        ])
        return API + choice[0], choice[1]
    if r < 0.84:
        return SCRIPT_API + "/" + rng.choice(["hello.js", "x.rb", "", "..%2fx.js", "a" * 500 + ".js", "%zz.js"]), "script"
    if r < 0.88:
        app = rng.choice([ctx.application_id, ctx.application_id, "unknownApp", "", "..", "%zz"])
        tail = rng.choice(["publicFiles/" + rng.choice(FILE_NAMES), "mailAddressConfirm", "mailAddressUser",
                           "requestPasswordResetUpdate", "publicFiles/", "publicFiles", "unknown"])
        return API + "/applications/" + app + "/" + tail, "browser"
    odd = rng.choice([
        "/", "//2013-09-01/classes/BadInput", "/2013-09-01//classes/BadInput", "/2013-09-01/classes/BadInput/",
        "/2013-09-01/classes/BadInput/x/y/z", "/2014-01-01/classes/BadInput", "/2013-09-01/../etc/passwd",
        "/2013-09-01/classes/..%2f..%2fx", "/2013-09-01/%2e%2e/", "/favicon.ico", "/health", "/metrics", "/2013-09-01",
        "/2013-09-01/", "/2013-09-01/unknown", "/2013-09-01/classes", "/%", "/%zz", "*", "/2013-09-01/classes/%2F",
        "/2013-09-01/users/", "/2013-09-01/login/", "/2013-09-01/batch/x", "/2013-09-01/files/", "/2015-09-01/script",
        "/2013-09-01/classes/BadInput;x=1", "/2013-09-01/classes/BadInput%3Fwhere=1", "/" + "a/" * 2000,
        "/2013-09-01/classes/" + "b" * 20000, "/.%2e/.%2e/", "/2013-09-01/classes/BadInput#frag",
    ])
    return odd, "classes"


METHODS = ["GET"] * 25 + ["POST"] * 30 + ["PUT"] * 18 + ["DELETE"] * 9 + [
    "PATCH", "PATCH", "OPTIONS", "OPTIONS", "HEAD", "HEAD", "TRACE", "CONNECT", "FOO", "get", "PROPFIND", "M" * 300]

CONTENT_TYPES = [
    "application/json", "application/json", "application/json", "application/json", "application/json",
    "application/json; charset=utf-8", None, "text/plain", "application/json; charset=latin-1",
    "application/x-www-form-urlencoded", "multipart/form-data", "multipart/form-data; boundary=",
    "multipart/form-data; boundary=xyz", "application/json; charset=utf-16", "*/*", "", ";;;",
    "application/json, text/plain", "application/" + "j" * 5000, "application/octet-stream", "application/xml",
]


def multipart_body(rng):
    b = "xyz"
    r = rng.randrange(7)
    if r == 0:
        return b"--xyz\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.txt\"\r\n\r\nhello\r\n--xyz--\r\n"
    if r == 1:
        return b"--xyz\r\nContent-Disposition: form-data; name=\"file\"\r\n\r\nhello"  # truncated
    if r == 2:
        return b"--xyz--\r\n"
    if r == 3:
        return b"--xyz\r\nContent-Disposition: form-data; name=\"acl\"\r\n\r\n{bad json\r\n--xyz--\r\n"
    if r == 4:
        return b"--xyz\r\n" + b"X: " + b"a" * 100000 + b"\r\n\r\n--xyz--\r\n"
    if r == 5:
        return b"garbage without boundary"
    return ("--" + b + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"" + "\u202e" * 50 + "\"\r\n\r\nx\r\n--" + b + "--\r\n").encode()


# --------------------------------------------------------------------------------------
# Cases
# --------------------------------------------------------------------------------------


class Case:
    __slots__ = ("index", "label", "method", "path", "query", "body", "content_type", "auth", "session", "extra_headers",
                 "raw", "half_close", "valid", "expect")

    def __init__(self, index, label, method, path, query=None, body=None, content_type="application/json"):
        self.index = index
        self.label = label
        self.method = method
        self.path = path
        self.query = query
        self.body = body
        self.content_type = content_type
        self.auth = "good"      # good | none | badsig | unknown_app | missing_key | missing_ts | missing_sig | dup | odd_ts
        self.session = None     # None | "valid" | garbage string
        self.extra_headers = []
        self.raw = None         # None or a framing kind handled by raw_request()
        self.half_close = False
        self.valid = False
        self.expect = None

    def target(self):
        return self.path + ("?" + self.query if self.query is not None else "")

    def describe(self, limit=400):
        body = self.body if self.body is not None else b""
        head = "%s %s" % (self.method, self.target())
        extras = ""
        if self.raw:
            extras += " raw=" + self.raw
        if self.auth != "good":
            extras += " auth=" + self.auth
        if self.session is not None:
            extras += " session=" + ("valid" if self.session == "valid" else repr(self.session[:40]))
        if self.extra_headers:
            extras += " headers=" + repr([(k, v[:60]) for k, v in self.extra_headers][:4])
        if self.content_type != "application/json":
            extras += " content-type=" + repr((self.content_type or "")[:60])
        text = "#%d [%s] %s%s body(%dB)=%r" % (self.index, self.label, head[:limit], extras, len(body), bytes(body[:limit // 2]))
        return text[: limit * 2]


RAW_KINDS = [
    "chunked_zz", "chunked_neg", "chunked_17hex", "chunked_missing_crlf", "chunked_long_ext", "chunked_bad_trailer",
    "chunked_unterminated", "te_gzip", "te_chunked_gzip", "te_identity", "te_twice", "te_space", "te_xchunked",
    "cl_short_close", "cl_dup_diff", "cl_dup_same", "cl_negative", "cl_nonnumeric", "cl_float", "cl_space", "cl_huge",
    "cl_over_limit", "cl_and_te", "head_over_80k", "many_headers", "line_over_80k", "head_under_80k", "ctl_in_path",
    "space_in_path", "tab_in_path", "nonascii_path", "http10", "http20", "http99", "bad_version", "no_version",
    "bare_lf", "no_colon", "space_before_colon", "obs_fold", "no_host", "two_hosts", "nonascii_header", "nonascii_ts",
    "nonascii_token", "expect_continue", "expect_garbage", "pipelined", "nul_in_header", "absolute_form",
]
HALF_CLOSE_KINDS = {"cl_short_close", "chunked_unterminated", "cl_over_limit", "cl_huge"}


def make_case(index, seed, ctx):
    rng = random.Random("%d:%d" % (seed, index))
    r = rng.random()
    if r < 0.03:
        return valid_case(index, rng, ctx)
    if r < 0.12:
        case = Case(index, "raw", "POST", API + "/classes/BadInput", body=b"{\"a\":1}")
        case.raw = rng.choice(RAW_KINDS)
        case.half_close = case.raw in HALF_CLOSE_KINDS
        if rng.random() < 0.3:
            case.method = "PUT"
            case.path = API + "/classes/BadInput/" + ctx.object_id
        return case
    path, endpoint = random_path(rng, ctx)
    method = rng.choice(METHODS)
    case = Case(index, endpoint, method, path)
    if method == "GET" or rng.random() < 0.15:
        case.query = query_string(rng, ctx) if rng.random() < 0.85 else None
        case.label += "/query"
    if method not in ("GET", "HEAD") or rng.random() < 0.1:
        if rng.random() < 0.01:
            case.body = sized_body(rng)
            case.label += "/big"
        elif endpoint == "files" and method == "POST" and rng.random() < 0.6:
            case.body = multipart_body(rng)
            case.content_type = rng.choice(["multipart/form-data; boundary=xyz", "multipart/form-data",
                                            "multipart/form-data; boundary=\"\"", "multipart/form-data; boundary=" + "b" * 200])
        else:
            case.body = json_body(rng, ctx, endpoint)
        case.label += "/body"
    if rng.random() < 0.12:
        case.content_type = rng.choice(CONTENT_TYPES)
    r = rng.random()
    if r < 0.78:
        case.auth = "good"
    elif r < 0.96:
        case.auth = rng.choice(["none", "badsig", "unknown_app", "missing_key", "missing_ts", "missing_sig", "dup_sig",
                                "dup_key", "odd_ts", "empty_sig", "long_sig", "empty_key"])
    else:
        case.auth = "good"
        case.raw = rng.choice(["nonascii_header", "nonascii_ts", "nonascii_token", "head_over_80k", "head_under_80k"])
    if rng.random() < 0.3:
        case.session = "valid" if rng.random() < 0.6 else rng.choice(
            ["", "x", "null", "a" * 5000, ctx.session_token + "x", ctx.session_token[:-1], "' OR 1=1 --", "%00", "\t"])
        if case.session == "valid" and ("logout" in path or method == "DELETE"):
            case.session = "garbage-" + str(index)
    if rng.random() < 0.04:
        case.extra_headers.append(("X-Pad", "p" * rng.choice([1000, 20000, 70000, 90000, 200000])))
    elif rng.random() < 0.04:
        case.extra_headers.append((rng.choice(["Accept", "Accept-Encoding", "Origin", "Cookie", "Authorization", "X-NCMB-SDK-Version",
                                               "Access-Control-Request-Method", "Range", "If-None-Match", "Connection"]),
                                   rng.choice(["*/*", "gzip, br", "null", "x" * 3000, "bytes=0-,-1", "\"x\"", "keep-alive, Upgrade",
                                               "bytes=999999999-", ""])))
    return case


def valid_case(index, rng, ctx):
    r = rng.randrange(4)
    if r == 0:
        case = Case(index, "valid-create", "POST", API + "/classes/BadInputValid", body=json.dumps({"n": index, "s": "ok"}).encode())
        case.expect = {201}
    elif r == 1:
        case = Case(index, "valid-get", "GET", API + "/classes/BadInputValid/" + ctx.valid_id)
        case.expect = {200}
    elif r == 2:
        case = Case(index, "valid-query", "GET", API + "/classes/BadInputValid",
                    query="where=" + urllib.parse.quote('{"n":{"$gte":0}}', safe="") + "&limit=5&order=-n&count=1")
        case.expect = {200}
    else:
        case = Case(index, "valid-update", "PUT", API + "/classes/BadInputValid/" + ctx.valid_id,
                    body=json.dumps({"n": {"__op": "Increment", "amount": 1}, "tags": {"__op": "AddUnique", "objects": ["a"]}}).encode())
        case.expect = {200}
    case.valid = True
    return case


# --------------------------------------------------------------------------------------
# Wire
# --------------------------------------------------------------------------------------


class Context:
    def __init__(self, args):
        u = urllib.parse.urlsplit(args.base_url)
        if u.scheme != "http" or not u.hostname:
            raise ValueError("--base-url must be http://host:port")
        self.host = u.hostname
        self.port = u.port or 80
        self.hostport = self.host + ("" if u.port is None else ":%d" % u.port)
        self.app_key = args.application_key
        self.client_key = args.client_key
        self.application_id = args.application_id or "unknownApplicationId"
        self.object_id = "doesNotExist123"
        self.valid_id = "doesNotExist123"
        self.session_token = "invalidtoken000000000000"
        self.user_id = None


def build_headers(case, ctx):
    """The header list (name, value str) for a case, including the signature."""
    ts = now_timestamp()
    app_key = ctx.app_key
    if case.auth == "odd_ts":
        ts = random.Random(case.index).choice(["", "x", "9999-99-99T99:99:99.999Z", "0" * 5000, "2013-12-02T02%3A44%3A35.452Z",
                                               "1970-01-01T00:00:00.000Z", "2100-01-01T00:00:00Z"])
    if case.auth == "unknown_app":
        app_key = "0" * 64
    elif case.auth == "empty_key":
        app_key = ""
    method_for_sign = case.method
    sig = signature(ctx.client_key, string_to_sign(method_for_sign, ctx.host, case.path, app_key, ts, case.query))
    headers = []
    if case.auth not in ("none", "missing_key"):
        headers.append(("X-NCMB-Application-Key", app_key))
    if case.auth == "dup_key":
        headers.append(("X-NCMB-Application-Key", "0" * 64))
    if case.auth not in ("none", "missing_ts"):
        headers.append(("X-NCMB-Timestamp", ts))
    if case.auth == "badsig":
        sig = base64.b64encode(hashlib.sha256(sig.encode()).digest()).decode()
    elif case.auth == "empty_sig":
        sig = ""
    elif case.auth == "long_sig":
        sig = "A" * 60000
    if case.auth not in ("none", "missing_sig"):
        headers.append(("X-NCMB-Signature", sig))
    if case.auth == "dup_sig":
        headers.append(("X-NCMB-Signature", "!!notbase64!!"))
    if case.session is not None:
        headers.append(("X-NCMB-Apps-Session-Token", ctx.session_token if case.session == "valid" else case.session))
    if case.content_type is not None and (case.body is not None or case.index % 3 == 0):
        headers.append(("Content-Type", case.content_type))
    headers.extend(case.extra_headers)
    return headers


def needs_raw(case):
    if case.raw:
        return True
    if any(ord(c) < 0x21 or ord(c) > 0x7E for c in case.target()) or not re.match(r"^[!-~]+$", case.method):
        return True
    return False


class Result:
    __slots__ = ("status", "headers", "body", "error", "elapsed")

    def __init__(self, status=None, headers=None, body=b"", error=None, elapsed=0.0):
        self.status = status
        self.headers = headers or {}
        self.body = body
        self.error = error
        self.elapsed = elapsed


class Worker:
    def __init__(self, ctx):
        self.ctx = ctx
        self.conn = None

    def close(self):
        if self.conn is not None:
            try:
                self.conn.close()
            except Exception:
                pass
        self.conn = None

    def send(self, case):
        started = time.monotonic()
        if needs_raw(case):
            result = raw_request(self.ctx, case)
        else:
            result = self.http_request(case)
        result.elapsed = time.monotonic() - started
        return result

    def http_request(self, case, retry=True):
        fresh = self.conn is None
        if fresh:
            self.conn = http.client.HTTPConnection(self.ctx.host, self.ctx.port, timeout=TIMEOUT)
        conn = self.conn
        try:
            conn.putrequest(case.method, case.target(), skip_host=True, skip_accept_encoding=True)
            conn.putheader("Host", self.ctx.hostport)
            for name, value in build_headers(case, self.ctx):
                conn.putheader(name, value)
            if case.body is not None:
                conn.putheader("Content-Length", str(len(case.body)))
            try:
                conn.endheaders(case.body)
            except (BrokenPipeError, ConnectionResetError, ConnectionAbortedError) as e:
                # The server answered (or closed) before reading the whole request: try to read its early answer.
                send_error = type(e).__name__
                try:
                    resp = conn.getresponse()
                    body = resp.read()
                    headers = {k.lower(): v for k, v in resp.getheaders()}
                    self.close()
                    return Result(resp.status, headers, body)
                except Exception:
                    self.close()
                    if not fresh and retry:
                        return self.http_request(case, retry=False)
                    return Result(error="send-reset: %s while sending %d body bytes, no answer readable" % (
                        send_error, len(case.body or b"")))
            resp = conn.getresponse()
            try:
                body = resp.read()
            except (socket.timeout, TimeoutError):
                self.close()
                return Result(resp.status, {k.lower(): v for k, v in resp.getheaders()},
                              error="unterminated body (status %d, no Content-Length, connection kept open)" % resp.status)
            headers = {k.lower(): v for k, v in resp.getheaders()}
            if resp.will_close:
                self.close()
            return Result(resp.status, headers, body)
        except (socket.timeout, TimeoutError):
            self.close()
            return Result(error="timeout")
        except ConnectionRefusedError:
            self.close()
            return Result(error="refused")
        except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError, ConnectionAbortedError,
                http.client.IncompleteRead, http.client.BadStatusLine) as e:
            self.close()
            if not fresh and retry:  # a keep-alive connection the server had closed: retry on a fresh one
                return self.http_request(case, retry=False)
            return Result(error="dropped: " + type(e).__name__)
        except (http.client.InvalidURL, ValueError, UnicodeError) as e:
            self.close()
            return Result(error="client: " + type(e).__name__ + " " + str(e)[:80])
        except OSError as e:
            self.close()
            return Result(error="dropped: " + type(e).__name__ + " " + str(e)[:80])


def raw_request(ctx, case):
    headers = build_headers(case, ctx)
    kind = case.raw or "plain"
    method, target = case.method, case.target()
    body = case.body if case.body is not None else b""
    version = "HTTP/1.1"
    host_lines = ["Host: " + ctx.hostport]
    framing = ["Content-Length: %d" % len(body)]
    extra = []
    sep = "\r\n"
    trailing = b""
    rng = random.Random(case.index)
    if kind.startswith("chunked_") or kind.startswith("te_"):
        framing = ["Transfer-Encoding: chunked"]
        chunk = b"%x\r\n" % len(body) + body + b"\r\n0\r\n\r\n"
        if kind == "chunked_zz":
            body = b"zz\r\n" + body + b"\r\n0\r\n\r\n"
        elif kind == "chunked_neg":
            body = b"-7\r\n" + body + b"\r\n0\r\n\r\n"
        elif kind == "chunked_17hex":
            body = b"10000000000000000\r\n" + body + b"\r\n0\r\n\r\n"
        elif kind == "chunked_missing_crlf":
            body = b"%x\r\n" % len(body) + body + b"0\r\n\r\n"
        elif kind == "chunked_long_ext":
            body = b"%x;" % len(body) + b"e" * 100000 + b"\r\n" + body + b"\r\n0\r\n\r\n"
        elif kind == "chunked_bad_trailer":
            body = b"%x\r\n" % len(body) + body + b"\r\n0\r\nbad trailer without colon\r\n\r\n"
        elif kind == "chunked_unterminated":
            body = b"%x\r\n" % len(body) + body + b"\r\n"
        elif kind == "te_gzip":
            framing = ["Transfer-Encoding: gzip"]
            body = b"\x1f\x8b\x08\x00garbage"
        elif kind == "te_chunked_gzip":
            framing = ["Transfer-Encoding: chunked, gzip"]
            body = chunk
        elif kind == "te_identity":
            framing = ["Transfer-Encoding: identity", "Content-Length: %d" % len(body)]
        elif kind == "te_twice":
            framing = ["Transfer-Encoding: chunked", "Transfer-Encoding: chunked"]
            body = chunk
        elif kind == "te_space":
            framing = ["Transfer-Encoding:  chunked "]
            body = chunk
        elif kind == "te_xchunked":
            framing = ["Transfer-Encoding: xchunked"]
            body = chunk
    elif kind == "cl_short_close":
        framing = ["Content-Length: 100"]
        body = body[:7]
    elif kind == "cl_dup_diff":
        framing = ["Content-Length: %d" % len(body), "Content-Length: %d" % (len(body) + 10)]
    elif kind == "cl_dup_same":
        framing = ["Content-Length: %d" % len(body), "Content-Length: %d" % len(body)]
    elif kind == "cl_negative":
        framing = ["Content-Length: -1"]
    elif kind == "cl_nonnumeric":
        framing = ["Content-Length: abc"]
    elif kind == "cl_float":
        framing = ["Content-Length: %d.0" % len(body)]
    elif kind == "cl_space":
        framing = ["Content-Length: %d %d" % (len(body), len(body))]
    elif kind == "cl_huge":
        framing = ["Content-Length: 99999999999999999999999"]
    elif kind == "cl_over_limit":
        framing = ["Content-Length: 17000000"]
    elif kind == "cl_and_te":
        framing = ["Content-Length: 3", "Transfer-Encoding: chunked"]
        body = b"%x\r\n" % len(body) + body + b"\r\n0\r\n\r\n"
    elif kind == "head_over_80k":
        extra = ["X-Pad: " + "p" * (90 * 1024)]
    elif kind == "many_headers":
        extra = ["X-Pad-%d: %s" % (i, "v" * 100) for i in range(1000)]
    elif kind == "line_over_80k":
        target = target + ("&" if "?" in target else "?") + "x=" + "a" * (90 * 1024)
    elif kind == "head_under_80k":
        extra = ["X-Pad: " + "p" * (60 * 1024)]
    elif kind == "ctl_in_path":
        target = target.replace("/classes/", "/classes/" + rng.choice(["\x00", "\x01", "\x7f", "\x1b", "\x08"]), 1)
    elif kind == "space_in_path":
        target = target + " x"
    elif kind == "tab_in_path":
        target = target + "\tx"
    elif kind == "nonascii_path":
        target = target + "\udcff\udcfe"
    elif kind == "http10":
        version = "HTTP/1.0"
    elif kind == "http20":
        version = "HTTP/2.0"
    elif kind == "http99":
        version = "HTTP/9.9"
    elif kind == "bad_version":
        version = "HTTP/1.1x"
    elif kind == "no_version":
        version = None
    elif kind == "bare_lf":
        sep = "\n"
    elif kind == "no_colon":
        extra = ["This header has no colon"]
    elif kind == "space_before_colon":
        extra = ["X-NCMB-Foo : bar"]
    elif kind == "obs_fold":
        extra = ["X-Folded: a", " continued"]
    elif kind == "no_host":
        host_lines = []
    elif kind == "two_hosts":
        host_lines = ["Host: " + ctx.hostport, "Host: evil.example"]
    elif kind == "nonascii_header":
        extra = ["X-Bytes: \udcff\udcfe\udc80 \u00e9"]
    elif kind == "nonascii_ts":
        headers = [(k, v + "\udcff" if k == "X-NCMB-Timestamp" else v) for k, v in headers]
    elif kind == "nonascii_token":
        headers = [(k, v) for k, v in headers if k != "X-NCMB-Apps-Session-Token"] + [("X-NCMB-Apps-Session-Token", "\udce3\udc81\udc82")]
    elif kind == "expect_continue":
        extra = ["Expect: 100-continue"]
    elif kind == "expect_garbage":
        extra = ["Expect: garbage"]
    elif kind == "pipelined":
        trailing = ("GET %s HTTP/1.1\r\nHost: %s\r\n\r\n" % (API + "/classes/BadInput", ctx.hostport)).encode()
    elif kind == "nul_in_header":
        extra = ["X-Nul: a\x00b"]
    elif kind == "absolute_form":
        target = "http://" + ctx.hostport + target
    request_line = method + " " + target + (" " + version if version else "")
    lines = [request_line] + host_lines + ["%s: %s" % kv for kv in headers] + extra + framing
    head = (sep.join(lines) + sep + sep).encode("utf-8", "surrogateescape")
    data = head + body + trailing
    return raw_exchange(ctx, data, case.half_close, case.method == "HEAD", kind == "expect_continue")


def raw_exchange(ctx, data, half_close, is_head, expect_continue=False):
    try:
        sock = socket.create_connection((ctx.host, ctx.port), timeout=TIMEOUT)
    except ConnectionRefusedError:
        return Result(error="refused")
    except OSError as e:
        return Result(error="dropped: connect " + type(e).__name__)
    send_error = None
    buf = b""
    try:
        try:
            sock.sendall(data)
            if half_close:
                sock.shutdown(socket.SHUT_WR)
        except (BrokenPipeError, ConnectionResetError) as e:
            send_error = type(e).__name__
        deadline = time.monotonic() + TIMEOUT
        while True:
            parsed = parse_response(buf, is_head)
            if parsed is not None:
                status, headers, body = parsed
                if status == 100 and expect_continue:
                    buf = buf[buf.index(b"\r\n\r\n") + 4:]
                    expect_continue = False
                    continue
                return Result(status, headers, body)
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return timeout_result(buf)
            sock.settimeout(remaining)
            try:
                chunk = sock.recv(65536)
            except socket.timeout:
                return timeout_result(buf)
            except (ConnectionResetError, ConnectionAbortedError) as e:
                if half_close and not buf:
                    return Result(error="no response after half-close")
                return Result(error="dropped: %s%s after %d bytes" % (type(e).__name__, " (send: %s)" % send_error if send_error else "", len(buf)))
            if not chunk:
                parsed = parse_response(buf, is_head, eof=True)
                if parsed is not None:
                    return Result(*parsed)
                if half_close and not buf:
                    return Result(error="no response after half-close")
                if not buf:
                    return Result(error="dropped: closed without response" + (" (send: %s)" % send_error if send_error else ""))
                return Result(error="dropped: truncated response %r" % buf[:200])
            buf += chunk
    finally:
        sock.close()


def timeout_result(buf):
    parsed = parse_response(buf, False, eof=True)
    if parsed is None or parsed[0] < 0:
        return Result(error="timeout")
    return Result(parsed[0], parsed[1], parsed[2],
                  error="unterminated body (status %d, no Content-Length, connection kept open)" % parsed[0])


def parse_response(buf, is_head, eof=False):
    end = buf.find(b"\r\n\r\n")
    if end < 0:
        return None
    lines = buf[:end].decode("latin-1").split("\r\n")
    parts = lines[0].split(" ", 2)
    try:
        status = int(parts[1])
    except (IndexError, ValueError):
        return (-1, {}, buf[:300])
    headers = {}
    for line in lines[1:]:
        if ":" in line:
            k, v = line.split(":", 1)
            headers[k.strip().lower()] = v.strip()
    rest = buf[end + 4:]
    if is_head or status in (100, 101, 204, 304):
        return status, headers, b""
    if "chunked" in headers.get("transfer-encoding", "").lower():
        out, pos = b"", 0
        while True:
            nl = rest.find(b"\r\n", pos)
            if nl < 0:
                return (status, headers, out) if eof else None
            try:
                size = int(rest[pos:nl].split(b";")[0], 16)
            except ValueError:
                return status, headers, out
            if size == 0:
                return status, headers, out
            if len(rest) < nl + 2 + size + 2:
                return (status, headers, out + rest[nl + 2:]) if eof else None
            out += rest[nl + 2: nl + 2 + size]
            pos = nl + 2 + size + 2
    if "content-length" in headers:
        try:
            n = int(headers["content-length"])
        except ValueError:
            n = 0
        if len(rest) >= n:
            return status, headers, rest[:n]
        return (status, headers, rest) if eof else None
    return (status, headers, rest) if eof else None


# --------------------------------------------------------------------------------------
# Classification
# --------------------------------------------------------------------------------------


def error_code(body):
    try:
        obj = json.loads(body.decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        return None, "body is not JSON"
    if not isinstance(obj, dict):
        return None, "JSON body is not an object"
    code, err = obj.get("code"), obj.get("error")
    if not isinstance(code, str) or not CODE_RE.match(code):
        return None, "no valid code"
    if not isinstance(err, str):
        return code, "no string error"
    return code, None


class Stats:
    def __init__(self, treat_429):
        self.lock = threading.Lock()
        self.sent = 0
        self.status = collections.Counter()
        self.codes = collections.Counter()
        self.labels = collections.Counter()
        self.errors = collections.Counter()
        self.notes = collections.Counter()
        self.findings = []
        self.finding_counts = collections.Counter()
        self.treat_429 = treat_429
        self.refused_in_a_row = 0
        self.stop = False
        self.slowest = (0.0, "")

    def add_finding(self, kind, case, detail):
        self.finding_counts[kind] += 1
        if sum(1 for f in self.findings if f["kind"] == kind) < 20:
            self.findings.append({"kind": kind, "request": case.describe(), "detail": detail[:400]})

    def record(self, case, result):
        with self.lock:
            self.sent += 1
            self.labels[case.label.split("/")[0]] += 1
            if result.elapsed > self.slowest[0]:
                self.slowest = (result.elapsed, case.describe(120))
            if result.error == "refused":
                self.refused_in_a_row += 1
                self.errors["refused"] += 1
                if self.refused_in_a_row >= 20 and not self.stop:
                    self.stop = True
                    self.add_finding("server down (connection refused)", case, "20 connection attempts in a row were refused")
                return
            self.refused_in_a_row = 0
            if result.error is not None and result.status is not None:
                self.errors["unterminated body"] += 1
                self.status[result.status] += 1
                self.add_finding("response body never ends (no framing, kept open)", case, result.error)
                return
            if result.error is not None:
                key = result.error.split(":")[0]
                self.errors[key] += 1
                if result.error == "no response after half-close":
                    return
                if result.error.startswith("client:"):
                    return
                if result.error == "timeout":
                    kind = "hang (no response in %ds)" % TIMEOUT
                elif result.error.startswith("send-reset") or "(send:" in result.error:
                    kind = "reset while sending the request (early answer lost, no lingering close)"
                else:
                    kind = "connection dropped"
                self.add_finding(kind, case, result.error)
                return
            status = result.status
            self.status[status] += 1
            code, problem = (None, None)
            if status >= 400 and case.method != "HEAD":
                code, problem = error_code(result.body)
                if code:
                    self.codes[code] += 1
            retry_after = "retry-after" in result.headers
            if status == 503 and code == "E503001" and retry_after:
                self.notes["503 E503001 with Retry-After (overload)"] += 1
                return
            if status == 429 and code == "E429002" and retry_after:
                self.notes["429 E429002 with Retry-After (rate limit)"] += 1
                if self.treat_429:
                    self.add_finding("429 (--treat-429-as-finding)", case, excerpt(result))
                return
            if status >= 500 or status < 100:
                self.add_finding("5xx" if status >= 500 else "malformed status line", case, excerpt(result))
                return
            if (status >= 400 and problem and "/applications/" in case.path
                    and result.headers.get("content-type", "").startswith("text/html")):
                self.notes["HTML error page of an unsigned browser page"] += 1
                return
            if status >= 400 and case.method != "HEAD" and problem:
                self.add_finding("non-JSON error body" + (" (CONNECT)" if case.method == "CONNECT" else ""),
                                 case, problem + ": " + excerpt(result))
                return
            if case.valid and status not in case.expect:
                self.add_finding("valid request not served", case, excerpt(result))


def excerpt(result):
    return "%s %r ct=%s" % (result.status, bytes(result.body[:200]), result.headers.get("content-type"))


# --------------------------------------------------------------------------------------
# Setup, run, report
# --------------------------------------------------------------------------------------


def simple_call(ctx, method, path, query=None, body=None, session=None):
    case = Case(0, "setup", method, path, query=query, body=body)
    if session:
        case.session = "valid"
    worker = Worker(ctx)
    try:
        result = worker.http_request(case, retry=False)
    finally:
        worker.close()
    try:
        payload = json.loads(result.body.decode("utf-8")) if result.body else None
    except ValueError:
        payload = None
    return result, payload


def setup(ctx, seed):
    result, payload = simple_call(ctx, "GET", API + "/classes/BadInputProbe", query="limit=1")
    if result.error or result.status != 200:
        return "pre-run probe failed: %s %s %r (check --base-url and the keys)" % (result.error, result.status, result.body[:200])
    for name, target in (("object_id", "BadInput"), ("valid_id", "BadInputValid")):
        result, payload = simple_call(ctx, "POST", API + "/classes/" + target, body=json.dumps({"n": 0, "seed": seed}).encode())
        if result.status != 201 or not isinstance(payload, dict) or "objectId" not in payload:
            return "could not create a %s object: %s %r" % (target, result.status, result.body[:200])
        setattr(ctx, name, payload["objectId"])
    user = "badinput-%d-%d" % (seed, int(time.time() * 1000))
    result, payload = simple_call(ctx, "POST", API + "/users", body=json.dumps({"userName": user, "password": "bad-input-pw"}).encode())
    if result.status == 201 and isinstance(payload, dict) and payload.get("sessionToken"):
        ctx.session_token = payload["sessionToken"]
        ctx.user_id = payload.get("objectId")
    else:
        print("warning: sign-up failed (%s %r); session-token traffic uses an invalid token" % (result.status, result.body[:200]))
    return None


def run(ctx, args, stats):
    counter = iter(range(args.requests))
    counter_lock = threading.Lock()
    progress_every = max(1, args.requests // 10)

    def loop():
        worker = Worker(ctx)
        try:
            while not stats.stop:
                with counter_lock:
                    index = next(counter, None)
                if index is None:
                    return
                case = make_case(index, args.seed, ctx)
                result = worker.send(case)
                if result.error == "refused":
                    time.sleep(0.05)
                stats.record(case, result)
                if args.verbose:
                    print("%s -> %s" % (case.describe(100), result.status if result.error is None else result.error))
                if not args.quiet and (index + 1) % progress_every == 0:
                    print("  ... %d requests" % (index + 1), file=sys.stderr)
        finally:
            worker.close()

    threads = [threading.Thread(target=loop, daemon=True) for _ in range(args.concurrency)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def main(argv=None):
    parser = argparse.ArgumentParser(description="Send generated bad requests to a running kumo serve and report 5xx, "
                                                 "non-JSON errors, hangs and dropped connections.")
    parser.add_argument("--base-url", required=True, help="e.g. http://127.0.0.1:8080")
    parser.add_argument("--application-key", required=True)
    parser.add_argument("--client-key", required=True)
    parser.add_argument("--application-id", help="applicationId for the unsigned publicFiles/mail pages (optional)")
    parser.add_argument("--requests", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--json", help="write the report as JSON to this file")
    parser.add_argument("--treat-429-as-finding", action="store_true", help="count 429 E429002 answers as findings")
    parser.add_argument("--self-check", action="store_true", help="only check the signature vectors and exit")
    parser.add_argument("--verbose", action="store_true", help="print every request and its status")
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    args = parser.parse_args(argv)
    if args.requests < 1 or args.concurrency < 1:
        parser.error("--requests and --concurrency must be positive")

    problem = check_vectors()
    if problem:
        print("ABORT: " + problem, file=sys.stderr)
        return 2
    if args.self_check:
        print("signature vectors OK (R1, R3, R4, R25, R27)")
        return 0
    try:
        ctx = Context(args)
    except ValueError as e:
        parser.error(str(e))
    problem = setup(ctx, args.seed)
    if problem:
        print("ABORT: " + problem, file=sys.stderr)
        return 2

    stats = Stats(args.treat_429_as_finding)
    started = time.monotonic()
    run(ctx, args, stats)
    elapsed = time.monotonic() - started

    health, payload = simple_call(ctx, "GET", API + "/classes/BadInputProbe", query="limit=1")
    health_ok = health.error is None and health.status == 200 and isinstance(payload, dict) and "results" in payload
    if not health_ok:
        stats.add_finding("final health probe failed", Case(-1, "health", "GET", API + "/classes/BadInputProbe", query="limit=1"),
                          health.error or excerpt(health))

    total_findings = sum(stats.finding_counts.values())
    report = {
        "base_url": args.base_url, "seed": args.seed, "requests_planned": args.requests, "requests_sent": stats.sent,
        "concurrency": args.concurrency, "elapsed_seconds": round(elapsed, 1),
        "status_counts": {str(k): v for k, v in sorted(stats.status.items())},
        "error_code_counts": dict(sorted(stats.codes.items())),
        "transport_outcomes": dict(stats.errors), "deliberate_answers": dict(stats.notes),
        "categories": dict(stats.labels), "slowest": {"seconds": round(stats.slowest[0], 2), "request": stats.slowest[1]},
        "health_probe_ok": health_ok, "finding_counts": dict(stats.finding_counts), "findings": stats.findings,
        "finding_total": total_findings,
    }
    print_summary(report)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=2, ensure_ascii=False)
    return 1 if total_findings else 0


def print_summary(r):
    print("=" * 72)
    print("bad-input run against %s (seed %d, concurrency %d)" % (r["base_url"], r["seed"], r["concurrency"]))
    print("requests sent: %d of %d in %.1f s" % (r["requests_sent"], r["requests_planned"], r["elapsed_seconds"]))
    print("status codes:  " + ", ".join("%s×%d" % kv for kv in r["status_counts"].items()))
    print("NCMB codes:    " + ", ".join("%s×%d" % kv for kv in r["error_code_counts"].items()))
    if r["transport_outcomes"]:
        print("no status:     " + ", ".join("%s×%d" % kv for kv in r["transport_outcomes"].items()))
    if r["deliberate_answers"]:
        print("deliberate:    " + ", ".join("%s×%d" % kv for kv in r["deliberate_answers"].items()))
    print("slowest:       %.2f s %s" % (r["slowest"]["seconds"], r["slowest"]["request"]))
    print("health probe:  " + ("OK" if r["health_probe_ok"] else "FAILED"))
    if not r["finding_total"]:
        print("findings:      none")
        return
    print("findings:      %d" % r["finding_total"])
    for kind, n in r["finding_counts"].items():
        print("  - %s: %d" % (kind, n))
        for f in [f for f in r["findings"] if f["kind"] == kind][:3]:
            print("      request:  " + f["request"][:300])
            print("      response: " + f["detail"][:300])


if __name__ == "__main__":
    sys.exit(main())
