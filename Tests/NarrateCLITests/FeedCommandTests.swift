import Foundation
import NarrateTestSupport
import Testing

/// `narrate subscribe`, `feeds`, `refresh` and `unsubscribe` against feeds served from
/// 127.0.0.1 by the test's own server (Tests/Support/test_server.py).
@Suite("Feed subscriptions", .endToEnd)
struct FeedCommandTests {
    let scratch: ScratchDirectory

    init() throws {
        scratch = try ScratchDirectory()
    }

    func narrate(_ arguments: [String]) async throws -> NarrateBinary.Outcome {
        try await NarrateBinary.run(arguments, environment: ["NARRATE_LIBRARY": "\(scratch.path)/lib/library.sqlite"])
    }

    func withServer(_ body: (TestServer) async throws -> Void) async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        try await body(server)
    }

    func feeds() async throws -> [[String: Any]] {
        let listed = try await narrate(["feeds", "--json"])
        #expect(listed.status == 0, "\(listed.standardError)")
        return try #require(try JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8)) as? [[String: Any]])
    }

    /// A site's page leads to its feed; its item is fetched and added; the next refresh is a
    /// conditional GET answered 304; unsubscribing keeps the articles.
    @Test func subscribingToASiteFindsItsFeedAndARefreshAsksOnlyForChanges() async throws {
        try await withServer { server in
            let subscribed = try await narrate(["subscribe", server.url("/site.html"), "--tag", "sea"])
            #expect(subscribed.status == 0, "\(subscribed.standardError)")
            #expect(
                subscribed.standardOutput.hasPrefix("subscribed 1 Coast Weekly (\(server.url("/feed.xml")))\n"),
                "\(subscribed.standardOutput)")
            #expect(subscribed.standardOutput.contains("added 1 The Last Keeper (Coast Weekly)"))
            // The page once, the feed it links once: its items come from that copy.
            let counts = try await server.requestCounts()
            #expect(counts["/site.html"] == 1 && counts["/feed.xml"] == 1, "\(counts)")
            var list = try await feeds()
            #expect(list.count == 1)
            #expect(list.first?["url"] as? String == server.url("/feed.xml"))
            #expect(list.first?["etag"] as? String == "\"feed-v1\"")
            #expect(list.first?["newItems"] as? Int == 1)
            #expect(list.first?["tag"] as? String == "sea")

            let again = try await narrate(["refresh"])
            #expect(again.status == 0, "\(again.standardError)")
            #expect(again.standardOutput == "checked 1 feed: 0 new articles, 1 unchanged\n")
            list = try await feeds()
            #expect(list.first?["newItems"] as? Int == 0 && list.first?["lastError"] == nil)

            let shown = try await narrate(["list", "--json"])
            let articles = try #require(try JSONSerialization.jsonObject(with: Data(shown.standardOutput.utf8)) as? [[String: Any]])
            #expect(articles.count == 1)
            #expect((articles.first?["tags"] as? [String]) == ["sea"])

            let gone = try await narrate(["unsubscribe", "1"])
            #expect(gone.standardOutput == "unsubscribed 1 Coast Weekly\n")
            #expect(try await narrate(["feeds"]).standardOutput == "no feeds ('narrate subscribe URL' follows one)\n")
            #expect(try await narrate(["list", "--json"]).standardOutput.contains("The Last Keeper"))
        }
    }

    /// An item the feed carries whole is taken without fetching; one that links a page is
    /// fetched; a dead link is reported and not tried again; a repeated guid counts once.
    @Test func itemsAreTakenWholeOrFetchedAndDeadLinksAreReportedOnce() async throws {
        try await withServer { server in
            let subscribed = try await narrate(["subscribe", server.url("/news-feed.xml")])
            #expect(subscribed.status == 0, "\(subscribed.standardError)")
            let output = subscribed.standardOutput
            // Oldest first (the feed lists the newest first), so ids follow the feed's time.
            #expect(output.contains("added 1 The Last Keeper (Harbour News)\nadded 2 Before the storm (Harbour News)\n"), "\(output)")
            #expect(output.contains("checked 1 feed: 2 new articles\n"), "\(output)")
            #expect(output.contains("  dead link: \(server.url("/missing")): HTTP 404 Not Found\n"), "\(output)")
            let show = try await narrate(["show", "2", "--json"])
            let article = try #require(try JSONSerialization.jsonObject(with: Data(show.standardOutput.utf8)) as? [String: Any])
            #expect(article["published"] as? String == "2026-03-02T09:00:00Z")
            #expect(article["site"] as? String == "Harbour News")
            // The feed has not changed (no validators here): nothing new, the dead link not fetched again.
            let again = try await narrate(["refresh", "--json"])
            let summary = try #require(try JSONSerialization.jsonObject(with: Data(again.standardOutput.utf8)) as? [String: Any])
            #expect((summary["added"] as? [Any])?.isEmpty == true)
            #expect((summary["problems"] as? [Any])?.isEmpty == true, "\(summary)")
        }
    }

    @Test func badFeedsAreOneLineEach() async throws {
        try await withServer { server in
            let bomb = try await narrate(["subscribe", server.url("/bomb.xml")])
            #expect(bomb.status == 65)
            #expect(
                bomb.standardError.hasSuffix("its entities expand beyond bounds (a billion-laughs document?)\n"), "\(bomb.standardError)")
            #expect(bomb.standardError.split(separator: "\n").count == 1)
            let page = try await narrate(["subscribe", server.url("/page.html")])
            #expect(page.status == 65)
            #expect(page.standardError.contains("is a web page that links no feed"), "\(page.standardError)")
            let missing = try await narrate(["subscribe", server.url("/missing")])
            #expect(missing.status == 69)
            #expect(missing.standardError.contains("HTTP 404 Not Found"))
            let notURL = try await narrate(["subscribe", "feeds.txt"])
            #expect(notURL.status == 64)
            await #expect(try feeds().isEmpty)
            let unknown = try await narrate(["unsubscribe", "7"])
            #expect(unknown.status == 66)
            #expect(unknown.standardError == "narrate: no feed with id 7; 'narrate feeds' lists them\n", "\(unknown.standardError)")
        }
    }

    /// A feed that gains an item between refreshes: each refresh adds just the new one.
    @Test func aFeedThatChangesAddsOnlyWhatIsNew() async throws {
        try await withServer { server in
            let address = server.url("/changing-feed.xml?key=\(UUID().uuidString)")
            #expect(try await narrate(["subscribe", address]).standardOutput.contains("added 1 Tide report 1 (Tides)"))
            let second = try await narrate(["refresh"])
            #expect(
                second.standardOutput.contains("added 2 Tide report 2 (Tides)\nchecked 1 feed: 1 new article\n"), "\(second.standardOutput)"
            )
            let third = try await narrate(["refresh", "--json"])
            let summary = try #require(try JSONSerialization.jsonObject(with: Data(third.standardOutput.utf8)) as? [String: Any])
            #expect(summary["added"] as? [Int] == [3])
        }
    }

    /// 50,000 items that all link one page: one fetch, the rest duplicates recorded at once.
    @Test func aFeedOfFiftyThousandItemsIsTakenWhole() async throws {
        try await withServer { server in
            let run = try await narrate(["subscribe", server.url("/big-feed.xml")])
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.standardOutput.contains("checked 1 feed: 1 new article, 49999 already in the library\n"), "\(run.standardOutput)")
            let again = try await narrate(["refresh"])
            #expect(again.standardOutput == "checked 1 feed: 0 new articles\n", "\(again.standardOutput)")
        }
    }

    /// Servers that never answer, answer forever, or redirect in a loop: one line each, the
    /// feed recorded as failing and left alone for a while (until --force).
    @Test func serversThatNeverFinishAreGivenUpOn() async throws {
        try await withServer { server in
            _ = try await narrate(["subscribe", server.url("/feed.xml")])
            for path in ["/never", "/trickle", "/loop"] {
                let failed = try await narrate(["subscribe", server.url(path), "--timeout", "1"])
                #expect(failed.status == 69, "\(path): \(failed.standardError)")
                #expect(failed.standardError.split(separator: "\n").count == 1, "\(failed.standardError)")
            }
            await #expect(try feeds().count == 1)
        }
    }

    @Test func aThrottlingServerIsLeftAloneAsLongAsItAsks() async throws {
        try await withServer { server in
            // Subscribed while it answered; then it asks for a pause.
            _ = try await narrate(["subscribe", server.url("/throttles-later.xml?key=\(UUID().uuidString)")])
            let throttled = try await narrate(["refresh"])
            #expect(throttled.standardError.contains("HTTP 429 Too Many Requests; asked to wait 120 s"), "\(throttled.standardError)")
            let list = try await feeds()
            #expect(list.first?["errorCount"] as? Int == 1)
            let waiting = try await narrate(["refresh"])
            #expect(
                waiting.standardOutput.contains("1 waiting (their servers asked for a pause; --force checks them)"),
                "\(waiting.standardOutput)")
        }
    }

    /// A feed reader's OPML export subscribes to every feed in it (folders as tags) and
    /// reads them; `feeds --opml` writes the list back for another reader.
    @Test func opmlInAndOut() async throws {
        try await withServer { server in
            let list = """
                <opml version="2.0"><head><title>Export</title></head><body>
                <outline text="Sea"><outline text="Coast" type="rss" xmlUrl="\(server.url("/feed.xml"))"/></outline>
                <outline text="Harbour" type="rss" xmlUrl="\(server.url("/news-feed.xml"))"/>
                </body></opml>
                """
            let path = try scratch.write("feeds.opml", text: list)
            let imported = try await narrate(["subscribe", "--opml", path])
            #expect(imported.status == 0, "\(imported.standardError)")
            #expect(
                imported.standardOutput.hasPrefix("subscribed 1 Coast (\(server.url("/feed.xml")))\nsubscribed 2 Harbour"),
                "\(imported.standardOutput)")
            #expect(
                imported.standardOutput.contains("checked 2 feeds: 2 new articles, 1 already in the library"), "\(imported.standardOutput)")
            let listed = try await feeds()
            #expect(listed.map { $0["tag"] as? String } == ["sea", nil])
            #expect(listed.first?["title"] as? String == "Coast Weekly")
            let again = try await narrate(["subscribe", "--opml", path])
            #expect(again.standardOutput == "already subscribed 1 Coast Weekly\nalready subscribed 2 Harbour News\n")
            let exported = try await narrate(["feeds", "--opml"])
            #expect(exported.standardOutput.contains("<outline text=\"sea\">"))
            #expect(exported.standardOutput.contains("xmlUrl=\"\(server.url("/news-feed.xml"))\""))
            let bad = try scratch.write("bad.opml", text: "<opml><body></body></opml>")
            let empty = try await narrate(["subscribe", "--opml", bad])
            #expect(empty.status == 65)
            #expect(empty.standardError.contains("lists no feed"))
            let both = try await narrate(["subscribe", server.url("/feed.xml"), "--opml", path])
            #expect(both.status == 64)
        }
    }

    /// An item whose page failed (a 500) is tried again at the next refresh: the feed's
    /// validators are not kept, so the server cannot answer 304 and hide it.
    @Test func aFailedItemIsTriedAgainAtTheNextRefresh() async throws {
        try await withServer { server in
            let first = try await narrate(["subscribe", server.url("/flaky-feed.xml")])
            #expect(
                first.standardOutput.contains("  failed, tried again next time: \(server.url("/broken")): HTTP 500"),
                "\(first.standardOutput)")
            await #expect(try feeds().first?["etag"] == nil)
            let again = try await narrate(["refresh"])
            #expect(
                again.standardOutput.contains("  failed, tried again next time: \(server.url("/broken")): HTTP 500"),
                "\(again.standardOutput)")
        }
    }
}
