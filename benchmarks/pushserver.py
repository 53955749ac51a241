"""A local stand-in for a Web Push service (FCM, Mozilla's autopush): answers each POST the way one does (201, or
410 for an endpoint whose path ends in /gone, 404 for /missing), decrypts the message with the browser's keys it
was given (RFC 8291, http_ece) and remembers what arrived and when. The benchmark and the tests hand Hydra's push
sender to it at the HTTP boundary."""

from __future__ import annotations

import base64
import os
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


class BrowserKeys:
    """A browser's subscription keys (p256dh, auth), kept so the server can read what was sent to it."""

    def __init__(self):
        self.private = ec.generate_private_key(ec.SECP256R1())
        self.auth_secret = os.urandom(16)
        self.p256dh = _b64(
            self.private.public_key().public_bytes(
                serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
            )
        )
        self.auth = _b64(self.auth_secret)


class FakePushService:
    """`with FakePushService() as push:` serves on 127.0.0.1 and `push.endpoint(name)` is an endpoint there;
    `push.received` lists (path, arrival time.monotonic(), decrypted text or None)."""

    def __init__(self, *, decrypt: bool = True):
        self.keys: dict[str, BrowserKeys] = {}
        self.received: list[tuple[str, float, str | None]] = []
        self.decrypt = decrypt
        self._lock = threading.Lock()
        self.tries: dict[str, int] = {}
        owner = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self):  # noqa: N802 - http.server's name
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                status = 410 if self.path.endswith("/gone") else 404 if self.path.endswith("/missing") else 201
                # "/down" always answers 503; "/flaky" answers 503 twice, then takes it (a retry's test).
                with owner._lock:
                    owner.tries[self.path] = owner.tries.get(self.path, 0) + 1
                    tries = owner.tries[self.path]
                if self.path.endswith("/down") or (self.path.endswith("/flaky") and tries <= 2):
                    status = 503
                text = None
                keys = owner.keys.get(self.path)
                if status == 201 and owner.decrypt and keys is not None:
                    text = http_ece.decrypt(
                        body, private_key=keys.private, auth_secret=keys.auth_secret, version="aes128gcm"
                    ).decode()
                with owner._lock:
                    owner.received.append((self.path, time.monotonic(), text))
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        class Server(ThreadingHTTPServer):
            request_queue_size = 1024  # many senders connect at once, as to a real push service

        self.server = Server(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def endpoint(self, name: str) -> tuple[str, BrowserKeys]:
        """A new endpoint (its URL) and the browser keys that go with it."""
        path = f"/push/{name}"
        self.keys[path] = BrowserKeys()
        return f"http://127.0.0.1:{self.server.server_address[1]}{path}", self.keys[path]

    def __enter__(self) -> FakePushService:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()
