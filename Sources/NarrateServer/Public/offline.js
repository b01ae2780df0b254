// narrate serve: listening offline, shared by the pages.
//
// Loaded after common.js and before the page's own script. It registers the service worker
// (/sw.js: the pages and scripts work offline, a downloaded article's audio is played from the
// device) and defines one global, `narrateOffline`:
//
//   supported              whether this browser can keep articles (a secure context: HTTPS or this machine)
//   formats()              the audio formats downloads are made in ("opus,mp3"), as the player asks
//   downloads()            what is downloaded: {id: {title, bytes, savedAt, paths, auto}}
//   download(id, {auto})   keeps an article's page, text and timings, audio and voice list on the device
//   remove(id)             forgets a download, freeing its space
//   keepNext()             keeps the next N unfinished articles downloaded (up next first; GET /api/offline)
//   queuePosition(id, p)   keeps a position on the device until the server has it
//   sent(id, p)            the server has it
//   withUnsentPosition(id, view)  a view whose position is the newest, the device's or the server's
//   flush()                sends the positions kept on the device
//
// Downloads live in the Cache API ("narrate-downloads", which the service worker reads) and
// are listed in localStorage; positions made offline too, until sent. The server keeps the
// position listened to last (by `listenedAt`), so one sent late never overwrites newer listening.
"use strict";

(() => {
  const CACHE = "narrate-downloads";
  const RECORDS_KEY = "narrate.downloads";
  const UNSENT_KEY = "narrate.unsent";
  /** How often positions kept on the device are offered again while some are. */
  const RETRY_MS = 15000;

  const supported = window.isSecureContext && "serviceWorker" in navigator && "caches" in window;
  const { api, ApiError } = window.narrate; // common.js

  function read(key) {
    try {
      const value = JSON.parse(window.localStorage.getItem(key));
      return value && typeof value === "object" ? value : {};
    } catch {
      return {};
    }
  }

  function write(key, value) {
    try {
      window.localStorage.setItem(key, JSON.stringify(value));
    } catch {
      // Storage full or disabled: the download or position is not remembered.
    }
  }

  /** The service worker, once registered (null where there is none). */
  const registration = supported
    ? navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => null)
    : Promise.resolve(null);

  /** Opus, else MP3, else WAV: what the player asks for in this browser. */
  function formats() {
    const probe = document.createElement("audio");
    const plays = (type) => probe.canPlayType(type) !== "";
    const list = [];
    if (plays('audio/ogg; codecs="opus"')) list.push("opus");
    if (plays("audio/mpeg")) list.push("mp3");
    return list.length ? list.join(",") : "wav";
  }

  const downloads = () => read(RECORDS_KEY);

  /** Fetches `path` as the pages do and keeps the answer in `cache`; its size in bytes. */
  async function keep(cache, path) {
    let response;
    try {
      response = await fetch(path, { credentials: "same-origin", cache: "no-store" });
    } catch {
      throw new ApiError(0, "the narrate server could not be reached");
    }
    if (!response.ok) throw new ApiError(response.status, `the server answered ${response.status} for ${path}`);
    const body = await response.clone().blob();
    await cache.put(path, response);
    return body.size;
  }

  /**
   * Keeps article `id` on the device: its page, its text and word timings, its compressed
   * audio and its voices. An article without a finished render has one asked for and is
   * `{state: "rendering"}`; else `{state: "downloaded", bytes}`.
   */
  async function download(id, { auto = false } = {}) {
    if (!supported) throw new ApiError(0, "this browser keeps articles only over HTTPS or on the server's own machine");
    const key = String(id);
    const base = `/api/articles/${encodeURIComponent(key)}`;
    const viewPath = `${base}?formats=${encodeURIComponent(formats())}`;
    const view = await api(viewPath);
    if (!view.render || !view.render.audio) {
      await api(`${base}/render?formats=${encodeURIComponent(formats())}`, { method: "POST" });
      return { state: "rendering" };
    }
    const paths = [`/articles/${encodeURIComponent(key)}`, viewPath, view.render.audio, `${base}/voice`];
    const cache = await caches.open(CACHE);
    let bytes = 0;
    try {
      for (const path of paths) bytes += await keep(cache, path);
    } catch (error) {
      await Promise.all(paths.map((path) => cache.delete(path)));
      throw error;
    }
    const records = downloads();
    // A download asked for by hand stays one when the library also keeps it.
    const wasManual = records[key] && !records[key].auto;
    records[key] = { title: view.title || `Article ${key}`, bytes, savedAt: Date.now() / 1000, paths, auto: auto && !wasManual };
    write(RECORDS_KEY, records);
    return { state: "downloaded", bytes };
  }

  /** Forgets the download of article `id`. */
  async function remove(id) {
    const key = String(id);
    const records = downloads();
    const record = records[key];
    if (!record) return;
    if (supported) {
      const cache = await caches.open(CACHE);
      await Promise.all((record.paths || []).map((path) => cache.delete(path)));
    }
    delete records[key];
    write(RECORDS_KEY, records);
  }

  /**
   * Keeps the library's next N unfinished articles downloaded (N the library's setting): the
   * up-next queue's first, then the library's unfinished in its order; those it downloaded
   * that are no longer among them (finished, removed) are forgotten. Only while the server
   * answers.
   */
  async function keepNext() {
    if (!supported) return { downloaded: 0 };
    const { keepDownloaded } = await api("/api/offline");
    let next = [];
    if (keepDownloaded > 0) {
      const queued = (await api("/api/queue")).articles.filter((article) => !article.finished);
      const unfinished = (await api(`/api/articles?progress=unfinished&limit=${keepDownloaded}`)).articles;
      const seen = new Set();
      next = [...queued, ...unfinished].filter((article) => !seen.has(article.id) && seen.add(article.id)).slice(0, keepDownloaded);
    }
    const wanted = new Set(next.map((article) => String(article.id)));
    for (const [key, record] of Object.entries(downloads())) {
      if (record.auto && !wanted.has(key)) await remove(key);
    }
    let downloaded = 0;
    for (const article of next) {
      if (downloads()[String(article.id)]) continue;
      try {
        if ((await download(article.id, { auto: true })).state === "downloaded") downloaded += 1;
      } catch {
        // One that cannot be kept now is tried again next time.
      }
    }
    return { downloaded };
  }

  // ---- Positions made offline ----

  /** Keeps `position` of article `id` until the server has it, unless a newer one is kept. */
  function queuePosition(id, position) {
    const unsent = read(UNSENT_KEY);
    const kept = unsent[String(id)];
    if (kept && kept.listenedAt > position.listenedAt) return;
    unsent[String(id)] = position;
    write(UNSENT_KEY, unsent);
    scheduleFlush();
  }

  /** The server has `position` of article `id`: forgotten here, unless a newer one came since. */
  function sent(id, position) {
    const unsent = read(UNSENT_KEY);
    const kept = unsent[String(id)];
    if (!kept || kept.listenedAt > position.listenedAt) return;
    delete unsent[String(id)];
    write(UNSENT_KEY, unsent);
  }

  /** `view` with the position kept on the device when it is newer than the server's. */
  function withUnsentPosition(id, view) {
    const kept = read(UNSENT_KEY)[String(id)];
    if (!view || !kept || (view.position && view.position.listenedAt >= kept.listenedAt)) return view;
    return { ...view, position: { ...(view.position || {}), ...kept } };
  }

  let flushing = null;

  /** Sends the positions kept on the device; those the server takes or refuses are forgotten. */
  function flush() {
    flushing ??= (async () => {
      try {
        for (const [key, position] of Object.entries(read(UNSENT_KEY))) {
          try {
            await api(`/api/articles/${encodeURIComponent(key)}/position`, { method: "PUT", body: position });
            sent(key, position);
          } catch (error) {
            if (error.status === 0) return; // still out of reach: all of them wait
            // An article removed meanwhile (404), a position it no longer has (400): nothing to keep.
            if (error.status === 404 || error.status === 400) sent(key, position);
          }
        }
      } finally {
        flushing = null;
        scheduleFlush();
      }
    })();
    return flushing;
  }

  let retry = 0;
  function scheduleFlush() {
    clearTimeout(retry);
    if (Object.keys(read(UNSENT_KEY)).length) retry = setTimeout(flush, RETRY_MS);
  }

  window.addEventListener("online", () => flush());
  flush();

  window.narrateOffline = Object.freeze({
    supported,
    registration,
    formats,
    downloads,
    download,
    remove,
    keepNext,
    queuePosition,
    sent,
    withUnsentPosition,
    flush,
  });
})();
