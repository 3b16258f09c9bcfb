// This file defines the google.script.run shim the playground injects into the built sidebar: the
// same calling convention as Apps Script's client API (chained withSuccessHandler /
// withFailureHandler / withUserObject, asynchronous calls, failures delivered as Error objects with
// a message), carried over HTTP to the Node server, which runs the call on the built bundle.
// https://developers.google.com/apps-script/guides/html/reference/run

/** The path the shim POSTs `{name, args}` to; the answer is `{ok: true, value}` or `{ok: false, error: {name, message}}`. */
export const SCRIPT_RUN_PATH = "/api/run";

// Runs in the browser, inside the sidebar's iframe; written as plain ES2017 so any page can load it.
const SHIM = `(function () {
  "use strict";
  function runner(success, failure, userObject) {
    var target = {
      withSuccessHandler: function (fn) { return runner(fn, failure, userObject); },
      withFailureHandler: function (fn) { return runner(success, fn, userObject); },
      withUserObject: function (obj) { return runner(success, failure, obj); }
    };
    return new Proxy(target, {
      get: function (t, name) {
        if (typeof name !== "string") return undefined;
        if (Object.prototype.hasOwnProperty.call(t, name)) return t[name];
        return function () {
          var args = Array.prototype.slice.call(arguments);
          fetch(${JSON.stringify(SCRIPT_RUN_PATH)}, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ name: name, args: args })
          }).then(function (res) { return res.json(); }).then(function (answer) {
            if (answer.ok) { if (success) success(answer.value, userObject); return; }
            var error = new Error(answer.error && answer.error.message ? answer.error.message : "The call failed");
            error.name = answer.error && answer.error.name ? answer.error.name : "ScriptError";
            if (failure) failure(error, userObject); else console.error(error);
          }, function (networkError) {
            var error = new Error("NetworkError: Connection failure due to HTTP 0");
            if (failure) failure(error, userObject); else console.error(error, networkError);
          });
        };
      }
    });
  }
  var host = {
    origin: location.origin,
    close: function () { window.parent.postMessage({ playground: "close" }, "*"); },
    setHeight: function () {},
    setWidth: function () {},
    editor: { focus: function () { window.parent.postMessage({ playground: "focus-editor" }, "*"); } }
  };
  window.google = window.google || {};
  window.google.script = { run: runner(null, null, undefined), host: host };
})();`;

/** The sidebar's HTML with the shim as the first script of the page, before any of its own. */
export function injectScriptRunShim(html: string): string {
  const tag = `<script>${SHIM}</script>`;
  const head = /<head[^>]*>/i.exec(html);
  if (head !== null) return html.slice(0, head.index + head[0].length) + tag + html.slice(head.index + head[0].length);
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  if (doctype !== null) return doctype[0] + tag + html.slice(doctype[0].length);
  return tag + html;
}
