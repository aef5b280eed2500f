"""Claim (chapter 1): without SQLITE_OPEN_CREATE, a missing file is an error; even the failed open returns a
handle, which holds the error message and must be closed.

The one thing that differs between the two opens: SQLITE_OPEN_CREATE in the flags.
"""

import os
import lab

READWRITE, CREATE = 0x02, 0x04

with lab.scratch() as folder:
    path = os.path.join(folder, "missing.sqlite")
    code, handle, message = lab.open_v2(path, READWRITE)
    lab.check(code == 14 and handle and not os.path.exists(path),
              f"READWRITE alone on a missing file: code {code}, handle {handle}, file made {os.path.exists(path)}")
    created, _, _ = lab.open_v2(path, READWRITE | CREATE)
    lab.check(created == 0 and os.path.exists(path), f"READWRITE | CREATE: code {created}")

lab.report(f"READWRITE alone: {code} SQLITE_CANTOPEN, a handle came back saying \"{message}\"; "
           "with SQLITE_OPEN_CREATE: 0, the file exists")
