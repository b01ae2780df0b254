import Foundation
internal import GRDB
import NarrateCore
import NarrateSearch

/// The library's versioned schema. A migration, once released, is never edited: changes
/// go into a new one, so a library made by an earlier narrate opens and upgrades.
///
/// `article` rows are kept small (the content is in `articleContent`, the tags are also kept
/// joined in `article.tags`), so listing 100,000 articles scans little.
enum LibrarySchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: articles, tags, sentences, search") { db in
            try db.execute(
                sql: """
                    CREATE TABLE article (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        title TEXT NOT NULL,
                        byline TEXT,
                        site TEXT,
                        sourceURL TEXT,
                        sourcePath TEXT,
                        language TEXT,
                        voice TEXT,
                        publishedAt TEXT,
                        savedAt TEXT NOT NULL,
                        sourceFormat TEXT NOT NULL,
                        contentHash TEXT NOT NULL UNIQUE,
                        wordCount INTEGER NOT NULL,
                        listeningSeconds REAL NOT NULL,
                        tags TEXT NOT NULL DEFAULT ''
                    );
                    CREATE INDEX articleBySaved ON article(savedAt, id);
                    CREATE INDEX articleByTitle ON article(title COLLATE NOCASE, id);
                    CREATE INDEX articleByLength ON article(wordCount, id);
                    CREATE INDEX articleByLanguage ON article(language);
                    CREATE TABLE articleContent (
                        articleId INTEGER PRIMARY KEY REFERENCES article(id) ON DELETE CASCADE,
                        original BLOB NOT NULL,
                        document TEXT NOT NULL
                    );
                    CREATE TABLE articleTag (
                        articleId INTEGER NOT NULL REFERENCES article(id) ON DELETE CASCADE,
                        tag TEXT NOT NULL,
                        PRIMARY KEY (articleId, tag)
                    ) WITHOUT ROWID;
                    CREATE INDEX articleTagByTag ON articleTag(tag);
                    CREATE TABLE sentence (
                        articleId INTEGER NOT NULL REFERENCES article(id) ON DELETE CASCADE,
                        position INTEGER NOT NULL,
                        blockIndex INTEGER NOT NULL,
                        textStart INTEGER NOT NULL,
                        textEnd INTEGER NOT NULL,
                        sourceStart INTEGER NOT NULL,
                        sourceEnd INTEGER NOT NULL,
                        PRIMARY KEY (articleId, position)
                    ) WITHOUT ROWID;
                    CREATE VIRTUAL TABLE articleSearch USING fts5(
                        title, byline, body, tokenize = 'unicode61 remove_diacritics 2'
                    );
                    """)
        }
        migrator.registerMigration("v2: renders, their sentence timings, listening positions") { db in
            try db.execute(
                sql: """
                    CREATE TABLE render (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        articleId INTEGER NOT NULL REFERENCES article(id) ON DELETE CASCADE,
                        settingsHash TEXT NOT NULL,
                        path TEXT NOT NULL,
                        ownedByLibrary INTEGER NOT NULL,
                        format TEXT NOT NULL,
                        sampleRate INTEGER NOT NULL,
                        sampleCount INTEGER NOT NULL,
                        createdAt TEXT NOT NULL,
                        UNIQUE (articleId, settingsHash, path)
                    );
                    CREATE INDEX renderByPath ON render(path);
                    CREATE TABLE renderSentence (
                        renderId INTEGER NOT NULL REFERENCES render(id) ON DELETE CASCADE,
                        position INTEGER NOT NULL,
                        startSample INTEGER NOT NULL,
                        endSample INTEGER NOT NULL,
                        PRIMARY KEY (renderId, position)
                    ) WITHOUT ROWID;
                    CREATE TABLE listeningPosition (
                        articleId INTEGER PRIMARY KEY REFERENCES article(id) ON DELETE CASCADE,
                        sentence INTEGER NOT NULL,
                        finished INTEGER NOT NULL DEFAULT 0,
                        updatedAt TEXT NOT NULL
                    );
                    ALTER TABLE article ADD COLUMN sentenceCount INTEGER NOT NULL DEFAULT 0;
                    UPDATE article SET sentenceCount = (SELECT count(*) FROM sentence WHERE articleId = article.id);
                    """)
        }
        migrator.registerMigration("v3: batch jobs") { db in
            try db.execute(
                sql: """
                    CREATE TABLE job (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        articleId INTEGER NOT NULL REFERENCES article(id) ON DELETE CASCADE,
                        settingsHash TEXT NOT NULL,
                        voiceArguments TEXT NOT NULL,
                        format TEXT NOT NULL,
                        outputPath TEXT NOT NULL,
                        state TEXT NOT NULL CHECK (state IN ('queued', 'running', 'done', 'failed', 'cancelled')),
                        attempts INTEGER NOT NULL DEFAULT 0,
                        maxAttempts INTEGER NOT NULL,
                        lastError TEXT,
                        worker TEXT,
                        leaseExpiresAt REAL,
                        temporaryPath TEXT,
                        durationSeconds REAL,
                        createdAt TEXT NOT NULL,
                        startedAt TEXT,
                        finishedAt TEXT
                    );
                    CREATE INDEX jobByState ON job(state, id);
                    CREATE UNIQUE INDEX jobByOutput ON job(outputPath) WHERE state IN ('queued', 'running');
                    """)
        }
        // A job carries a typed, versioned render request (JSON) instead of command-line
        // arguments. Jobs queued before keep their arguments in voiceArguments and a NULL
        // request; the worker reads those as they were written.
        migrator.registerMigration("v4: typed render requests in jobs") { db in
            try db.execute(sql: "ALTER TABLE job ADD COLUMN renderRequest TEXT")
        }
        // Word timings per render, for highlighting and starting from a word (renders made
        // before have none); positions with their word, the device's time and what
        // listened, and every position saved kept in a history.
        migrator.registerMigration("v5: word timings, positions across devices, position history") { db in
            try db.execute(
                sql: """
                    CREATE TABLE renderWord (
                        renderId INTEGER NOT NULL REFERENCES render(id) ON DELETE CASCADE,
                        position INTEGER NOT NULL,
                        sentence INTEGER NOT NULL,
                        textStart INTEGER NOT NULL,
                        textEnd INTEGER NOT NULL,
                        startSample INTEGER NOT NULL,
                        endSample INTEGER NOT NULL,
                        PRIMARY KEY (renderId, position)
                    ) WITHOUT ROWID;
                    ALTER TABLE listeningPosition ADD COLUMN word INTEGER;
                    ALTER TABLE listeningPosition ADD COLUMN listenedAt REAL NOT NULL DEFAULT 0;
                    ALTER TABLE listeningPosition ADD COLUMN device TEXT;
                    UPDATE listeningPosition SET listenedAt = CAST(strftime('%s', updatedAt) AS REAL);
                    CREATE TABLE positionHistory (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        articleId INTEGER NOT NULL REFERENCES article(id) ON DELETE CASCADE,
                        sentence INTEGER,
                        word INTEGER,
                        finished INTEGER NOT NULL,
                        listenedAt REAL NOT NULL,
                        device TEXT,
                        savedAt TEXT NOT NULL
                    );
                    CREATE INDEX positionHistoryByArticle ON positionHistory(articleId, id);
                    """)
        }
        // How far a running job's render has got (a web player shows it), and the library's
        // own settings (the web server's token).
        migrator.registerMigration("v6: job progress, library settings") { db in
            try db.execute(
                sql: """
                    ALTER TABLE job ADD COLUMN progress REAL NOT NULL DEFAULT 0;
                    CREATE TABLE setting (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) WITHOUT ROWID;
                    """)
        }
        // Podcast feeds (issue 18): an excerpt per article for episode descriptions (read
        // from each stored document once, here); job priorities, so the renders a listener
        // waits for go before the batch's and those before the ones made ahead for feeds;
        // and change counters kept by triggers, so a feed knows it is unchanged (ETag) with
        // one read instead of being made again (which feeds podcast apps follow, noted as they
        // fetch them, changes no feed).
        migrator.registerMigration("v7: excerpts, job priorities, change counters") { db in
            try db.execute(sql: "ALTER TABLE article ADD COLUMN excerpt TEXT")
            let rows = try Row.fetchCursor(db, sql: "SELECT articleId, document FROM articleContent")
            var excerpts: [(Int64, String)] = []
            while let row = try rows.next() {
                let text: String = row["document"]
                guard let document = try? JSONDecoder().decode(Document.self, from: Data(text.utf8)),
                    let excerpt = document.summaryExcerpt()
                else { continue }
                excerpts.append((row["articleId"], excerpt))
            }
            for (id, excerpt) in excerpts {
                try db.execute(sql: "UPDATE article SET excerpt = ? WHERE id = ?", arguments: [excerpt, id])
            }
            try db.execute(
                sql: """
                    ALTER TABLE job ADD COLUMN priority INTEGER NOT NULL DEFAULT 1;
                    UPDATE job SET priority = 2 WHERE outputPath LIKE 'library:article/%';
                    CREATE INDEX jobByClaim ON job(state, priority DESC, id);
                    CREATE INDEX renderByArticleFormat ON render(articleId, format, ownedByLibrary);
                    CREATE TABLE changeCount (name TEXT PRIMARY KEY NOT NULL, value INTEGER NOT NULL) WITHOUT ROWID;
                    INSERT INTO changeCount (name, value) VALUES ('library', 1), ('progress', 1);
                    CREATE TRIGGER articleAdded AFTER INSERT ON article
                        BEGIN UPDATE changeCount SET value = value + 1 WHERE name = 'library'; END;
                    CREATE TRIGGER articleChanged AFTER UPDATE ON article
                        BEGIN UPDATE changeCount SET value = value + 1 WHERE name = 'library'; END;
                    CREATE TRIGGER articleRemoved AFTER DELETE ON article
                        BEGIN UPDATE changeCount SET value = value + 1 WHERE name = 'library'; END;
                    CREATE TRIGGER renderAdded AFTER INSERT ON render
                        BEGIN UPDATE changeCount SET value = value + 1 WHERE name = 'library'; END;
                    CREATE TRIGGER renderRemoved AFTER DELETE ON render
                        BEGIN UPDATE changeCount SET value = value + 1 WHERE name = 'library'; END;
                    CREATE TRIGGER settingAdded AFTER INSERT ON setting WHEN NEW.key != 'podcast.followedFeeds'
                        BEGIN UPDATE changeCount SET value = value + 1 WHERE name = 'library'; END;
                    CREATE TRIGGER settingChanged AFTER UPDATE ON setting
                        WHEN OLD.value IS NOT NEW.value AND NEW.key != 'podcast.followedFeeds'
                        BEGIN UPDATE changeCount SET value = value + 1 WHERE name = 'library'; END;
                    CREATE TRIGGER settingRemoved AFTER DELETE ON setting WHEN OLD.key != 'podcast.followedFeeds'
                        BEGIN UPDATE changeCount SET value = value + 1 WHERE name = 'library'; END;
                    CREATE TRIGGER finishedAdded AFTER INSERT ON listeningPosition WHEN NEW.finished = 1
                        BEGIN UPDATE changeCount SET value = value + 1 WHERE name = 'progress'; END;
                    CREATE TRIGGER finishedChanged AFTER UPDATE OF finished ON listeningPosition WHEN OLD.finished IS NOT NEW.finished
                        BEGIN UPDATE changeCount SET value = value + 1 WHERE name = 'progress'; END;
                    CREATE TRIGGER finishedRemoved AFTER DELETE ON listeningPosition WHEN OLD.finished = 1
                        BEGIN UPDATE changeCount SET value = value + 1 WHERE name = 'progress'; END;
                    """)
        }
        // Batch throughput (issue 19): of jobs of one priority the longest article goes
        // first, so a batch does not end with one worker on a long article while the others
        // wait (longest processing time first); a job keeps its article's word count.
        migrator.registerMigration("v8: job sizes, longest first") { db in
            try db.execute(
                sql: """
                    ALTER TABLE job ADD COLUMN workSize INTEGER NOT NULL DEFAULT 0;
                    UPDATE job SET workSize = coalesce((SELECT wordCount FROM article WHERE article.id = job.articleId), 0);
                    DROP INDEX jobByClaim;
                    CREATE INDEX jobByClaim ON job(state, priority DESC, workSize DESC, id);
                    """)
        }
        // Feed subscriptions (issue 20): each feed with what its server said last (validators
        // for conditional GET, when to ask again, the last error), and every item seen, so a
        // refresh takes only what is new and an item whose link fails is not fetched forever;
        // the same for the links of read-later imports (an import run again fetches nothing
        // it took or found dead before).
        // Articles found by their address, so an item or an import already in the library is
        // skipped without fetching.
        migrator.registerMigration("v9: feed subscriptions") { db in
            try db.execute(
                sql: """
                    CREATE TABLE subscription (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        url TEXT NOT NULL UNIQUE,
                        title TEXT,
                        siteURL TEXT,
                        format TEXT,
                        tag TEXT,
                        language TEXT,
                        narrate INTEGER NOT NULL DEFAULT 0,
                        etag TEXT,
                        lastModified TEXT,
                        createdAt TEXT NOT NULL,
                        lastCheckedAt TEXT,
                        lastNewAt TEXT,
                        newItems INTEGER NOT NULL DEFAULT 0,
                        lastError TEXT,
                        errorCount INTEGER NOT NULL DEFAULT 0,
                        notBefore REAL
                    );
                    CREATE TABLE feedItem (
                        subscriptionId INTEGER NOT NULL REFERENCES subscription(id) ON DELETE CASCADE,
                        guid TEXT NOT NULL,
                        url TEXT,
                        articleId INTEGER REFERENCES article(id) ON DELETE SET NULL,
                        outcome TEXT NOT NULL,
                        detail TEXT,
                        seenAt TEXT NOT NULL,
                        PRIMARY KEY (subscriptionId, guid)
                    ) WITHOUT ROWID;
                    CREATE INDEX feedItemByURL ON feedItem(url);
                    CREATE TABLE savedLink (
                        url TEXT PRIMARY KEY NOT NULL,
                        articleId INTEGER REFERENCES article(id) ON DELETE SET NULL,
                        outcome TEXT NOT NULL,
                        detail TEXT,
                        seenAt TEXT NOT NULL
                    ) WITHOUT ROWID;
                    CREATE INDEX articleBySourceURL ON article(sourceURL);
                    """)
        }
        // Search by any word form (issue 21): each article's words stemmed in its language in
        // columns beside its text, the languages the library holds, and its long words with
        // their one-letter deletions for queries with a typo. The index is made anew.
        migrator.registerMigration("v10: search by word forms, prefixes and typos") { db in
            try db.execute(
                sql: """
                    ALTER TABLE articleSearch RENAME TO articleSearchBefore;
                    CREATE VIRTUAL TABLE articleSearch USING fts5(
                        title, byline, body, titleStems, bodyStems, tokenize = 'unicode61 remove_diacritics 2', prefix = '3'
                    );
                    CREATE TABLE searchLanguage (code TEXT PRIMARY KEY NOT NULL) WITHOUT ROWID;
                    CREATE TABLE searchWord (word TEXT PRIMARY KEY NOT NULL) WITHOUT ROWID;
                    CREATE TABLE searchWordVariant (
                        variant TEXT NOT NULL,
                        word TEXT NOT NULL,
                        PRIMARY KEY (variant, word)
                    ) WITHOUT ROWID;
                    """)
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT s.rowid AS id, s.title, s.byline, s.body, a.language FROM articleSearchBefore s
                    JOIN article a ON a.id = s.rowid ORDER BY s.rowid
                    """)
            while let row = try rows.next() {
                let byline: String = row["byline"]
                // In one row: passages come with v17.
                try SearchIndex.add(
                    id: row["id"], title: row["title"], byline: byline.isEmpty ? nil : byline, text: row["body"], language: row["language"],
                    passageLength: nil, db: db
                )
            }
            try db.execute(sql: "DROP TABLE articleSearchBefore")
        }
        migrator.registerMigration("v11: whether a render's word timings are exact or estimated") { db in
            try db.execute(sql: "ALTER TABLE render ADD COLUMN wordTimings TEXT NOT NULL DEFAULT 'exact'")
        }
        migrator.registerMigration("v12: the voice a render was spoken in") { db in
            // NULL for a render recorded before: its voice is not known.
            try db.execute(sql: "ALTER TABLE render ADD COLUMN voice TEXT")
        }
        migrator.registerMigration("v13: the parts of the article a render reads") { db in
            // NULL for a render recorded before: it read what narrate's defaults read.
            try db.execute(sql: "ALTER TABLE render ADD COLUMN reading TEXT")
        }
        migrator.registerMigration("v14: the up-next queue") { db in
            try db.execute(
                sql: """
                    CREATE TABLE upNext (
                        articleId INTEGER PRIMARY KEY REFERENCES article(id) ON DELETE CASCADE,
                        rank INTEGER NOT NULL
                    );
                    CREATE INDEX upNextByRank ON upNext(rank);
                    """)
        }
        migrator.registerMigration("v15: the archive, and archiving what is heard to the end") { db in
            // NULL: in the library. The index answers the library's count and the archive's list.
            try db.execute(
                sql: """
                    ALTER TABLE article ADD COLUMN archivedAt TEXT;
                    CREATE INDEX articleByArchive ON article(archivedAt);
                    UPDATE setting SET key = 'upNext.onFinish', value = 'tag:' || value
                        WHERE key = 'upNext.finishTag' AND value != '';
                    DELETE FROM setting WHERE key = 'upNext.finishTag';
                    """)
        }
        migrator.registerMigration("v16: a book's cover") { db in
            try db.execute(
                sql: """
                    CREATE TABLE articleCover (
                        articleId INTEGER PRIMARY KEY REFERENCES article(id) ON DELETE CASCADE,
                        image BLOB NOT NULL
                    );
                    """)
        }
        // A book indexed in passages (issue 40): FTS5 builds a row's index whole in memory.
        // The article's first passage keeps its row (the article's id); the others' rows are
        // numbered here, from 2^40 (`SearchIndex.firstPassageRow`). Articles indexed before
        // stay in one row.
        migrator.registerMigration("v17: long texts searched in passages") { db in
            try db.execute(
                sql: """
                    CREATE TABLE articleSearchPart (
                        rowid INTEGER PRIMARY KEY,
                        article INTEGER NOT NULL REFERENCES article(id) ON DELETE CASCADE
                    );
                    CREATE INDEX articleSearchPartByArticle ON articleSearchPart(article);
                    """)
        }
        // A book stored in parts (issue 40): its document's blocks and its original a part
        // at a time, so neither the JSON of a whole book nor a copy of its whole original is
        // made. Articles stored before keep their one document and original. (Rowid tables:
        // their rows are hundreds of kilobytes.)
        migrator.registerMigration("v18: long documents stored in parts") { db in
            try db.execute(
                sql: """
                    CREATE TABLE articleContentPart (
                        articleId INTEGER NOT NULL REFERENCES articleContent(articleId) ON DELETE CASCADE,
                        part INTEGER NOT NULL,
                        blocks TEXT NOT NULL,
                        PRIMARY KEY (articleId, part)
                    );
                    CREATE TABLE articleOriginalPart (
                        articleId INTEGER NOT NULL REFERENCES articleContent(articleId) ON DELETE CASCADE,
                        part INTEGER NOT NULL,
                        bytes BLOB NOT NULL,
                        PRIMARY KEY (articleId, part)
                    );
                    """)
        }
        return migrator
    }
}
