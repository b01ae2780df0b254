// narrate serve: the service worker (registered by offline.js, scope "/").
//
// - The app's shell (the library page, the scripts and style, the manifest and an icon) is
//   kept at install and refreshed each time it is fetched: offline the library still opens.
// - Pages and the API's GETs go to the server first; when it cannot be reached, a copy kept
//   on the device answers (the shell, or a downloaded article's page, text and voices), else
//   a page that says the article was not downloaded.
// - A downloaded article's audio is played from the device, online too (no data spent twice),
//   answering the player's range requests from the whole file kept.
// Everything else (POST, PUT, DELETE, other sites) goes to the network untouched.
"use strict";

const SHELL_CACHE = "narrate-shell-v1";
/** offline.js's downloads: `{page, view, audio, voices}` of each article kept. */
const DOWNLOADS_CACHE = "narrate-downloads";
const SHELL = [
  "/",
  "/static/style.css",
  "/static/common.js",
  "/static/offline.js",
  "/static/library.js",
  "/static/article.js",
  "/manifest.webmanifest",
  "/icons/192.png",
  "/api/reading",
];
/** How long a page waits for the server before a copy kept on the device answers. */
const NETWORK_PATIENCE_MS = 6000;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      // One by one: one that fails (the server gone meanwhile) does not stop the others.
      await Promise.all(
        SHELL.map(async (path) => {
          try {
            const response = await fetch(path, { credentials: "same-origin", cache: "no-store" });
            if (response.ok) await cache.put(path, response);
          } catch {
            // Kept the next time it is fetched.
          }
        }),
      );
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("narrate-shell-") && name !== SHELL_CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (/^\/api\/articles\/\d+\/renders\/[^/]+\/audio$/.test(url.pathname)) {
    event.respondWith(downloadedAudio(request));
    return;
  }
  // Live streams and feeds are never kept.
  if (url.pathname.endsWith("/live") || url.pathname.startsWith("/podcast/") || url.pathname.startsWith("/feed")) return;
  event.respondWith(serverFirst(request, url));
});

/** The path and query a copy is kept under (the shell's without the one-time `?token=`). */
function keyOf(url) {
  if (url.pathname === "/") return "/";
  return url.pathname + url.search;
}

async function serverFirst(request, url) {
  const key = keyOf(url);
  const downloads = await caches.open(DOWNLOADS_CACHE);
  const shell = await caches.open(SHELL_CACHE);
  const kept = (await downloads.match(key, { ignoreVary: true })) || (await shell.match(key, { ignoreVary: true }));
  let response;
  try {
    response = await fetchPatiently(request, kept);
  } catch (error) {
    if (kept) return kept;
    if (request.mode === "navigate") return notDownloaded(url);
    throw error;
  }
  if (response === null) return kept;
  if (response.ok) {
    // The shell and the downloads stay as new as the server's last answer.
    if (SHELL.includes(key)) await shell.put(key, response.clone());
    else if (await downloads.match(key, { ignoreVary: true })) await downloads.put(key, response.clone());
  }
  return response;
}

/** The server's answer; null when a kept copy exists and the server took too long. */
function fetchPatiently(request, kept) {
  const answer = fetch(request);
  if (!kept) return answer;
  return Promise.race([answer, new Promise((resolve) => setTimeout(() => resolve(null), NETWORK_PATIENCE_MS))]);
}

/** A downloaded article's audio from the device, as a whole or the range asked; else the server's. */
async function downloadedAudio(request) {
  const url = new URL(request.url);
  const downloads = await caches.open(DOWNLOADS_CACHE);
  const kept = await downloads.match(url.pathname + url.search, { ignoreVary: true });
  if (!kept) return fetch(request);
  const blob = await kept.blob();
  const type = kept.headers.get("Content-Type") || "application/octet-stream";
  const size = blob.size;
  const range = request.headers.get("Range");
  if (!range) {
    return new Response(blob, { status: 200, headers: { "Content-Type": type, "Content-Length": String(size), "Accept-Ranges": "bytes" } });
  }
  const match = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
  let start = -1;
  let end = size - 1;
  if (match && match[1] !== "") {
    start = Number(match[1]);
    if (match[2] !== "") end = Math.min(Number(match[2]), size - 1);
  } else if (match && match[2] !== "") {
    start = Math.max(0, size - Number(match[2]));
  }
  if (start < 0 || start >= size || start > end) {
    return new Response(null, { status: 416, headers: { "Content-Range": `bytes */${size}` } });
  }
  return new Response(blob.slice(start, end + 1, type), {
    status: 206,
    headers: {
      "Content-Type": type,
      "Content-Length": String(end - start + 1),
      "Content-Range": `bytes ${start}-${end}/${size}`,
      "Accept-Ranges": "bytes",
    },
  });
}

/** The page for an article that is not on the device while the server cannot be reached. */
function notDownloaded(url) {
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark"><title>narrate: offline</title>
<link rel="stylesheet" href="/static/style.css"></head>
<body class="offline-page">
<header class="top"><a href="/" class="back">Library</a></header>
<main id="offline"><h1>Offline</h1>
<p role="alert">The narrate server cannot be reached, and ${url.pathname.startsWith("/articles/") ? "this article was not downloaded" : "this page is not kept on this device"}.
Articles you download (or the library keeps downloaded) play without it.</p></main>
</body>
</html>
`;
  return new Response(html, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}
