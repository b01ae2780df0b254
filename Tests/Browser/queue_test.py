#!/usr/bin/env python3
"""Browser test of the up-next queue in Chromium: two articles played one after the other.

Starts `narrate serve` itself over a library whose articles FIRST and SECOND are rendered in
Opus, and drives Debian's headless Chromium through Selenium:

1. the library page queues both ("Up next" on each), moves one down and back up;
2. "Play the queue" opens the first, playing; near its end the page announces the second
   ("Up next: TITLE", with a chime) and plays it without a click; the first is then finished,
   out of the queue and tagged with the finish tag;
3. the lock screen's next and previous track buttons (the Media Session's handlers) move in
   the queue;
4. "keep the next N unfinished downloaded" takes the queue's articles first;
5. "When an article ends: Moves to the archive", chosen on the library page, archives an
   article played to its end (the finished banner says so and offers "To library"); the
   library's list leaves it out, "From: Archive" shows it, and "To library" brings it back.

Each check prints "ok: ..."; the first that fails prints "FAIL: ..." and the script exits 1.

    python3 Tests/Browser/queue_test.py --narrate .build/debug/narrate --library LIBRARY \
        --port PORT --first 1 --second 2 --screenshots DIR
"""

import argparse
import os
import sys
import time

from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By

from offline_test import NarrateServer, run_checks
from player_test import CheckFailed, ok


def queue_ids(server):
    return [article["id"] for article in server.request("GET", "/api/queue")["articles"]]


def wait_playing(browser, article, message):
    browser.wait_for(f"return location.pathname === '/articles/{article}'", 30, f"{message}: article {article}'s page did not open")
    browser.wait_for("return window.narratePlayer && !narratePlayer.audio.paused && narratePlayer.audio.currentTime > 0.2", 30,
                     f"{message}: article {article} did not play by itself")


def check_queue_on_library_page(browser, server, first, second):
    """1. The library page adds to the queue and reorders it."""
    browser.open("/")
    for article in (first, second):
        browser.wait_for(f"return document.querySelector('li.article.enhanced[data-article-id=\"{article}\"] .queue-add')", 20,
                         f"article {article} has no Up next button")
        browser.driver.find_element(By.CSS_SELECTOR, f'li.article[data-article-id="{article}"] .queue-add').click()
        browser.wait_for(f"return document.querySelector('.up-next-list li[data-article-id=\"{article}\"]')", 10,
                         f"Up next did not queue article {article}")
    if queue_ids(server) != [first, second]:
        raise CheckFailed(f"the queue is {queue_ids(server)}, not [{first}, {second}]")
    browser.driver.find_element(By.CSS_SELECTOR, f'.up-next-list li[data-article-id="{first}"] .queue-down').click()
    browser.wait_for(f"return document.querySelector('.up-next-list li').dataset.articleId === '{second}'", 10,
                     "moving the first down did not reorder the queue")
    browser.driver.find_element(By.CSS_SELECTOR, f'.up-next-list li[data-article-id="{first}"] .queue-up').click()
    browser.wait_for(f"return document.querySelector('.up-next-list li').dataset.articleId === '{first}'", 10,
                     "moving it back up did not reorder the queue")
    if queue_ids(server) != [first, second]:
        raise CheckFailed(f"after down and up the queue is {queue_ids(server)}")
    browser.screenshot("up-next-library-1440.png")
    ok(f"the library page queued {first} and {second}, moved {first} down and up; up-next-library-1440.png")


def check_plays_one_after_another(browser, server, first, second):
    """2. The queue plays the first, announces the second and plays it, with no click."""
    server.request("PUT", "/api/queue/finish", {"tag": "archived"})
    browser.driver.find_element(By.CSS_SELECTOR, ".up-next a.button.primary").click()
    wait_playing(browser, first, "Play the queue")
    browser.js("const a = narratePlayer.audio; a.currentTime = Math.max(0, a.duration - 1.5);")
    # The banner shows for 2.5 s: caught for the screenshot when the machine is quick enough.
    try:
        browser.wait_for("return document.querySelector('.up-next-banner') !== null", 20, "no banner")
        browser.screenshot("up-next-announced-1440.png")
    except (CheckFailed, WebDriverException):
        pass  # the next page came first
    wait_playing(browser, second, "after the announcement")
    announced = browser.js("return JSON.parse(sessionStorage.getItem('narrate.announced') || 'null')")
    if not announced or announced["id"] != second:
        raise CheckFailed(f"the end of article {first} announced {announced}, not article {second}")
    position = server.request("GET", f"/api/articles/{first}/position")["position"]
    tags = server.request("GET", f"/api/articles/{first}")["article"]["tags"]
    if not position.get("finished") or queue_ids(server) != [second] or "archived" not in tags:
        raise CheckFailed(f"article {first} after its end: position {position}, tags {tags}; the queue is {queue_ids(server)}")
    ok(f"article {first} played to its end, {announced['title']!r} was announced, and {second} played with no click; "
       f"{first} is finished, tagged archived and out of the queue; up-next-announced-1440.png")


def check_track_buttons(browser, server, first, second):
    """3. The lock screen's next and previous track buttons move in the queue."""
    server.request("POST", "/api/queue", {"ids": [first]})
    if queue_ids(server) != [second, first]:
        raise CheckFailed(f"the queue is {queue_ids(server)}, not [{second}, {first}]")
    browser.js("narratePlayer.mediaActions.nexttrack()")
    wait_playing(browser, first, "the next track button")
    browser.wait_for("return narratePlayer.mediaActions !== null", 20, "the player set no Media Session handlers")
    browser.js("narratePlayer.mediaActions.previoustrack()")
    wait_playing(browser, second, "the previous track button")
    ok(f"next track went from {second} to {first} in the queue, previous track back to {second}")


def check_downloads_follow_the_queue(browser, server, first, second):
    """4. "Keep the next N downloaded" takes the up-next queue first, then the library's order."""
    server.request("PUT", "/api/queue", {"ids": [first]})
    newest = server.request("GET", "/api/articles?progress=unfinished&limit=1")["articles"][0]["id"]
    if newest != second:
        raise CheckFailed(f"the library's first unfinished article is {newest}, not {second}: the check would tell nothing")
    server.request("PUT", "/api/offline", {"keepDownloaded": 1})
    browser.open("/")
    browser.wait_for("return document.querySelector('.offline-tools').dataset.state === 'kept'", 60,
                     "the library page did not finish keeping the next articles downloaded")
    browser.wait_for(f"return Boolean(narrateOffline.downloads()['{first}'])", 5,
                     f"keeping the next 1 downloaded did not download article {first}, first in the queue")
    kept = sorted(browser.js("return Object.keys(narrateOffline.downloads())"))
    if kept != [str(first)]:
        raise CheckFailed(f"keeping the next 1 downloaded kept {kept}, not [{first}] (the queue's first)")
    ok(f"keeping the next 1 downloaded took article {first}, the queue's first, not {second}, the library's first")


def check_finishing_archives(browser, server, first, second):
    """5. Finishing archives when the library page chose so; the archive and back."""
    server.request("PUT", "/api/queue", {"ids": []})
    browser.open("/")
    browser.js("document.querySelector('.finish-tools').open = true")
    browser.driver.find_element(By.CSS_SELECTOR, 'select[name="on-finish"] option[value="archive"]').click()
    deadline = time.monotonic() + 10
    while server.request("GET", "/api/queue").get("onFinish") != "archive":
        if time.monotonic() > deadline:
            raise CheckFailed("choosing 'Moves to the archive' on the library page did not set the library's setting")
        time.sleep(0.1)
    browser.open(f"/articles/{second}?play=1")
    wait_playing(browser, second, "opened with ?play=1")
    browser.js("const a = narratePlayer.audio; a.currentTime = Math.max(0, a.duration - 1.0);")
    browser.wait_for("const b = document.querySelector('.finished-banner'); "
                     "return b !== null && b.textContent.includes('Finished and archived.') && b.querySelector('.shelve').textContent === 'To library'",
                     30, f"the end of article {second} did not show 'Finished and archived.' with 'To library'")
    browser.screenshot("archive-finished-1440.png")
    if server.request("GET", f"/api/articles/{second}")["article"].get("archivedAt") is None:
        raise CheckFailed(f"article {second}, heard to the end, is not archived")
    browser.open("/")
    browser.wait_for(f"return document.querySelector('li.article.enhanced[data-article-id=\"{first}\"]') !== null", 20,
                     "the library list did not load")
    if browser.js(f"return document.querySelector('li.article[data-article-id=\"{second}\"]') !== null"):
        raise CheckFailed(f"article {second}, archived, is still in the library's list")
    browser.js("document.querySelector('.more-filters').open = true")
    browser.driver.find_element(By.CSS_SELECTOR, 'select[name="shelf"] option[value="archive"]').click()
    browser.wait_for(f"return document.querySelector('li.article.enhanced[data-article-id=\"{second}\"] .shelve') !== null "
                     f"&& document.querySelector('li.article[data-article-id=\"{first}\"]') === null", 20,
                     f"'From: Archive' did not list article {second} alone")
    browser.screenshot("archive-library-1440.png")
    browser.driver.find_element(By.CSS_SELECTOR, f'li.article[data-article-id="{second}"] .shelve').click()
    browser.wait_for(f"return document.querySelector('li.article[data-article-id=\"{second}\"]') === null", 20,
                     f"'To library' did not take article {second} out of the archive's list")
    if server.request("GET", f"/api/articles/{second}")["article"].get("archivedAt") is not None:
        raise CheckFailed(f"'To library' left article {second} archived")
    ok(f"finishing archived article {second} (the banner said so), the library's list left it out, the archive listed it, "
       "and 'To library' brought it back; archive-finished-1440.png, archive-library-1440.png")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--narrate", required=True)
    parser.add_argument("--library", required=True)
    parser.add_argument("--port", required=True, type=int)
    parser.add_argument("--first", required=True, type=int)
    parser.add_argument("--second", required=True, type=int)
    parser.add_argument("--screenshots", required=True)
    arguments = parser.parse_args()
    os.makedirs(arguments.screenshots, exist_ok=True)
    server = NarrateServer(arguments.narrate, arguments.library, arguments.port)

    def checks(browser):
        server.request("PUT", "/api/offline", {"keepDownloaded": 0})
        check_queue_on_library_page(browser, server, arguments.first, arguments.second)
        check_plays_one_after_another(browser, server, arguments.first, arguments.second)
        check_track_buttons(browser, server, arguments.first, arguments.second)
        check_downloads_follow_the_queue(browser, server, arguments.first, arguments.second)
        check_finishing_archives(browser, server, arguments.first, arguments.second)

    return run_checks(server, arguments.screenshots, checks)


if __name__ == "__main__":
    sys.exit(main())
