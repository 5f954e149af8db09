"""Seeds the fresh application with a few objects before the Schemathesis run and writes their names and ids as
libFuzzer-style dictionaries next to the run's configuration, so that the generated path parameters reach existing
objects as well as missing ones (bound in schemathesis.toml).

Usage: python seed.py BASE_URL OUTPUT_DIR (keys from KUMO_APPLICATION_KEY and KUMO_CLIENT_KEY). Also writes the seeded
user's session token to OUTPUT_DIR/session-token.
"""
import json
import os
import sys

from ncmb_hooks import signed_request

PUBLIC = {"*": {"read": True, "write": True}}


def created(base_url, path, body, **kwargs):
    status, answer = signed_request("POST", path, body, base_url=base_url, **kwargs)
    if status != 201:
        sys.exit("seed: POST %s answered %s %s" % (path, status, answer))
    return answer


def main():
    base_url, output = sys.argv[1], sys.argv[2]
    ids = []
    for index in range(3):
        ids.append(created(base_url, "/2013-09-01/classes/Fuzz", {"n": index, "acl": PUBLIC})["objectId"])
    user = created(base_url, "/2013-09-01/users", {"userName": "seed", "password": "seed-password"})
    ids.append(user["objectId"])
    ids.append(created(base_url, "/2013-09-01/roles", {"roleName": "seed", "acl": PUBLIC})["objectId"])
    ids.append(
        created(base_url, "/2013-09-01/installations", {"deviceType": "android", "deviceToken": "seed-token", "acl": PUBLIC})[
            "objectId"
        ]
    )
    # Push from clients is on for this application (run.sh); a delivery far in the future is never sent.
    later = {"__type": "Date", "iso": "2099-01-01T00:00:00.000Z"}
    ids.append(created(base_url, "/2013-09-01/push", {"deliveryTime": later, "message": "seed", "acl": PUBLIC})["objectId"])
    boundary = "kumo-seed-boundary"
    upload = (
        "--%s\r\nContent-Disposition: form-data; name=\"file\"; filename=\"seed.txt\"\r\nContent-Type: text/plain\r\n\r\n"
        "seed\r\n--%s\r\nContent-Disposition: form-data; name=\"acl\"\r\n\r\n%s\r\n--%s--\r\n"
        % (boundary, boundary, json.dumps(PUBLIC), boundary)
    ).encode()
    created(base_url, "/2013-09-01/files/seed.txt", upload, content_type="multipart/form-data; boundary=" + boundary)

    def write(name, values):
        with open(os.path.join(output, name), "w", encoding="utf-8") as handle:
            handle.write("".join(json.dumps(value) + "\n" for value in values))

    write("object-ids.dict", ids)
    write("class-names.dict", ["Fuzz"])
    write("file-names.dict", ["seed.txt"])
    with open(os.path.join(output, "session-token"), "w", encoding="utf-8") as handle:
        handle.write(user["sessionToken"])
    print("seed: %d objects (Fuzz, user, role, installation, push), 1 file" % len(ids))


if __name__ == "__main__":
    main()
