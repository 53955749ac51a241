"""A real HTTP receiver for webhook tests: a thread server on 127.0.0.1 that records every request it gets and
answers with the status codes it is told (the last one repeats), a Location header if told one, and `answer`'s
bytes (by default "answer <status>")."""

import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass
class Received:
    path: str
    headers: dict
    body: bytes
    at: float = 0.0  # time.monotonic() on arrival


@dataclass
class Receiver:
    statuses: list[int] = field(default_factory=lambda: [200])
    requests: list[Received] = field(default_factory=list)
    server: ThreadingHTTPServer | None = None
    location: str = ""
    body: bytes | None = None

    @property
    def url(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host}:{port}/hook"

    def answer(self) -> int:
        index = min(len(self.requests) - 1, len(self.statuses) - 1)
        return self.statuses[index]


def start_receiver(*statuses: int, location: str = "", answer: bytes | None = None) -> Receiver:
    receiver = Receiver(statuses=list(statuses) or [200], location=location, body=answer)
    lock = threading.Lock()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):  # noqa: N802 - http.server's name
            body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            with lock:
                receiver.requests.append(
                    Received(path=self.path, headers=dict(self.headers.items()), body=body, at=time.monotonic())
                )
                status = receiver.answer()
            answer = receiver.body if receiver.body is not None else f"answer {status}".encode()
            self.send_response(status)
            if receiver.location:
                self.send_header("Location", receiver.location)
            self.send_header("Content-Length", str(len(answer)))
            self.end_headers()
            self.wfile.write(answer)

        do_GET = do_POST  # noqa: N815 - a download (common.outbound's tests) is answered the same way

        def log_message(self, *args):
            pass

    receiver.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=receiver.server.serve_forever, daemon=True).start()
    return receiver


def stop_receiver(receiver: Receiver) -> None:
    receiver.server.shutdown()
    receiver.server.server_close()
