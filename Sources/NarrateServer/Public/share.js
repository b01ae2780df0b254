// narrate serve: the share page (/share), where another app's share sheet and the
// "Send to narrate" bookmarklet land.
//
// The server shows what was shared and says whether the page may add it by itself
// (`data-automatic`: the browser said no other site sent the listener here). This script
// adds it through the API (POST /api/articles: a request of the server's own page, so the
// API's cross-site protection stays whole), to the end of up next too when this device chose
// so, asks for its audio, and opens its page.
"use strict";

(() => {
  const main = document.getElementById("share");
  if (!main) return;
  const { api, alertLine, el } = window.narrate; // common.js
  const button = document.getElementById("share-add");
  const status = document.getElementById("share-status");
  const { node: alert, show: showError, clear: clearError } = alertLine("share-error");
  status.after(alert);

  // "Also add it to the end of up next": this device's choice, kept for the next share.
  const QUEUE_KEY = "narrate.shareToUpNext";
  const toQueue = el("input", { type: "checkbox", name: "up-next" });
  try {
    toQueue.checked = window.localStorage.getItem(QUEUE_KEY) === "1";
  } catch {
    // Storage disabled: unticked.
  }
  toQueue.addEventListener("change", () => {
    try {
      window.localStorage.setItem(QUEUE_KEY, toQueue.checked ? "1" : "0");
    } catch {
      // Not remembered.
    }
  });
  button.parentElement.after(el("p", {}, el("label", { class: "share-to-queue" }, toQueue, " Also add it to the end of up next")));

  function body() {
    const title = main.dataset.title || undefined;
    if (main.dataset.kind === "link") return { url: main.dataset.url };
    const text = document.getElementById("shared-text").textContent;
    return title ? { text, title } : { text };
  }

  async function add() {
    button.disabled = true;
    clearError();
    status.textContent = main.dataset.kind === "link" ? "Fetching the page…" : "Adding…";
    try {
      const result = await api("/api/articles", { method: "POST", body: body() });
      const id = encodeURIComponent(result.article.id);
      status.textContent = result.added ? "Added. Making its audio…" : "It is already in the library.";
      main.dataset.added = String(result.article.id);
      if (toQueue.checked) await api("/api/queue", { method: "POST", body: { ids: [result.article.id] } });
      try {
        await api(`/api/articles/${id}/render?formats=${encodeURIComponent(window.narrateOffline.formats())}`, { method: "POST" });
      } catch {
        // Its page asks again when it opens.
      }
      window.location.replace(`/articles/${id}`);
    } catch (error) {
      status.textContent = "";
      showError(`Could not add it: ${error.message}`);
      button.disabled = false;
    }
  }

  button.addEventListener("click", add);
  if (main.dataset.automatic === "true") add();
  else button.focus();
})();
