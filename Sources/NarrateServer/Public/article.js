// narrate serve: the article page's player.
//
// The server sends the article's text as plain blocks (`[data-block="N"]`); this script
// fetches the article as the player sees it (GET /api/articles/{id}: blocks, sentences and
// words with their times in the render), wraps every sentence and word in a span, plays the
// render, and follows the audio: the word and sentence being read are highlighted, a word
// clicked is played from, and where the listener stopped is saved for every device.
// An article without a render has one made when it is opened, and can be listened to at
// once: play streams the render as the worker writes it (GET /api/articles/{id}/live, no
// timings, no seeking), and the finished render takes over at the same time.
// The audio is compressed, in the best format the browser plays (`formats=opus,mp3` on every
// call: Opus, else MP3; WAV only for a browser that plays neither); an MP3 render's player
// runs `render.audioDelay` seconds ahead of its words (the decoder's delay), which the page
// takes off the audio's clock to highlight and adds back to seek.
// Offsets in the API are Unicode code points, so text is cut with Array.from, never with
// UTF-16 string indices. The API call and the DOM helpers are common.js's (`narrate`),
// loaded before this script.
"use strict";

(() => {
  const main = document.getElementById("article");
  const textRoot = document.getElementById("text");
  const playerRoot = document.getElementById("player");
  const audio = document.getElementById("audio");
  if (!main || !textRoot || !playerRoot || !audio) return;

  const { el, alertLine } = window.narrate; // common.js
  const offline = window.narrateOffline; // offline.js

  /** Calls the JSON API (common.js); its own messages read on after "…: ", in lower case. */
  const api = (path, options = {}) => window.narrate.api(path, { ...options, midSentence: true });

  const articleId = main.dataset.articleId;
  const articlePath = `/api/articles/${encodeURIComponent(articleId)}`;
  const positionPath = `${articlePath}/position`;
  /**
   * The audio formats this browser plays, best first: Opus, else MP3, a tenth of the WAV's
   * bytes. The page's own `?formats=` chooses others (`?formats=wav` to compare).
   */
  const audioFormats = (() => {
    const asked = new URLSearchParams(window.location.search).get("formats");
    if (asked) return asked;
    const plays = (type) => audio.canPlayType(type) !== "";
    const formats = [];
    if (plays('audio/ogg; codecs="opus"')) formats.push("opus");
    if (plays("audio/mpeg")) formats.push("mp3");
    return formats.length ? formats.join(",") : "wav";
  })();
  const formatsQuery = `formats=${encodeURIComponent(audioFormats)}`;
  const livePath = `${articlePath}/live?${formatsQuery}`;
  const ownPositionKey = `narrate.position.${articleId}`;

  const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.25, 2.5, 2.75, 3];
  const SLEEP_CHOICES = [["off", "Off"], ["5", "5 min"], ["10", "10 min"], ["15", "15 min"], ["30", "30 min"], ["60", "60 min"], ["end", "End of article"]];
  /** How far back "previous sentence" restarts the current one instead of leaving it. */
  const RESTART_WINDOW_SECONDS = 2;
  /** How long after the listener scrolled the page stops following the audio. */
  const MANUAL_SCROLL_QUIET_MS = 5000;
  /** What a play after the sleep timer's pause goes back, to pick up the thread. */
  const SLEEP_REWIND_SECONDS = 5;
  /** Slack in comparing a time with a word's start (a seek lands exactly on it). */
  const EPSILON = 0.001;
  /** How often the progress of a render being made is asked for. */
  const RENDER_POLL_MS = 300;

  // ---- What the page knows ----

  const state = {
    view: null,
    /** The library's reading choices as last shown. */
    reading: null,
    sentences: [],
    words: [],
    sentenceEls: [],
    wordEls: [],
    sentenceTimeline: { order: [], starts: [] },
    wordTimeline: { order: [], starts: [] },
    sentence: -1,
    word: -1,
    /** The listener did something (played, moved) this page has not saved yet. */
    dirty: false,
    /** The sleep timer paused playback: the next play goes back a little. */
    pausedBySleep: false,
    /** The seek bar is being dragged: timeupdate must not move it. */
    scrubbing: false,
    manualScrollAt: -Infinity,
    audioRecovered: false,
    audioLoads: 0,
    /** The last position sent, to send one beacon, not two, when the page goes. */
    lastSaved: null,
    /** Counts prepareAudio runs: an older run's polling stops when a newer one starts. */
    prepareRuns: 0,
  };

  /**
   * Listening while the render is made. Until the render is finished there are no timings:
   * the stream plays from the article's start, nothing is highlighted, sought or saved.
   */
  const live = {
    /** A render is being made and listening starts at the top: play streams it. */
    possible: false,
    /** What the preparing line says after "Preparing audio": "" or " to continue from 12:31". */
    waitingFor: "",
    /** The render's progress, 0..100. */
    percent: 0,
    /** The audio's source is the live stream (set by the first play). */
    started: false,
    /** The stream stopped before the render was finished: waiting for it at `time`. */
    waiting: false,
    time: 0,
    /** Why it stopped: "ended" (with the render: finished a moment later) or "failed". */
    stopped: "",
    /** Play on from `time` when the finished render takes over. */
    resume: false,
  };

  /** What the browser tests (and a curious listener's console) read. */
  const narratePlayer = {
    ready: false,
    audio,
    view: null,
    /** The library's reading choices as last shown. */
    reading: null,
    currentWord: () => state.word,
    currentSentence: () => state.sentence,
    /** Playing (or paused in) the render while it is made: no timings, no seeking. */
    live: false,
    /** performance.now() when play was last pressed, and of the first `playing` after it (null until then). */
    playPressedAt: null,
    firstAudioAt: null,
    /** Where the live stream was when the finished render took over: `{seconds, playing}`, else null. */
    switchedAt: null,
    /** The formats asked for ("opus,mp3"). */
    formats: audioFormats,
    /** The render's time being heard (the audio's clock less the decoder's delay). */
    heardTime: () => heardTime(),
    /** The next article announced at the end (from the up-next queue), else null. */
    announced: null,
    /** The Media Session's handlers (lock screen, headset), for the tests to press. */
    mediaActions: null,
  };
  window.narratePlayer = narratePlayer;

  // ---- Small helpers ----

  const SVG = "http://www.w3.org/2000/svg";
  const ICONS = {
    previous: "M6 5h2v14H6zM20 5v14L9 12z",
    play: "M8 5v14l11-7z",
    pause: "M6 5h4v14H6zM14 5h4v14h-4z",
    next: "M16 5h2v14h-2zM4 5l11 7-11 7z",
  };

  function icon(name) {
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", "0 0 24 24");
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    const path = document.createElementNS(SVG, "path");
    path.setAttribute("d", ICONS[name]);
    svg.append(path);
    return svg;
  }

  function iconButton(name, label, className = "") {
    return el("button", { type: "button", class: className || null, "aria-label": label, title: label }, icon(name));
  }

  const isNumber = (value) => typeof value === "number" && Number.isFinite(value);
  const clamp = (value, low, high) => Math.min(high, Math.max(low, value));

  /** "4:05" or "1:02:03". */
  function clock(seconds) {
    const total = Math.max(0, Math.floor(isNumber(seconds) ? seconds : 0));
    const h = Math.floor(total / 3600);
    const m = Math.floor((total % 3600) / 60);
    const s = String(total % 60).padStart(2, "0");
    return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
  }

  /** "just now", "8 min ago", "3 h ago", "2 days ago" for a `listenedAt` (seconds since 1970). */
  function ago(listenedAt) {
    const seconds = Date.now() / 1000 - listenedAt;
    if (!(seconds >= 60)) return "just now";
    const minutes = Math.floor(seconds / 60);
    if (minutes < 60) return `${minutes} min ago`;
    const hours = Math.floor(minutes / 60);
    if (hours < 24) return `${hours} h ago`;
    const days = Math.floor(hours / 24);
    return `${days} ${days === 1 ? "day" : "days"} ago`;
  }

  function storageGet(key) {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null; // Storage disabled (a private window, a policy): the page still plays.
    }
  }

  function storageSet(key, value) {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // As above: nothing to remember with, nothing to do.
    }
  }

  /** The browser and system, roughly, from the user agent: "Chrome on Android". */
  function guessBrowser(ua) {
    const browser = /Edg(e|A|iOS)?\//.test(ua) ? "Edge"
      : /OPR\/|Opera/.test(ua) ? "Opera"
      : /SamsungBrowser\//.test(ua) ? "Samsung Internet"
      : /Firefox\/|FxiOS\//.test(ua) ? "Firefox"
      : /Chrome\/|CriOS\/|Chromium\//.test(ua) ? "Chrome"
      : /Safari\//.test(ua) ? "Safari"
      : "a browser";
    const system = /Android/.test(ua) ? "Android"
      : /iPhone|iPad|iPod/.test(ua) ? "iOS"
      : /CrOS/.test(ua) ? "ChromeOS"
      : /Windows/.test(ua) ? "Windows"
      : /Macintosh|Mac OS X/.test(ua) ? (navigator.maxTouchPoints > 1 ? "iPadOS" : "macOS")
      : /Linux/.test(ua) ? "Linux"
      : null;
    return system ? `${browser} on ${system}` : browser;
  }

  /** This browser's name in saved positions, kept so that it stays one device. */
  const device = (() => {
    const saved = storageGet("narrate.device");
    if (saved) return saved;
    const label = `web: ${guessBrowser(navigator.userAgent || "")}`;
    storageSet("narrate.device", label);
    return label;
  })();

  /** The position this browser saved last for this article: `{sentence, listenedAt}` or null. */
  function ownPosition() {
    try {
      const own = JSON.parse(storageGet(ownPositionKey));
      return own && Number.isInteger(own.sentence) ? own : null;
    } catch {
      return null;
    }
  }

  // ---- The player bar ----

  const errorLine = alertLine("player-error");
  const showError = errorLine.show;
  const clearError = errorLine.clear;

  const ui = {
    alert: errorLine.node,
    status: el("p", { class: "player-status status", role: "status", "aria-live": "polite" }),
    banner: null,
    seek: el("input", { type: "range", min: 0, max: 0, step: "any", value: 0, "aria-label": "Position in the article", disabled: true }),
    time: el("span", { class: "time" }, "0:00 / 0:00"),
    back: iconButton("previous", "Previous sentence"),
    play: iconButton("play", "Play", "play"),
    forward: iconButton("next", "Next sentence"),
    speed: el("select", {}, ...SPEEDS.map((rate) => el("option", { value: String(rate) }, `${rate}×`))),
    sleep: el("select", {}, ...SLEEP_CHOICES.map(([value, label]) => el("option", { value }, label))),
    sleepLeft: el("span", { class: "sleep-left", hidden: true }),
    voice: el("select", { class: "voice-select", disabled: true }, el("option", { value: "" }, "Automatic")),
    readingParts: el("fieldset", { class: "reading-parts", disabled: true }, el("legend", {}, "Read aloud besides the text")),
    download: el("button", { type: "button", class: "download", disabled: true, hidden: !offline.supported }, "Download"),
    downloaded: el("span", { class: "download-state", role: "status" }),
  };
  ui.reading = el("details", { class: "reading-menu" }, el("summary", {}, "Read aloud"), ui.readingParts);
  const controls = [ui.seek, ui.back, ui.play, ui.forward, ui.speed, ui.sleep];

  const playerInner = el(
    "div",
    { class: "player-inner" },
    ui.alert,
    ui.status,
    el("div", { class: "player-seek" }, ui.seek, ui.time),
    el(
      "div",
      { class: "player-controls" },
      ui.back,
      ui.play,
      ui.forward,
      el("label", { class: "select-label" }, el("span", { class: "label-text" }, "Speed"), ui.speed),
      el("label", { class: "select-label sleep-label" }, el("span", { class: "label-text" }, "Sleep"), ui.sleep, ui.sleepLeft),
      el("label", { class: "select-label" }, el("span", { class: "label-text" }, "Voice"), ui.voice),
      ui.reading,
      el("span", { class: "download-tools" }, ui.download, ui.downloaded),
    ),
  );
  playerRoot.setAttribute("role", "region");
  playerRoot.setAttribute("aria-label", "Player");
  playerRoot.replaceChildren(playerInner);
  playerRoot.hidden = false;
  setControlsEnabled(false);

  function setControlsEnabled(enabled) {
    for (const control of controls) control.disabled = !enabled;
  }

  /** Replaces the status line (empty: none). It stays in the page so screen readers hear changes. */
  function setStatus(...content) {
    delete ui.status.dataset.kind;
    ui.status.replaceChildren(...content);
  }
  setStatus("Loading the article…");

  // ---- The transcript: sentence and word spans ----

  /** The spans of one kind (sentences or words) with a time, ordered by it, for binary search. */
  function timeline(spans) {
    const order = [];
    spans.forEach((span, index) => {
      if (isNumber(span.startSeconds)) order.push(index);
    });
    order.sort((a, b) => spans[a].startSeconds - spans[b].startSeconds || a - b);
    return { order, starts: order.map((index) => spans[index].startSeconds) };
  }

  /** The index of the last span starting at or before `seconds`, or -1. */
  function lastStartingBy(line, seconds) {
    let low = 0;
    let high = line.starts.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (line.starts[middle] <= seconds + EPSILON) {
        found = middle;
        low = middle + 1;
      } else {
        high = middle - 1;
      }
    }
    return found < 0 ? -1 : line.order[found];
  }

  /** Indices of `spans` grouped by their block, each group in text order. */
  function byBlock(spans) {
    const groups = new Map();
    spans.forEach((span, index) => {
      if (!Number.isInteger(span.start) || !Number.isInteger(span.end)) return;
      if (!groups.has(span.block)) groups.set(span.block, []);
      groups.get(span.block).push(index);
    });
    for (const group of groups.values()) group.sort((a, b) => spans[a].start - spans[b].start || a - b);
    return groups;
  }

  /**
   * Rebuilds every block from its text: sentence spans holding word spans, the text between
   * them kept as text. Spans that overlap, run outside their block or are missing leave their
   * text plain, so the whole text is always there.
   */
  function buildTranscript(view) {
    const { sentences, words } = view;
    state.sentenceEls = new Array(sentences.length).fill(null);
    state.wordEls = new Array(words.length).fill(null);
    const sentencesOf = byBlock(sentences);
    const wordsOf = byBlock(words);

    for (const block of view.blocks) {
      const node = textRoot.querySelector(`[data-block="${block.index}"]`);
      if (!node) continue;
      const chars = Array.from(block.text);
      const cut = (from, to) => chars.slice(from, to).join("");
      const blockWords = wordsOf.get(block.index) || [];
      const fragment = document.createDocumentFragment();
      let at = 0; // how far into the block's text the fragment reaches
      let next = 0; // the next of blockWords to place

      for (const sentenceIndex of sentencesOf.get(block.index) || []) {
        const sentence = sentences[sentenceIndex];
        const start = Math.max(sentence.start, at);
        const end = Math.min(sentence.end, chars.length);
        if (end <= start) continue;
        if (start > at) fragment.append(cut(at, start));

        const sentenceEl = el("span", { class: "s", "data-sentence": sentenceIndex });
        if (isNumber(sentence.startSeconds)) sentenceEl.classList.add("playable");
        let inner = start;
        // Words before this sentence (in no sentence) stay plain text.
        while (next < blockWords.length && words[blockWords[next]].start < start) next += 1;
        while (next < blockWords.length && words[blockWords[next]].start < end) {
          const wordIndex = blockWords[next];
          next += 1;
          const word = words[wordIndex];
          if (word.start < inner || word.end > end || word.end <= word.start) continue;
          if (word.start > inner) sentenceEl.append(cut(inner, word.start));
          const wordEl = el("span", { class: "w", "data-word": wordIndex }, cut(word.start, word.end));
          sentenceEl.append(wordEl);
          state.wordEls[wordIndex] = wordEl;
          inner = word.end;
        }
        if (end > inner) sentenceEl.append(cut(inner, end));
        fragment.append(sentenceEl);
        state.sentenceEls[sentenceIndex] = sentenceEl;
        at = end;
      }
      if (at < chars.length) fragment.append(cut(at, chars.length));
      node.replaceChildren(fragment);
    }
  }

  function useView(view) {
    // A new view (after a render, or a lost audio file) has to load its audio before playing.
    narratePlayer.ready = false;
    setControlsEnabled(false);
    state.view = view;
    narratePlayer.view = view;
    state.sentences = view.sentences || [];
    state.words = view.words || [];
    state.sentenceTimeline = timeline(state.sentences);
    state.wordTimeline = timeline(state.words);
    state.sentence = -1;
    state.word = -1;
    buildTranscript(view);
    setUpMediaSession(view);
  }

  // ---- Following the audio ----

  /** The sentence and word heard at `seconds`. */
  function positionAt(seconds) {
    let sentence = lastStartingBy(state.sentenceTimeline, seconds);
    let word = lastStartingBy(state.wordTimeline, seconds);
    if (word >= 0) {
      const wordSentence = state.words[word].sentence;
      // A word can only be current in the current sentence: between a sentence's start and
      // its first word, no word is; a word timed a little before its sentence takes it along.
      if (wordSentence > sentence) sentence = wordSentence;
      else if (wordSentence < sentence) word = -1;
    }
    return { sentence, word };
  }

  /** Highlights what is heard at `seconds`; follows a new sentence with the page. */
  function syncToTime(seconds, { follow = true } = {}) {
    const { sentence, word } = positionAt(seconds);
    if (word !== state.word) {
      state.wordEls[state.word]?.classList.remove("current-word");
      state.wordEls[word]?.classList.add("current-word");
      state.word = word;
    }
    if (sentence !== state.sentence) {
      state.sentenceEls[state.sentence]?.classList.remove("current-sentence");
      state.sentenceEls[sentence]?.classList.add("current-sentence");
      state.sentence = sentence;
      if (follow) followSentence();
      if (narratePlayer.ready) {
        state.dirty = true;
        if (!audio.paused) savePosition();
      }
    }
  }

  let frame = 0;
  function onFrame() {
    frame = 0;
    if (audio.paused) return;
    if (!narratePlayer.live) syncToTime(heardTime());
    showTime();
    frame = requestAnimationFrame(onFrame);
  }

  function startFrames() {
    if (!frame) frame = requestAnimationFrame(onFrame);
  }

  // ---- Scrolling with the audio, unless the listener scrolls ----

  const SCROLL_KEYS = new Set(["ArrowUp", "ArrowDown", "PageUp", "PageDown", "Home", "End"]);
  const reducedMotion = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : { matches: false };

  function listenerScrolled() {
    state.manualScrollAt = performance.now();
  }
  // Only a person makes these events, so a scroll this script starts never counts.
  window.addEventListener("wheel", listenerScrolled, { passive: true });
  window.addEventListener("touchmove", listenerScrolled, { passive: true });

  /** Whether `element` sits in the middle part of what the player bar leaves visible. */
  function comfortablyVisible(element) {
    const box = element.getBoundingClientRect();
    const visibleBottom = Math.min(window.innerHeight, playerRoot.getBoundingClientRect().top);
    return box.top >= visibleBottom * 0.15 && box.bottom <= visibleBottom * 0.8;
  }

  /** Brings the current sentence near the middle of the page, if it has wandered off. */
  function followSentence({ force = false, instant = false } = {}) {
    const element = state.sentenceEls[state.sentence];
    if (!element) return;
    if (!force && performance.now() - state.manualScrollAt < MANUAL_SCROLL_QUIET_MS) return;
    if (!force && comfortablyVisible(element)) return;
    element.scrollIntoView({ block: "center", behavior: instant || reducedMotion.matches ? "auto" : "smooth" });
  }

  // ---- Playing ----

  function play() {
    if (!narratePlayer.ready && live.possible) {
      // The stream stopped before the render was finished: play on when it is.
      if (live.waiting) return keepOnAfterSwitch(true);
      if (!live.started) startLive();
    }
    const fromLive = narratePlayer.live;
    const started = audio.play();
    if (started && started.catch) {
      started.catch((error) => {
        // AbortError: a pause or a new source came first, which is not a failure. The live
        // stream's own failures are the error event's to handle.
        if (error.name === "NotAllowedError") {
          // Opened by the up-next queue in a browser that starts sound only after a tap.
          setStatus("Press play to go on: this browser starts sound only after a tap.");
          return;
        }
        if (error.name !== "AbortError" && !fromLive) showError(`The audio could not start: ${error.message}`);
      });
    }
  }

  /** Play as the listener pressed it (button, Space, Media Session): timed, for the tests. */
  function pressPlay() {
    narratePlayer.playPressedAt = performance.now();
    narratePlayer.firstAudioAt = null;
    play();
  }

  function togglePlay() {
    if (handover.spare && !handover.spare.paused) {
      // Paused while the render takes over: it waits, ready, where the listener stopped.
      const seconds = handover.spare.currentTime;
      cancelHandover();
      return jumpToRender(state.view, seconds, false);
    }
    if (!narratePlayer.ready && !live.possible) return;
    if (!narratePlayer.ready && live.waiting) return keepOnAfterSwitch(!live.resume);
    if (audio.paused || (!narratePlayer.ready && !live.started)) pressPlay();
    else audio.pause();
  }

  /** Seconds the audio's clock runs ahead of the render's words: an MP3 decoder's delay. */
  function audioDelay() {
    const render = state.view && state.view.render;
    return render && isNumber(render.audioDelay) ? render.audioDelay : 0;
  }

  /** The render's time being heard: what the words' times are compared with. */
  function heardTime() {
    return Math.max(0, audio.currentTime - audioDelay());
  }

  /** Moves the audio to the render's time `seconds`. */
  function hearFrom(seconds) {
    audio.currentTime = seconds + audioDelay();
  }

  /** The render's length in its own time. */
  function duration() {
    if (narratePlayer.live) return 0; // the stream's header says "as long as can be": not a length
    if (isNumber(audio.duration)) return Math.max(0, audio.duration - audioDelay());
    return state.view && state.view.render ? state.view.render.duration : 0;
  }

  /** Moves the audio to `seconds` (playing on if it was playing) and highlights it there. */
  function seekTo(seconds) {
    if (!narratePlayer.ready || !isNumber(seconds)) return;
    state.pausedBySleep = false; // the listener chose a place: no rewind on the next play
    hearFrom(clamp(seconds, 0, duration() || seconds));
    syncToTime(heardTime());
    showTime();
  }

  function seekToSentence(index) {
    const sentence = state.sentences[index];
    if (sentence && isNumber(sentence.startSeconds)) seekTo(sentence.startSeconds);
  }

  /** The nearest timed sentence from `index` in `direction` (+1 or -1), or -1. */
  function timedSentence(index, direction) {
    for (let i = index; i >= 0 && i < state.sentences.length; i += direction) {
      if (isNumber(state.sentences[i].startSeconds)) return i;
    }
    return -1;
  }

  /**
   * Back or forward one sentence. Back first restarts the sentence being heard, as a
   * track player restarts a track, unless it only just began.
   */
  function stepSentence(direction) {
    if (!narratePlayer.ready) return;
    const current = positionAt(heardTime()).sentence;
    let target;
    if (direction < 0) {
      const heard = state.sentences[current];
      const intoIt = heard && isNumber(heard.startSeconds) ? heardTime() - heard.startSeconds : 0;
      target = intoIt > RESTART_WINDOW_SECONDS ? current : timedSentence(current - 1, -1);
      if (target < 0) target = timedSentence(0, 1);
    } else {
      target = timedSentence(current + 1, 1);
      if (target < 0) return; // already in the last sentence
    }
    seekToSentence(target);
    followSentence({ force: true });
  }

  function setSpeed(rate) {
    const speed = clamp(Math.round(rate * 4) / 4, SPEEDS[0], SPEEDS[SPEEDS.length - 1]);
    audio.defaultPlaybackRate = speed; // kept when the source changes
    audio.playbackRate = speed;
    ui.speed.value = String(speed);
    storageSet("narrate.speed", String(speed));
    updateMediaPosition();
  }

  function keepPitch() {
    audio.preservesPitch = true;
    audio.mozPreservesPitch = true; // older Firefox
    audio.webkitPreservesPitch = true; // older Safari
  }

  // ---- The sleep timer ----

  const sleep = { choice: "off", timer: 0, at: 0, ticker: 0 };

  function setSleep(choice) {
    clearTimeout(sleep.timer);
    clearInterval(sleep.ticker);
    sleep.choice = choice;
    sleep.at = 0;
    sleep.timer = 0;
    sleep.ticker = 0;
    const minutes = Number(choice);
    if (minutes > 0) {
      sleep.at = Date.now() + minutes * 60_000;
      sleep.timer = setTimeout(fallAsleep, minutes * 60_000);
      sleep.ticker = setInterval(showSleepLeft, 1000);
    }
    ui.sleep.value = choice;
    showSleepLeft();
  }

  /** The sleep timer's countdown beside its choice: "14:32", or the audio left at "End of article". */
  function showSleepLeft() {
    let text = "";
    if (sleep.at) text = clock(Math.ceil((sleep.at - Date.now()) / 1000));
    else if (sleep.choice === "end" && narratePlayer.ready) text = clock((duration() - heardTime()) / (audio.playbackRate || 1));
    ui.sleepLeft.textContent = text;
    ui.sleepLeft.hidden = !text;
  }

  function fallAsleep() {
    setSleep("off");
    if (handover.spare && !handover.spare.paused) {
      // Asleep while the render takes over: it waits where the listener fell asleep.
      const seconds = handover.spare.currentTime;
      cancelHandover();
      jumpToRender(state.view, seconds, false);
      state.pausedBySleep = true;
      setStatus("Sleep timer: paused. Play goes back a few seconds.");
      return;
    }
    if (!audio.paused) {
      state.pausedBySleep = true;
      audio.pause();
      setStatus("Sleep timer: paused. Play goes back a few seconds.");
    }
  }

  // ---- Saving where the listener is ----

  function positionToSave(finished) {
    let sentence = state.sentence;
    if (sentence < 0) sentence = finished ? state.sentences.length - 1 : -1;
    if (sentence < 0) return null;
    const word = state.words[state.word];
    return {
      sentence,
      // The word's offset in its block, only when it belongs to the sentence saved.
      word: word && word.sentence === sentence ? word.start : null,
      finished,
      listenedAt: Date.now() / 1000,
      device,
    };
  }

  /**
   * Saves the position with PUT, or with a beacon when the page is going away (a fetch
   * might not outlive it). Saves that arrive late are harmless: the server keeps the
   * position listened to last, by `listenedAt`.
   */
  async function savePosition({ finished = false, beacon = false } = {}) {
    const position = positionToSave(finished);
    if (!position) return;
    // Leaving fires both visibilitychange and pagehide: one beacon for the same place is enough.
    const last = state.lastSaved;
    if (beacon && last && last.sentence === position.sentence && last.word === position.word
        && last.finished === position.finished && position.listenedAt - last.listenedAt < 1) return;
    state.lastSaved = position;
    state.dirty = false;
    storageSet(ownPositionKey, JSON.stringify({ sentence: position.sentence, listenedAt: position.listenedAt }));
    // Kept on this device until the server has it: offline, it is sent when the server is back.
    offline.queuePosition(articleId, position);
    const json = JSON.stringify(position);
    if (beacon && navigator.onLine && navigator.sendBeacon && navigator.sendBeacon(positionPath, new Blob([json], { type: "text/plain" }))) return;
    try {
      // keepalive: a pause just before the page is left or reloaded is still saved.
      await api(positionPath, { method: "PUT", body: position, keepalive: true });
      offline.sent(articleId, position);
      if (ui.status.dataset.kind === "save") setStatus();
    } catch (error) {
      if (error.status === 0) {
        // Out of reach: the position waits on this device (offline.js sends it later).
        setStatus("Offline: where you are is kept on this device and sent when the server is back.");
      } else {
        state.dirty = true; // the next save, or the page closing, tries again
        setStatus(`Position not saved: ${error.message}`);
      }
      ui.status.dataset.kind = "save";
    }
  }

  function savePositionOnLeaving() {
    if (narratePlayer.ready && (state.dirty || !audio.paused)) savePosition({ finished: audio.ended, beacon: true });
  }
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") savePositionOnLeaving();
  });
  window.addEventListener("pagehide", savePositionOnLeaving);

  // ---- Where to start: resume, or offer another device's place ----

  /** Where playback starts on load: `{sentence, offer}` (offer: a further place from another device). */
  function startingPlace(view) {
    const position = view.position;
    if (!position || position.finished || !Number.isInteger(position.sentence)) return { sentence: -1, offer: null };
    const own = ownPosition();
    if (position.device !== device && own && position.sentence > own.sentence && own.sentence < state.sentences.length) {
      return { sentence: own.sentence, offer: position };
    }
    return { sentence: position.sentence, offer: null };
  }

  function removeBanner() {
    ui.banner?.remove();
    ui.banner = null;
  }

  /** "Continue from 12:31 (phone, 8 min ago)? [Continue] [Stay here]" */
  function offerContinue(position, ownSentence) {
    const sentence = state.sentences[position.sentence];
    const at = sentence && isNumber(sentence.startSeconds) ? sentence.startSeconds : position.seconds;
    const where = position.device ? position.device.replace(/^web: /, "") : "another device";
    const keepOn = el("button", { type: "button", class: "primary" }, "Continue");
    const stay = el("button", { type: "button" }, "Stay here");
    keepOn.addEventListener("click", () => {
      removeBanner();
      seekToSentence(position.sentence);
      followSentence({ force: true });
    });
    stay.addEventListener("click", () => {
      removeBanner();
      seekToSentence(ownSentence);
      followSentence({ force: true });
    });
    ui.banner = el(
      "div",
      { id: "continue-banner", role: "status" },
      el("span", { class: "banner-text" }, `Continue from ${clock(at)} (${where}, ${ago(position.listenedAt)})?`),
      el("span", { class: "banner-actions" }, keepOn, stay),
    );
    ui.alert.after(ui.banner);
  }

  /**
   * "Archive" or "To library": moves the article between the library's lists and the archive,
   * as the label says, and then says the other.
   */
  function shelfButton(banner) {
    const button = el("button", { type: "button", class: "shelve" });
    const show = (archived) => {
      button.dataset.shelf = archived ? "archive" : "library";
      button.textContent = archived ? "To library" : "Archive";
      button.setAttribute("aria-label", archived ? "Move this article back to the library" : "Archive this article: out of the library's lists");
      banner.querySelector(".banner-text").textContent = archived ? "Finished and archived." : "Finished.";
    };
    button.addEventListener("click", async () => {
      button.disabled = true;
      try {
        const shelf = button.dataset.shelf === "archive" ? "library" : "archive";
        const item = await window.narrate.api(`${articlePath}/shelf`, { method: "PUT", body: { shelf } });
        if (state.view) state.view.article.archivedAt = item.archivedAt;
        show(Boolean(item.archivedAt));
        errorLine.clear();
      } catch (error) {
        showError(`Could not move the article: ${error.message}`);
      } finally {
        button.disabled = false;
      }
    });
    return { button, show };
  }

  /**
   * "Finished. [Play again] [Archive] [Next unfinished]": at the end of the article (`justFinished`:
   * the library may have archived it as it was saved finished), and on opening one heard to the end.
   */
  async function offerFinished({ justFinished = false } = {}) {
    removeBanner();
    const again = el("button", { type: "button", class: "primary" }, "Play again");
    again.addEventListener("click", () => {
      removeBanner();
      seekTo(0);
      followSentence({ force: true });
      play();
    });
    const actions = el("span", { class: "banner-actions" }, again);
    const banner = el("div", { id: "continue-banner", class: "finished-banner", role: "status" },
      el("span", { class: "banner-text" }, "Finished."), actions);
    const shelf = shelfButton(banner);
    actions.append(shelf.button);
    shelf.show(Boolean(state.view && state.view.article.archivedAt));
    ui.banner = banner;
    ui.alert.after(banner);
    try {
      if (justFinished) {
        // Where the library put it when its end was saved (the setting "When an article ends").
        const view = await api(`${articlePath}?${formatsQuery}`);
        if (state.view) state.view.article.archivedAt = view.article.archivedAt;
        if (ui.banner === banner) shelf.show(Boolean(view.article.archivedAt));
      }
      const page = await window.narrate.api("/api/articles?progress=unfinished&limit=2");
      const next = page.articles.find((article) => String(article.id) !== String(articleId));
      if (ui.banner !== banner) return;
      if (next) {
        actions.append(el("a", { class: "button", href: `/articles/${encodeURIComponent(next.id)}` },
          "Next unfinished: ", el("span", { class: "next-title", lang: next.language || undefined }, next.title || `Article ${next.id}`)));
      } else {
        banner.querySelector(".banner-text").textContent += " Nothing else is waiting to be heard.";
      }
    } catch {
      // The library is out of reach: "Play again" still works.
    }
  }

  // ---- Loading the article and its audio ----

  /** The article as the player sees it, with the position kept on this device if it is newer. */
  const fetchView = async () => offline.withUnsentPosition(articleId, await api(`${articlePath}?${formatsQuery}`));

  function loadAudio(view) {
    narratePlayer.ready = false;
    setControlsEnabled(false);
    setStatus("Loading the audio…");
    keepPitch();
    // Only the newest load may finish: a source replaced before its metadata came is forgotten.
    const load = ++state.audioLoads;
    audio.addEventListener("loadedmetadata", () => {
      if (load === state.audioLoads) onAudioReady(view);
    }, { once: true });
    audio.src = view.render.audio;
    audio.load();
  }

  /** The audio's length is known: go to the starting place, and let the listener in. */
  function onAudioReady(view) {
    setSpeed(Number(ui.speed.value));
    keepPitch();
    const { sentence, offer } = startingPlace(view);
    const start = state.sentences[sentence];
    hearFrom(start && isNumber(start.startSeconds) ? start.startSeconds : 0);
    syncToTime(heardTime(), { follow: false });
    // Straight to where the listening is, as if the page had opened there.
    if (sentence >= 0) followSentence({ force: true, instant: true });
    if (offer) offerContinue(offer, sentence);
    else if (view.position && view.position.finished) offerFinished();
    ui.seek.max = String(duration());
    showTime();
    setStatus();
    setControlsEnabled(true);
    narratePlayer.ready = true;
    showDownload();
    if (upNext.playOnArrival) {
      upNext.playOnArrival = false;
      pressPlay();
    }
  }

  // ---- Up next: the library's queue, played one article after another ----

  const upNext = {
    /** Sent here by the queue (`?play=1`): play as soon as the audio is ready. */
    playOnArrival: new URLSearchParams(window.location.search).get("play") === "1",
    /** How long the title of the next article is shown (and the chime heard) before it plays. */
    announceMs: 2500,
    /** The announcement's timer: a listener's "Stay here" clears it. */
    timer: 0,
  };
  if (upNext.playOnArrival) {
    // A reload does not start playing again.
    const address = new URL(window.location.href);
    address.searchParams.delete("play");
    history.replaceState(history.state, "", address.pathname + address.search + address.hash);
  }

  /**
   * The article after this one in the queue (1; the queue's first when this one is not in it)
   * or before it (-1), as the server's queue says (GET /api/queue/around/ID); null when there
   * is none or the server cannot be reached.
   */
  async function queueNeighbour(step) {
    try {
      const around = await api(`/api/queue/around/${encodeURIComponent(articleId)}`);
      return (step > 0 ? around.next : around.previous) || null;
    } catch {
      return null;
    }
  }

  /** Opens `article`'s page, playing. */
  function goTo(article) {
    window.location.assign(`/articles/${encodeURIComponent(article.id)}?play=1`);
  }

  /** Lock screen and headset buttons: the next or previous article of the queue, else a sentence. */
  async function moveInQueue(step) {
    const article = await queueNeighbour(step);
    if (!article) return stepSentence(step);
    if (narratePlayer.ready) await savePosition();
    goTo(article);
  }

  /** Two soft notes, the sound of "next article" (nothing where Web Audio is missing). */
  function chime() {
    try {
      const context = new (window.AudioContext || window.webkitAudioContext)();
      [880, 1318.5].forEach((frequency, index) => {
        const start = context.currentTime + index * 0.14;
        const note = context.createOscillator();
        const gain = context.createGain();
        note.frequency.value = frequency;
        gain.gain.setValueAtTime(0.0001, start);
        gain.gain.exponentialRampToValueAtTime(0.25, start + 0.01);
        gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.5);
        note.connect(gain).connect(context.destination);
        note.start(start);
        note.stop(start + 0.55);
      });
      setTimeout(() => context.close(), 1500);
    } catch {
      // No Web Audio: the title shown announces it.
    }
  }

  /**
   * At the end of the article: when the queue has another, "Up next: TITLE" with a chime, then
   * its page, playing. Whether there was one.
   */
  async function announceNext() {
    const next = await queueNeighbour(1);
    if (!next || String(next.id) === String(articleId)) return false;
    removeBanner();
    const stay = el("button", { type: "button" }, "Stay here");
    const now = el("button", { type: "button", class: "primary" }, "Play now");
    const banner = el("div", { id: "continue-banner", class: "up-next-banner", role: "status" },
      el("span", { class: "banner-text" }, "Up next: ", el("span", { class: "next-title", lang: next.language || undefined }, next.title)),
      el("span", { class: "banner-actions" }, now, stay));
    ui.banner = banner;
    ui.alert.after(banner);
    stay.addEventListener("click", () => {
      clearTimeout(upNext.timer);
      removeBanner();
      offerFinished();
    });
    now.addEventListener("click", () => {
      clearTimeout(upNext.timer);
      goTo(next);
    });
    chime();
    upNext.timer = setTimeout(() => goTo(next), upNext.announceMs);
    narratePlayer.announced = next;
    try {
      // What the next page was announced as (the browser tests read it there).
      window.sessionStorage.setItem("narrate.announced", JSON.stringify({ id: next.id, title: next.title }));
    } catch {
      // Storage disabled: nothing to keep.
    }
    return true;
  }

  // ---- Offline: this article kept on the device ----

  /** "Download", or "Remove download" with what it takes: "Downloaded · 3.2 MB". */
  function showDownload(message) {
    const record = offline.downloads()[String(articleId)];
    ui.download.textContent = record ? "Remove download" : "Download";
    ui.download.setAttribute("aria-label", record ? "Remove the download of this article" : "Download this article to listen offline");
    ui.download.disabled = !offline.supported || !(state.view && state.view.render);
    ui.downloaded.textContent = message ?? (record ? `Downloaded · ${megabytes(record.bytes)}` : "");
  }

  /** "3.2 MB". */
  function megabytes(bytes) {
    return `${(bytes / 1e6).toFixed(bytes < 1e7 ? 1 : 0)} MB`;
  }

  ui.download.addEventListener("click", async () => {
    ui.download.disabled = true;
    try {
      if (offline.downloads()[String(articleId)]) {
        await offline.remove(articleId);
        showDownload();
        return;
      }
      showDownload("Downloading…");
      const result = await offline.download(articleId);
      showDownload(result.state === "rendering" ? "The audio is being made: download it when it is ready." : undefined);
    } catch (error) {
      showDownload(`Not downloaded: ${error.message}`);
    }
  });

  // ---- No render yet: one is made, and listened to while it is made ----

  const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  /**
   * When sentence `index` is heard: the saved position's time when it has one, else a guess
   * from the article's estimated length and how far into its text the sentence is.
   */
  function estimatedStart(view, index) {
    const position = view.position;
    if (position && position.sentence === index && isNumber(position.seconds)) return { seconds: position.seconds, exact: true };
    let before = 0;
    let total = 0;
    view.sentences.forEach((sentence, number) => {
      const length = Math.max(0, (sentence.end || 0) - (sentence.start || 0));
      total += length;
      if (number < index) before += length;
    });
    const length = view.article && view.article.listeningSeconds;
    if (!(total > 0) || !isNumber(length)) return null;
    return { seconds: (before / total) * length, exact: false };
  }

  /** The status line while the render is made: how far it is, and what the player does meanwhile. */
  function showPreparing() {
    const percent = isNumber(live.percent) ? ` ${live.percent}%` : "";
    let text;
    if (live.waiting && live.stopped === "ended") text = `Finishing the audio…${percent}`;
    else if (live.waiting) text = `Preparing audio…${percent}${live.resume ? " Playing on when it is ready." : ""}`;
    else if (live.started) text = `${audio.paused ? "Paused" : "Playing"} while preparing…${percent}`;
    else text = `Preparing audio${live.waitingFor}…${percent}`;
    // Polled every few hundred milliseconds: the live region changes only when the words do.
    if (ui.status.textContent !== text || ui.status.children.length) setStatus(text);
  }

  function showPlayButton(playing) {
    ui.play.replaceChildren(icon(playing ? "pause" : "play"));
    ui.play.setAttribute("aria-label", playing ? "Pause" : "Play");
    ui.play.title = playing ? "Pause" : "Play";
  }

  /** Only what works without timings: play, speed, sleep. */
  function enableLiveControls() {
    setControlsEnabled(false);
    ui.play.disabled = false;
    ui.speed.disabled = false;
    ui.sleep.disabled = false;
  }

  function setLive(on) {
    narratePlayer.live = on;
    playerRoot.classList.toggle("live", on);
  }

  /** The first play while the render is made: the stream, from the article's first sentence. */
  function startLive() {
    live.started = true;
    live.waiting = false;
    live.stopped = "";
    live.resume = false;
    setLive(true);
    ++state.audioLoads; // a render's load still waiting for its metadata is forgotten
    state.pausedBySleep = false;
    keepPitch();
    audio.src = livePath;
    showTime();
    showPreparing();
  }

  /**
   * The stream stopped before the render was finished: it ended (it ends with the render,
   * which the polling learns a moment later) or failed. The finished render plays on from here.
   */
  function liveStopped(why, resume) {
    if (live.waiting) return;
    live.waiting = true;
    live.stopped = why;
    live.time = audio.currentTime || 0;
    keepOnAfterSwitch(resume);
  }

  /** Whether the finished render plays on when it takes over from a stopped stream. */
  function keepOnAfterSwitch(on) {
    live.resume = on;
    showPlayButton(on);
    showPreparing();
    showTime();
  }

  /** Forgets the stream (the render failed, or is made again) and stops its audio. */
  function dropLive() {
    cancelHandover();
    const started = live.started;
    Object.assign(live, { possible: false, started: false, waiting: false, time: 0, stopped: "", resume: false });
    setLive(false);
    if (started) {
      ++state.audioLoads;
      audio.pause();
      audio.removeAttribute("src");
      audio.load(); // drops the pause event queued just now
      showPlayButton(false);
      if (navigator.mediaSession) navigator.mediaSession.playbackState = "paused";
    }
    showTime();
  }

  /**
   * No render yet: asks for one and shows how far it is. Meanwhile play streams it, unless
   * the listening resumes further on than the first sentence: that waits for the finished
   * render (the stream cannot seek). Then the finished render is loaded, or takes over.
   */
  async function prepareAudio() {
    const run = ++state.prepareRuns;
    dropLive();
    setControlsEnabled(false);
    const view = state.view;
    const { sentence } = startingPlace(view);
    live.waitingFor = "";
    if (sentence > 0) {
      const at = estimatedStart(view, sentence);
      live.waitingFor = at ? ` to continue from ${at.exact ? "" : "about "}${clock(at.seconds)}` : ` to continue from sentence ${sentence + 1}`;
    }
    live.percent = null;
    showPreparing();
    let answer;
    try {
      answer = await api(`${articlePath}/render?${formatsQuery}`, { method: "POST" });
    } catch (error) {
      if (run !== state.prepareRuns) return undefined;
      return renderFailed(`The audio could not be prepared: ${error.message}`);
    }
    if (run !== state.prepareRuns) return undefined;
    if (answer.render) return renderFinished(run);
    const progressOf = (job) => Math.round(clamp((job && job.progress) || 0, 0, 1) * 100);
    live.percent = progressOf(answer.job);
    if (sentence <= 0) {
      live.possible = true;
      enableLiveControls();
      showTime();
    }
    showPreparing();

    let failures = 0;
    for (;;) {
      await delay(RENDER_POLL_MS);
      if (run !== state.prepareRuns) return undefined;
      let progress;
      try {
        progress = await api(`${articlePath}/render?${formatsQuery}`);
        failures = 0;
      } catch (error) {
        if (run !== state.prepareRuns) return undefined;
        // A blip (the server restarting) is waited out; a dead server is reported.
        failures += 1;
        if (failures >= 5) return renderFailed(`Lost track of the audio being prepared: ${error.message}`);
        continue;
      }
      if (run !== state.prepareRuns) return undefined;
      const job = progress.job;
      if (progress.state === "done" || progress.render) return renderFinished(run);
      if (progress.state === "queued" || progress.state === "running") {
        live.percent = progressOf(job);
        showPreparing();
        continue;
      }
      const why = (job && job.error) || (progress.state === "none" ? "the job was cancelled" : `the job ${progress.state}`);
      return renderFailed(`The audio could not be prepared: ${why}`);
    }
  }

  /**
   * The render is finished: the article again, now with timings. Without a stream it loads
   * as any render does; after one, it takes over at the stream's time, playing if that was.
   */
  async function renderFinished(run) {
    let view;
    for (let attempt = 1; ; attempt += 1) {
      try {
        view = await fetchView();
        break;
      } catch (error) {
        if (run !== state.prepareRuns) return;
        // The stream plays on meanwhile, so a blip is worth waiting out.
        if (!live.started || attempt >= 5) {
          dropLive();
          setStatus();
          showError(`Could not load the article: ${error.message}`);
          return;
        }
        await delay(1000);
      }
    }
    if (run !== state.prepareRuns) return;
    if (!view.render) {
      // Finished, and gone already (its file removed): made again.
      useView(view);
      prepareAudio();
      return;
    }
    if (!live.started) {
      live.possible = false;
      useView(view);
      loadAudio(view);
      return;
    }
    const seconds = live.waiting ? live.time : audio.currentTime;
    const playing = live.waiting ? live.resume : !audio.paused;
    useView(view);
    switchToRender(view, seconds, playing);
  }

  /** The finished render takes over from the stream, at the same time: without a gap while it plays. */
  function switchToRender(view, seconds, playing) {
    if (playing && !live.waiting && !audio.paused) return handOver(view);
    jumpToRender(view, seconds, playing);
  }

  // ---- Handing over without a gap ----
  //
  // Loading the finished render in the playing element would stop the voice while it loads
  // and seeks (0.3 to 0.5 s). Instead it is made ready in a second element, a little ahead
  // of where the stream is, and started when the stream gets there; the stream stops once it
  // plays. Then the page's own element does the same from the second one.

  /** How far ahead of the playing audio the next is made ready, in seconds of audio. */
  const HANDOVER_LEAD_SECONDS = 0.75;
  const handover = { spare: null, run: 0, log: [] };
  narratePlayer.handovers = handover.log;

  /** Plays `to` (ready, paused at `at`) when `from`'s audio reaches `at`; `from` stops once `to` plays. */
  function startWhenReached(from, to, at, run, done) {
    const wait = (at - from.currentTime) / (from.playbackRate || 1);
    if (wait < 0.005) return done(false);
    setTimeout(() => {
      if (run !== handover.run) return;
      const fromTime = from.currentTime;
      to.addEventListener("playing", () => {
        if (run !== handover.run) return;
        const entry = { at, fromTime, toTime: to.currentTime, fromPlaying: !from.paused };
        from.pause();
        handover.log.push(entry);
        done(true);
      }, { once: true });
      to.play().catch(() => done(false));
    }, Math.max(0, wait * 1000 - 2));
  }

  /** Makes `element` ready at `from`'s time plus the lead, then hands over to it. */
  function readyAhead(from, element, source, run, done) {
    const seekAhead = (attempt) => {
      const at = from.currentTime + HANDOVER_LEAD_SECONDS * (from.playbackRate || 1) * attempt;
      element.addEventListener("seeked", () => {
        if (run !== handover.run) return;
        const whenReady = () => startWhenReached(from, element, at, run, (ok) => {
          if (ok) done(true);
          else if (attempt < 3 && !from.paused) seekAhead(attempt + 1);
          else done(false);
        });
        if (element.readyState >= 3) whenReady();
        else element.addEventListener("canplay", () => run === handover.run && whenReady(), { once: true });
      }, { once: true });
      element.currentTime = at;
    };
    element.addEventListener("loadedmetadata", () => run === handover.run && seekAhead(1), { once: true });
    element.playbackRate = from.playbackRate;
    element.preservesPitch = true;
    element.src = source;
    element.load();
  }

  /** Stops a handover under way (the listener paused, or the render went): the page's element stays. */
  function cancelHandover() {
    if (!handover.spare) return;
    handover.run += 1;
    handover.spare.pause();
    handover.spare.removeAttribute("src");
    handover.spare.load();
    handover.spare = null;
  }

  /** The stream → the second element → the page's element, each without a gap. */
  function handOver(view) {
    const run = ++handover.run;
    const spare = new Audio();
    spare.preload = "auto";
    handover.spare = spare;
    const source = view.render.audio;
    // A failure anywhere falls back to loading the render in place, where the stream is.
    const fallBack = () => {
      if (run !== handover.run) return;
      const from = spare.paused ? audio : spare;
      const seconds = from.currentTime;
      const playing = !from.paused;
      cancelHandover();
      jumpToRender(view, seconds, playing || !audio.paused);
    };
    readyAhead(audio, spare, source, run, (ok) => {
      if (!ok) return fallBack();
      // The second element plays the render; the page's element follows it there.
      narratePlayer.switchedAt = { seconds: handover.log[handover.log.length - 1].at, playing: true };
      Object.assign(live, { possible: false, started: false, waiting: false, time: 0, stopped: "", resume: false });
      setLive(false);
      ++state.audioLoads;
      keepPitch();
      readyAhead(spare, audio, source, run, (back) => {
        if (!back) return fallBack();
        handover.spare = null;
        spare.removeAttribute("src");
        spare.load();
        onSwitched(audio.currentTime, true, { alreadyPlaying: true });
      });
    });
  }

  /** The finished render replaces the stream in the page's element at `seconds`. */
  function jumpToRender(view, seconds, playing) {
    narratePlayer.switchedAt = { seconds, playing };
    Object.assign(live, { possible: false, started: false, waiting: false, time: 0, stopped: "", resume: false });
    setLive(false);
    keepPitch();
    const load = ++state.audioLoads;
    audio.addEventListener("loadedmetadata", () => {
      if (load === state.audioLoads) onSwitched(seconds, playing);
    }, { once: true });
    audio.src = state.view.render.audio;
    audio.load();
    showPlayButton(playing);
  }

  /** The finished render's length is known: on from where the stream was, as any render. */
  function onSwitched(seconds, playing, { alreadyPlaying = false } = {}) {
    setSpeed(Number(ui.speed.value));
    keepPitch();
    // `seconds` is the other element's clock (the stream's, or the second element's), in
    // the same format as this one's: its delay is already in it.
    if (!alreadyPlaying) audio.currentTime = clamp(seconds, 0, audio.duration || seconds);
    syncToTime(heardTime(), { follow: false });
    followSentence(); // unless the listener is reading elsewhere
    ui.seek.max = String(duration());
    showTime();
    setStatus();
    setControlsEnabled(true);
    narratePlayer.ready = true;
    if (alreadyPlaying) showPlayButton(true);
    else if (playing) play();
    else showPlayButton(false);
  }

  function renderFailed(message) {
    dropLive();
    setControlsEnabled(false);
    showError(message);
    const again = el("button", { type: "button" }, "Try again");
    again.addEventListener("click", () => {
      clearError();
      prepareAudio();
    });
    setStatus(again);
  }

  /** Fetches the article, shows it, and plays its render or has one made. */
  async function loadFreshView() {
    let view;
    try {
      view = await fetchView();
    } catch (error) {
      setStatus();
      return showError(`Could not load the article: ${error.message}`);
    }
    useView(view);
    if (view.render) loadAudio(view);
    else prepareAudio();
  }

  audio.addEventListener("error", async () => {
    if (!audio.getAttribute("src")) return;
    // The stream failed (the job failed, or the connection broke): the polling reports a
    // failed job; otherwise the finished render plays on from here.
    if (narratePlayer.live) {
      liveStopped("failed", true);
      return;
    }
    const reason = audio.error && audio.error.message ? ` (${audio.error.message})` : "";
    // The render's file may be gone: the article then has no render and is rendered again.
    if (!state.audioRecovered) {
      state.audioRecovered = true;
      try {
        const view = await fetchView();
        if (!view.render || view.render.audio !== state.view?.render?.audio) {
          useView(view);
          if (view.render) loadAudio(view);
          else prepareAudio();
          return;
        }
      } catch {
        // Reported below.
      }
    }
    setStatus();
    showError(`The audio could not be played${reason}.`);
  });

  // ---- Showing time ----

  function showTime() {
    // Live, or waiting to be: the time heard, and no length (none is known yet).
    if (!narratePlayer.ready && (live.possible || narratePlayer.live)) {
      const now = live.waiting ? live.time : live.started ? audio.currentTime : 0;
      const shown = clock(now);
      if (ui.time.textContent === shown) return;
      ui.time.textContent = shown;
      ui.seek.value = "0";
      ui.seek.setAttribute("aria-valuetext", `${shown}, while the audio is prepared`);
      return;
    }
    const total = duration();
    const now = heardTime();
    if (!state.scrubbing) ui.seek.value = String(now);
    const shown = `${clock(now)} / ${clock(total)}`;
    if (ui.time.textContent === shown) return; // called every frame: touch the page once a second
    ui.time.textContent = shown;
    ui.seek.setAttribute("aria-valuetext", `${clock(now)} of ${clock(total)}`);
  }

  function updateMediaPosition() {
    const session = navigator.mediaSession;
    const total = duration();
    if (!session || !session.setPositionState || !(total > 0) || narratePlayer.live) return;
    try {
      session.setPositionState({ duration: total, playbackRate: audio.playbackRate, position: clamp(heardTime(), 0, total) });
    } catch {
      // Some browsers refuse a state while the audio is loading.
    }
  }

  // ---- Media Session: lock screen and hardware keys ----

  function setUpMediaSession(view) {
    const session = navigator.mediaSession;
    if (!session) return;
    try {
      session.metadata = new MediaMetadata({
        title: view.article.title,
        artist: view.article.site || "narrate",
        album: "narrate",
      });
    } catch {
      // MediaMetadata missing: the handlers still work.
    }
    const handlers = {
      play: () => pressPlay(),
      pause: () => audio.pause(),
      previoustrack: () => moveInQueue(-1),
      nexttrack: () => moveInQueue(1),
      seekbackward: (details) => seekTo(heardTime() - (details.seekOffset || 10)),
      seekforward: (details) => seekTo(heardTime() + (details.seekOffset || 10)),
      seekto: (details) => seekTo(details.seekTime),
    };
    narratePlayer.mediaActions = handlers;
    for (const [action, handler] of Object.entries(handlers)) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // An action this browser does not know.
      }
    }
  }

  // ---- Events from the audio ----

  audio.addEventListener("play", () => {
    if (state.pausedBySleep) {
      state.pausedBySleep = false;
      // The stream cannot go back: it plays on where it paused.
      if (!narratePlayer.live) audio.currentTime = Math.max(0, audio.currentTime - SLEEP_REWIND_SECONDS);
      setStatus();
    }
    state.dirty = true;
    showPlayButton(true);
    if (navigator.mediaSession) navigator.mediaSession.playbackState = "playing";
    if (narratePlayer.live) showPreparing();
    startFrames();
  });
  audio.addEventListener("playing", () => {
    // The first audio heard after play was pressed (the tests time it).
    if (narratePlayer.playPressedAt !== null && narratePlayer.firstAudioAt === null) narratePlayer.firstAudioAt = performance.now();
    startFrames();
  });

  audio.addEventListener("pause", () => {
    // The stream stopping as the render plays on in the second element.
    if (handover.spare && !handover.spare.paused) return;
    showPlayButton(false);
    if (navigator.mediaSession) navigator.mediaSession.playbackState = "paused";
    if (narratePlayer.live) {
      // A stream that failed pauses after its error: it still plays on after the switch.
      if (live.waiting) showPlayButton(live.resume);
      showPreparing();
      showTime();
      return; // no timings: nothing to highlight or save
    }
    syncToTime(heardTime());
    // At the end, `ended` saves the article as finished instead.
    if (narratePlayer.ready && !audio.ended) savePosition();
  });

  audio.addEventListener("ended", () => {
    if (handover.spare && !handover.spare.paused) return;
    // The stream ends with the render, not with the article: the finished render plays on.
    if (narratePlayer.live) {
      liveStopped("ended", true);
      return;
    }
    syncToTime(heardTime());
    const sleepingAtEnd = sleep.choice === "end";
    if (sleepingAtEnd) setSleep("off");
    // Saved first: the server takes the finished article out of the up-next queue.
    savePosition({ finished: true }).finally(async () => {
      if (sleepingAtEnd || !(await announceNext())) offerFinished({ justFinished: true });
    });
  });

  audio.addEventListener("timeupdate", () => {
    if (narratePlayer.live && !live.waiting) {
      showTime();
      if (sleep.at && Date.now() >= sleep.at) fallAsleep();
    }
    if (!narratePlayer.ready) return;
    syncToTime(heardTime());
    showTime();
    if (sleep.choice === "end") showSleepLeft();
    updateMediaPosition();
    // A timer in a background tab may be late; the audio's own clock is not.
    if (sleep.at && Date.now() >= sleep.at) fallAsleep();
  });

  audio.addEventListener("durationchange", () => {
    ui.seek.max = String(duration());
    showTime();
  });
  audio.addEventListener("ratechange", updateMediaPosition);

  // ---- Events from the listener ----

  ui.play.addEventListener("click", togglePlay);
  ui.back.addEventListener("click", () => stepSentence(-1));
  ui.forward.addEventListener("click", () => stepSentence(1));
  ui.speed.addEventListener("change", () => setSpeed(Number(ui.speed.value)));
  ui.voice.addEventListener("change", () => chooseVoice(ui.voice.value));
  ui.readingParts.addEventListener("change", () => chooseReading());
  ui.sleep.addEventListener("change", () => setSleep(ui.sleep.value));

  ui.seek.addEventListener("pointerdown", () => { state.scrubbing = true; });
  for (const type of ["pointerup", "pointercancel", "change"]) {
    ui.seek.addEventListener(type, () => { state.scrubbing = false; });
  }
  ui.seek.addEventListener("input", () => {
    seekTo(Number(ui.seek.value));
    followSentence({ force: true });
  });

  // A word plays from its start; elsewhere in a sentence, from the sentence's start.
  textRoot.addEventListener("click", (event) => {
    if (!narratePlayer.ready) return;
    const selection = window.getSelection();
    if (selection && !selection.isCollapsed && selection.toString().trim()) return; // selecting text to copy
    const wordEl = event.target.closest(".w");
    const word = wordEl ? state.words[Number(wordEl.dataset.word)] : null;
    if (word && isNumber(word.startSeconds)) {
      seekTo(word.startSeconds);
      play();
      return;
    }
    const sentenceEl = event.target.closest(".s.playable");
    if (sentenceEl) {
      seekToSentence(Number(sentenceEl.dataset.sentence));
      play();
    }
  });

  function isFormField(target) {
    return Boolean(target && target.closest && target.closest("input, select, textarea, [contenteditable]:not([contenteditable='false'])"));
  }

  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (isFormField(event.target)) return;
    if (SCROLL_KEYS.has(event.key)) {
      listenerScrolled();
      return;
    }
    // While the render is made, Space plays the stream (the arrows find no timings to go by).
    if (!narratePlayer.ready && !live.possible) return;
    switch (event.key) {
      case " ":
      case "Spacebar":
        // Space on a focused button or link presses it, as everywhere else.
        if (event.target.closest && event.target.closest("button, a, summary")) return;
        event.preventDefault();
        togglePlay();
        break;
      case "ArrowLeft":
        event.preventDefault();
        stepSentence(-1);
        break;
      case "ArrowRight":
        event.preventDefault();
        stepSentence(1);
        break;
      case "+":
      case "=":
        setSpeed(audio.playbackRate + 0.25);
        break;
      case "-":
        setSpeed(audio.playbackRate - 0.25);
        break;
      default:
        break;
    }
  });

  // ---- The voice ----

  /** The value a voice is chosen by: a Piper voice's identifier, eSpeak NG's voice name ("en-us"). */
  function voiceValue(voice) {
    return voice.engine ? voice.identifier : voice.identifier.split("/").pop().toLowerCase();
  }

  /** "Joe (neural, medium)", "English (America) (eSpeak NG)". */
  function voiceLabel(voice) {
    return voice.engine ? `${voice.name} (neural${voice.quality ? `, ${voice.quality.replace("_", " ")}` : ""})` : `${voice.name} (eSpeak NG)`;
  }

  /** Fills the voice picker from the article's voice choice: "Automatic" first, then its voices. */
  function showVoices(choice) {
    const options = [el("option", { value: "" }, `Automatic: ${choice.automatic}`)];
    const kept = (choice.voice || "").toLowerCase();
    let found = !kept;
    for (const voice of choice.voices) {
      const value = voiceValue(voice);
      if (value.toLowerCase() === kept) found = true;
      options.push(el("option", { value }, voiceLabel(voice)));
    }
    if (!found) options.push(el("option", { value: choice.voice }, choice.voice));
    ui.voice.replaceChildren(...options);
    ui.voice.value = [...ui.voice.options].find((option) => option.value.toLowerCase() === kept)?.value ?? "";
    narratePlayer.voice = choice;
  }

  async function loadVoices() {
    try {
      showVoices(await api(`${articlePath}/voice`));
      ui.voice.disabled = false;
    } catch (error) {
      // The article plays in its voice all the same; only the picker is missing.
      ui.voice.title = `The voices could not be listed: ${error.message}`;
    }
  }

  /**
   * Keeps `value` as the article's voice (on every device: it is the library's), then loads
   * it at the same sentence (the position is saved first): its render in that voice, or one
   * made now, streamed while it is made. Play goes on in the new voice.
   */
  async function chooseVoice(value) {
    ui.voice.disabled = true;
    audio.pause();
    if (state.view && state.view.render) await savePosition();
    try {
      showVoices(await api(`${articlePath}/voice`, { method: "PUT", body: { voice: value || null } }));
    } catch (error) {
      showError(`The voice could not be changed: ${error.message}`);
      ui.voice.disabled = false;
      return;
    }
    ui.voice.disabled = false;
    await loadChosen();
  }

  /** After a choice that changes the audio (a voice, what is read): the article loaded afresh. */
  async function loadChosen() {
    narratePlayer.ready = false;
    audio.removeAttribute("src");
    audio.load();
    await loadFreshView();
  }

  // ---- What is read aloud ----

  /**
   * Shows the library's reading choices: a box for each part (references, footnotes, image
   * descriptions, tables, code notices, links), and the blocks of parts not read dimmed.
   * Navigation and the like (`apparatus`) are never read.
   */
  function showReading(reading) {
    const legend = ui.readingParts.querySelector("legend");
    const boxes = reading.parts.map((part) =>
      el(
        "label",
        { class: "reading-part" },
        el("input", { type: "checkbox", name: "read", value: part.name, checked: part.read }),
        ` ${part.label}`,
      ),
    );
    ui.readingParts.replaceChildren(legend, ...boxes);
    const read = new Set(reading.read);
    for (const node of textRoot.querySelectorAll("[data-part]")) {
      const unread = !read.has(node.dataset.part);
      node.classList.toggle("unread", unread);
      if (unread) node.title = "Not read aloud (see Read aloud)";
      else node.removeAttribute("title");
    }
    state.reading = reading;
  }

  async function loadReading() {
    try {
      showReading(await api("/api/reading"));
      ui.readingParts.disabled = false;
    } catch (error) {
      ui.reading.title = `The reading choices could not be loaded: ${error.message}`;
    }
  }

  /**
   * Keeps the parts ticked as the library's reading choices (on every device), then loads the
   * article at the same sentence: its render reading those parts, or one made now.
   */
  async function chooseReading() {
    const read = [...ui.readingParts.querySelectorAll("input[name=read]:checked")].map((box) => box.value);
    ui.readingParts.disabled = true;
    audio.pause();
    if (state.view && state.view.render) await savePosition();
    try {
      showReading(await api("/api/reading", { method: "PUT", body: { read } }));
    } catch (error) {
      showError(`What is read aloud could not be changed: ${error.message}`);
      if (state.reading) showReading(state.reading);
      ui.readingParts.disabled = false;
      return;
    }
    ui.readingParts.disabled = false;
    await loadChosen();
  }

  // ---- Start ----

  // This page scrolls to where the listening is; the browser's remembered scroll would fight it.
  if ("scrollRestoration" in history) history.scrollRestoration = "manual";
  setSpeed(Number(storageGet("narrate.speed")) || 1);

  loadFreshView();
  loadVoices();
  loadReading();
})();
