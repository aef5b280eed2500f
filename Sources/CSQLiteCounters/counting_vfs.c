// The "counting" VFS: see CSQLiteCounters.h. Modelled on SQLite's own
// ext/misc/vfsstat.c, with the counts kept per database rather than per process
// (the course's tests run in parallel, each on a file of its own).
#include "CSQLiteCounters.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

// MARK: - Counts, one entry per database path

typedef struct CountingEntry {
    struct CountingEntry *next;
    char *path;
    counting_file_counts counts[COUNTING_KINDS];
} CountingEntry;

static pthread_mutex_t entriesLock = PTHREAD_MUTEX_INITIALIZER;
static CountingEntry *entries = NULL;  // never freed: a handful of files per process

/// The entry of `path`, created on first use when `create` is set.
static CountingEntry *entryFor(const char *path, int create) {
    if (path == NULL) return NULL;
    pthread_mutex_lock(&entriesLock);
    CountingEntry *entry = entries;
    while (entry != NULL && strcmp(entry->path, path) != 0) entry = entry->next;
    if (entry == NULL && create) {
        entry = calloc(1, sizeof(CountingEntry));
        if (entry != NULL) {
            entry->path = strdup(path);
            if (entry->path == NULL) {
                free(entry);
                entry = NULL;
            } else {
                entry->next = entries;
                entries = entry;
            }
        }
    }
    pthread_mutex_unlock(&entriesLock);
    return entry;
}

static void add(sqlite3_int64 *counter) { __atomic_fetch_add(counter, 1, __ATOMIC_RELAXED); }

// MARK: - The file: ours in front, the real one right behind it

typedef struct {
    sqlite3_file base;        // must come first: SQLite sees a sqlite3_file
    counting_file_counts *counts;  // NULL: not counted (a temporary file)
    sqlite3_file *real;       // the wrapped VFS's file, in the same allocation
} CountingFile;

static sqlite3_vfs *realVFS(sqlite3_vfs *vfs) { return (sqlite3_vfs *)vfs->pAppData; }
static sqlite3_file *real(sqlite3_file *file) { return ((CountingFile *)file)->real; }

static int xClose(sqlite3_file *f) { return real(f)->pMethods->xClose(real(f)); }
static int xRead(sqlite3_file *f, void *buffer, int amount, sqlite3_int64 offset) {
    CountingFile *file = (CountingFile *)f;
    if (file->counts) add(&file->counts->reads);
    return file->real->pMethods->xRead(file->real, buffer, amount, offset);
}
static int xWrite(sqlite3_file *f, const void *buffer, int amount, sqlite3_int64 offset) {
    CountingFile *file = (CountingFile *)f;
    if (file->counts) add(&file->counts->writes);
    return file->real->pMethods->xWrite(file->real, buffer, amount, offset);
}
static int xTruncate(sqlite3_file *f, sqlite3_int64 size) { return real(f)->pMethods->xTruncate(real(f), size); }
static int xSync(sqlite3_file *f, int flags) {
    CountingFile *file = (CountingFile *)f;
    if (file->counts) add(&file->counts->syncs);
    return file->real->pMethods->xSync(file->real, flags);
}
static int xFileSize(sqlite3_file *f, sqlite3_int64 *size) { return real(f)->pMethods->xFileSize(real(f), size); }
static int xLock(sqlite3_file *f, int level) { return real(f)->pMethods->xLock(real(f), level); }
static int xUnlock(sqlite3_file *f, int level) { return real(f)->pMethods->xUnlock(real(f), level); }
static int xCheckReservedLock(sqlite3_file *f, int *out) {
    return real(f)->pMethods->xCheckReservedLock(real(f), out);
}
static int xFileControl(sqlite3_file *f, int op, void *arg) {
    return real(f)->pMethods->xFileControl(real(f), op, arg);
}
static int xSectorSize(sqlite3_file *f) { return real(f)->pMethods->xSectorSize(real(f)); }
static int xDeviceCharacteristics(sqlite3_file *f) { return real(f)->pMethods->xDeviceCharacteristics(real(f)); }
// Version 2: shared memory (the WAL index, -shm). Passed through, not counted.
static int xShmMap(sqlite3_file *f, int page, int size, int extend, void volatile **out) {
    return real(f)->pMethods->xShmMap(real(f), page, size, extend, out);
}
static int xShmLock(sqlite3_file *f, int offset, int n, int flags) {
    return real(f)->pMethods->xShmLock(real(f), offset, n, flags);
}
static void xShmBarrier(sqlite3_file *f) { real(f)->pMethods->xShmBarrier(real(f)); }
static int xShmUnmap(sqlite3_file *f, int deleteFlag) { return real(f)->pMethods->xShmUnmap(real(f), deleteFlag); }
// Version 3: memory-mapped pages (off by default: mmap_size is 0).
static int xFetch(sqlite3_file *f, sqlite3_int64 offset, int amount, void **out) {
    return real(f)->pMethods->xFetch(real(f), offset, amount, out);
}
static int xUnfetch(sqlite3_file *f, sqlite3_int64 offset, void *page) {
    return real(f)->pMethods->xUnfetch(real(f), offset, page);
}

/// One table of methods per version, so that SQLite never calls a method the
/// real file lacks (it checks iVersion before the shared-memory and mmap calls).
static const sqlite3_io_methods methods[3] = {
    {1, xClose, xRead, xWrite, xTruncate, xSync, xFileSize, xLock, xUnlock, xCheckReservedLock, xFileControl,
     xSectorSize, xDeviceCharacteristics, 0, 0, 0, 0, 0, 0},
    {2, xClose, xRead, xWrite, xTruncate, xSync, xFileSize, xLock, xUnlock, xCheckReservedLock, xFileControl,
     xSectorSize, xDeviceCharacteristics, xShmMap, xShmLock, xShmBarrier, xShmUnmap, 0, 0},
    {3, xClose, xRead, xWrite, xTruncate, xSync, xFileSize, xLock, xUnlock, xCheckReservedLock, xFileControl,
     xSectorSize, xDeviceCharacteristics, xShmMap, xShmLock, xShmBarrier, xShmUnmap, xFetch, xUnfetch},
};

// MARK: - The VFS: opening counts, everything else is the real VFS's

static int xOpen(sqlite3_vfs *vfs, const char *name, sqlite3_file *f, int flags, int *outFlags) {
    CountingFile *file = (CountingFile *)f;
    file->real = (sqlite3_file *)&file[1];
    file->counts = NULL;
    int rc = realVFS(vfs)->xOpen(realVFS(vfs), name, file->real, flags, outFlags);
    if (file->real->pMethods == NULL) {
        f->pMethods = NULL;  // nothing to close
        return rc;
    }
    int kind = (flags & SQLITE_OPEN_MAIN_DB)        ? COUNTING_MAIN_DB
               : (flags & SQLITE_OPEN_MAIN_JOURNAL) ? COUNTING_JOURNAL
               : (flags & SQLITE_OPEN_WAL)          ? COUNTING_WAL
                                                    : COUNTING_OTHER;
    if (name != NULL && kind != COUNTING_OTHER) {
        // The main file's, the journal's and the WAL's names all lead to the database's.
        CountingEntry *entry = entryFor(sqlite3_filename_database(name), 1);
        if (entry != NULL) file->counts = &entry->counts[kind];
    }
    int version = file->real->pMethods->iVersion;
    f->pMethods = &methods[(version < 1 ? 1 : version > 3 ? 3 : version) - 1];
    return rc;
}

static int xDelete(sqlite3_vfs *v, const char *n, int s) { return realVFS(v)->xDelete(realVFS(v), n, s); }
static int xAccess(sqlite3_vfs *v, const char *n, int f, int *o) { return realVFS(v)->xAccess(realVFS(v), n, f, o); }
static int xFullPathname(sqlite3_vfs *v, const char *n, int size, char *out) {
    return realVFS(v)->xFullPathname(realVFS(v), n, size, out);
}
static void *xDlOpen(sqlite3_vfs *v, const char *n) { return realVFS(v)->xDlOpen(realVFS(v), n); }
static void xDlError(sqlite3_vfs *v, int n, char *m) { realVFS(v)->xDlError(realVFS(v), n, m); }
static void (*xDlSym(sqlite3_vfs *v, void *h, const char *s))(void) { return realVFS(v)->xDlSym(realVFS(v), h, s); }
static void xDlClose(sqlite3_vfs *v, void *h) { realVFS(v)->xDlClose(realVFS(v), h); }
static int xRandomness(sqlite3_vfs *v, int n, char *out) { return realVFS(v)->xRandomness(realVFS(v), n, out); }
static int xSleep(sqlite3_vfs *v, int us) { return realVFS(v)->xSleep(realVFS(v), us); }
static int xCurrentTime(sqlite3_vfs *v, double *t) { return realVFS(v)->xCurrentTime(realVFS(v), t); }
static int xGetLastError(sqlite3_vfs *v, int n, char *m) { return realVFS(v)->xGetLastError(realVFS(v), n, m); }
static int xCurrentTimeInt64(sqlite3_vfs *v, sqlite3_int64 *t) {
    return realVFS(v)->xCurrentTimeInt64(realVFS(v), t);
}

static sqlite3_vfs countingVFS;
static pthread_once_t registerOnce = PTHREAD_ONCE_INIT;
static int registerResult = SQLITE_OK;

static void registerVFS(void) {
    sqlite3_vfs *underlying = sqlite3_vfs_find(NULL);
    if (underlying == NULL) {
        registerResult = SQLITE_ERROR;
        return;
    }
    countingVFS = (sqlite3_vfs){
        .iVersion = 2,  // up to xCurrentTimeInt64 (version 3's system-call overrides are not passed on)
        .szOsFile = (int)sizeof(CountingFile) + underlying->szOsFile,
        .mxPathname = underlying->mxPathname,
        .zName = "counting",
        .pAppData = underlying,
        .xOpen = xOpen, .xDelete = xDelete, .xAccess = xAccess, .xFullPathname = xFullPathname,
        .xDlOpen = xDlOpen, .xDlError = xDlError, .xDlSym = xDlSym, .xDlClose = xDlClose,
        .xRandomness = xRandomness, .xSleep = xSleep, .xCurrentTime = xCurrentTime,
        .xGetLastError = xGetLastError, .xCurrentTimeInt64 = xCurrentTimeInt64,
    };
    registerResult = sqlite3_vfs_register(&countingVFS, 0);
}

int counting_vfs_register(int make_default) {
    pthread_once(&registerOnce, registerVFS);
    if (registerResult != SQLITE_OK || !make_default) return registerResult;
    return sqlite3_vfs_register(&countingVFS, 1);  // registering again only moves it to the front
}

counting_file_counts counting_vfs_counts(const char *database_path, counting_file_kind kind) {
    counting_file_counts result = {0, 0, 0};
    CountingEntry *entry = entryFor(database_path, 0);
    if (entry == NULL || kind < 0 || kind >= COUNTING_KINDS) return result;
    result.reads = __atomic_load_n(&entry->counts[kind].reads, __ATOMIC_RELAXED);
    result.writes = __atomic_load_n(&entry->counts[kind].writes, __ATOMIC_RELAXED);
    result.syncs = __atomic_load_n(&entry->counts[kind].syncs, __ATOMIC_RELAXED);
    return result;
}
