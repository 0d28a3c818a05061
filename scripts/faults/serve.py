#!/usr/bin/env python3
"""Loopback servers for the remote-history tests. Prints the port it listens on, then serves
until killed.

  serve.py garbage          answers every connection with junk, then closes it
  serve.py silent           accepts connections and never answers
  serve.py deny             HTTP that answers every request with 401 (credentials refused)
  serve.py http ROOT        git smart HTTP: runs `git http-backend` (CGI) for repositories under ROOT
"""
import os
import signal
import socket
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def listen():
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", 0))
    server.listen(64)
    print(server.getsockname()[1], flush=True)
    return server


def serve_raw(answer):
    server = listen()
    held = []
    while True:
        conn, _ = server.accept()
        if answer:
            try:
                conn.recv(65536)
            except OSError:
                pass
            try:
                conn.sendall(b"HTTP/1.1 200 OK\r\nthis is not git\r\n\r\n\x00\xff\xfegarbage" * 3)
            except OSError:
                pass
            conn.close()
        else:
            held.append(conn)  # never answered, never closed


class GitHTTP(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    root = "."

    def log_message(self, *args):
        pass

    def body(self):
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            data = b""
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip(), 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass
                    return data
                data += self.rfile.read(size)
                self.rfile.readline()
        return self.rfile.read(int(self.headers.get("Content-Length", "0") or 0))

    def run_backend(self, method):
        path, _, query = self.path.partition("?")
        data = self.body() if method == "POST" else b""
        env = dict(os.environ, GIT_PROJECT_ROOT=self.root, GIT_HTTP_EXPORT_ALL="1", REQUEST_METHOD=method,
                   PATH_INFO=path, QUERY_STRING=query, CONTENT_TYPE=self.headers.get("Content-Type", ""),
                   CONTENT_LENGTH=str(len(data)), REMOTE_USER="runner", REMOTE_ADDR="127.0.0.1",
                   GIT_CONFIG_GLOBAL="/dev/null", GIT_CONFIG_NOSYSTEM="1")
        if self.headers.get("Content-Encoding"):
            env["HTTP_CONTENT_ENCODING"] = self.headers["Content-Encoding"]
        if self.headers.get("Git-Protocol"):
            env["GIT_PROTOCOL"] = self.headers["Git-Protocol"]
        out = subprocess.run(["git", "http-backend"], input=data, env=env, capture_output=True).stdout
        head, _, payload = out.partition(b"\r\n\r\n")
        if not _:
            head, _, payload = out.partition(b"\n\n")
        status, headers = 200, []
        for line in head.decode("latin-1").splitlines():
            name, _, value = line.partition(":")
            if name.lower() == "status":
                status = int(value.strip().split()[0])
            elif name:
                headers.append((name, value.strip()))
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def do_GET(self):
        self.run_backend("GET")

    def do_POST(self):
        self.run_backend("POST")


class Deny(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        self.send_response(401)
        self.send_header("WWW-Authenticate", 'Basic realm="bundlediff-test"')
        self.send_header("Content-Length", "0")
        self.end_headers()

    do_POST = do_GET


def serve_http(root):
    GitHTTP.root = os.path.abspath(root)
    server = ThreadingHTTPServer(("127.0.0.1", 0), GitHTTP)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # a parent may hand down an ignored SIGTERM
    mode = sys.argv[1] if len(sys.argv) > 1 else ""
    if mode == "garbage":
        serve_raw(True)
    elif mode == "silent":
        serve_raw(False)
    elif mode == "deny":
        server = ThreadingHTTPServer(("127.0.0.1", 0), Deny)
        print(server.server_address[1], flush=True)
        server.serve_forever()
    elif mode == "http" and len(sys.argv) == 3:
        serve_http(sys.argv[2])
    else:
        sys.exit(__doc__)
