// narrate serve: what the page scripts share.
//
// Every page loads this script just before its own (both deferred, so they run in that
// order). It defines one global, `narrate`, and nothing else:
//
//   narrate.ApiError    an error from the API, with its HTTP status (0: server not reached)
//   narrate.api         calls the JSON API (the server's /openapi.json)
//   narrate.el          makes an element with attributes and children
//   narrate.alertLine   a page's error line, with the functions that show and clear it
"use strict";

(() => {
  // ---- Talking to the server ----

  /** An error the API reported, with the message from its `{"error": {"message"}}` body. */
  class ApiError extends Error {
    constructor(status, message) {
      super(message);
      /** The HTTP status, or 0 when the server could not be reached. */
      this.status = status;
    }
  }

  /**
   * Calls the JSON API; resolves to the parsed body (null for 204), rejects with ApiError
   * (or the AbortError of an aborted `signal`).
   *
   * - `body`: sent as JSON.
   * - `signal`: an AbortSignal that cancels the call.
   * - `keepalive`: the request outlives the page (a save as the page is left or reloaded).
   * - `midSentence`: the messages made here, when the server gives none, continue a
   *   sentence ("…: the server answered 502 Bad Gateway") instead of standing alone
   *   ("…: The server answered 502 Bad Gateway."). The server's own messages are as sent.
   */
  async function api(path, { method = "GET", body, signal, keepalive = false, midSentence = false } = {}) {
    let response;
    try {
      response = await fetch(path, {
        method,
        signal,
        keepalive,
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      if (error.name === "AbortError") throw error;
      const unreachable = "narrate server could not be reached. Is `narrate serve` still running?";
      throw new ApiError(0, midSentence ? `the ${unreachable}` : `The ${unreachable}`);
    }
    if (response.status === 204) return null;
    let json = null;
    try {
      json = await response.json();
    } catch {
      // Not JSON (a proxy's error page, say): the status alone has to do.
    }
    if (!response.ok) {
      const message = json && json.error && json.error.message;
      const answered = `server answered ${response.status} ${response.statusText}`;
      throw new ApiError(response.status, message || (midSentence ? `the ${answered}` : `The ${answered}.`));
    }
    return json;
  }

  // ---- Small DOM helpers ----

  /** Makes an element with attributes (`class`, `hidden`, ...) and children (nodes or strings). */
  function el(tag, attributes = {}, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) {
      if (value === false || value === null || value === undefined) continue;
      node.setAttribute(name, value === true ? "" : String(value));
    }
    node.append(...children.filter((child) => child !== null && child !== undefined));
    return node;
  }

  /**
   * A page's error line: `node`, a `<p class="alert" role="alert">` with the given id,
   * hidden while empty; `show(message)` puts a message in it, `clear()` empties it.
   */
  function alertLine(id) {
    const node = el("p", { id, class: "alert", role: "alert", hidden: true });
    return {
      node,
      show(message) {
        node.textContent = message;
        node.hidden = false;
      },
      clear() {
        node.hidden = true;
        node.textContent = "";
      },
    };
  }

  window.narrate = Object.freeze({ ApiError, api, el, alertLine });
})();
