#!/usr/bin/env python3
"""Browser test of `narrate serve`: the library page and the article player in Chromium.

Drives Debian's headless Chromium through Selenium against a running server whose article
ARTICLE is already rendered, and checks what a listener sees: the article listed, no
horizontal scrolling on a phone, the word highlighted where the audio is, a clicked word
playing from its start, and the position saved on pause and resumed on reload (also as
`narrate position` reports it). With --unrendered-article, also that an article without a
render plays at once from the render being made, and the finished render takes over at the
same time. The audio is what Chromium asks for (Opus; MP3 compared), against the article's WAV
render: ARTICLE must be rendered in all three. Each check prints "ok: ..."; the first that fails prints "FAIL: ..." and the
script exits 1 (2 for bad usage), leaving failure.png beside the screenshots.

    python3 Tests/Browser/player_test.py --url http://127.0.0.1:PORT --article ID \
        --narrate .build/debug/narrate --library /path/to/library.sqlite --screenshots DIR \
        [--unrendered-article ID2]
"""

import argparse
import json
import os
import subprocess
import sys
import time
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
READY_TIMEOUT = 20.0
# A seek lands on the time asked for; the rest is the browser's rounding.
SEEK_TOLERANCE = 0.05
# How many times slower an instrumented narrate is: scripts/sanitize sets NARRATE_TEST_SLOWDOWN
# (an instrumented narrate renders the 35-minute sample many times slower, and under
# ThreadSanitizer it once took over 60 s).
SLOWDOWN = max(1.0, float(os.environ.get("NARRATE_TEST_SLOWDOWN", "1")))
# From pressing play on an article without a render to hearing it. The requirement is 1 s on
# the 35-minute sample, which the benchmark holds; a test on a busy machine gets some slack,
# and an instrumented server as much more as it is slower.
FIRST_AUDIO_LIMIT_MS = 1500 * SLOWDOWN
# How long the render of an unrendered article (and the switch to it) may take.
LIVE_SWITCH_TIMEOUT = 60.0 * SLOWDOWN


class CheckFailed(Exception):
    """A check saw something other than what the player should do."""


def ok(message):
    print(f"ok: {message}", flush=True)


# What Chromium plays, best first, as the page asks for it (by canPlayType).
BROWSER_FORMATS = "opus,mp3"
# Compressed audio is at most this share of the WAV's bytes.
COMPRESSED_SHARE = 1 / 8
# How far the compressed audio's words may be from where the page highlights them, against
# the WAV's (the 20 ms: an encoder's delay and padding accounted for).
COMPRESSED_HIGHLIGHT_TOLERANCE = 0.020


class Server:
    """The narrate server under test, read over HTTP the way the page reads it (in the
    formats the page asks for: Chromium's unless told)."""

    def __init__(self, base_url, article_id, formats=BROWSER_FORMATS):
        self.base_url = base_url.rstrip("/")
        self.article_id = article_id
        self.formats = formats

    def get_json(self, path):
        url = self.base_url + path
        try:
            with urllib.request.urlopen(url, timeout=10) as response:
                return json.load(response)
        except Exception as error:  # noqa: BLE001 (any failure here is the check failing)
            raise CheckFailed(f"GET {url} failed: {error}") from error

    def article(self):
        return self.get_json(f"/api/articles/{self.article_id}?formats={self.formats}")

    def bytes_of(self, path):
        """The length of what GET `path` sends (HEAD's Content-Length)."""
        request = urllib.request.Request(self.base_url + path, method="HEAD")
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return int(response.headers["Content-Length"])
        except Exception as error:  # noqa: BLE001 (any failure here is the check failing)
            raise CheckFailed(f"HEAD {self.base_url + path} failed: {error}") from error

    def position(self):
        return self.get_json(f"/api/articles/{self.article_id}/position")["position"]


class Browser:
    """Headless Chromium with the viewport, waiting and screenshot helpers the checks use."""

    def __init__(self, base_url, screenshots, extra_arguments=()):
        self.base_url = base_url.rstrip("/")
        self.screenshots = screenshots
        options = Options()
        options.binary_location = CHROMIUM
        for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                         "--autoplay-policy=no-user-gesture-required", "--mute-audio",
                         "--window-size=1440,900", "--hide-scrollbars", *extra_arguments):
            options.add_argument(argument)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        self.driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)

    def quit(self):
        self.driver.quit()

    def viewport(self, width, height, mobile=False):
        """Makes the page exactly width × height CSS pixels (a phone's when mobile)."""
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile,
        })

    def open(self, path):
        self.driver.get(self.base_url + path)

    def js(self, script, *arguments):
        return self.driver.execute_script(script, *arguments)

    def wait_for(self, script, timeout, message, *arguments):
        """Polls a script returning a truthy value; returns that value, or fails with message.
        The timeout is for an uninstrumented server: it is multiplied by SLOWDOWN."""
        timeout *= SLOWDOWN
        deadline = time.monotonic() + timeout
        while True:
            value = self.js(script, *arguments)
            if value:
                return value
            if time.monotonic() > deadline:
                raise CheckFailed(f"{message} (waited {timeout:g} s)")
            time.sleep(0.1)

    def wait_ready(self):
        """Waits for the player to have its transcript and its audio's metadata."""
        self.wait_for("return Boolean(window.narratePlayer && window.narratePlayer.ready)", READY_TIMEOUT,
                      "the player never became ready (window.narratePlayer.ready stayed false); "
                      f"page says: {self.visible_alert() or 'no error shown'}")

    def visible_alert(self):
        return self.js("""
            const shown = [...document.querySelectorAll('[role="alert"]')].filter((e) => !e.hidden && e.textContent.trim());
            return shown.map((e) => e.textContent.trim()).join(' | ');
        """)

    def screenshot(self, name):
        path = os.path.join(self.screenshots, name)
        if not self.driver.save_screenshot(path):
            raise CheckFailed(f"could not write the screenshot {path}")
        return path

    def assert_no_horizontal_scroll(self, what):
        """Fails, naming the widest elements, when the page is wider than the viewport."""
        sizes = self.js("""
            const root = document.documentElement;
            const wide = [...document.querySelectorAll('body *')]
                .filter((e) => e.getBoundingClientRect().right > root.clientWidth + 0.5)
                .slice(0, 5)
                .map((e) => `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}${e.className && typeof e.className === 'string' ? '.' + e.className.trim().replace(/\\s+/g, '.') : ''} (right edge ${Math.round(e.getBoundingClientRect().right)})`);
            return {scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, wide};
        """)
        if sizes["scrollWidth"] > sizes["clientWidth"]:
            raise CheckFailed(f"{what} scrolls horizontally: scrollWidth {sizes['scrollWidth']} > clientWidth "
                              f"{sizes['clientWidth']}; too wide: {', '.join(sizes['wide']) or 'nothing found'}")

    def javascript_errors(self):
        """Errors the pages logged since the last call (a missing favicon is not one)."""
        entries = self.driver.get_log("browser")
        return [entry["message"] for entry in entries
                if entry["level"] == "SEVERE" and "favicon.ico" not in entry["message"]]


# ---- What the player should highlight ----

def expected_word(words, seconds):
    """The word heard at `seconds`: the one whose [start, end) holds it, else the last one started."""
    best = -1
    for index, word in enumerate(words):
        start, end = word["startSeconds"], word["endSeconds"]
        if start is None:
            continue
        if start <= seconds and (end is None or seconds < end):
            return index
        if start <= seconds and (best < 0 or start >= words[best]["startSeconds"]):
            best = index
    return best


def before_first_word_of_sentence(view, seconds):
    """Whether `seconds` lies between a sentence's start and its first word (no word is heard)."""
    for number, sentence in enumerate(view["sentences"]):
        start, end = sentence["startSeconds"], sentence["endSeconds"]
        if start is None or not start <= seconds < (end if end is not None else float("inf")):
            continue
        starts = [w["startSeconds"] for w in view["words"] if w["sentence"] == number and w["startSeconds"] is not None]
        return bool(starts) and seconds < min(starts)
    return False


def words_to_click(view):
    """The timed words of the longest sentence around 60% of the words, in order.

    The longest sentence leaves the most time between the click and the pause of the
    next check, so the pause still falls in the clicked word's sentence on a slow machine.
    """
    words, sentences = view["words"], view["sentences"]
    timed = [index for index, word in enumerate(words) if word["startSeconds"] is not None]
    if len(timed) < 10:
        raise CheckFailed(f"the article has {len(timed)} timed words; the test needs a rendered article with word timings")
    window = timed[int(len(timed) * 0.5):int(len(timed) * 0.7) + 1]
    candidates = sorted({words[index]["sentence"] for index in window})

    def length(number):
        sentence = sentences[number]
        if sentence["startSeconds"] is None or sentence["endSeconds"] is None:
            return 0.0
        return sentence["endSeconds"] - sentence["startSeconds"]

    sentence = max(candidates, key=length)
    return [index for index in timed if words[index]["sentence"] == sentence]


# ---- The checks ----

def check_article_rendered(server):
    """0. The server answers, and the article has a render with word timings to follow."""
    view = server.article()
    if not view["render"]:
        raise CheckFailed(f"article {server.article_id} has no render; render it before running this test")
    if not view["words"]:
        raise CheckFailed(f"article {server.article_id}'s render has no word timings; render it again")
    ok(f"article {server.article_id} is rendered: {view['render']['duration']:.1f} s, "
       f"{len(view['sentences'])} sentences, {len(view['words'])} words")
    return view


def check_library(browser, server):
    """1. The library lists the article, and fits a 360 px phone."""
    article_id = server.article_id
    browser.viewport(1440, 900)
    browser.open("/")
    link = browser.driver.find_elements(By.CSS_SELECTOR, f'#articles a[href="/articles/{article_id}"]')
    if not link:
        raise CheckFailed(f"the library page does not link /articles/{article_id}")
    # library.js replaces the list with items carrying progress bars and delete buttons.
    browser.wait_for(
        f'return document.querySelector(\'#articles li.article[data-article-id="{article_id}"] progress\') !== null'
        " && !document.getElementById('library-tools').hidden",
        10, f"library.js did not show the filters and article {article_id}'s progress (alert: "
            f"{browser.visible_alert() or 'none'})")
    browser.screenshot("library-1440.png")
    ok(f"library at 1440×900 lists article {article_id} with its progress and the filters; library-1440.png")

    # A search in another form than the text's shows why it matched: the form found, marked.
    box = browser.driver.find_element(By.CSS_SELECTOR, "#library-tools input[type=search]")
    box.send_keys("thermometers")
    marked = browser.wait_for(
        f"const item = document.querySelector('#articles li.article[data-article-id=\"{article_id}\"]');"
        " return item && [...item.querySelectorAll('.snippet mark')].map((m) => m.textContent);",
        10, f"searching 'thermometers' does not list article {article_id} with a marked snippet")
    if "thermometer" not in [word.lower() for word in marked]:
        raise CheckFailed(f"searching 'thermometers' marks {marked} in article {article_id}'s snippet, not 'thermometer'")
    browser.screenshot("library-search-1440.png")
    box.clear()
    box.send_keys(Keys.ENTER)
    ok(f"searching 'thermometers' marks {marked} in article {article_id}'s snippet; library-search-1440.png")

    browser.viewport(360, 740, mobile=True)
    browser.open("/")
    browser.wait_for(f'return document.querySelector(\'#articles li.article[data-article-id="{article_id}"] progress\') !== null',
                     10, "library.js did not render the list at 360 px")
    browser.assert_no_horizontal_scroll("the library page at 360 px")
    # The filters fold under one line: the articles start in the first screen's top half.
    layout = browser.js("""
        const fold = document.querySelector('#library-tools details.more-filters');
        const first = document.querySelector('#articles li.article');
        return {folded: fold !== null && !fold.open, summary: fold ? fold.querySelector('summary').textContent : null,
                search: document.querySelector('#library-tools input[type=search]').getBoundingClientRect().bottom,
                firstTop: first.getBoundingClientRect().top, height: window.innerHeight};
    """)
    if not layout["folded"]:
        raise CheckFailed(f"at 360 px the library's filters are not folded: {layout}")
    if layout["search"] > layout["height"] / 3 or layout["firstTop"] > layout["height"] / 2:
        raise CheckFailed(f"at 360×740 the search box ends at {layout['search']:.0f} px and the first article starts at "
                          f"{layout['firstTop']:.0f} px: the tools fill the first screen")
    browser.screenshot("library-360.png")
    ok(f"library at 360×740 has no horizontal scrolling, its filters folded under '{layout['summary']}', the first "
       f"article at {layout['firstTop']:.0f} px; library-360.png")
    browser.js("document.querySelector('#library-tools details.more-filters summary').click();")
    browser.wait_for("return document.querySelector('#library-tools details.more-filters').open", 5, "the filters do not unfold")
    browser.assert_no_horizontal_scroll("the library page at 360 px with its filters unfolded")
    browser.screenshot("library-360-filters.png")
    ok("a tap unfolds the filters; library-360-filters.png")


def check_installable(browser):
    """The library installs as an app: Chromium reports no installability error for its
    manifest (name, start URL, icons it can fetch and decode, a standalone window)."""
    browser.open("/")
    manifest = browser.driver.execute_cdp_cmd("Page.getAppManifest", {})
    problems = [error.get("message", "") for error in manifest.get("errors", [])]
    if not manifest.get("url", "").endswith("/manifest.webmanifest") or problems:
        raise CheckFailed(f"the manifest at {manifest.get('url')!r} has errors: {problems}")
    installability = browser.driver.execute_cdp_cmd("Page.getInstallabilityErrors", {})
    errors = [error.get("errorId", "") for error in installability.get("installabilityErrors", [])]
    if errors:
        raise CheckFailed(f"Chromium says the app cannot be installed: {errors}")
    ok("the library is an installable app: its manifest has no errors and Chromium reports no installability error")


def check_languages(browser, server, other):
    """1b. Each article's title in the library, and its page, are in the article's language
    (screen readers and hyphenation read them as what they are); the page's own words
    (the way back, the player) stay English."""
    browser.viewport(1440, 900)
    browser.open("/")
    listed = {item["id"]: item.get("language") for item in server.get_json("/api/articles?limit=500")["articles"]}
    languages = {}
    for article in (server, other):
        language = listed.get(article.article_id)
        browser.wait_for(
            f'return document.querySelector(\'#articles li.article[data-article-id="{article.article_id}"] progress\') !== null',
            10, "library.js did not render the list")
        shown = browser.driver.execute_script(
            f'return document.querySelector(\'#articles li.article[data-article-id="{article.article_id}"] a.article-title\').lang')
        if shown != language:
            raise CheckFailed(f"article {article.article_id}'s title in the library is marked lang={shown!r}, not {language!r}")
        languages[article.article_id] = language
    if languages[server.article_id] == languages[other.article_id]:
        raise CheckFailed(f"articles {server.article_id} and {other.article_id} are in one language ({languages[server.article_id]}): "
                          "the check needs two")
    if browser.driver.execute_script("return document.documentElement.lang") != "en":
        raise CheckFailed("the library page is not marked English")
    browser.open(f"/articles/{other.article_id}")
    browser.wait_for("return document.querySelector('#text p[data-block]') !== null", 10, "the article's text did not show")
    page, back, text = browser.driver.execute_script(
        "return [document.documentElement.lang, document.querySelector('header.top').closest('[lang]').lang,"
        " document.querySelector('#text p[data-block]').closest('[lang]').lang]")
    if (page, text, back) != (languages[other.article_id], languages[other.article_id], "en"):
        raise CheckFailed(f"article {other.article_id}'s page is marked lang={page!r}, its text {text!r}, its way back "
                          f"{back!r}: expected {languages[other.article_id]!r}, {languages[other.article_id]!r} and 'en'")
    browser.screenshot("article-other-language-1440.png")
    ok(f"the library marks each title with its language ({', '.join(sorted(set(languages.values())))}); "
       f"article {other.article_id}'s page is in {page}, its way back in English; article-other-language-1440.png")


def check_highlight_follows_audio(browser, server):
    """2. Playing, the word highlighted is the word heard."""
    browser.viewport(1440, 900)
    browser.open(f"/articles/{server.article_id}")
    browser.wait_ready()
    view = server.article()
    ok("article page ready at 1440×900 (transcript and audio metadata loaded)")

    browser.driver.find_element(By.CSS_SELECTOR, '#player button[aria-label="Play"]').click()
    browser.wait_for("return !narratePlayer.audio.paused && narratePlayer.audio.currentTime > 0", 5,
                     "the audio did not start playing after the play button was clicked")
    # Two seconds heard (on a loaded machine the audio may wait for data now and then).
    browser.wait_for("return narratePlayer.audio.currentTime >= 2", 10,
                     "the audio did not reach 2 s within 10 s of starting to play")
    seen = browser.js("""
        const player = window.narratePlayer;
        const mark = document.querySelector('.current-word');
        return {seconds: player.audio.currentTime, word: player.currentWord(), sentence: player.currentSentence(),
                marked: mark ? Number(mark.dataset.word) : -1,
                sentenceMarked: document.querySelectorAll('.current-sentence').length};
    """)
    seconds, word = seen["seconds"], seen["word"]
    expected = expected_word(view["words"], seconds)
    if word == -1 and before_first_word_of_sentence(view, seconds):
        pass  # the pause before a sentence's first word: no word is being read
    elif abs(word - expected) > 1:
        raise CheckFailed(f"at {seconds:.3f} s the player highlights word {word}, but word {expected} "
                          f"({view['words'][expected]['startSeconds']}–{view['words'][expected]['endSeconds']} s) is heard")
    if seen["marked"] != word:
        raise CheckFailed(f"currentWord() is {word} but the page marks word {seen['marked']} as .current-word")
    if seen["sentenceMarked"] != 1:
        raise CheckFailed(f"{seen['sentenceMarked']} elements are marked .current-sentence while playing (want 1)")
    browser.screenshot("article-1440.png")
    ok(f"at {seconds:.2f} s word {word} is highlighted (heard: {expected}); article-1440.png")
    return view


def check_click_word_seeks(browser, view):
    """3. Clicking a word plays from that word's start."""
    # The earliest word on one line: a word broken over two lines (a long URL) has no
    # point in the middle of its box to click.
    candidates = words_to_click(view)
    index = browser.js("""
        return arguments[0].find((i) => {
            const span = document.querySelector(`#text [data-word="${i}"]`);
            return span && span.getClientRects().length === 1;
        }) ?? -1;
    """, candidates)
    if index < 0:
        raise CheckFailed(f"none of the words {candidates} has a span of its own on one line to click")
    start = view["words"][index]["startSeconds"]
    # The audio's clock runs the decoder's delay ahead of the words (an MP3's; 0 otherwise).
    delay = view["render"]["audioDelay"]
    element = browser.driver.find_element(By.CSS_SELECTOR, f'#text [data-word="{index}"]')
    # Paused, so the time only moves once the click plays again; the seek itself is
    # recorded as it happens, and what the audio has played since is allowed for.
    browser.js("""
        const audio = narratePlayer.audio;
        audio.pause();
        arguments[0].scrollIntoView({block: 'center'});
        window.__narrateSeek = null;
        audio.addEventListener('seeking', () => {
            window.__narrateSeek = {seconds: audio.currentTime, at: performance.now()};
        }, {once: true});
    """, element)
    time.sleep(0.3)  # let the pause's save and the scroll settle
    # A smooth scroll the page began while following the audio may still be moving it:
    # click only once the word's middle is the word's (not under the player bar) and
    # has stayed where it is between two looks.
    browser.wait_for("""
        const span = arguments[0];
        const box = span.getBoundingClientRect();
        const x = box.left + box.width / 2, y = box.top + box.height / 2;
        const here = document.elementFromPoint(x, y);
        const still = window.__narrateLastBox && window.__narrateLastBox.x === x && window.__narrateLastBox.y === y;
        window.__narrateLastBox = {x, y};
        if (here === span || span.contains(here)) return still;
        span.scrollIntoView({block: 'center', behavior: 'instant'});
        return false;
    """, 5, f"word {index} could not be brought out from under the player bar to click", element)
    element.click()
    after = browser.wait_for("""
        const audio = narratePlayer.audio;
        if (!window.__narrateSeek) return null;
        return {seek: window.__narrateSeek, seconds: audio.currentTime, now: performance.now(), rate: audio.playbackRate};
    """, 1, f"clicking word {index} did not move the audio within 1 s")
    seek, seconds = after["seek"], after["seconds"]
    seek["seconds"] -= delay
    seconds -= delay
    if abs(seek["seconds"] - start) > SEEK_TOLERANCE:
        raise CheckFailed(f"clicking word {index} moved the audio to {seek['seconds']:.3f} s, not to its start {start:.3f} s")
    played = max(0.0, (after["now"] - seek["at"]) / 1000) * after["rate"]
    if not start - SEEK_TOLERANCE <= seconds <= start + played + SEEK_TOLERANCE:
        raise CheckFailed(f"after clicking word {index} (start {start:.3f} s) the audio is at {seconds:.3f} s, "
                          f"{played:.3f} s of playing later")
    browser.wait_for("return !narratePlayer.audio.paused", 1, f"clicking word {index} did not start playing")
    marked = browser.js("const mark = document.querySelector('.current-word'); return mark ? Number(mark.dataset.word) : -1;")
    if abs(marked - index) > 1:
        raise CheckFailed(f"after clicking word {index} the page marks word {marked}")
    ok(f"clicking word {index} plays from {seek['seconds']:.3f} s (its start: {start:.3f} s; "
       f"{view['render']['format']}, the audio's clock {delay * 1000:.0f} ms ahead), and marks word {marked}")
    return index


def check_position_saved_and_resumed(browser, server, view, word, narrate, library):
    """4. Pausing saves the position; a reload resumes there; `narrate position` agrees."""
    sentence = view["words"][word]["sentence"]
    # The click already saved this sentence; only a save listened at or after the pause is the pause's.
    pressed_at = browser.js("return Date.now() / 1000")
    ActionChains(browser.driver).send_keys(Keys.SPACE).perform()
    browser.wait_for("return narratePlayer.audio.paused", 2, "the Space key did not pause playback")
    paused_in = browser.js("return narratePlayer.currentSentence()")
    if paused_in != sentence:
        raise CheckFailed(f"paused in sentence {paused_in}, not in sentence {sentence} of the clicked word {word} "
                          "(the machine may be too slow for the click-then-pause window)")
    ok(f"Space paused playback in sentence {sentence}")

    deadline = time.monotonic() + 5 * SLOWDOWN
    while True:
        position = server.position()
        if position and position["sentence"] == sentence and position["listenedAt"] >= pressed_at - 0.01:
            break
        if time.monotonic() > deadline:
            raise CheckFailed(f"{5 * SLOWDOWN:g} s after pausing, GET /api/articles/{server.article_id}/position says {position}, "
                              f"not sentence {sentence} listened at {pressed_at:.3f} or later")
        time.sleep(0.2)
    ok(f"pausing saved sentence {sentence} on the server (device {position.get('device')!r})")

    browser.driver.refresh()
    browser.wait_ready()
    start = view["sentences"][sentence]["startSeconds"]
    resumed = browser.js("""
        const marked = document.querySelector('.current-sentence');
        return {seconds: narratePlayer.audio.currentTime, sentence: narratePlayer.currentSentence(),
                marked: marked ? Number(marked.dataset.sentence) : -1,
                banner: Boolean(document.getElementById('continue-banner'))};
    """)
    if abs(resumed["seconds"] - start) > SEEK_TOLERANCE:
        raise CheckFailed(f"after a reload the audio is at {resumed['seconds']:.3f} s, not at sentence {sentence}'s "
                          f"start {start:.3f} s")
    if resumed["sentence"] != sentence or resumed["marked"] != sentence:
        raise CheckFailed(f"after a reload the player is in sentence {resumed['sentence']} and marks sentence "
                          f"{resumed['marked']}, not {sentence}")
    if resumed["banner"]:
        raise CheckFailed("the page offers to continue from another device, but this browser saved the position")
    ok(f"a reload resumes at sentence {sentence} ({start:.3f} s), highlighted")

    command = [narrate, "position", str(server.article_id), "--json", "--library", library]
    try:
        run = subprocess.run(command, capture_output=True, text=True, timeout=60)
    except OSError as error:
        raise CheckFailed(f"could not run {' '.join(command)}: {error}") from error
    if run.returncode != 0:
        raise CheckFailed(f"{' '.join(command)} exited {run.returncode}: {run.stderr.strip()}")
    try:
        reported = json.loads(run.stdout)["sentence"]
    except (ValueError, KeyError, TypeError) as error:
        raise CheckFailed(f"{' '.join(command)} printed no JSON sentence: {run.stdout!r}") from error
    if reported != sentence:
        raise CheckFailed(f"narrate position says sentence {reported}, the browser saved {sentence}")
    ok(f"narrate position --json reports sentence {sentence}")


def check_narrate_position_moves_the_page(browser, server, view, sentence, narrate, library):
    """4b. The other way: `narrate position --set` on the command line moves the page; coming
    from elsewhere and further on, the page asks "Continue from m:ss (narrate position, ...)?",
    and Continue goes there."""
    target = min(sentence + 5, len(view["sentences"]) - 1)
    command = [narrate, "position", str(server.article_id), "--set", str(target + 1), "--library", library]
    run = subprocess.run(command, capture_output=True, text=True, timeout=60)
    if run.returncode != 0:
        raise CheckFailed(f"{' '.join(command)} exited {run.returncode}: {run.stderr.strip()}")
    position = server.position()
    if not position or position["sentence"] != target:
        raise CheckFailed(f"after narrate position --set {target + 1} the API says {position}, not sentence {target}")
    browser.driver.refresh()
    browser.wait_ready()
    browser.wait_for("return Boolean(document.getElementById('continue-banner'))", 5,
                     "the page did not offer to continue where narrate position moved the listener")
    text = browser.js("return document.getElementById('continue-banner').textContent")
    if "narrate position" not in text or "Continue from" not in text:
        raise CheckFailed(f"the banner says {text!r}: it should name the other listener, narrate position")
    ok(f"narrate position --set {target + 1} is offered on reload: {text.split('?')[0]}?")
    browser.js("""
        const button = [...document.querySelectorAll('#continue-banner button')].find((b) => /continue/i.test(b.textContent));
        button.click();
    """)
    start = view["sentences"][target]["startSeconds"]
    browser.wait_for(f"return Math.abs(narratePlayer.audio.currentTime - {start}) <= {SEEK_TOLERANCE}", 3,
                     f"Continue did not move the audio to sentence {target}'s start {start:.3f} s")
    ok(f"Continue moves the page to sentence {target} ({start:.3f} s)")


def check_compressed_audio(browser, server):
    """7. The player gets compressed audio the browser plays (Opus, else MP3), an eighth of the
    WAV's bytes at most; its words are where the page highlights them, as in the WAV."""
    article_id = server.article_id
    browser.viewport(1440, 900)
    browser.open(f"/articles/{article_id}")
    browser.wait_ready()
    asked, played = browser.js("return [narratePlayer.formats, narratePlayer.audio.currentSrc];")
    views = {name: Server(server.base_url, article_id, formats=name).article() for name in ("opus", "mp3", "wav")}
    renders = {name: view["render"] for name, view in views.items()}
    if asked != BROWSER_FORMATS or not played.endswith(renders["opus"]["audio"]):
        raise CheckFailed(f"Chromium's page asks for formats {asked!r} and plays {played}: want {BROWSER_FORMATS!r} and the "
                          f"Opus render {renders['opus']['audio']}")
    sizes = {name: server.bytes_of(render["audio"]) for name, render in renders.items()}
    per_minute = {name: sizes[name] / (renders[name]["duration"] / 60) for name in sizes}
    for name in ("opus", "mp3"):
        if sizes[name] > sizes["wav"] * COMPRESSED_SHARE:
            raise CheckFailed(f"the {name} audio is {sizes[name]:,} bytes: more than 1/8 of the WAV's {sizes['wav']:,}")
    ok("Chromium's page asks for opus,mp3 and plays Opus; bytes per minute: "
       + ", ".join(f"{name} {per_minute[name] / 1024:.0f} KiB" for name in ("opus", "mp3", "wav"))
       + f" (opus 1/{sizes['wav'] / sizes['opus']:.1f}, mp3 1/{sizes['wav'] / sizes['mp3']:.1f} of the WAV)")
    # Same synthesis, same word times (Opus's are at 24 kHz, scaled from the voice's rate).
    for name in ("opus", "mp3"):
        apart = max(abs(a["startSeconds"] - b["startSeconds"]) for a, b in zip(views[name]["words"], views["wav"]["words"]))
        if len(views[name]["words"]) != len(views["wav"]["words"]) or apart > 0.001:
            raise CheckFailed(f"the {name} render's words are timed {apart * 1000:.1f} ms from the WAV's")
    # Decoded by Chromium, each compressed file against the WAV: the lag of its sound behind the
    # WAV's must be what the page takes off the audio's clock (render.audioDelay).
    for name in ("opus", "mp3"):
        browser.open(f"/articles/{article_id}?formats={name}")
        browser.wait_ready()
        measured = browser.driver.execute_async_script("""
            const [compressed, wav, done] = arguments;
            const decode = async (url) => {
                const bytes = await (await fetch(url)).arrayBuffer();
                return (await new OfflineAudioContext(1, 1, 22050).decodeAudioData(bytes)).getChannelData(0);
            };
            (async () => {
                const [heard, reference] = await Promise.all([decode(compressed), decode(wav)]);
                // Two seconds of speech from 3 s in, against the compressed audio up to 200 ms either way.
                const rate = 22050, from = 3 * rate, n = 2 * rate, most = Math.round(0.2 * rate);
                let best = -Infinity, lag = 0;
                for (let shift = -most; shift <= most; shift += 1) {
                    let sum = 0;
                    for (let i = 0; i < n; i += 1) sum += reference[from + i] * heard[from + i + shift];
                    if (sum > best) { best = sum; lag = shift; }
                }
                done({lag: lag / rate});
            })().catch((error) => done({error: String(error)}));
        """, renders[name]["audio"], renders["wav"]["audio"])
        if "error" in measured:
            raise CheckFailed(f"Chromium could not decode the {name} audio: {measured['error']}")
        delay = renders[name]["audioDelay"]
        if abs(measured["lag"] - delay) > COMPRESSED_HIGHLIGHT_TOLERANCE:
            raise CheckFailed(f"Chromium plays the {name} audio {measured['lag'] * 1000:.1f} ms behind the WAV, but the page "
                              f"takes {delay * 1000:.1f} ms off its clock: the highlight is {abs(measured['lag'] - delay) * 1000:.1f} ms off")
        ok(f"{name}: Chromium's decoded audio is {measured['lag'] * 1000:.1f} ms behind the WAV, the page allows "
           f"{delay * 1000:.1f} ms: the highlight within {abs(measured['lag'] - delay) * 1000:.1f} ms of the WAV's")
    # Seeking and highlighting on the MP3 (the one with a delay), as on the WAV.
    check_click_word_seeks(browser, views["mp3"])
    browser.js("narratePlayer.audio.pause();")


def check_article_unrendered(server):
    """0b. The unrendered article has neither a render nor a render job yet."""
    view = server.article()
    if view["render"] or view["job"]:
        raise CheckFailed(f"article {server.article_id} already has a {'render' if view['render'] else 'render job'}; "
                          "--unrendered-article needs one never rendered (add the sample to the library again)")
    ok(f"article {server.article_id} has no render and no job yet ({len(view['sentences'])} sentences, "
       f"about {view['article']['listeningSeconds'] / 60:.0f} min)")


def check_plays_while_rendering(browser, server):
    """6. Without a render, play is heard at once from the render being made; the finished render takes over."""
    article_id = server.article_id
    browser.viewport(1440, 900)
    browser.open(f"/articles/{article_id}")
    # The player is shown: the play button can be pressed (the page has asked for the render).
    browser.wait_for("""
        const player = document.getElementById('player');
        const play = player && player.querySelector('button.play');
        return Boolean(window.narratePlayer && !player.hidden && play && !play.disabled);
    """, READY_TIMEOUT, f"the play button of unrendered article {article_id} never became enabled "
                        f"(alert: {browser.visible_alert() or 'none'})")
    # What the page looks like at the first audio, seen by a listener on the audio itself.
    browser.js("""
        window.__narrateFirstAudio = null;
        narratePlayer.audio.addEventListener('playing', () => {
            if (window.__narrateFirstAudio) return;
            const player = document.getElementById('player');
            window.__narrateFirstAudio = {
                live: narratePlayer.live, ready: narratePlayer.ready, src: narratePlayer.audio.currentSrc,
                time: player.querySelector('.time').textContent, status: player.querySelector('.player-status').textContent,
                seekDisabled: player.querySelector('input[type="range"]').disabled,
                marked: document.querySelectorAll('.current-word, .current-sentence').length};
        });
    """)
    browser.driver.find_element(By.CSS_SELECTOR, '#player button[aria-label="Play"]').click()
    timing = browser.wait_for("""
        const p = narratePlayer;
        return p.firstAudioAt !== null && p.playPressedAt !== null && window.__narrateFirstAudio
            ? {pressed: p.playPressedAt, first: p.firstAudioAt, seen: window.__narrateFirstAudio} : null;
    """, 10, f"no audio within {10 * SLOWDOWN:.0f} s of pressing play on unrendered article {article_id} "
             f"(alert: {browser.visible_alert() or 'none'})")
    waited = timing["first"] - timing["pressed"]
    seen = timing["seen"]
    print(f"  first audio {waited:.0f} ms after pressing play (live: {seen['live']}, status {seen['status']!r}, "
          f"time {seen['time']!r})", flush=True)
    if not seen["live"] or "/live" not in seen["src"]:
        raise CheckFailed(f"the first audio was not the live stream (narratePlayer.live {seen['live']}, source {seen['src']})")
    if waited > FIRST_AUDIO_LIMIT_MS:
        raise CheckFailed(f"the first audio came {waited:.0f} ms after pressing play (at most {FIRST_AUDIO_LIMIT_MS:.0f} ms)")
    if "/" in seen["time"] or not seen["seekDisabled"] or seen["marked"] or "while preparing" not in seen["status"]:
        raise CheckFailed(f"while live the player shows time {seen['time']!r} (want no length), seek bar "
                          f"{'disabled' if seen['seekDisabled'] else 'enabled'}, {seen['marked']} highlighted "
                          f"element(s), status {seen['status']!r} (want 'Playing while preparing…')")
    ok(f"unrendered article {article_id}: first audio {waited:.0f} ms after pressing play "
       f"(limit {FIRST_AUDIO_LIMIT_MS:.0f} ms), from the live stream, no length, no seeking, nothing highlighted")

    # Until the switch: the latest time heard live (a lower bound of the time switched at).
    deadline = time.monotonic() + LIVE_SWITCH_TIMEOUT
    last_live = 0.0
    while True:
        now = browser.js("""
            const p = narratePlayer;
            return {live: p.live, ready: p.ready, seconds: p.audio.currentTime, paused: p.audio.paused,
                    switchedAt: p.switchedAt, alert: [...document.querySelectorAll('[role="alert"]')]
                        .filter((e) => !e.hidden).map((e) => e.textContent.trim()).join(' | ')};
        """)
        if now["alert"]:
            raise CheckFailed(f"the page shows an error while the render is made: {now['alert']}")
        if now["live"]:
            last_live = max(last_live, now["seconds"])
        elif now["ready"]:
            break
        if time.monotonic() > deadline:
            raise CheckFailed(f"{LIVE_SWITCH_TIMEOUT:g} s after pressing play the player is still live={now['live']}, "
                              f"ready={now['ready']}")
        time.sleep(0.05)
    switched = now["switchedAt"]
    if not switched or not switched["playing"]:
        raise CheckFailed(f"the finished render took over from the stream as {switched} (want it to play on)")
    at = max(switched["seconds"], last_live)
    if now["seconds"] < at - 0.5:
        raise CheckFailed(f"after the switch the audio is at {now['seconds']:.2f} s, but the stream was at {at:.2f} s")

    # It plays on, and the word heard is highlighted.
    view = server.article()
    found = browser.wait_for("""
        const p = narratePlayer;
        const mark = document.querySelector('.current-word');
        return !p.audio.paused && p.audio.currentTime > arguments[0] && p.currentWord() >= 0 && mark
            ? {seconds: p.audio.currentTime, word: p.currentWord(), marked: Number(mark.dataset.word), live: p.live} : null;
    """, 2, f"within 2 s of the switch (at {at:.2f} s) the audio did not play on with a word highlighted", at)
    expected = expected_word(view["words"], found["seconds"])
    if found["marked"] != found["word"] or abs(found["word"] - expected) > 1:
        raise CheckFailed(f"after the switch, at {found['seconds']:.3f} s the page marks word {found['marked']} "
                          f"(currentWord {found['word']}), but word {expected} is heard")
    # Seamless: the stream played until the render, made ready in a second element just
    # ahead of it, began where the stream was; then the page's own element did the same.
    handovers = browser.js("return narratePlayer.handovers;")
    if len(handovers) != 2:
        raise CheckFailed(f"the render took over in {len(handovers)} handover(s), not 2 without a gap: {handovers} "
                          "(it was loaded in place of the stream, a silence while it loaded)")
    for step in handovers:
        if not step["fromPlaying"]:
            raise CheckFailed(f"a handover began after the audio before it had stopped (a silence): {step}")
        if abs(step["fromTime"] - step["at"]) > 0.25:
            raise CheckFailed(f"a handover started the render at {step['at']:.3f} s while the audio before it was at "
                              f"{step['fromTime']:.3f} s: a jump of more than 250 ms")
    print(f"  handovers: " + "; ".join(f"at {h['at']:.3f} s, the audio before at {h['fromTime']:.3f} s" for h in handovers), flush=True)
    browser.screenshot("article-live-switched-1440.png")
    ok(f"the finished render took over at {switched['seconds']:.2f} s (stream last seen at {last_live:.2f} s), "
       f"played on to {found['seconds']:.2f} s with word {found['word']} highlighted; article-live-switched-1440.png")


def check_article_on_phone(browser, server):
    """5. The article page fits a 360 px phone, the player bar in view at the bottom."""
    browser.viewport(360, 740, mobile=True)
    browser.open(f"/articles/{server.article_id}")
    browser.wait_ready()
    browser.assert_no_horizontal_scroll("the article page at 360 px")
    bar = browser.js("""
        const box = document.getElementById('player').getBoundingClientRect();
        const buttons = [...document.querySelectorAll('#player button')].map((b) => b.getBoundingClientRect());
        return {top: box.top, bottom: box.bottom, height: window.innerHeight,
                smallest: Math.min(...buttons.map((b) => Math.min(b.width, b.height)))};
    """)
    if not (bar["top"] < bar["height"] and abs(bar["bottom"] - bar["height"]) <= 1):
        raise CheckFailed(f"the player bar is not at the bottom of the 740 px viewport: top {bar['top']}, bottom {bar['bottom']}")
    if bar["smallest"] < 44:
        raise CheckFailed(f"a player button is {bar['smallest']:.0f} px across; touch targets need 44 px")
    # The sleep timer says what it is, and counts down, on a phone too.
    browser.js("""
        const select = document.querySelector('.sleep-label select');
        select.value = '15';
        select.dispatchEvent(new Event('change'));
    """)
    sleep = browser.wait_for("""
        const label = document.querySelector('.sleep-label');
        const name = label.querySelector('.label-text').getBoundingClientRect();
        const left = label.querySelector('.sleep-left');
        return !left.hidden && left.textContent && name.width > 1 && {name: label.querySelector('.label-text').textContent,
            left: left.textContent, right: label.getBoundingClientRect().right};
    """, 5, "the sleep timer shows no countdown, or its name is hidden, at 360 px")
    if not sleep["left"].startswith(("15:00", "14:5")):
        raise CheckFailed(f"15 minutes of sleep timer show as {sleep['left']!r}")
    browser.assert_no_horizontal_scroll("the article page at 360 px with the sleep timer on")
    browser.screenshot("article-360.png")
    browser.js("""
        const select = document.querySelector('.sleep-label select');
        select.value = 'off';
        select.dispatchEvent(new Event('change'));
    """)
    ok(f"article at 360×740 has no horizontal scrolling, the player bar at the bottom, the sleep timer named "
       f"'{sleep['name']}' counting down from {sleep['left']}; article-360.png")


def check_voice_picker(browser, server):
    """7. The voice picker: it lists the voices for the article's language with "Automatic"
    first; picking another voice keeps it in the library (the API says so), the article is
    rendered in it and plays from the same sentence, and a reload shows it still picked.
    Automatic again plays the newest render."""
    browser.viewport(1440, 900)
    browser.open(f"/articles/{server.article_id}")
    browser.wait_ready()
    browser.wait_for("return document.querySelectorAll('.player-controls select')[2].options.length > 1", 10,
                     "the voice picker lists no voices")
    picker = browser.js("""
        const select = document.querySelectorAll('.player-controls select')[2];
        return {value: select.value, disabled: select.disabled, options: [...select.options].map((o) => [o.value, o.textContent])};
    """)
    if picker["value"] != "" or picker["disabled"] or not picker["options"][0][1].startswith("Automatic"):
        raise CheckFailed(f"the voice picker should start on an enabled 'Automatic': {picker}")
    # Best first: the neural voices for the language (the joe voice, from its PyPI package,
    # where the tests installed it) before eSpeak NG's.
    offered = server.get_json(f"/api/articles/{server.article_id}/voice")["voices"]
    kinds = ["neural" if "(neural" in label else "espeak" for _, label in picker["options"][1:]]
    if kinds != sorted(kinds, key=lambda kind: kind != "neural"):
        raise CheckFailed(f"the voice picker lists an eSpeak NG voice before a neural one: {picker['options']}")
    if any(voice.get("engine") for voice in offered) and kinds[0] != "neural":
        raise CheckFailed(f"a neural voice is installed but the picker's first voice is not one: {picker['options']}")
    ok(f"the voice picker lists {kinds.count('neural')} neural voice(s) first, then {kinds.count('espeak')} of eSpeak NG")
    before = server.article()["render"]
    # An eSpeak NG voice: a neural one would render the whole article for minutes of CPU.
    chosen = next((value for value, label in picker["options"][1:]
                   if value and value != before.get("voice") and "(eSpeak NG)" in label), None)
    if not chosen:
        raise CheckFailed(f"the voice picker offers no voice but the render's own ({before.get('voice')}): {picker['options']}")
    sentence = browser.js("return narratePlayer.currentSentence();")
    browser.js("""
        const select = document.querySelectorAll('.player-controls select')[2];
        select.value = arguments[0];
        select.dispatchEvent(new Event('change'));
    """, chosen)
    browser.wait_for("return narratePlayer.voice && narratePlayer.voice.voice === arguments[0] && narratePlayer.ready "
                     "&& narratePlayer.view && narratePlayer.view.render && narratePlayer.view.render.voice === arguments[0]",
                     LIVE_SWITCH_TIMEOUT,
                     f"the article was not made ready in voice {chosen}", chosen)
    kept = server.get_json(f"/api/articles/{server.article_id}/voice")["voice"]
    if kept != chosen:
        raise CheckFailed(f"the API keeps voice {kept!r}, not the {chosen!r} picked")
    now = browser.js("return narratePlayer.currentSentence();")
    if sentence >= 0 and now != sentence:
        raise CheckFailed(f"after the voice changed the player is in sentence {now}, not {sentence}")
    browser.screenshot("article-voice-picked.png")
    ok(f"picking voice {chosen} kept it, rendered the article in it and stayed at sentence {now}")
    browser.driver.refresh()
    browser.wait_ready()
    browser.wait_for("return document.querySelectorAll('.player-controls select')[2].value === arguments[0]", 10,
                     "after a reload the picker does not show the voice picked", chosen)
    ok(f"after a reload the picker shows {chosen}")
    browser.js("""
        const select = document.querySelectorAll('.player-controls select')[2];
        select.value = '';
        select.dispatchEvent(new Event('change'));
    """)
    browser.wait_for("return narratePlayer.voice && narratePlayer.voice.voice === null && narratePlayer.ready "
                     "&& narratePlayer.view.render && narratePlayer.view.render.voice === arguments[0]",
                     READY_TIMEOUT, "back on Automatic, the newest render does not play", chosen)
    if server.get_json(f"/api/articles/{server.article_id}/voice")["voice"] is not None:
        raise CheckFailed("back on Automatic, the API still keeps a voice")
    ok("Automatic again keeps no voice and plays the newest render")


def tick_reading_part(browser, part, read):
    """Ticks or unticks `part` in the Read aloud menu, as a click does."""
    browser.js("""
        const box = document.querySelector(`.reading-parts input[value=${arguments[0]}]`);
        box.checked = arguments[1];
        box.dispatchEvent(new Event('change', {bubbles: true}));
    """, part, read)


def check_reading_menu(browser, server):
    """8. The "Read aloud" menu: it shows the library's choices (references and footnotes not
    read by default); unticking code notices keeps that in the library (the API says so),
    dims the notice on the page, and the article is rendered again without it, shorter, from
    the same sentence; ticking it again plays the render that reads it."""
    browser.viewport(1440, 900)
    browser.open(f"/articles/{server.article_id}")
    browser.wait_ready()
    browser.wait_for("return document.querySelectorAll('.reading-parts input[name=read]').length === 6", 10,
                     "the Read aloud menu lists no parts")
    boxes = browser.js("return [...document.querySelectorAll('.reading-parts input[name=read]')].map((b) => [b.value, b.checked]);")
    if boxes != [["references", False], ["footnotes", False], ["images", True], ["tables", True], ["code", True], ["urls", True]]:
        raise CheckFailed(f"the Read aloud menu should start on the defaults: {boxes}")
    before_article = server.article()
    before = before_article["render"]
    notice = browser.js("return document.querySelector('#text [data-part=code]') !== null;")
    if not notice:
        raise CheckFailed("the field notes' code notice is not marked as a code part on the page")
    # The code itself as written (its lines, its indentation), after the notice: shown dimmed,
    # never read, its sentences taking no time.
    code = browser.js("""
        const pre = document.querySelector('#text pre.code');
        return pre && [pre.dataset.part, pre.classList.contains('unread'), pre.textContent,
                       getComputedStyle(pre).whiteSpace, pre.previousElementSibling.dataset.part];
    """)
    if not code or code[0] != "apparatus" or not code[1] or code[3] != "pre" or code[4] != "code":
        raise CheckFailed(f"the field notes' code is not shown as written, dimmed, after its notice: {code}")
    if "[station]\nfrequency = 868.3M" not in code[2]:
        raise CheckFailed(f"the code shown is not the field notes' as written: {code[2]!r}")
    code_block = next(block["index"] for block in before_article["blocks"] if block.get("kind") == "code")
    spoken = [s for s in before_article["sentences"] if s["block"] == code_block and s["endSeconds"] > s["startSeconds"]]
    if spoken:
        raise CheckFailed(f"the code as written is read: {spoken}")
    browser.js("document.querySelector('.reading-menu').open = true;")
    tick_reading_part(browser, "code", False)
    browser.wait_for("return narratePlayer.ready && narratePlayer.view && narratePlayer.view.render "
                     "&& narratePlayer.view.render.id !== arguments[0]", LIVE_SWITCH_TIMEOUT,
                     "after code notices were unticked the article was not rendered again", before["id"])
    if server.get_json("/api/reading")["read"] != ["images", "tables", "urls"]:
        raise CheckFailed(f"the API keeps {server.get_json('/api/reading')['read']}, not the choices ticked")
    after = server.article()
    if not after["render"]["duration"] < before["duration"] - 0.5:
        raise CheckFailed(f"without the code notice the render is {after['render']['duration']} s, not shorter than {before['duration']} s")
    dimmed = browser.js("return document.querySelector('#text [data-part=code]').classList.contains('unread');")
    if not dimmed:
        raise CheckFailed("the code notice not read is not dimmed on the page")
    notice_block = next(block["index"] for block in after["blocks"] if block.get("part") == "code")
    silent = [s for s in after["sentences"] if s["block"] == notice_block]
    if not silent or any(s["endSeconds"] - s["startSeconds"] > 0 for s in silent):
        raise CheckFailed(f"the code notice not read still takes time: {silent}")
    browser.screenshot("article-reading-menu-1440.png")
    ok(f"unticking code notices kept it, dimmed the notice and rendered the article again in "
       f"{after['render']['duration']:.1f} s (was {before['duration']:.1f} s); article-reading-menu-1440.png")
    tick_reading_part(browser, "code", True)
    browser.wait_for("return narratePlayer.ready && narratePlayer.view && narratePlayer.view.render "
                     "&& narratePlayer.view.render.id === arguments[0]", READY_TIMEOUT,
                     "ticked again, the render that reads code notices does not play", before["id"])
    browser.js("document.querySelector('.reading-menu').open = false;")
    ok("ticked again, the render that reads the code notice plays, not made again")


def check_finished(browser, server):
    """9. Played to the end, the page says so and offers to play it again or the next
    unfinished article; opened again later, it still says so."""
    browser.viewport(1440, 900)
    browser.open(f"/articles/{server.article_id}")
    browser.wait_ready()
    browser.js("const audio = document.getElementById('audio'); audio.currentTime = Math.max(0, audio.duration - 1.5); audio.play();")
    banner = browser.wait_for("""
        const banner = document.querySelector('.finished-banner');
        const next = banner && banner.querySelector('a.button');
        return banner && next && {text: banner.textContent, next: next.getAttribute('href')};
    """, 20, "at the end of the article the page shows no 'finished' with 'next unfinished'")
    if "Finished." not in banner["text"] or "Play again" not in banner["text"]:
        raise CheckFailed(f"the banner at the end reads {banner['text']!r}")
    if banner["next"] == f"/articles/{server.article_id}":
        raise CheckFailed("'next unfinished' leads back to the article just finished")
    browser.wait_for("return fetch(arguments[0]).then((r) => r.json()).then((p) => p.position && p.position.finished)", 10,
                     "the end was not saved as finished", f"/api/articles/{server.article_id}/position")
    browser.screenshot("article-finished-1440.png")
    ok(f"at the end the page reads {' '.join(banner['text'].split())!r}, leading to {banner['next']}; article-finished-1440.png")
    browser.driver.refresh()
    browser.wait_ready()
    browser.wait_for("return document.querySelector('.finished-banner a.button') !== null", 10,
                     "opened again, the finished article does not say it is finished")
    browser.js("[...document.querySelectorAll('.finished-banner button')].find((b) => b.textContent === 'Play again').click();")
    browser.wait_for("const audio = document.getElementById('audio');"
                     " return !audio.paused && audio.currentTime < 5 && !document.querySelector('.finished-banner');", 10,
                     "'Play again' does not play from the start")
    browser.js("document.getElementById('audio').pause();")
    ok("opened again it still says finished, and 'Play again' plays from the start")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", required=True, help="the server, e.g. http://127.0.0.1:8080")
    parser.add_argument("--article", required=True, type=int, help="a rendered article's id")
    parser.add_argument("--narrate", required=True, help="the narrate binary")
    parser.add_argument("--library", required=True, help="the library the server uses")
    parser.add_argument("--screenshots", required=True, help="a folder for the screenshots")
    parser.add_argument("--other-language-article", type=int,
                        help="an article in another language than --article (e.g. samples/uk-news.txt): checks that "
                             "the pages mark each article's language")
    parser.add_argument("--unrendered-article", type=int,
                        help="an article with no render and no render job yet (e.g. samples/en-long.txt): "
                             "checks that it plays at once while its render is made")
    arguments = parser.parse_args()
    os.makedirs(arguments.screenshots, exist_ok=True)

    server = Server(arguments.url, arguments.article)
    unrendered = Server(arguments.url, arguments.unrendered_article) if arguments.unrendered_article is not None else None
    try:
        check_article_rendered(server)
        if unrendered:
            check_article_unrendered(unrendered)
    except CheckFailed as error:
        print(f"FAIL: {error}", file=sys.stderr)
        return 1
    try:
        browser = Browser(arguments.url, arguments.screenshots)
    except WebDriverException as error:
        print(f"FAIL: could not start headless Chromium ({CHROMIUM}, {CHROMEDRIVER}): {error.msg}", file=sys.stderr)
        return 1
    try:
        check_library(browser, server)
        check_installable(browser)
        if arguments.other_language_article is not None:
            check_languages(browser, server, Server(arguments.url, arguments.other_language_article))
        view = check_highlight_follows_audio(browser, server)
        word = check_click_word_seeks(browser, view)
        check_position_saved_and_resumed(browser, server, view, word, arguments.narrate, arguments.library)
        check_narrate_position_moves_the_page(browser, server, view, view["words"][word]["sentence"], arguments.narrate,
                                              arguments.library)
        check_article_on_phone(browser, server)
        # Before the voice picker makes a render in another voice: all three in the same voice.
        check_compressed_audio(browser, server)
        check_voice_picker(browser, server)
        check_reading_menu(browser, server)
        check_finished(browser, server)
        if unrendered:
            check_plays_while_rendering(browser, unrendered)
        errors = browser.javascript_errors()
        if errors:
            raise CheckFailed("the pages logged errors: " + " | ".join(errors))
        ok("no JavaScript errors were logged")
        return 0
    except (CheckFailed, WebDriverException) as error:
        message = error.msg if isinstance(error, WebDriverException) else str(error)
        print(f"FAIL: {message}", file=sys.stderr)
        try:
            browser.screenshot("failure.png")
            for line in browser.javascript_errors():
                print(f"  browser log: {line}", file=sys.stderr)
        except (CheckFailed, WebDriverException):
            pass  # the browser itself is gone: the message above is all there is
        return 1
    finally:
        browser.quit()


if __name__ == "__main__":
    sys.exit(main())
