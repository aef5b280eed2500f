"""What the experiments share: SQLite's C API on the library the steps link, a scratch folder, a check.

The experiments call SQLite's C functions directly (ctypes on libsqlite3.so.0, the library python3's
sqlite3 module and the steps' CSQLite link) so that they can do what the steps do and python3's module
cannot: install a busy handler that counts its calls and acts while it waits, and read extended result codes.
"""

import ctypes
import ctypes.util
import os
import subprocess
import sys
import tempfile

_lib = ctypes.CDLL(ctypes.util.find_library("sqlite3") or "libsqlite3.so.0")
_lib.sqlite3_libversion.restype = ctypes.c_char_p
_lib.sqlite3_errmsg.restype = ctypes.c_char_p
_lib.sqlite3_errstr.restype = ctypes.c_char_p
_lib.sqlite3_open_v2.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p), ctypes.c_int, ctypes.c_char_p]
_lib.sqlite3_close_v2.argtypes = [ctypes.c_void_p]
_lib.sqlite3_errmsg.argtypes = [ctypes.c_void_p]
_lib.sqlite3_extended_errcode.argtypes = [ctypes.c_void_p]
_lib.sqlite3_extended_result_codes.argtypes = [ctypes.c_void_p, ctypes.c_int]
_lib.sqlite3_busy_timeout.argtypes = [ctypes.c_void_p, ctypes.c_int]
_lib.sqlite3_changes.argtypes = [ctypes.c_void_p]

_ROW = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_int,
                        ctypes.POINTER(ctypes.c_char_p), ctypes.POINTER(ctypes.c_char_p))
_BUSY = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_int)
_lib.sqlite3_exec.argtypes = [ctypes.c_void_p, ctypes.c_char_p, _ROW, ctypes.c_void_p,
                              ctypes.POINTER(ctypes.c_char_p)]
_lib.sqlite3_busy_handler.argtypes = [ctypes.c_void_p, _BUSY, ctypes.c_void_p]
_lib.sqlite3_close.argtypes = [ctypes.c_void_p]
_lib.sqlite3_get_autocommit.argtypes = [ctypes.c_void_p]
_lib.sqlite3_prepare_v2.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, ctypes.POINTER(ctypes.c_void_p),
                                    ctypes.POINTER(ctypes.c_char_p)]
_lib.sqlite3_step.argtypes = [ctypes.c_void_p]
_lib.sqlite3_finalize.argtypes = [ctypes.c_void_p]
_lib.sqlite3_stmt_status.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int]
_lib.sqlite3_reset.argtypes = [ctypes.c_void_p]
_lib.sqlite3_bind_int64.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int64]
_lib.sqlite3_bind_null.argtypes = [ctypes.c_void_p, ctypes.c_int]
_lib.sqlite3_bind_text.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_void_p]
_lib.sqlite3_column_type.argtypes = [ctypes.c_void_p, ctypes.c_int]
_lib.sqlite3_column_int64.argtypes = [ctypes.c_void_p, ctypes.c_int]
_lib.sqlite3_column_int64.restype = ctypes.c_int64
_lib.sqlite3_column_text.argtypes = [ctypes.c_void_p, ctypes.c_int]
_lib.sqlite3_column_text.restype = ctypes.c_void_p  # the pointer itself: NULL is None
_lib.sqlite3_column_bytes.argtypes = [ctypes.c_void_p, ctypes.c_int]
_lib.sqlite3_errstr.argtypes = [ctypes.c_int]
_TRACE = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_uint, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p)
_lib.sqlite3_trace_v2.argtypes = [ctypes.c_void_p, ctypes.c_uint, _TRACE, ctypes.c_void_p]

VERSION = _lib.sqlite3_libversion().decode()

# The result codes the experiments meet, by SQLite's names (sqlite3.h).
CODES = {5: "SQLITE_BUSY", 6: "SQLITE_LOCKED", 517: "SQLITE_BUSY_SNAPSHOT", 261: "SQLITE_BUSY_RECOVERY",
         19: "SQLITE_CONSTRAINT", 1: "SQLITE_ERROR", 11: "SQLITE_CORRUPT", 267: "SQLITE_CORRUPT_VTAB",
         2067: "SQLITE_CONSTRAINT_UNIQUE", 787: "SQLITE_CONSTRAINT_FOREIGNKEY", 275: "SQLITE_CONSTRAINT_CHECK",
         1299: "SQLITE_CONSTRAINT_NOTNULL", 3091: "SQLITE_CONSTRAINT_DATATYPE"}


class SQLiteError(Exception):
    """A statement failed: SQLite's extended result code, its name, the message and the SQL."""

    def __init__(self, code, message, sql):
        self.code, self.message, self.sql = code, message, sql
        self.name = CODES.get(code, f"code {code}")
        super().__init__(f"{self.name} ({code}): {message} — {sql}")


class Connection:
    """One connection (sqlite3_open_v2), with extended result codes on."""

    def __init__(self, path, busy_timeout_ms=None):
        self._db = ctypes.c_void_p()
        rc = _lib.sqlite3_open_v2(path.encode(), ctypes.byref(self._db), 0x02 | 0x04, None)  # READWRITE | CREATE
        if rc != 0:
            raise SQLiteError(rc, "could not open", path)
        _lib.sqlite3_extended_result_codes(self._db, 1)
        self._busy = None
        self.busy_calls = 0
        if busy_timeout_ms is not None:
            _lib.sqlite3_busy_timeout(self._db, busy_timeout_ms)

    def execute(self, sql):
        """Runs sql (one or more statements); returns the rows as lists of text (None for NULL)."""
        rows = []

        def collect(_, count, values, _names):
            rows.append([None if values[i] is None else values[i].decode() for i in range(count)])
            return 0

        error = ctypes.c_char_p()
        rc = _lib.sqlite3_exec(self._db, sql.encode(), _ROW(collect), None, ctypes.byref(error))
        if rc != 0:
            raise SQLiteError(_lib.sqlite3_extended_errcode(self._db), _lib.sqlite3_errmsg(self._db).decode(), sql)
        return rows

    def column(self, sql):
        """The first column of every row, as text."""
        return [row[0] for row in self.execute(sql)]

    def value(self, sql):
        """The first column of the first row, as text."""
        rows = self.execute(sql)
        return rows[0][0] if rows else None

    def changes(self):
        return _lib.sqlite3_changes(self._db)

    def on_busy(self, action):
        """Installs a busy handler that counts its calls (busy_calls) and calls action(n) on the nth call,
        n from 0; the handler asks SQLite to try again when action returns True, to give up otherwise."""

        def handler(_, count):
            self.busy_calls += 1
            return 1 if action(count) else 0

        self._busy = _BUSY(handler)  # kept: ctypes must not free the callback while SQLite holds it
        _lib.sqlite3_busy_handler(self._db, self._busy, None)

    def trace(self):
        """Starts recording every statement this connection runs (sqlite3_trace_v2, SQLITE_TRACE_STMT), the
        statements SQLite runs for a trigger or a virtual table included (their text starts with "-- ");
        returns the list the texts are appended to."""
        statements = []

        def callback(_mask, _context, _statement, text):
            statements.append(ctypes.cast(text, ctypes.c_char_p).value.decode())
            return 0

        self._trace = _TRACE(callback)  # kept: ctypes must not free the callback while SQLite holds it
        _lib.sqlite3_trace_v2(self._db, 1, self._trace, None)  # 1: SQLITE_TRACE_STMT
        return statements

    def fails(self, sql):
        """Runs sql, which must fail; returns the SQLiteError."""
        try:
            self.execute(sql)
        except SQLiteError as error:
            return error
        raise AssertionError(f"expected an error from: {sql}")

    def in_transaction(self):
        """Whether a transaction is open (sqlite3_get_autocommit is 0)."""
        return _lib.sqlite3_get_autocommit(self._db) == 0

    def prepare(self, sql):
        """A prepared statement (sqlite3_prepare_v2), to step and finalize by hand."""
        statement = ctypes.c_void_p()
        rc = _lib.sqlite3_prepare_v2(self._db, sql.encode(), -1, ctypes.byref(statement), None)
        if rc != 0:
            raise SQLiteError(_lib.sqlite3_extended_errcode(self._db), _lib.sqlite3_errmsg(self._db).decode(), sql)
        return Statement(statement)

    def counted(self, sql):
        """Prepares sql, steps it to the end and finalizes it; returns what --stats counts of it:
        (full-scan steps, VM steps)."""
        statement = self.prepare(sql)
        while statement.step() == 100:  # SQLITE_ROW
            pass
        counts = statement.full_scan_steps(), statement.vm_steps()
        statement.finalize()
        return counts

    def close(self):
        """sqlite3_close_v2: returns its result code."""
        return _lib.sqlite3_close_v2(self._db)

    def close_v1(self):
        """sqlite3_close (the first version): returns its result code."""
        return _lib.sqlite3_close(self._db)


class Statement:
    """A prepared statement: step it (its result code: 100 SQLITE_ROW, 101 SQLITE_DONE), then finalize it."""

    def __init__(self, handle):
        self._statement = handle

    def step(self):
        return _lib.sqlite3_step(self._statement)

    def bind_int(self, index, value):
        """sqlite3_bind_int64 on placeholder `index` (from 1); returns its result code."""
        return _lib.sqlite3_bind_int64(self._statement, index, value)

    def bind_text(self, index, data, length):
        """sqlite3_bind_text of the bytes `data`, `length` as given (-1: up to the first zero byte), copied
        by SQLite (SQLITE_TRANSIENT); returns its result code."""
        return _lib.sqlite3_bind_text(self._statement, index, data, length, ctypes.c_void_p(-1))

    def bind_null(self, index):
        return _lib.sqlite3_bind_null(self._statement, index)

    def reset(self):
        """sqlite3_reset: returns its result code."""
        return _lib.sqlite3_reset(self._statement)

    def column_type(self, index):
        """sqlite3_column_type of column `index` (from 0): 1 INTEGER, 2 FLOAT, 3 TEXT, 4 BLOB, 5 NULL."""
        return _lib.sqlite3_column_type(self._statement, index)

    def column_int64(self, index):
        return _lib.sqlite3_column_int64(self._statement, index)

    def column_text(self, index):
        """sqlite3_column_text then sqlite3_column_bytes: the bytes, or None for a NULL pointer."""
        pointer = _lib.sqlite3_column_text(self._statement, index)
        if pointer is None:
            return None
        return ctypes.string_at(pointer, _lib.sqlite3_column_bytes(self._statement, index))

    def vm_steps(self):
        """SQLITE_STMTSTATUS_VM_STEP: the virtual machine operations it ran (--stats)."""
        return _lib.sqlite3_stmt_status(self._statement, 4, 0)

    def full_scan_steps(self):
        """SQLITE_STMTSTATUS_FULLSCAN_STEP: the times it stepped forward in a table during a full scan (--stats)."""
        return _lib.sqlite3_stmt_status(self._statement, 1, 0)

    def finalize(self):
        return _lib.sqlite3_finalize(self._statement)


def errstr(code):
    """sqlite3_errstr: SQLite's fixed English words for a result code."""
    return _lib.sqlite3_errstr(code).decode()


def open_v2(path, flags):
    """sqlite3_open_v2 with `flags`: (result code, whether a handle came back, its message); the handle is
    closed (sqlite3_close_v2), as a failed open's must be."""
    handle = ctypes.c_void_p()
    rc = _lib.sqlite3_open_v2(path.encode(), ctypes.byref(handle), flags, None)
    message = _lib.sqlite3_errmsg(handle).decode() if handle else None
    got_handle = bool(handle)
    _lib.sqlite3_close_v2(handle)
    return rc, got_handle, message


def scratch():
    """A new folder for the experiment's files, deleted when the with-block ends."""
    return tempfile.TemporaryDirectory(prefix="sqlite-course-evidence-")


def check(condition, saw):
    """Asserts condition; saw says what the experiment observed, in the words the chapter uses."""
    if not condition:
        print(f"NOT AS CLAIMED: {saw}")
        sys.exit(1)


def report(saw):
    """The experiment's one line for `make evidence`."""
    print(saw)


# A writer that dies mid-transaction in a WAL-mode file: it commits 2,000 rows and checkpoints them into the
# file, commits a change to 10 rows (kept in the -wal), then, with a small page cache, changes every row without
# committing (its cache spills the changed pages into the -wal).
WAL_WRITER = """
import sqlite3, sys
c = sqlite3.connect(sys.argv[1], isolation_level=None)
c.execute("PRAGMA journal_mode = WAL")
c.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT)")
c.execute("BEGIN"); c.executemany("INSERT INTO t(v) VALUES (?)", [("x" * 100,)] * 2000); c.execute("COMMIT")
c.execute("PRAGMA wal_checkpoint(TRUNCATE)")
c.execute("UPDATE t SET v = 'committed-' || id WHERE id <= 10")
c.execute("PRAGMA cache_size = 10")
c.execute("BEGIN"); c.execute("UPDATE t SET v = 'changed-' || id")
print("mid-transaction", flush=True); sys.stdin.read()
"""


def writer_dies_mid_transaction(path, writer):
    """Runs writer (python source, the file's path as its argument) in another process until it says
    "mid-transaction" through a pipe, then kills it (SIGKILL): no sleep."""
    process = subprocess.Popen([sys.executable, "-c", writer, path], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    check(process.stdout.readline() == b"mid-transaction\n", "the writer did not reach its UPDATE")
    process.kill()
    process.wait()


def writer_and_waiter(folder, journal_mode):
    """Two connections to a new file of `entry (number)` in `journal_mode`: A holds the write lock (it has
    inserted 1 and not committed); B's busy handler, on its first call, commits A, and asks SQLite to try
    again. Returns (a, b): whether B's handler is called at all is what the chapter-9 experiments show."""
    path = os.path.join(folder, "entries.sqlite")
    a, b = Connection(path), Connection(path)
    a.execute(f"PRAGMA journal_mode = {journal_mode}; CREATE TABLE entry (number INTEGER)")
    a.execute("BEGIN IMMEDIATE; INSERT INTO entry VALUES (1)")

    def a_commits(call):
        if call == 0:
            a.execute("COMMIT")
        return True

    b.on_busy(a_commits)
    return a, b
