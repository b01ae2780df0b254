#!/usr/bin/env python3
"""Browser test of `narrate serve` against DNS rebinding, in headless Chromium.

A rebinding page is a site whose name the attacker makes resolve to 127.0.0.1 after the page
has loaded: its scripts then reach the listener's server as their own origin, where no token
is asked. Chromium's --host-resolver-rules makes REBOUND_NAME resolve to 127.0.0.1 from the
start, which is the state the attack reaches. The test opens the server at that name and,
from that origin, reads the library, an article, its audio and the feed, adds an article and
deletes one: each must be refused with 421 and a JSON error, and the library must be unchanged
(`narrate list --json`). Then the same pages at 127.0.0.1 and localhost work. Each check
prints "ok: ..."; the first that fails prints "FAIL: ..." and exits 1.

    python3 Tests/Browser/rebinding_test.py --url http://127.0.0.1:PORT --article ID \
        --narrate .build/debug/narrate --library /path/to/library.sqlite --screenshots DIR
"""

import argparse
import json
import os
import subprocess
import sys

from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
REBOUND_NAME = "rebound.attacker.test"

FETCH = """
const [method, path, body, done] = arguments;
const options = {method, headers: {'Content-Type': 'application/json'}};
if (body) options.body = body;
fetch(path, options)
    .then(async (response) => done({status: response.status, type: response.headers.get('content-type'),
                                    text: await response.text()}))
    .catch((error) => done({status: 0, type: '', text: String(error)}));
"""


class CheckFailed(Exception):
    """The server let a rebinding page do something, or refused its own names."""


def ok(message):
    print(f"ok: {message}", flush=True)


def library_ids(narrate, library):
    listed = subprocess.run([narrate, "list", "--all", "--json", "--library", library], capture_output=True, text=True, check=False)
    if listed.returncode != 0:
        raise CheckFailed(f"narrate list failed: {listed.stderr.strip()}")
    return sorted(article["id"] for article in json.loads(listed.stdout))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", required=True, help="the server at 127.0.0.1, e.g. http://127.0.0.1:8080")
    parser.add_argument("--article", required=True, type=int, help="an article's id")
    parser.add_argument("--narrate", required=True, help="the narrate binary")
    parser.add_argument("--library", required=True, help="the library the server uses")
    parser.add_argument("--screenshots", required=True, help="a folder for the screenshots")
    arguments = parser.parse_args()
    os.makedirs(arguments.screenshots, exist_ok=True)
    port = arguments.url.rstrip("/").rsplit(":", 1)[1]
    rebound = f"http://{REBOUND_NAME}:{port}"

    options = Options()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,800",
                     f"--host-resolver-rules=MAP {REBOUND_NAME} 127.0.0.1"):
        options.add_argument(argument)
    try:
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    except WebDriverException as error:
        print(f"FAIL: could not start headless Chromium: {error.msg}", file=sys.stderr)
        return 1
    driver.set_script_timeout(20)

    def fetch(method, path, body=None):
        return driver.execute_async_script(FETCH, method, path, body)

    try:
        before = library_ids(arguments.narrate, arguments.library)
        if arguments.article not in before:
            raise CheckFailed(f"article {arguments.article} is not in the library to begin with")

        driver.get(rebound + "/")
        text = driver.find_element("tag name", "body").text
        driver.save_screenshot(os.path.join(arguments.screenshots, "rebinding-refused.png"))
        if "421" not in text or "narrate serve --allowed-host" not in text:
            raise CheckFailed(f"the library page opened at {rebound}/ was not refused: {text[:300]!r}")
        ok(f"the library page at {rebound}/ is refused (421); rebinding-refused.png")

        article = arguments.article
        attempts = [
            ("GET", "/api/articles", None), ("GET", f"/api/articles/{article}", None),
            ("GET", f"/api/articles/{article}/renders/1/audio", None), ("GET", "/feed.xml", None),
            ("POST", "/api/articles", json.dumps({"text": "Put here by another site. It should never be read."})),
            ("DELETE", f"/api/articles/{article}", None),
        ]
        for method, path, body in attempts:
            answer = fetch(method, path, body)
            if answer["status"] != 421 or not (answer["type"] or "").startswith("application/json"):
                raise CheckFailed(f"{method} {path} from {rebound} answered {answer['status']} {answer['text'][:200]!r}")
            error = json.loads(answer["text"]).get("error", {})
            if error.get("status") != 421:
                raise CheckFailed(f"{method} {path}: the JSON error is {answer['text'][:200]!r}")
        ok(f"from {rebound}, reading the library, an article, its audio and the feed, adding and deleting: each 421")

        after = library_ids(arguments.narrate, arguments.library)
        if after != before:
            raise CheckFailed(f"the library changed: {before} became {after}")
        ok("the library is unchanged")

        for origin in (f"http://127.0.0.1:{port}", f"http://localhost:{port}"):
            driver.get(origin + "/")
            answer = fetch("GET", "/api/articles")
            if answer["status"] != 200 or not json.loads(answer["text"]).get("articles"):
                raise CheckFailed(f"GET /api/articles at {origin} answered {answer['status']} {answer['text'][:200]!r}")
            if not driver.find_elements("css selector", f"a[href='/articles/{article}']"):
                raise CheckFailed(f"the library page at {origin}/ does not list article {article}")
        driver.save_screenshot(os.path.join(arguments.screenshots, "rebinding-localhost.png"))
        ok("at 127.0.0.1 and localhost the library page and the API work; rebinding-localhost.png")
        return 0
    except (CheckFailed, WebDriverException) as error:
        message = error.msg if isinstance(error, WebDriverException) else str(error)
        print(f"FAIL: {message}", file=sys.stderr)
        return 1
    finally:
        driver.quit()


if __name__ == "__main__":
    sys.exit(main())
