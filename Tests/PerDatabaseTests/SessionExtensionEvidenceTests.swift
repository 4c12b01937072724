import Foundation
import Testing
import TestSupport

/// Why a copy's changes travel as per's own recovery lines, not as SQLite session changesets (Docs/DECISIONS.md 404):
/// the session extension, in the SQLite per links, run on per's kinds of change. A copy and home start alike; the
/// copy counts Oats +1, books a price seen (a table without a primary key, as a log is) and deletes Milk; home counts
/// Oats +1 and edits Milk; the copy's changeset is applied at home, each conflicting row replaced by the copy's.
@Suite struct SessionExtensionEvidenceTests {
    @Test func aChangesetCarriesValuesNotChangesAndLeavesUnkeyedTablesOut() throws {
        let folder = TemporaryFolder()
        let source = folder.file("session.c"), program = folder.file("session")
        try Self.program.write(toFile: source, atomically: true, encoding: .utf8)
        let built = run(["cc", source, "-lsqlite3", "-o", program])
        try #require(built.status == 0, "cc (gcc and libsqlite3-dev, which make deps checks): \(built.stderr)")
        let result = run([program])
        // Two +1s make 2, not 3: a changeset holds the row's new value, and the second count is a conflict to resolve,
        // not a change to add. The price seen is not in it at all. The deletion conflicts with home's edit, and with no
        // field times the row goes, edit and all (or the deletion is dropped: either way one side is lost unsaid).
        #expect(result.stdout == "count 2 conflicts 2 sightings 0 milk 0\n", "\(result)")
    }

    static let program = #"""
#define SQLITE_ENABLE_SESSION 1
#define SQLITE_ENABLE_PREUPDATE_HOOK 1
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
static int dataConflicts, notFound;
static int onConflict(void *ctx, int kind, sqlite3_changeset_iter *it) {
    if (kind == SQLITE_CHANGESET_DATA) { dataConflicts++; return SQLITE_CHANGESET_REPLACE; }
    if (kind == SQLITE_CHANGESET_NOTFOUND) { notFound++; return SQLITE_CHANGESET_OMIT; }
    return SQLITE_CHANGESET_OMIT;
}
static void run(sqlite3 *db, const char *sql) { char *e = 0; if (sqlite3_exec(db, sql, 0, 0, &e) != SQLITE_OK) { fprintf(stderr, "%s\n", e); exit(1); } }
static int one(sqlite3 *db, const char *sql) { sqlite3_stmt *s; sqlite3_prepare_v2(db, sql, -1, &s, 0); int v = sqlite3_step(s) == SQLITE_ROW ? sqlite3_column_int(s, 0) : -1; sqlite3_finalize(s); return v; }
int main(int argc, char **argv) {
    const char *start = "CREATE TABLE item (id TEXT PRIMARY KEY, count INTEGER, title TEXT);"
        "CREATE TABLE sighting (item TEXT, price TEXT);"   /* no primary key, like a log */
        "INSERT INTO item VALUES ('oats', 1, 'Oats'), ('milk', 1, 'Milk');";
    sqlite3 *home, *copy; sqlite3_session *session;
    sqlite3_open(":memory:", &home); sqlite3_open(":memory:", &copy);
    run(home, start); run(copy, start);
    sqlite3session_create(copy, "main", &session);
    sqlite3session_attach(session, NULL);
    run(copy, "UPDATE item SET count = count + 1 WHERE id = 'oats';"   /* the copy's +1 */
              "INSERT INTO sighting VALUES ('oats', '1.19');"
              "DELETE FROM item WHERE id = 'milk';");
    int size; void *changeset;
    sqlite3session_changeset(session, &size, &changeset);
    run(home, "UPDATE item SET count = count + 1 WHERE id = 'oats';"   /* home's own +1 */
              "UPDATE item SET title = 'Milk 2 L' WHERE id = 'milk';");  /* edited at home, deleted on the copy */
    sqlite3changeset_apply(home, size, changeset, 0, onConflict, 0);
    printf("count %d conflicts %d sightings %d milk %d\n", one(home, "SELECT count FROM item WHERE id = 'oats'"), dataConflicts,
           one(home, "SELECT count(*) FROM sighting"), one(home, "SELECT count(*) FROM item WHERE id = 'milk'"));
    return 0;
}
"""#
}
