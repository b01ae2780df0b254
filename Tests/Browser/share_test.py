#!/usr/bin/env python3
"""Browser test of "share to narrate": the share target and the bookmarklet, in Chromium.

Starts `narrate serve` itself over an empty library, and a second web server of its own on
`localhost` (another site than the narrate server's 127.0.0.1) with three article pages and a
page that links to narrate's share page. Then, as a listener:

1. the share sheet (the installed app's share target: the browser's own navigation to
   /share?title=…&text=…&url=…) adds the page by itself, renders it and opens its page, and
   the manifest offers /share as its share target with no installability error;
2. a link on another site to /share only shows what would be added: nothing is added until
   the listener clicks "Add to library";
3. the library page's "Send to narrate" bookmarklet, clicked on another site's page, opens the
   share page with that page, and a click adds it; the API still refuses the other site's own
   requests to add.

Each check prints "ok: ..."; the first that fails prints "FAIL: ..." and the script exits 1.

    python3 Tests/Browser/share_test.py --narrate .build/debug/narrate --library LIBRARY \
        --port PORT --site-port PORT2 --screenshots DIR
"""

import argparse
import http.server
import json
import os
import sys
import threading
import time
import urllib.parse

from selenium.webdriver.common.by import By

from offline_test import NarrateServer, run_checks
from player_test import CheckFailed, ok

PARAGRAPHS = [
    "The wind rose before dawn and the harbour woke to the sound of halyards against masts.",
    "By seven the rain had come in from the west, and the gauge on the pier filled by noon.",
    "Fishermen who had waited a week for calm water stayed in the café and talked about the season.",
    "The forecast for the weekend promises more of the same, with a break on Sunday afternoon.",
]


def article_page(number):
    title = f"Harbour report number {number}"
    body = "".join(f"<p>{text} (Report {number}.)</p>" for text in PARAGRAPHS)
    return f"<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{title}</title></head>" \
           f"<body><article><h1>{title}</h1>{body}</article></body></html>"


def start_site(port, narrate_base):
    """The other site: /article-N.html, and /links.html linking to narrate's share page."""
    share_link = f"{narrate_base}/share?" + urllib.parse.urlencode(
        {"title": "Harbour report number 2", "text": "", "url": f"http://localhost:{port}/article-2.html"})
    pages = {f"/article-{n}.html": article_page(n) for n in (1, 2, 3)}
    pages["/links.html"] = f"<!doctype html><html><head><meta charset=\"utf-8\"><title>Links</title></head>" \
                           f"<body><a id=\"share\" href=\"{share_link}\">Send report 2 to narrate</a></body></html>"

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (http.server's name)
            page = pages.get(self.path.split("?")[0])
            body = (page or "not found").encode()
            self.send_response(200 if page else 404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *arguments):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def articles(server):
    return server.request("GET", "/api/articles?limit=50")["articles"]


def check_share_sheet(browser, server, site_port):
    """1. The share target: the browser's own navigation adds by itself and opens the article."""
    url = f"http://localhost:{site_port}/article-1.html"
    browser.open("/share?" + urllib.parse.urlencode({"title": "", "text": f"Harbour report number 1 {url}", "url": ""}))
    browser.wait_for("return location.pathname.startsWith('/articles/')", 60,
                     "the share sheet's page was not added and opened by itself: "
                     + (browser.visible_alert() or "no error shown"))
    listed = articles(server)
    if len(listed) != 1 or "Harbour report number 1" not in listed[0]["title"]:
        raise CheckFailed(f"after the share sheet the library has {listed}")
    manifest = browser.driver.execute_cdp_cmd("Page.getAppManifest", {})
    target = json.loads(manifest.get("data") or "{}").get("share_target", {})
    if target.get("action") != "/share" or target.get("params", {}).get("url") != "url":
        raise CheckFailed(f"the manifest's share target is {target}")
    errors = browser.driver.execute_cdp_cmd("Page.getInstallabilityErrors", {}).get("installabilityErrors", [])
    if errors:
        raise CheckFailed(f"with the share target the app is not installable: {errors}")
    ok(f"the share sheet added {url} by itself and opened article {listed[0]['id']}; the manifest's share target is /share")


def check_link_from_another_site(browser, server, site_port):
    """2. Sent from another site: shown, added only after a click."""
    browser.driver.get(f"http://localhost:{site_port}/links.html")
    browser.driver.find_element(By.ID, "share").click()
    browser.wait_for("return document.getElementById('share-add') !== null", 20, "the share page did not open from the link")
    time.sleep(1)  # what an automatic add would have done by now
    automatic = browser.js("return document.getElementById('share').dataset.automatic")
    if automatic != "false" or len(articles(server)) != 1:
        raise CheckFailed(f"a link from another site added by itself (automatic {automatic}, {len(articles(server))} articles)")
    browser.screenshot("share-from-another-site-1440.png")
    browser.driver.find_element(By.CSS_SELECTOR, ".share-to-queue input").click()
    browser.driver.find_element(By.ID, "share-add").click()
    browser.wait_for("return location.pathname.startsWith('/articles/')", 60,
                     "Add to library did not add and open the article: " + (browser.visible_alert() or "no error shown"))
    if len(articles(server)) != 2:
        raise CheckFailed(f"after the click the library has {len(articles(server))} articles, not 2")
    queued = [article["title"] for article in server.request("GET", "/api/queue")["articles"]]
    if queued != ["Harbour report number 2"]:
        raise CheckFailed(f"with 'Also add it to the end of up next' ticked, the queue is {queued}")
    ok("a link from another site showed the page to add (share-from-another-site-1440.png) and added it on a click, "
       "to the end of up next as ticked")


def check_bookmarklet(browser, server, site_port):
    """3. The bookmarklet, clicked on another site's page, adds that page after a click."""
    browser.open("/")
    href = browser.wait_for("const a = document.querySelector('a.bookmarklet'); return a && a.getAttribute('href')", 20,
                            "the library page has no Send to narrate bookmarklet")
    if not href.startswith("javascript:"):
        raise CheckFailed(f"the bookmarklet is {href!r}")
    page = f"http://localhost:{site_port}/article-3.html"
    browser.driver.get(page)
    before = set(browser.driver.window_handles)
    # What clicking a bookmark of it does: its script run in the page.
    browser.js(urllib.parse.unquote(href[len("javascript:"):]))
    deadline = time.monotonic() + 10
    while set(browser.driver.window_handles) == before and time.monotonic() < deadline:
        time.sleep(0.1)
    opened = set(browser.driver.window_handles) - before
    if not opened:
        raise CheckFailed("the bookmarklet opened no window")
    browser.driver.switch_to.window(opened.pop())
    browser.wait_for("return document.getElementById('share-add') !== null", 20, "the bookmarklet's window is not the share page")
    shown = browser.js("const m = document.getElementById('share'); return {url: m.dataset.url, title: m.dataset.title}")
    if shown["url"] != page or "Harbour report number 3" not in (shown["title"] or ""):
        raise CheckFailed(f"the bookmarklet sent {shown}, not {page} and its title")
    browser.driver.find_element(By.ID, "share-add").click()
    browser.wait_for("return location.pathname.startsWith('/articles/')", 60,
                     "the bookmarklet's Add did not add the page: " + (browser.visible_alert() or "no error shown"))
    if len(articles(server)) != 3:
        raise CheckFailed(f"after the bookmarklet the library has {len(articles(server))} articles, not 3")
    ok(f"the bookmarklet on {page} opened the share page with it, and a click added it")


def check_other_site_cannot_add(browser, server, site_port):
    """The API still refuses another site's own request to add."""
    browser.driver.get(f"http://localhost:{site_port}/links.html")
    status = browser.driver.execute_async_script(f"""
        const done = arguments[arguments.length - 1];
        fetch("{server.base_url}/api/articles", {{method: "POST", mode: "no-cors", headers: {{"Content-Type": "text/plain"}},
              body: JSON.stringify({{url: "http://localhost:{site_port}/article-1.html?again"}})}})
            .then(() => done("sent"), (error) => done(String(error)));
    """)
    time.sleep(0.5)
    if len(articles(server)) != 3:
        raise CheckFailed(f"a request of another site added an article ({status})")
    ok("another site's own request to add was refused; the library still has 3 articles")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--narrate", required=True)
    parser.add_argument("--library", required=True)
    parser.add_argument("--port", required=True, type=int)
    parser.add_argument("--site-port", required=True, type=int)
    parser.add_argument("--screenshots", required=True)
    arguments = parser.parse_args()
    os.makedirs(arguments.screenshots, exist_ok=True)
    server = NarrateServer(arguments.narrate, arguments.library, arguments.port)
    site = start_site(arguments.site_port, server.base_url)

    def checks(browser):
        check_share_sheet(browser, server, arguments.site_port)
        check_link_from_another_site(browser, server, arguments.site_port)
        check_bookmarklet(browser, server, arguments.site_port)
        check_other_site_cannot_add(browser, server, arguments.site_port)

    try:
        return run_checks(server, arguments.screenshots, checks)
    finally:
        site.shutdown()

if __name__ == "__main__":
    sys.exit(main())
