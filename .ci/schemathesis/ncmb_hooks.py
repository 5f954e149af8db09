"""Schemathesis hooks for Kumo: sign every request with the NCMB signature (docs/wire/signature.md).

Loaded through SCHEMATHESIS_HOOKS=ncmb_hooks (run.sh puts this folder on PYTHONPATH). Environment: KUMO_BASE_URL,
KUMO_APPLICATION_KEY, KUMO_CLIENT_KEY and, optionally, KUMO_SESSION_TOKEN (seed.py's logged-in user).

The signature is computed by a `requests` auth object, which `requests` applies to the fully prepared request: the
method, the path and the query are exactly the bytes that go on the wire, after Schemathesis has generated and
serialised the case (the same string to sign as Benchmarks/hardening/ncmb_client.py). Operations declared with
`security: []` (the browser pages) are sent unsigned, as browsers send them.

Session token: a generated X-NCMB-Apps-Session-Token is always unknown (401 E401001 on every request), so the hook
drops it and instead sends a real user's token on about every other signed request, so that the owner-only paths
(GET /logout, PUT and DELETE of the user itself) are reached too. When that token stops working (logout, the user
deleted or renamed by the run), the next one comes from signing up a fresh user.
"""
import base64
import datetime
import hashlib
import hmac
import json
import os
import random
import urllib.error
import urllib.parse
import urllib.request

import requests
import schemathesis

BASE_URL = os.environ.get("KUMO_BASE_URL", "")
APPLICATION_KEY = os.environ.get("KUMO_APPLICATION_KEY", "")
CLIENT_KEY = os.environ.get("KUMO_CLIENT_KEY", "")

# Headers of the security schemes: Schemathesis generates values for them; the signer replaces them.
SIGNATURE_HEADERS = ("X-NCMB-Application-Key", "X-NCMB-Timestamp", "X-NCMB-Signature")
SESSION_HEADER = "X-NCMB-Apps-Session-Token"

# Reproducible with the run's seed (one worker: the calls come in the same order).
chooser = random.Random(os.environ.get("SCHEMATHESIS_SEED", "0"))
session = {"token": os.environ.get("KUMO_SESSION_TOKEN") or None, "users": 0}
MAXIMUM_SIGN_UPS = 200


def timestamp():
    now = datetime.datetime.now(datetime.timezone.utc)
    return now.strftime("%Y-%m-%dT%H:%M:%S.") + "%03dZ" % (now.microsecond // 1000)


def signature(method, host, path, query, application_key, stamp, client_key):
    """Base64 HMAC-SHA256 over METHOD, host, path and the sorted pairs (query pairs as sent, GET only)."""
    pairs = [
        "SignatureMethod=HmacSHA256",
        "SignatureVersion=2",
        "X-NCMB-Application-Key=" + application_key,
        "X-NCMB-Timestamp=" + stamp,
    ]
    if method == "GET" and query:
        pairs += [segment for segment in query.split("&") if segment]
    to_sign = "\n".join([method, host, path, "&".join(sorted(pairs))])
    digest = hmac.new(client_key.encode(), to_sign.encode(), hashlib.sha256).digest()
    return base64.b64encode(digest).decode()


def signed_request(method, path, body=None, content_type="application/json", base_url=None):
    """One signed request with the standard library (seeding, fresh users): (status, parsed JSON or text)."""
    url = (base_url or BASE_URL) + path
    stamp = timestamp()
    headers = {
        "X-NCMB-Application-Key": APPLICATION_KEY,
        "X-NCMB-Timestamp": stamp,
        "X-NCMB-Signature": signature(
            method, urllib.parse.urlsplit(url).hostname, path, "", APPLICATION_KEY, stamp, CLIENT_KEY
        ),
        "Content-Type": content_type,
    }
    data = body if isinstance(body, bytes) else (json.dumps(body).encode() if body is not None else None)
    try:
        with urllib.request.urlopen(urllib.request.Request(url, data=data, headers=headers, method=method)) as answer:
            return answer.status, json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(errors="replace")


class NCMBSignature(requests.auth.AuthBase):
    """Signs the prepared request as it will be sent."""

    def __init__(self, token):
        self.token = token

    def __call__(self, request):
        url = urllib.parse.urlsplit(request.url)
        stamp = timestamp()
        for name in SIGNATURE_HEADERS + (SESSION_HEADER,):
            request.headers.pop(name, None)
        request.headers["X-NCMB-Application-Key"] = APPLICATION_KEY
        request.headers["X-NCMB-Timestamp"] = stamp
        request.headers["X-NCMB-Signature"] = signature(
            request.method.upper(), url.hostname, url.path, url.query, APPLICATION_KEY, stamp, CLIENT_KEY
        )
        if self.token:
            request.headers[SESSION_HEADER] = self.token
        return request


class Unsigned(requests.auth.AuthBase):
    """Browser pages: no NCMB headers at all."""

    def __call__(self, request):
        for name in SIGNATURE_HEADERS + (SESSION_HEADER,):
            request.headers.pop(name, None)
        return request


def is_unsigned(operation):
    return operation.definition.raw.get("security") == []


@schemathesis.hook
def before_call(context, case, kwargs):
    if is_unsigned(case.operation):
        kwargs["auth"] = Unsigned()
    else:
        kwargs["auth"] = NCMBSignature(session["token"] if chooser.random() < 0.5 else None)


@schemathesis.hook
def after_call(context, case, response):
    sent = response.request.headers.get(SESSION_HEADER)
    if not sent or sent != session["token"]:
        return
    logged_out = response.request.method == "GET" and response.request.path_url.split("?")[0].endswith("/logout")
    if response.status_code == 401 or (logged_out and response.status_code == 200):
        session["token"] = None
        if session["users"] < MAXIMUM_SIGN_UPS:
            session["users"] += 1
            name = "session-user-%d" % session["users"]
            status, answer = signed_request("POST", "/2013-09-01/users", {"userName": name, "password": "password-" + name})
            if status == 201:
                session["token"] = answer["sessionToken"]
