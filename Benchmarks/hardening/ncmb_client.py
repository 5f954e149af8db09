"""A minimal signed NCMB client (standard library only) for the hardening probes.

The signature follows docs/wire/signature.md: HMAC-SHA256 over METHOD, host, path and the sorted parameters
(SignatureMethod, SignatureVersion, X-NCMB-Application-Key, X-NCMB-Timestamp and, for GET, the query pairs as sent).
"""
import base64
import datetime
import hashlib
import hmac
import http.client
import json
import urllib.parse


def timestamp():
    now = datetime.datetime.now(datetime.timezone.utc)
    return now.strftime("%Y-%m-%dT%H:%M:%S.") + "%03dZ" % (now.microsecond // 1000)


def encode_query(parameters):
    """`where={"a":1}` → `where=%7B%22a%22%3A1%7D`, as the SDKs encode."""
    return "&".join(
        "%s=%s" % (urllib.parse.quote(key, safe=""), urllib.parse.quote(value, safe="")) for key, value in parameters
    )


class Client:
    def __init__(self, base_url, application_key, client_key, timeout=30):
        parsed = urllib.parse.urlparse(base_url)
        self.host = parsed.hostname
        self.port = parsed.port or 80
        self.application_key = application_key
        self.client_key = client_key
        self.timeout = timeout
        self.connection = None
        self.session_token = None

    def headers(self, method, path, query):
        stamp = timestamp()
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
        headers = {
            "X-NCMB-Application-Key": self.application_key,
            "X-NCMB-Timestamp": stamp,
            "X-NCMB-Signature": base64.b64encode(digest).decode(),
            "Content-Type": "application/json",
        }
        if self.session_token:
            headers["X-NCMB-Apps-Session-Token"] = self.session_token
        return headers

    def request(self, method, path, parameters=None, body=None):
        """Sends one signed request on a kept-alive connection; returns (status, headers, parsed JSON or raw bytes)."""
        query = encode_query(parameters or [])
        target = path + ("?" + query if query else "")
        payload = json.dumps(body).encode() if body is not None and not isinstance(body, bytes) else body
        for attempt in range(2):
            if self.connection is None:
                self.connection = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
            try:
                self.connection.request(method, target, body=payload, headers=self.headers(method, path, query))
                response = self.connection.getresponse()
                data = response.read()
                break
            except (ConnectionError, http.client.HTTPException):
                self.close()
                if attempt == 1:
                    raise
        try:
            parsed = json.loads(data) if data else None
        except ValueError:
            parsed = data
        return response.status, dict(response.getheaders()), parsed

    def close(self):
        if self.connection is not None:
            self.connection.close()
            self.connection = None
