#!/usr/bin/env python3
"""Browser test of offline listening: the service worker, downloads, and positions made offline.

Starts `narrate serve` itself (so that it can stop and start it again on the same port) over a
library whose articles FIRST and SECOND are rendered in Opus and THIRD is not, and drives
Debian's headless Chromium through Selenium, as a listener on the underground:

1. the library page registers the service worker and, with "keep the next 1 unfinished
   downloaded", downloads the first unfinished article by itself;
2. "Download" on the other article's page keeps it too; the library page shows both and the
   space they take;
3. the network is cut (DevTools network emulation, and the server stopped): the library page
   still opens, marks what plays offline; the downloaded article plays with its words
   highlighted, plays from a clicked word, takes the sleep timer; the position of a pause is
   kept on the device; an article not downloaded says so;
4. the network comes back (the server started again): the position made offline reaches the
   server, as `narrate position` reports it;
5. "Remove" frees a download.

Each check prints "ok: ..."; the first that fails prints "FAIL: ..." and the script exits 1,
leaving failure.png beside the screenshots.

    python3 Tests/Browser/offline_test.py --narrate .build/debug/narrate --library LIBRARY \
        --port PORT --first 1 --second 2 --third 3 --screenshots DIR
"""

import argparse
import json
import os
import subprocess
import sys
import time
import urllib.request

from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By

from player_test import CHROMEDRIVER, CHROMIUM, SLOWDOWN, Browser, CheckFailed, ok


class NarrateServer:
    """`narrate serve` on a fixed port, stopped and started again by the test."""

    def __init__(self, narrate, library, port):
        self.narrate = narrate
        self.library = library
        self.port = port
        self.base_url = f"http://127.0.0.1:{port}"
        self.process = None

    def start(self):
        self.process = subprocess.Popen(
            [self.narrate, "serve", "--port", str(self.port), "--library", self.library],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        deadline = time.monotonic() + 60 * SLOWDOWN
        seen = ""
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                break
            seen += line
            if "Ctrl-C stops" in line:
                # The rest of what it prints is not read: a pipe it fills would stop it.
                subprocess.Popen(["cat"], stdin=self.process.stdout, stdout=subprocess.DEVNULL)
                return
        raise CheckFailed(f"narrate serve did not start on port {self.port}: {seen}")

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def request(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base_url + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return json.load(response) if response.status != 204 else None
        except Exception as error:  # noqa: BLE001 (any failure here is the check failing)
            raise CheckFailed(f"{method} {path} failed: {error}") from error


def set_offline(browser, offline):
    """DevTools network emulation: the page's and its worker's requests fail as on a train."""
    browser.driver.execute_cdp_cmd("Network.enable", {})
    browser.driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1,
    })


def downloads(browser):
    return browser.js("return window.narrateOffline ? narrateOffline.downloads() : null") or {}


def check_keeps_next_by_itself(browser, server, first):
    """1. The service worker controls the pages; the next unfinished article is downloaded by itself."""
    server.request("PUT", "/api/offline", {"keepDownloaded": 1})
    unfinished = server.request("GET", "/api/articles?progress=unfinished&limit=1")["articles"]
    if not unfinished or unfinished[0]["id"] != first:
        raise CheckFailed(f"the library's first unfinished article is {unfinished and unfinished[0]['id']}, not {first}: "
                          "the test's articles are not as it expects")
    browser.open("/")
    browser.wait_for("return navigator.serviceWorker.controller !== null", 20,
                     "the service worker never took control of the library page")
    browser.wait_for(f"return Boolean(narrateOffline.downloads()['{first}'])", 60,
                     f"the library did not download article {first}, its next unfinished one, by itself")
    record = downloads(browser)[str(first)]
    if not record.get("auto") or record.get("bytes", 0) < 1000:
        raise CheckFailed(f"article {first}'s download is not the library's own or is empty: {record}")
    ok(f"service worker in control; article {first} downloaded by itself ({record['bytes']} bytes, keep next 1)")


def check_download_button(browser, server, second):
    """2. "Download" keeps an article; the library page lists both downloads and their space."""
    browser.open(f"/articles/{second}")
    browser.wait_ready()
    button = browser.driver.find_element(By.CSS_SELECTOR, "#player button.download")
    if button.text != "Download" or not button.is_enabled():
        raise CheckFailed(f"the article page's download button says {button.text!r} (enabled: {button.is_enabled()})")
    button.click()
    browser.wait_for(f"return Boolean(narrateOffline.downloads()['{second}'])", 60,
                     f"clicking Download did not download article {second}: "
                     + (browser.js("return document.querySelector('.download-state').textContent") or ""))
    browser.wait_for("return document.querySelector('#player button.download').textContent === 'Remove download'", 5,
                     "the download button did not become Remove download")
    state = browser.js("return document.querySelector('.download-state').textContent")
    if "Downloaded" not in state or "MB" not in state:
        raise CheckFailed(f"the page does not say the article is downloaded and its size: {state!r}")
    browser.open("/")
    summary = browser.wait_for(
        "const s = document.querySelector('.downloads-summary'); return s && /2 articles downloaded/.test(s.textContent) && s.textContent",
        20, "the library page does not say 2 articles are downloaded")
    ok(f"Download kept article {second} ({state}); the library says: {summary}")


def check_plays_offline(browser, server, second, third, screenshots):
    """3. Offline: the library opens; the downloaded article plays, highlighted, from a clicked word."""
    server.stop()
    set_offline(browser, True)
    browser.viewport(360, 740, mobile=True)
    browser.open("/")
    browser.wait_for("return document.body.classList.contains('offline')", 20,
                     "offline, the library page did not say it is offline")
    marks = browser.js("""
        return [...document.querySelectorAll('#articles li.article')].map((li) => ({
            id: li.dataset.articleId, downloaded: li.classList.contains('downloaded'), unavailable: li.classList.contains('unavailable')}));
    """)
    by_id = {int(mark["id"]): mark for mark in marks}
    if not by_id.get(second, {}).get("downloaded") or not by_id.get(third, {}).get("unavailable"):
        raise CheckFailed(f"offline, the library marks {marks}: article {second} should be downloaded, {third} unavailable")
    browser.screenshot("offline-library-360.png")
    ok("offline, the library page opens from the device and marks what plays; offline-library-360.png")

    browser.viewport(1440, 900)
    browser.open(f"/articles/{second}")
    browser.wait_ready()
    browser.driver.find_element(By.CSS_SELECTOR, '#player button[aria-label="Play"]').click()
    browser.wait_for("return !narratePlayer.audio.paused && narratePlayer.audio.currentTime > 1", 15,
                     "offline, the downloaded article did not play")
    browser.wait_for("return document.querySelector('.current-word') !== null && narratePlayer.currentWord() >= 0", 10,
                     "offline, no word was highlighted while playing")
    # A word further on, clicked: played from its start.
    target = browser.js("""
        const words = [...document.querySelectorAll('.w')];
        const word = words[Math.min(words.length - 1, 60)];
        word.scrollIntoView({block: 'center'});
        return Number(word.dataset.word);
    """)
    browser.driver.find_element(By.CSS_SELECTOR, f'.w[data-word="{target}"]').click()
    browser.wait_for(f"return narratePlayer.currentWord() >= {target} && !narratePlayer.audio.paused", 10,
                     f"offline, clicking word {target} did not play from it")
    sleep = browser.driver.find_element(By.CSS_SELECTOR, ".sleep-label select")
    sleep.send_keys("5 min")
    browser.wait_for("const left = document.querySelector('.sleep-left'); return left && !left.hidden && left.textContent", 5,
                     "offline, the sleep timer did not start")
    browser.screenshot("offline-article-1440.png")
    browser.driver.find_element(By.CSS_SELECTOR, '#player button[aria-label="Pause"]').click()
    kept = browser.wait_for(f"return JSON.parse(localStorage.getItem('narrate.unsent') || '{{}}')['{second}']", 10,
                            "offline, the pause's position was not kept on the device")
    status = browser.js("return document.querySelector('.player-status').textContent")
    if "Offline" not in status:
        raise CheckFailed(f"offline, the page does not say the position waits on the device: {status!r}")
    ok(f"offline, article {second} played from the device with word {target} highlighted after a click, the sleep "
       f"timer on; the pause at sentence {kept['sentence']} kept on the device; offline-article-1440.png")

    browser.open(f"/articles/{third}")
    text = browser.wait_for("return document.querySelector('#offline') && document.body.textContent", 10,
                            "offline, an article not downloaded did not get the offline page")
    if "not downloaded" not in text:
        raise CheckFailed(f"offline, the page of an article not downloaded says: {text.strip()[:200]!r}")
    ok(f"offline, article {third} (not downloaded) says so")
    return kept


def check_position_delivered(browser, server, second, kept, narrate, library):
    """4. Back online: the position made offline reaches the server."""
    # Leaving the article saved its place once more (newer, also offline): the newest is sent.
    newest = browser.js(f"return JSON.parse(localStorage.getItem('narrate.unsent') || '{{}}')['{second}']")
    if not newest or newest["listenedAt"] < kept["listenedAt"]:
        raise CheckFailed(f"the position kept on the device went before it was sent: {newest}")
    kept = newest
    server.start()
    set_offline(browser, False)
    browser.open("/")
    browser.wait_for(f"return !JSON.parse(localStorage.getItem('narrate.unsent') || '{{}}')['{second}']", 30,
                     "back online, the position kept on the device was not sent")
    position = server.request("GET", f"/api/articles/{second}/position")["position"]
    if position["sentence"] != kept["sentence"] or abs(position["listenedAt"] - kept["listenedAt"]) > 0.01:
        raise CheckFailed(f"the server has {position}, not the position made offline {kept}")
    run = subprocess.run([narrate, "position", str(second), "--json", "--library", library], capture_output=True, text=True,
                         timeout=60)
    try:
        reported = json.loads(run.stdout)["sentence"]
    except (ValueError, KeyError, TypeError) as error:
        raise CheckFailed(f"narrate position {second} --json: {run.returncode} {run.stdout!r} {run.stderr!r}") from error
    if reported != kept["sentence"]:
        raise CheckFailed(f"narrate position says sentence {reported}, the browser kept {kept['sentence']} offline")
    ok(f"back online, the offline position (sentence {kept['sentence']}) reached the server, as narrate position says")


def check_remove(browser, first):
    """5. Remove frees a download."""
    browser.open("/")
    # The list is drawn again once the library has kept what it keeps: its buttons are the last ones.
    browser.wait_for("return document.querySelector('.offline-tools').dataset.state === 'kept'", 60,
                     "the library page did not finish keeping the next articles downloaded")
    browser.wait_for("return document.querySelectorAll('.offline-tools .remove-download').length === 2", 20,
                     "the library page does not list the two downloads")
    before = browser.js("return Object.keys(narrateOffline.downloads()).length")
    browser.js("document.querySelector('.offline-tools').open = true")
    browser.driver.find_element(By.CSS_SELECTOR, f'.offline-tools li[data-article-id="{first}"] .remove-download').click()
    browser.wait_for(f"return !narrateOffline.downloads()['{first}']", 10, "Remove did not forget the download")
    left = browser.js("""
        return caches.open('narrate-downloads').then((cache) => cache.keys()).then((keys) => keys.map((r) => new URL(r.url).pathname));
    """)
    if any(path.startswith(f"/api/articles/{first}/") or path == f"/articles/{first}" for path in left):
        raise CheckFailed(f"article {first}'s files stayed on the device after Remove: {left}")
    ok(f"Remove freed article {first}'s download ({before} downloads before, {before - 1} after)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--narrate", required=True)
    parser.add_argument("--library", required=True)
    parser.add_argument("--port", required=True, type=int)
    parser.add_argument("--first", required=True, type=int, help="the first unfinished article, rendered in Opus")
    parser.add_argument("--second", required=True, type=int, help="another article, rendered in Opus")
    parser.add_argument("--third", required=True, type=int, help="an article with no render")
    parser.add_argument("--screenshots", required=True)
    arguments = parser.parse_args()
    os.makedirs(arguments.screenshots, exist_ok=True)
    server = NarrateServer(arguments.narrate, arguments.library, arguments.port)

    def checks(browser):
        check_keeps_next_by_itself(browser, server, arguments.first)
        check_download_button(browser, server, arguments.second)
        kept = check_plays_offline(browser, server, arguments.second, arguments.third, arguments.screenshots)
        check_position_delivered(browser, server, arguments.second, kept, arguments.narrate, arguments.library)
        check_remove(browser, arguments.first)
        # Offline, a request the service worker cannot answer fails (net::ERR_FAILED), as it should.
        offline_failures = ("net::ERR_FAILED", "ERR_INTERNET_DISCONNECTED", "ERR_CONNECTION_REFUSED", "status of 503")
        errors = [line for line in browser.javascript_errors() if not any(failure in line for failure in offline_failures)]
        if errors:
            raise CheckFailed("the pages logged errors: " + " | ".join(errors))
        ok("no JavaScript errors were logged (besides the requests that failed offline)")

    return run_checks(server, arguments.screenshots, checks)


def run_checks(server, screenshots, checks):
    """Starts `server` and Chromium, runs `checks(browser)`, and stops both: 0 when all passed,
    else 1 with "FAIL: ..." on stderr and failure.png beside the screenshots."""
    browser = None
    try:
        server.start()
        try:
            browser = Browser(server.base_url, screenshots)
        except WebDriverException as error:
            raise CheckFailed(f"could not start headless Chromium ({CHROMIUM}, {CHROMEDRIVER}): {error.msg}") from error
        checks(browser)
        return 0
    except (CheckFailed, WebDriverException) as error:
        message = error.msg if isinstance(error, WebDriverException) else str(error)
        print(f"FAIL: {message}", file=sys.stderr)
        if browser:
            try:
                browser.screenshot("failure.png")
                for line in browser.javascript_errors():
                    print(f"  browser log: {line}", file=sys.stderr)
            except (CheckFailed, WebDriverException):
                pass
        return 1
    finally:
        if browser:
            browser.quit()
        server.stop()

if __name__ == "__main__":
    sys.exit(main())
