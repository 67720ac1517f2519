#!/usr/bin/env python3
"""A Parkside tool in Python, with the standard library only.

Reads the API's description, lists events, books a space with an API token, and waits for the
booking's webhook on a local receiver, checking its Parkside-Signature.

    PARKSIDE_URL=https://parkside.example PARKSIDE_TOKEN=pk_... \
    WEBHOOK_SECRET=whsec_... WEBHOOK_PORT=8765 python3 book_and_listen.py

The token needs the `read` and `bookings:write` scopes; an admin registers
http://<this machine>:<WEBHOOK_PORT>/parkside on /admin/webhooks for `booking.confirmed` and
gives you its secret. Prints one JSON line and exits 0 when the signed webhook arrived.
"""

import hashlib
import hmac
import json
import os
import queue
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from http.server import BaseHTTPRequestHandler, HTTPServer

TOLERANCE_SECONDS = 300


def verify_signature(secret: str, body: bytes, header: str, now: float | None = None) -> bool:
    """True when `header` (t=<seconds>,v1=<hex>) signs `body` with `secret`, recently."""
    parts = dict(part.strip().split("=", 1) for part in header.split(",") if "=" in part)
    try:
        t = int(parts["t"])
    except (KeyError, ValueError):
        return False
    if abs((now or time.time()) - t) > TOLERANCE_SECONDS:
        return False
    expected = hmac.new(secret.encode(), f"{t}.".encode() + body, hashlib.sha256).hexdigest()
    given = [value for key, value in (p.strip().split("=", 1) for p in header.split(",")) if key == "v1"]
    return any(hmac.compare_digest(expected, value) for value in given)


class Parkside:
    def __init__(self, url: str, token: str):
        self.base = url.rstrip("/") + "/api"
        self.token = token

    def call(self, method: str, path: str, body=None, headers=None):
        request = urllib.request.Request(
            self.base + path,
            method=method,
            data=None if body is None else json.dumps(body).encode(),
            headers={
                "Authorization": f"Bearer {self.token}",
                "Content-Type": "application/json",
                **(headers or {}),
            },
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return json.load(response)
        except urllib.error.HTTPError as error:
            problem = json.load(error)["error"]
            raise SystemExit(f"{method} {path}: {error.code} {problem['message']}")


def receiver(port: int, secret: str, deliveries: "queue.Queue[dict]") -> HTTPServer:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            if not verify_signature(secret, body, self.headers.get("Parkside-Signature", "")):
                self.send_response(400)
                self.end_headers()
                self.wfile.write(b"bad signature")
                return
            deliveries.put(json.loads(body))
            self.send_response(200)
            self.end_headers()
            self.wfile.write(b"ok")

        def log_message(self, *args):
            pass

    server = HTTPServer(("127.0.0.1", port), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main() -> int:
    api = Parkside(os.environ["PARKSIDE_URL"], os.environ["PARKSIDE_TOKEN"])
    secret = os.environ["WEBHOOK_SECRET"]
    deliveries: "queue.Queue[dict]" = queue.Queue()
    server = receiver(int(os.environ["WEBHOOK_PORT"]), secret, deliveries)

    document = api.call("GET", "/openapi.json")
    paths = document["paths"]
    assert "/v1/events" in paths and "post" in paths["/v1/bookings"], "not the Parkside API"

    page = api.call("GET", "/v1/events?" + urllib.parse.urlencode({"limit": 20}))
    for event in page["items"]:
        offers = api.call("GET", f"/v1/events/{event['id']}/listings?sort=price")
        if offers["items"]:
            break
    else:
        raise SystemExit("No event has a driveway to book.")
    listing = offers["items"][0]

    booking = api.call(
        "POST",
        "/v1/bookings",
        {"listingId": listing["id"], "licensePlate": "PY 3", "vehicleDescription": "Green Kia Niro"},
        headers={"Idempotency-Key": str(uuid.uuid4())},
    )

    deadline = time.time() + 60
    while time.time() < deadline:
        try:
            delivery = deliveries.get(timeout=deadline - time.time())
        except queue.Empty:
            break
        if delivery["type"] == "booking.confirmed" and delivery["data"]["object"]["id"] == booking["id"]:
            server.shutdown()
            print(json.dumps({
                "operations": sum(len(item) for item in paths.values()),
                "event": event["title"],
                "booking": booking["id"],
                "priceCents": booking["priceCents"],
                "webhook": delivery["id"],
                "verified": True,
            }))
            return 0
    server.shutdown()
    print("No signed booking.confirmed webhook arrived within 60 s.", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
