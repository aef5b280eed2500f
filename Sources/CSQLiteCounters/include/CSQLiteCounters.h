// A VFS that counts what SQLite asks of the files, then does it: "counting".
//
// It wraps the default VFS (unix on Linux and macOS) and passes every call
// through unchanged; on the way it counts, for each database, the reads,
// writes and syncs of its main file, its rollback journal and its WAL. A
// connection opts in by naming it: sqlite3_open_v2(path, &db, flags, "counting"),
// or a URI "file:path?vfs=counting". Counts are keyed by the database's full
// path (sqlite3_db_filename), so connections to other files never mix in.
#ifndef CSQLITE_COUNTERS_H
#define CSQLITE_COUNTERS_H

#include <sqlite3.h>

/// The files of one database that SQLite opens through a VFS.
typedef enum {
    COUNTING_MAIN_DB = 0,  // the database file
    COUNTING_JOURNAL = 1,  // its rollback journal (-journal)
    COUNTING_WAL = 2,      // its write-ahead log (-wal)
    COUNTING_OTHER = 3,    // temporary files, super-journals
    COUNTING_KINDS = 4
} counting_file_kind;

/// What one kind of file was asked to do.
typedef struct {
    sqlite3_int64 reads;   // xRead calls
    sqlite3_int64 writes;  // xWrite calls
    sqlite3_int64 syncs;   // xSync calls (each an fsync, unless synchronous=OFF skipped it)
} counting_file_counts;

/// Registers the VFS under the name "counting" (once; later calls do nothing).
/// `make_default` non-zero also makes it the process's default VFS, so that
/// every connection opened afterwards counts without naming it.
int counting_vfs_register(int make_default);

/// The counts so far of the database whose full path is `database_path`
/// (what sqlite3_db_filename returns), for one kind of file. Zeros for a
/// database never opened through "counting".
counting_file_counts counting_vfs_counts(const char *database_path, counting_file_kind kind);

#endif
