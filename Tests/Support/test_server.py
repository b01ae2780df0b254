#!/usr/bin/env python3
"""A local HTTP server for the tests that fetch pages (NarrateFetch and the CLI).

Listens on 127.0.0.1 on a free port, prints that port as the first line on standard
output, then serves until it is killed (or until its standard input closes, so a
test run that dies does not leave servers behind).

With `--files DIR`, /files/PATH serves DIR/PATH as it is (a voice catalogue and its voices);
`?rate=N` sends it at N bytes a second, to be caught half-way.
"""

import json
import os
import signal
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

PAGE = "<!doctype html><html><head><meta charset=\"utf-8\"><title>Café</title></head>" \
       "<body><p>Grüße aus Köln — ein kurzer Artikel.</p></body></html>\n"
PLAIN = "Plain words, nothing else.\n"
MARKDOWN = "# Notes\n\nShort *markdown* text.\n"
CHUNK = b"x" * 65536
# A saved article among a site's menus: what `narrate add URL` should keep and drop.
ARTICLE_PARAGRAPH = ("The lighthouse keeper climbed the hundred and twelve steps every evening, "
                     "wound the clockwork, trimmed the wick, and wrote the weather in the log, "
                     "as his father had done for forty years before him.")
ARTICLE = ("<!doctype html><html lang=\"en-GB\"><head><meta charset=\"utf-8\">"
           "<title>The Last Keeper | Coast Weekly</title>"
           "<meta property=\"og:site_name\" content=\"Coast Weekly\">"
           "<meta name=\"author\" content=\"Mary Lane\">"
           "<meta property=\"article:published_time\" content=\"2026-03-01T08:00:00Z\"></head><body>"
           "<nav class=\"menu\"><a href=\"/\">Home</a> <a href=\"/news\">News</a> <a href=\"/sport\">Sport</a></nav>"
           "<article><h1>The Last Keeper</h1>"
           + "".join("<p>%s %d.</p>" % (ARTICLE_PARAGRAPH, n) for n in range(1, 7)) +
           "</article><div class=\"comments\">Great story! Subscribe now.</div>"
           "<footer>Copyright Coast Weekly</footer></body></html>\n")
UKRAINIAN_PARAGRAPH = ("Доглядач маяка щовечора підіймався сто дванадцятьма сходинками, заводив механізм "
                       "і записував погоду до журналу, як робив його батько сорок років до нього.")
UKRAINIAN = ("<html><head><title>Останній доглядач</title></head><body><article>"
             + "".join("<p>%s</p>" % UKRAINIAN_PARAGRAPH for _ in range(5)) +
             "</article></body></html>\n").encode("cp1251")


# A small RSS feed for conditional fetches: its validators never change.
FEED = ("<?xml version=\"1.0\" encoding=\"utf-8\"?><rss version=\"2.0\"><channel><title>Coast Weekly</title>"
        "<link>/</link><item><title>The Last Keeper</title><link>/article.html</link><guid>keeper</guid>"
        "<pubDate>Sun, 01 Mar 2026 08:00:00 GMT</pubDate></item></channel></rss>\n").encode("utf-8")
FEED_ETAG = '"feed-v1"'
# A feed with one article carried whole, one to fetch, a dead link and a repeated guid.
WHOLE = " ".join(["The harbour master counted the boats that came in before the storm, one by one."] * 12)
NEWS_FEED = ("<?xml version=\"1.0\" encoding=\"utf-8\"?>"
             "<rss version=\"2.0\" xmlns:content=\"http://purl.org/rss/1.0/modules/content/\"><channel>"
             "<title>Harbour News</title><link>/</link>"
             "<item><title>Before the storm</title><guid isPermaLink=\"false\">whole-1</guid>"
             "<pubDate>Mon, 02 Mar 2026 09:00:00 GMT</pubDate>"
             "<content:encoded><![CDATA[<p>" + WHOLE + "</p>]]></content:encoded></item>"
             "<item><title>The Last Keeper</title><link>/article.html</link><guid>keeper</guid></item>"
             "<item><title>Gone</title><link>/missing</link><guid>gone</guid></item>"
             "<item><title>The Last Keeper again</title><link>/article.html</link><guid>keeper</guid></item>"
             "</channel></rss>\n").encode("utf-8")
BOMB = ("<?xml version=\"1.0\"?><!DOCTYPE rss [<!ENTITY a \"lol\">"
        + "".join("<!ENTITY %s \"%s\">" % (chr(98 + i), ("&%s;" % chr(97 + i)) * 10) for i in range(10))
        + "]><rss><channel><title>&k;</title></channel></rss>").encode("utf-8")
FEED_MODIFIED = "Sun, 01 Mar 2026 08:00:00 GMT"


# How often each changing feed was asked for, by its key.
CHANGING = {}
CHANGING_LOCK = threading.Lock()
# How often each path (with its query) was asked for; /requests answers it as JSON, so a
# test can tell that a second run fetched nothing.
REQUESTS = {}
REQUESTS_LOCK = threading.Lock()


def changing_feed(key):
    """A feed that gains an item each time it is asked for: one item the first time."""
    with CHANGING_LOCK:
        CHANGING[key] = CHANGING.get(key, 0) + 1
        count = CHANGING[key]
    items = "".join(
        "<item><title>Tide report %d</title><guid>tide-%d</guid><content:encoded><![CDATA[<p>%s</p>]]></content:encoded></item>"
        % (n, n, " ".join(["On day %d the tide came in at dawn and went out again by noon, as the tables said." % n] * 12))
        for n in range(count, 0, -1))
    return ("<rss version=\"2.0\" xmlns:content=\"http://purl.org/rss/1.0/modules/content/\"><channel><title>Tides</title>"
            + items + "</channel></rss>").encode("utf-8")


def big_feed():
    items = "".join("<item><guid>%d</guid><title>Item %d</title><link>/article.html</link></item>" % (n, n) for n in range(50000))
    return ("<rss version=\"2.0\"><channel><title>Big</title>" + items + "</channel></rss>").encode("utf-8")


def many_feed(items):
    """An RSS feed of `items` items, each linking a page of its own under /many/."""
    entries = "".join("<item><guid>many-%d</guid><title>Item %d</title><link>/many/%d.html</link>"
                      "<description>A teaser.</description></item>" % (n, n, n) for n in range(items))
    return ("<rss version=\"2.0\"><channel><title>Many</title>" + entries + "</channel></rss>").encode("utf-8")


def many_page(number):
    """The page of item `number` of /many-feed.xml: a short article of its own."""
    return ("<html lang=en><head><title>Item %d</title></head><body><article><h1>Item %d</h1>"
            "<p>This is item %d of a long feed. The keeper climbed the stairs and lit the lamp. "
            "The sea rose against the rocks, and the gulls went quiet for the night.</p></article></body></html>"
            % (number, number, number)).encode("utf-8")


class Handler(BaseHTTPRequestHandler):
    # HTTP/1.0: every response closes its connection, so a body without a
    # Content-Length simply ends when the connection does.
    protocol_version = "HTTP/1.0"
    server_version = "narrate-test-server"

    def log_message(self, format, *args):
        pass

    def send_body(self, status, content_type, body, length=None):
        self.send_response(status)
        if content_type is not None:
            self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body) if length is None else length))
        self.end_headers()
        self.wfile.write(body)

    def send_file(self, relative, rate, type=None):
        """Sends FILES/relative, at `rate` bytes a second when it is not 0, as `type` when given."""
        full = os.path.realpath(os.path.join(FILES, relative))
        if not full.startswith(os.path.realpath(FILES) + os.sep) or not os.path.isfile(full):
            self.send_body(404, "text/plain", b"no such file\n")
            return
        with open(full, "rb") as handle:
            body = handle.read()
        self.send_response(200)
        # Books as a web server names them; anything else as bytes.
        types = {".epub": "application/epub+zip", ".pdf": "application/pdf"}
        self.send_header("Content-Type", type or types.get(os.path.splitext(full)[1].lower(), "application/octet-stream"))
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if rate <= 0:
            self.wfile.write(body)
            return
        step = max(1, rate // 10)
        for start in range(0, len(body), step):
            self.wfile.write(body[start:start + step])
            self.wfile.flush()
            time.sleep(0.1)

    def redirect(self, status, location):
        self.send_response(status)
        self.send_header("Location", location)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def headers_then_stall(self, content_type, length):
        """Sends headers, then waits 60 s: a client that decides at the headers never sees a
        body, and one that waits for it runs into its own timeout (30 s in the tests), a
        different error, so the tests need no time bound."""
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(length))
        self.end_headers()
        self.wfile.flush()
        time.sleep(60)

    def do_GET(self):
        url = urlsplit(self.path)
        query = parse_qs(url.query)
        path = url.path
        if path == "/requests":
            with REQUESTS_LOCK:
                counts = dict(REQUESTS)
            self.send_body(200, "application/json", json.dumps(counts).encode("utf-8"))
            return
        with REQUESTS_LOCK:
            REQUESTS[self.path] = REQUESTS.get(self.path, 0) + 1
        if path.startswith("/files/") and FILES:
            self.send_file(path[len("/files/"):], int(query.get("rate", ["0"])[0]), query.get("type", [None])[0])
        elif path == "/article.html":
            self.send_body(200, "text/html; charset=utf-8", ARTICLE.encode("utf-8"))
        elif path == "/moved-article":
            self.redirect(301, "/article.html")
        elif path == "/ukrainian.html":
            # The charset is only in the header, as on many old Ukrainian sites.
            self.send_body(200, "text/html; charset=windows-1251", UKRAINIAN)
        elif path == "/menu-only.html":
            self.send_body(200, "text/html", b"<html><body><nav><a href=/a>A</a> <a href=/b>B</a></nav></body></html>")
        elif path == "/page.html":
            self.send_body(200, "text/html; charset=utf-8", PAGE.encode("utf-8"))
        elif path == "/plain.txt":
            self.send_body(200, "text/plain; charset=utf-8", PLAIN.encode("utf-8"))
        elif path == "/notes.md":
            self.send_body(200, "text/markdown; charset=utf-8", MARKDOWN.encode("utf-8"))
        elif path == "/untyped":
            self.send_body(200, None, PLAIN.encode("utf-8"))
        elif path == "/typed":
            # Answers with the content type the query asks for.
            self.send_body(200, query["type"][0], PLAIN.encode("utf-8"))
        elif path == "/headers":
            # Echoes the request headers the tests care about, one per line.
            lines = [f"{name}: {self.headers.get(name, '')}" for name in ("Accept", "User-Agent")]
            self.send_body(200, "text/plain", ("\n".join(lines) + "\n").encode("utf-8"))
        elif path == "/redirect":
            self.redirect(302, "/hop")
        elif path == "/hop":
            self.redirect(301, "/page.html")
        elif path == "/loop":
            self.redirect(302, "/loop")
        elif path == "/chain":
            # /chain?n=3 → /chain?n=2 → /chain?n=1 → /chain?n=0 → /page.html
            left = int(query.get("n", ["0"])[0])
            self.redirect(302, f"/chain?n={left - 1}" if left > 0 else "/page.html")
        elif path == "/to-ftp":
            self.redirect(302, "ftp://127.0.0.1/file.txt")
        elif path == "/redirect-missing":
            self.redirect(302, "/missing")
        elif path == "/missing":
            self.send_body(404, "text/html; charset=utf-8", b"<p>Not here.</p>\n")
        elif path == "/broken":
            self.send_body(500, "text/plain", b"oops\n")
        elif path == "/clip.mp4":
            self.headers_then_stall("video/mp4", 5_000_000)
        elif path == "/big-declared":
            self.headers_then_stall("text/html", 30_000_000)
        elif path == "/huge":
            # No Content-Length: the body is streamed until the connection closes.
            remaining = int(query.get("bytes", [str(25 * 1024 * 1024)])[0])
            self.send_response(200)
            self.send_header("Content-Type", "text/plain")
            self.end_headers()
            while remaining > 0:
                piece = CHUNK[:min(remaining, len(CHUNK))]
                self.wfile.write(piece)
                remaining -= len(piece)
        elif path == "/endless":
            # No Content-Length and no end a client could wait for: only one that stops
            # reading gets out. Paced (about 64 MB/s) and capped at 512 MB (8 s), because
            # FoundationNetworking keeps, and leaks, what arrives after a cancel until the
            # cancel takes effect, which under ThreadSanitizer took long enough for an
            # unpaced server to fill 24 GB of memory.
            self.send_response(200)
            self.send_header("Content-Type", "text/plain")
            self.end_headers()
            for _ in range(8192):
                self.wfile.write(CHUNK)
                time.sleep(0.001)
        elif path == "/stalled-body":
            # Headers and the first bytes at once, the rest never (within 10 s).
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", "1000")
            self.end_headers()
            self.wfile.write(b"<p>The beginning")
            self.wfile.flush()
            time.sleep(10)
        elif path == "/feed.xml":
            # Conditional GET: 304 when the client has this copy (by ETag, else by date).
            if self.headers.get("If-None-Match") == FEED_ETAG or (
                    self.headers.get("If-None-Match") is None and self.headers.get("If-Modified-Since") == FEED_MODIFIED):
                self.send_response(304)
                self.send_header("ETag", FEED_ETAG)
                self.end_headers()
                return
            body = FEED
            gzipped = "gzip" in self.headers.get("Accept-Encoding", "") and "gzip" in query
            if gzipped:
                import gzip
                body = gzip.compress(FEED)
            self.send_response(200)
            self.send_header("Content-Type", "application/rss+xml; charset=utf-8")
            if gzipped:
                self.send_header("Content-Encoding", "gzip")
            self.send_header("ETag", FEED_ETAG)
            self.send_header("Last-Modified", FEED_MODIFIED)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        elif path == "/flaky-feed.xml":
            # A feed with validators whose one item's page fails with a 500.
            if self.headers.get("If-None-Match") == '"flaky-v1"':
                self.send_response(304)
                self.end_headers()
                return
            body = ("<rss version=\"2.0\"><channel><title>Flaky</title><item><title>Broken</title>"
                    "<link>/broken</link><guid>broken-1</guid></item></channel></rss>").encode("utf-8")
            self.send_response(200)
            self.send_header("Content-Type", "application/rss+xml")
            self.send_header("ETag", '"flaky-v1"')
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        elif path == "/news-feed.xml":
            self.send_body(200, "application/rss+xml", NEWS_FEED)
        elif path == "/changing-feed.xml":
            self.send_body(200, "application/rss+xml", changing_feed(query.get("key", [""])[0]))
        elif path == "/throttles-later.xml":
            # The feed the first time (subscribing reads it once), then 429 with Retry-After.
            key = "throttle-" + query.get("key", [""])[0]
            with CHANGING_LOCK:
                CHANGING[key] = CHANGING.get(key, 0) + 1
                first = CHANGING[key] == 1
            if first:
                self.send_body(200, "application/rss+xml", FEED)
            else:
                self.send_response(429)
                self.send_header("Retry-After", "120")
                self.send_header("Content-Length", "0")
                self.end_headers()
        elif path == "/many-feed.xml":
            self.send_body(200, "application/rss+xml", many_feed(int(query.get("items", ["100"])[0])))
        elif path.startswith("/many/") and path.endswith(".html"):
            self.send_body(200, "text/html; charset=utf-8", many_page(int(path[len("/many/"):-len(".html")])))
        elif path == "/big-feed.xml":
            self.send_body(200, "application/rss+xml", big_feed())
        elif path == "/never":
            # Accepts the connection and says nothing.
            time.sleep(60)
        elif path == "/trickle":
            # Answers, then sends a byte a second, forever (for a minute).
            self.send_response(200)
            self.send_header("Content-Type", "application/rss+xml")
            self.end_headers()
            for _ in range(60):
                self.wfile.write(b" ")
                self.wfile.flush()
                time.sleep(1)
        elif path == "/bomb.xml":
            self.send_body(200, "application/xml", BOMB)
        elif path == "/site.html":
            self.send_body(200, "text/html; charset=utf-8",
                           b"<html><head><link rel=\"alternate\" type=\"application/rss+xml\" href=\"/feed.xml\">"
                           b"</head><body><p>A site.</p></body></html>")
        elif path == "/throttled":
            self.send_response(429)
            self.send_header("Retry-After", "120")
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif path == "/unavailable":
            self.send_response(503)
            self.send_header("Retry-After", "Fri, 31 Dec 2100 23:59:59 GMT")
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif path == "/unavailable-marked":
            # The bytes of U+0730 (a combining mark) inside the date, as UTF-8.
            self.send_response(503)
            self.send_header("Retry-After", "Thu, 2\u00dc\u00b06 Nov 2026 05:48:19 GMT")
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif path == "/unnamed":
            # A body of `kind` (pdf, epub or other: its first bytes), 4,000 bytes, as `type`,
            # in ten pieces spread over `seconds`; with `stall`, the first piece, then nothing
            # for 10 s.
            kind = query.get("kind", ["pdf"])[0]
            start = {"pdf": b"%PDF-1.4\n", "epub": b"PK\x03\x04\x14\x00"}.get(kind, b"MZ\x90\x00\x03\x00")
            body = start + b"x" * (4000 - len(start))
            self.send_response(200)
            self.send_header("Content-Type", query.get("type", ["application/octet-stream"])[0])
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            pause = float(query.get("seconds", ["0"])[0]) / 10
            for index in range(10):
                self.wfile.write(body[index * 400:(index + 1) * 400])
                self.wfile.flush()
                if "stall" in query:
                    time.sleep(10)
                    return
                time.sleep(pause)
        elif path == "/slow":
            time.sleep(10)
            self.send_body(200, "text/html", b"<p>Too late.</p>\n")
        else:
            self.send_body(404, "text/plain", b"unknown route\n")


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # Clients that give up early (size caps, timeouts) close the connection
        # while a handler still writes; that is expected, not worth a traceback.
        pass


FILES = None


def exit_when_stdin_closes():
    sys.stdin.buffer.read()
    os._exit(0)


def main():
    # Foundation's Process on Linux passes on the signal mask of the thread that spawned it,
    # and Swift's worker threads block SIGTERM: unblock it, or terminate() would do nothing.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    global FILES
    if len(sys.argv) == 3 and sys.argv[1] == "--files":
        FILES = sys.argv[2]
    server = Server(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
    server.serve_forever()


if __name__ == "__main__":
    main()
