#!/usr/bin/env python3
"""Asks SourceKit-LSP about an exercise file the way VS Code or Neovim does.

Starts `sourcekit-lsp` on the repository (LSP initialize with its root URI), opens
an exercise file whose text, in the editor's buffer only, ends with a planted type
error (the file on disk is never written), and pulls its diagnostics
(`textDocument/diagnostic`, also listening to publishDiagnostics). Exit 0 only when
the planted error is reported and no diagnostic says a module is missing (the
file's `import GRDB` resolves). scripts/editor-check.sh runs it.

Usage: editor-check.py ROOT FILE [TIMEOUT_SECONDS] [--background-indexing]
"""

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

PLANTED = 'let plantedByEditorCheck: Int = "not a number"'


class Server:
    """A language server on stdin/stdout: JSON-RPC messages with Content-Length headers."""

    def __init__(self, command, cwd):
        self.process = subprocess.Popen(
            command, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
        )
        self.next_id = 0
        self.responses = {}
        self.published = {}
        self.lock = threading.Condition()
        threading.Thread(target=self.read_loop, daemon=True).start()

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method, params, timeout):
        self.next_id += 1
        identifier = self.next_id
        self.send({"jsonrpc": "2.0", "id": identifier, "method": method, "params": params})
        deadline = time.monotonic() + timeout
        with self.lock:
            while identifier not in self.responses:
                remaining = deadline - time.monotonic()
                if remaining <= 0 or self.process.poll() is not None:
                    raise TimeoutError(f"no answer to {method}")
                self.lock.wait(remaining)
            return self.responses.pop(identifier)

    def read_loop(self):
        stream = self.process.stdout
        while True:
            length = None
            while True:
                line = stream.readline()
                if not line:
                    with self.lock:
                        self.lock.notify_all()
                    return
                line = line.strip()
                if not line:
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            message = json.loads(stream.read(length))
            if "method" in message and "id" in message:
                # A request from the server (registerCapability, workDoneProgress/create): accept it.
                self.send({"jsonrpc": "2.0", "id": message["id"], "result": None})
            elif message.get("method") == "textDocument/publishDiagnostics":
                with self.lock:
                    self.published[message["params"]["uri"]] = message["params"]["diagnostics"]
                    self.lock.notify_all()
            elif "id" in message:
                with self.lock:
                    self.responses[message["id"]] = message
                    self.lock.notify_all()


def main():
    arguments = [a for a in sys.argv[1:] if not a.startswith("--")]
    background = "--background-indexing" in sys.argv
    root = Path(arguments[0]).resolve()
    file = (root / arguments[1]).resolve()
    timeout = float(arguments[2]) if len(arguments) > 2 else 120
    uri = file.as_uri()
    text = file.read_text() + "\n" + PLANTED + "\n"
    planted_line = text.count("\n") - 1  # zero-based, as LSP counts

    server = Server(["sourcekit-lsp"], cwd=root)
    start = time.monotonic()
    server.request(
        "initialize",
        {
            "processId": os.getpid(),
            "rootUri": root.as_uri(),
            "capabilities": {
                "textDocument": {"diagnostic": {"dynamicRegistration": False}, "publishDiagnostics": {}},
                "window": {"workDoneProgress": True},
            },
            "initializationOptions": {"backgroundIndexing": background},
        },
        timeout,
    )
    server.notify("initialized", {})
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "swift", "version": 1, "text": text}})

    # Until the build settings are known SourceKit-LSP answers from a fallback (no module
    # search paths): ask again until the planted error is there, or time runs out.
    diagnostics = []
    found = False
    while time.monotonic() - start < timeout and not found:
        try:
            answer = server.request("textDocument/diagnostic", {"textDocument": {"uri": uri}}, timeout)
            pulled = answer.get("result", {}).get("items", [])
        except TimeoutError:
            pulled = []
        with server.lock:
            pushed = server.published.get(uri, [])
        for candidate in (pulled, pushed):
            if any(d["range"]["start"]["line"] == planted_line for d in candidate):
                diagnostics, found = candidate, True
                break
            if candidate:
                diagnostics = candidate
        if not found:
            time.sleep(1)
    elapsed = time.monotonic() - start

    try:
        server.request("shutdown", None, 10)
        server.notify("exit", None)
        server.process.wait(10)
    except (TimeoutError, subprocess.TimeoutExpired, BrokenPipeError):
        server.process.kill()

    shown = os.path.relpath(file, root)
    print(f"sourcekit-lsp on {shown}, planted at line {planted_line + 1}: {PLANTED}")
    for d in diagnostics:
        print(f"  {shown}:{d['range']['start']['line'] + 1}: {d.get('severity', '?')} {d['message']}")
    missing = [d for d in diagnostics if "no such module" in d["message"]]
    planted = [d for d in diagnostics if d["range"]["start"]["line"] == planted_line and d.get("severity") == 1]
    if planted and not missing:
        print(f"✓ the planted error is reported and every import resolves ({elapsed:.1f} s)")
        return 0
    if missing:
        print("✗ a module does not resolve: build it first (scripts/editor-check.sh does `swift build --target GRDB`)")
    else:
        print(f"✗ no error reported on the planted line after {elapsed:.1f} s: the file is in no target the editor sees")
    return 1


if __name__ == "__main__":
    sys.exit(main())
