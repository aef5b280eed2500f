// The one header of the CSQLite module: SQLite's own public header.
// If this include fails, run `make doctor`: libsqlite3-dev is missing.
#include <sqlite3.h>
