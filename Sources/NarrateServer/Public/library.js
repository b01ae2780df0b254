// narrate serve: the library page.
//
// The server sends the list of articles as plain links; this script adds what needs
// JavaScript: search and filters (GET /api/facets, GET /api/articles), progress and time
// left per article, delete with confirmation, and a form that adds a URL or pasted text.
// The HTTP contract is the server's /openapi.json; the API call and the DOM helpers are
// common.js's (`narrate`), loaded before this script.
"use strict";

(() => {
  const tools = document.getElementById("library-tools");
  const list = document.getElementById("articles");
  const empty = document.getElementById("empty");
  if (!tools || !list) return;

  const { api, el, alertLine } = window.narrate; // common.js
  const offline = window.narrateOffline; // offline.js

  // ---- Small DOM helpers ----

  /** A labelled form field: the label text above the control. */
  function field(labelText, control, className = "") {
    return el("label", { class: `field ${className}`.trim() }, el("span", {}, labelText), control);
  }

  const { node: alertBox, show: showError, clear: clearError } = alertLine("library-error");
  const listStatus = el("p", { class: "list-status", role: "status" });

  // ---- Formatting ----

  const languageNames = (() => {
    try {
      return new Intl.DisplayNames([navigator.language || "en"], { type: "language" });
    } catch {
      return null;
    }
  })();

  /** "English" for "en" where the browser knows the name, else the code itself. */
  function languageName(code) {
    try {
      return (languageNames && languageNames.of(code)) || code;
    } catch {
      return code;
    }
  }

  /** "12 min", "1 h 5 min", "under a minute". */
  function duration(seconds) {
    if (!(seconds > 0)) return "0 min";
    if (seconds < 60) return "under a minute";
    const minutes = Math.round(seconds / 60);
    if (minutes < 60) return `${minutes} min`;
    const hours = Math.floor(minutes / 60);
    const rest = minutes % 60;
    return rest ? `${hours} h ${rest} min` : `${hours} h`;
  }

  /** "finished" or "12 min left". */
  function timeLeft(article) {
    if (article.finished) return "finished";
    const seconds = typeof article.secondsLeft === "number" ? article.secondsLeft : article.listeningSeconds;
    return `${duration(seconds)} left`;
  }

  /** The snippet of a search result, its `[match]` parts marked. */
  function snippet(text, lang) {
    const paragraph = el("p", { class: "snippet", lang });
    const pattern = /\[([^\]]+)\]/g;
    let at = 0;
    for (const match of text.matchAll(pattern)) {
      paragraph.append(text.slice(at, match.index), el("mark", {}, match[1]));
      at = match.index + match[0].length;
    }
    paragraph.append(text.slice(at));
    return paragraph;
  }

  /** The language an article's title and text are in, for their `lang`, when known. */
  function textLanguage(article) {
    return typeof article.language === "string" && /^[A-Za-z0-9-]{1,35}$/.test(article.language) ? article.language : undefined;
  }

  // ---- The list ----

  function renderItem(article) {
    const title = article.title || `Article ${article.id}`;
    const meta = [article.site, article.language, timeLeft(article)].filter(Boolean).join(" · ");
    const progress = Math.min(1, Math.max(0, article.finished ? 1 : article.progress || 0));
    const percent = Math.round(progress * 100);

    const body = el(
      "div",
      { class: "article-body" },
      el("a", { href: `/articles/${article.id}`, class: "article-title", lang: textLanguage(article) }, title),
      el("span", { class: "meta" }, meta),
      el("progress", { max: 1, value: progress, "aria-label": `${title}: ${percent}% heard` }, `${percent}%`),
      article.tags && article.tags.length
        ? el("ul", { class: "tags", "aria-label": "Tags" }, ...article.tags.map((tag) => el("li", { class: "tag" }, tag)))
        : null,
      article.snippet ? snippet(article.snippet, textLanguage(article)) : null,
    );
    const remove = el("button", { type: "button", class: "delete", "aria-label": `Delete “${title}”` }, "Delete");
    remove.addEventListener("click", () => deleteArticle(article, title, remove));
    const queue = el("button", { type: "button", class: "queue-add", "aria-label": `Add “${title}” to up next` }, "Up next");
    queue.addEventListener("click", async () => {
      await changeQueue("POST", "/api/queue", { ids: [article.id] });
      // Queued from the archive, it is back in the library.
      if (article.archivedAt) refreshList();
    });
    const archived = Boolean(article.archivedAt);
    const shelve = el(
      "button",
      { type: "button", class: "shelve", "aria-label": archived ? `Move “${title}” back to the library` : `Archive “${title}”` },
      archived ? "To library" : "Archive",
    );
    shelve.addEventListener("click", () => shelveArticle(article, title, archived ? "library" : "archive", shelve));

    return el(
      "li",
      { class: "article enhanced", "data-article-id": article.id },
      body,
      el("span", { class: "item-actions" }, queue, shelve, remove),
    );
  }

  /** Marks the articles kept on this device ("Downloaded"), and offline dims the others. */
  function markDownloads() {
    const kept = offline.downloads();
    for (const item of list.querySelectorAll("li.article")) {
      const isKept = Boolean(kept[item.dataset.articleId]);
      item.classList.toggle("downloaded", isKept);
      item.classList.toggle("unavailable", isOffline && !isKept);
      let mark = item.querySelector(".download-mark");
      if (isKept && !mark) {
        mark = el("span", { class: "download-mark", title: "Kept on this device: plays offline" }, "Downloaded");
        (item.querySelector(".meta") || item).after(mark);
      } else if (!isKept && mark) {
        mark.remove();
      }
    }
  }

  function renderList(result) {
    list.replaceChildren(...result.articles.map(renderItem));
    markDownloads();
    const filtering = Boolean(filters.q.value.trim() || filters.tag.value || filters.language.value || filters.progress.value);
    const archive = Boolean(filters.shelf.value);
    empty.textContent = filtering
      ? archive
        ? "No archived articles match."
        : "No articles match in the library (archived ones are under From: Archive)."
      : archive
        ? "Nothing archived."
        : "No articles yet.";
    empty.hidden = result.articles.length > 0;
    listStatus.textContent =
      result.total > result.articles.length ? `Showing ${result.articles.length} of ${result.total} articles.` : "";
    listStatus.hidden = listStatus.textContent === "";
  }

  // Only the newest listing may render: an older, slower answer is aborted.
  let listing = null;

  async function refreshList() {
    if (listing) listing.abort();
    const controller = new AbortController();
    listing = controller;
    const query = new URLSearchParams();
    const q = filters.q.value.trim();
    if (q) query.set("q", q);
    if (filters.tag.value) query.set("tag", filters.tag.value);
    if (filters.language.value) query.set("language", filters.language.value);
    if (filters.progress.value) query.set("progress", filters.progress.value);
    if (filters.shelf.value) query.set("shelf", filters.shelf.value);
    const path = `/api/articles${query.toString() ? `?${query}` : ""}`;
    try {
      const result = await api(path, { signal: controller.signal });
      if (listing !== controller) return;
      setOffline(false);
      renderList(result);
      clearError();
    } catch (error) {
      if (error.name === "AbortError") return;
      if (error.status === 0 && offline.supported) return setOffline(true);
      showError(`Could not list the articles: ${error.message}`);
    } finally {
      if (listing === controller) listing = null;
    }
  }

  /** Fills the tag and language filters, keeping what is selected. */
  async function refreshFacets() {
    try {
      const facets = await api(`/api/facets${filters.shelf.value ? `?shelf=${encodeURIComponent(filters.shelf.value)}` : ""}`);
      fillSelect(filters.tag, "All tags", facets.tags.map((tag) => [tag.name, `${tag.name} (${tag.count})`]));
      fillSelect(
        filters.language,
        "All languages",
        facets.languages.map((language) => [language.code, `${languageName(language.code)} (${language.count})`]),
      );
    } catch (error) {
      if (error.status !== 0 || !offline.supported) showError(`Could not load the filters: ${error.message}`);
    }
  }

  function fillSelect(select, allLabel, entries) {
    const selected = select.value;
    select.replaceChildren(el("option", { value: "" }, allLabel), ...entries.map(([value, label]) => el("option", { value }, label)));
    // A filter whose last article went away falls back to "all".
    select.value = entries.some(([value]) => value === selected) ? selected : "";
  }

  /** Moves an article to the archive or back to the library: it leaves the list shown. */
  async function shelveArticle(article, title, shelf, button) {
    button.disabled = true;
    try {
      await api(`/api/articles/${article.id}/shelf`, { method: "PUT", body: { shelf } });
      clearError();
      await Promise.all([refreshList(), refreshQueue(), refreshFacets()]);
    } catch (error) {
      button.disabled = false;
      showError(`Could not move “${title}” to the ${shelf}: ${error.message}`);
    }
  }

  async function deleteArticle(article, title, button) {
    if (!window.confirm(`Delete “${title}” from the library? Its audio and listening position go with it.`)) return;
    button.disabled = true;
    try {
      await api(`/api/articles/${article.id}`, { method: "DELETE" });
      clearError();
      await Promise.all([refreshList(), refreshFacets()]);
    } catch (error) {
      button.disabled = false;
      showError(`Could not delete “${title}”: ${error.message}`);
    }
  }

  // ---- Filters ----

  /** The up-next queue's parts (shown in its section below, and the tag's button in the filters). */
  const queueUI = {
    list: el("ol", { class: "up-next-list" }),
    empty: el("p", { class: "status" }, "Nothing queued: “Up next” on an article adds it."),
    play: el("a", { class: "button primary", hidden: true }, "Play the queue"),
    addTag: el("button", { type: "button", class: "queue-tag", hidden: true }, "Add its unfinished to up next"),
  };

  const filters = {
    q: el("input", { type: "search", name: "q", autocomplete: "off", placeholder: "Words in the title or text" }),
    tag: el("select", { name: "tag" }, el("option", { value: "" }, "All tags")),
    language: el("select", { name: "language" }, el("option", { value: "" }, "All languages")),
    progress: el(
      "select",
      { name: "progress" },
      el("option", { value: "" }, "All"),
      el("option", { value: "unfinished" }, "Unfinished"),
      el("option", { value: "finished" }, "Finished"),
    ),
    shelf: el(
      "select",
      { name: "shelf" },
      el("option", { value: "" }, "Library"),
      el("option", { value: "archive" }, "Archive"),
    ),
  };

  // On a phone the three selects fold under "Filters" (they filled the first screen: 1.5
  // articles showed at 360×740); on a wider screen they stay open and the fold's line goes.
  const wide = window.matchMedia("(min-width: 30.01rem)");
  const moreFilters = el(
    "details",
    { class: "more-filters", open: wide.matches },
    el("summary", {}, "Filters"),
    el(
      "div",
      { class: "filter-selects" },
      field("Tag", filters.tag),
      field("Language", filters.language),
      field("Show", filters.progress, "progress-filter"),
      field("From", filters.shelf, "shelf-filter"),
      queueUI.addTag,
    ),
  );
  wide.addEventListener("change", () => {
    if (wide.matches) moreFilters.open = true;
  });
  /** The fold's line says how many filters are on, so a closed fold hides nothing unsaid. */
  function showFiltersOn() {
    const on = [filters.tag, filters.language, filters.progress, filters.shelf].filter((select) => select.value).length;
    moreFilters.querySelector("summary").textContent = on ? `Filters (${on} on)` : "Filters";
  }
  const filterForm = el(
    "form",
    { class: "filters", role: "search", "aria-label": "Find articles" },
    field("Search", filters.q, "search"),
    moreFilters,
  );
  filterForm.addEventListener("submit", (event) => {
    event.preventDefault();
    refreshList();
  });

  let searchTimer = 0;
  filters.q.addEventListener("input", () => {
    clearTimeout(searchTimer);
    searchTimer = setTimeout(refreshList, 250);
  });
  filters.tag.addEventListener("change", () => {
    queueUI.addTag.hidden = !filters.tag.value;
  });
  for (const select of [filters.tag, filters.language, filters.progress, filters.shelf]) {
    select.addEventListener("change", () => {
      showFiltersOn();
      refreshList();
    });
  }
  // The tags and languages counted are the shelf's.
  filters.shelf.addEventListener("change", refreshFacets);

  // ---- Adding an article ----

  const add = {
    url: el("input", { type: "url", name: "url", inputmode: "url", autocomplete: "off", placeholder: "https://…" }),
    text: el("textarea", { name: "text", rows: 5, placeholder: "Paste the text of an article" }),
    title: el("input", { type: "text", name: "title", autocomplete: "off" }),
    submit: el("button", { type: "submit", class: "primary" }, "Add"),
    status: el("span", { class: "status", role: "status" }),
  };
  const addForm = el(
    "form",
    { "aria-label": "Add an article" },
    field("Web address", add.url),
    el("p", { class: "or" }, "or"),
    field("Text", add.text),
    field("Title (optional, for pasted text)", add.title),
    el("div", { class: "actions" }, add.submit, add.status),
  );
  /**
   * "Send to narrate": a bookmarklet that opens this server's share page with the page it is
   * clicked on. The share page, of this server's own origin, does the adding (after a click:
   * another site sent the listener there), so the API never takes a request from another site.
   */
  const shareAddress = JSON.stringify(`${window.location.origin}/share`);
  const bookmarklet = el(
    "a",
    {
      class: "bookmarklet button",
      href: `javascript:(()=>{window.open(${shareAddress}+"?url="+encodeURIComponent(location.href)+"&title="+encodeURIComponent(document.title),"_blank")})()`,
      title: "Drag to your bookmarks bar",
    },
    "Send to narrate",
  );
  bookmarklet.addEventListener("click", (event) => event.preventDefault());
  const addSection = el(
    "details",
    { class: "add-form" },
    el("summary", {}, "Add an article"),
    addForm,
    el("p", { class: "share-help" }, "From any page in this browser: drag ", bookmarklet,
      " to your bookmarks bar, and click it on a page to add the page. On a phone, share a page to the installed app."),
  );

  addForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    const url = add.url.value.trim();
    const text = add.text.value.trim();
    const title = add.title.value.trim();
    if (url && text) return showError("Give a web address or paste text, not both.");
    if (!url && !text) return showError("Give a web address or paste the text of an article.");

    const body = url ? { url } : title ? { text, title } : { text };
    add.submit.disabled = true;
    add.status.textContent = url ? "Fetching the page…" : "Adding…";
    try {
      const result = await api("/api/articles", { method: "POST", body });
      clearError();
      const name = result.article.title || `Article ${result.article.id}`;
      add.status.textContent = result.added ? `Added “${name}”.` : `“${name}” is already in the library.`;
      add.url.value = "";
      add.text.value = "";
      add.title.value = "";
      await Promise.all([refreshList(), refreshFacets()]);
    } catch (error) {
      add.status.textContent = "";
      showError(`Could not add the article: ${error.message}`);
    } finally {
      add.submit.disabled = false;
    }
  });

  // ---- Up next: the library's queue ----

  const queueSection = el(
    "details",
    { class: "up-next", hidden: true },
    el("summary", {}, "Up next"),
    queueUI.list,
    queueUI.empty,
    el("p", { class: "actions" }, queueUI.play),
  );

  /** The queue in the page: each article with its place, Up, Down and Remove. */
  function showQueue(queue) {
    showFinish(queue);
    const ids = queue.articles.map((article) => article.id);
    queueUI.list.replaceChildren(
      ...queue.articles.map((article, index) => {
        const title = article.title || `Article ${article.id}`;
        const move = (step) => {
          const order = [...ids];
          order.splice(index, 1);
          order.splice(index + step, 0, article.id);
          changeQueue("PUT", "/api/queue", { ids: order });
        };
        const up = el("button", { type: "button", class: "queue-up", "aria-label": `Move “${title}” up`, disabled: index === 0 }, "↑");
        const down = el("button", { type: "button", class: "queue-down", "aria-label": `Move “${title}” down`, disabled: index === ids.length - 1 }, "↓");
        const out = el("button", { type: "button", class: "queue-remove", "aria-label": `Take “${title}” out of up next` }, "Remove");
        up.addEventListener("click", () => move(-1));
        down.addEventListener("click", () => move(1));
        out.addEventListener("click", () => changeQueue("DELETE", `/api/queue/${encodeURIComponent(article.id)}`));
        return el(
          "li",
          { "data-article-id": article.id },
          el("a", { href: `/articles/${encodeURIComponent(article.id)}`, lang: textLanguage(article) }, title),
          el("span", { class: "meta" }, ` ${timeLeft(article)} `),
          el("span", { class: "item-actions" }, up, down, out),
        );
      }),
    );
    queueUI.empty.hidden = ids.length > 0;
    // Out of the way until something is queued ("Up next" on an article, or a tag's unfinished from the filters).
    queueSection.hidden = ids.length === 0;
    queueUI.play.hidden = ids.length === 0;
    if (ids.length) queueUI.play.setAttribute("href", `/articles/${encodeURIComponent(ids[0])}?play=1`);
    queueSection.querySelector("summary").textContent = ids.length ? `Up next (${ids.length})` : "Up next";
  }

  async function changeQueue(method, path, body) {
    try {
      showQueue(await api(path, { method, body }));
      if (method === "POST") queueSection.open = true;
      clearError();
    } catch (error) {
      showError(`Could not change the up-next queue: ${error.message}`);
    }
  }

  queueUI.addTag.addEventListener("click", () => {
    if (filters.tag.value) changeQueue("POST", "/api/queue", { tag: filters.tag.value });
  });

  async function refreshQueue() {
    try {
      const queue = await api("/api/queue");
      showQueue(queue);
      // Open when there is something in it, as the page opens.
      queueSection.open = queue.articles.length > 0;
    } catch (error) {
      if (error.status !== 0 || !offline.supported) showError(`Could not load the up-next queue: ${error.message}`);
    }
  }

  // ---- What an article heard to the end gets (the library's setting, from any player) ----

  const finishUI = {
    action: el(
      "select",
      { name: "on-finish" },
      el("option", { value: "nothing" }, "Stays in the library"),
      el("option", { value: "archive" }, "Moves to the archive"),
      el("option", { value: "tag" }, "Gets a tag"),
    ),
    tag: el("input", { type: "text", name: "finish-tag", autocomplete: "off", placeholder: "heard", maxlength: 100 }),
  };
  const finishTagField = field("Tag", finishUI.tag, "finish-tag");
  const finishSection = el(
    "details",
    { class: "finish-tools" },
    el("summary", {}, "When an article ends"),
    el("p", { class: "status" }, "It leaves the up-next queue, on any device, and:"),
    field("It", finishUI.action, "on-finish"),
    finishTagField,
  );

  /** The setting as the server has it (every answer about the queue carries it). */
  function showFinish(queue) {
    if (!queue || !queue.onFinish) return;
    finishUI.action.value = queue.onFinish;
    if (document.activeElement !== finishUI.tag) finishUI.tag.value = queue.finishTag || "";
    finishTagField.hidden = queue.onFinish !== "tag";
  }

  async function chooseFinish() {
    const onFinish = finishUI.action.value;
    finishTagField.hidden = onFinish !== "tag";
    const tag = finishUI.tag.value.trim();
    // "Gets a tag" waits for the tag.
    if (onFinish === "tag" && !tag) return finishUI.tag.focus();
    try {
      showQueue(await api("/api/queue/finish", { method: "PUT", body: onFinish === "tag" ? { onFinish, tag } : { onFinish } }));
      clearError();
    } catch (error) {
      showError(`Could not choose what a finished article gets: ${error.message}`);
    }
  }
  finishUI.action.addEventListener("change", chooseFinish);
  finishUI.tag.addEventListener("change", chooseFinish);

  // ---- Offline: what this device keeps ----

  /** The server was out of reach at the last listing: the list is the one last seen. */
  let isOffline = false;

  function setOffline(value) {
    isOffline = value;
    listStatus.textContent = value ? "Offline: the library as last seen; downloaded articles play." : "";
    listStatus.hidden = !value;
    document.body.classList.toggle("offline", value);
    markDownloads();
  }

  const keepChoices = [0, 1, 2, 3, 5, 10, 20];
  const downloadsUI = {
    summary: el("p", { class: "downloads-summary", role: "status" }),
    list: el("ul", { class: "downloads" }),
    keep: el(
      "select",
      { name: "keep-downloaded", disabled: true },
      ...keepChoices.map((count) => el("option", { value: String(count) }, count === 0 ? "none" : String(count))),
    ),
  };
  const downloadsSection = el(
    "details",
    { class: "offline-tools" },
    el("summary", {}, "Offline"),
    downloadsUI.summary,
    downloadsUI.list,
    field("Keep downloaded the next unfinished articles", downloadsUI.keep, "keep-downloaded"),
  );

  /** The downloads with the space they take, each with its Remove button. */
  function showDownloads() {
    const records = Object.entries(offline.downloads());
    const bytes = records.reduce((sum, [, record]) => sum + (record.bytes || 0), 0);
    downloadsUI.summary.textContent = records.length
      ? `${records.length} ${records.length === 1 ? "article" : "articles"} downloaded, ${(bytes / 1e6).toFixed(1)} MB on this device.`
      : "Nothing downloaded on this device.";
    downloadsUI.list.replaceChildren(
      ...records.map(([id, record]) => {
        const remove = el("button", { type: "button", class: "remove-download", "aria-label": `Remove the download of “${record.title}”` }, "Remove");
        remove.addEventListener("click", async () => {
          remove.disabled = true;
          await offline.remove(id);
          showDownloads();
          markDownloads();
        });
        return el(
          "li",
          { "data-article-id": id },
          el("a", { href: `/articles/${encodeURIComponent(id)}` }, record.title),
          el("span", { class: "meta" }, ` ${(record.bytes / 1e6).toFixed(1)} MB${record.auto ? " · kept by the library" : ""} `),
          remove,
        );
      }),
    );
  }

  downloadsUI.keep.addEventListener("change", async () => {
    downloadsUI.keep.disabled = true;
    try {
      await api("/api/offline", { method: "PUT", body: { keepDownloaded: Number(downloadsUI.keep.value) } });
      clearError();
      await keepDownloaded();
    } catch (error) {
      showError(`Could not change what is kept downloaded: ${error.message}`);
    } finally {
      downloadsUI.keep.disabled = false;
    }
  });

  /** Downloads the next unfinished articles the library keeps, while the server answers. */
  async function keepDownloaded() {
    try {
      const choice = await api("/api/offline");
      if (!keepChoices.includes(choice.keepDownloaded)) {
        downloadsUI.keep.append(el("option", { value: String(choice.keepDownloaded) }, String(choice.keepDownloaded)));
      }
      downloadsUI.keep.value = String(choice.keepDownloaded);
      downloadsUI.keep.disabled = false;
      downloadsUI.summary.textContent = "Downloading…";
      await offline.keepNext();
    } catch {
      // Offline, or the server refused: what is kept stays as it is.
    }
    showDownloads();
    markDownloads();
    // Done for this visit (the browser tests wait for it before they touch the list).
    downloadsSection.dataset.state = "kept";
  }

  // ---- Start ----

  tools.replaceChildren(queueSection, filterForm, addSection, ...(offline.supported ? [downloadsSection] : []), alertBox);
  // A setting, below the list: the tools above it leave the list in a phone's first screen.
  empty.after(finishSection);
  list.before(listStatus);
  listStatus.hidden = true;
  tools.hidden = false;
  refreshFacets();
  refreshList();
  refreshQueue();
  if (offline.supported) {
    showDownloads();
    markDownloads();
    keepDownloaded();
  }
})();
