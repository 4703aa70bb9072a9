/* Rules Judge: offline use. Registers the service worker (static/sw.js, served as /sw.js) and drives the
   "Save for offline use" buttons and links; what is saved is read from the worker's caches. Every page works
   without this file: without it, nothing is saved and the site needs the server as before. */
(function () {
  "use strict";
  if (!("serviceWorker" in navigator) || !window.caches || !window.JudgePackStore) {
    var states = document.getElementById("offline-packs");
    if (states) {
      Array.prototype.forEach.call(states.querySelectorAll(".pack-state"), function (state) {
        state.textContent = states.getAttribute("data-unsupported");
      });
    }
    return;
  }
  /* updateViaCache "none": a new pack-store.js, which the worker imports, is a new worker too */
  navigator.serviceWorker.register("/sw.js", { scope: "/", updateViaCache: "none" })
    .catch(function () { /* the site works as before */ });

  var list = document.getElementById("offline-packs");
  var lang = document.documentElement.lang || "en";

  function fill(template, values) {
    return (template || "").replace(/\{(\w+)\}/g, function (all, name) { return name in values ? values[name] : all; });
  }

  /* A day as the interface language writes it ("23 de novembro de 2026"); the language is always one of ours. */
  function day(time, language) {
    return new Date(time).toLocaleDateString(language, { year: "numeric", month: "long", day: "numeric" });
  }

  /* {pack id: meta} for every complete saved pack. */
  function saved() {
    return JudgePackStore.readSaved().then(function (found) {
      var out = {};
      found.forEach(function (entry) { if (!out[entry.meta.id]) out[entry.meta.id] = entry.meta; });
      return out;
    });
  }

  /* Where the state of pack `id` is shown, with the element holding its message templates. */
  function places(id) {
    var out = [];
    Array.prototype.forEach.call(document.querySelectorAll('[data-action="save"][data-pack="' + id + '"]'), function (control) {
      var holder = control.closest(".pack") || control.closest(".save-offline");
      var state = holder && holder.querySelector(".pack-state");
      if (state) out.push({ holder: holder, control: control, state: state, texts: list && list.contains(control) ? list : control });
    });
    return out;
  }

  function show(id, key, values) {
    places(id).forEach(function (place) {
      place.state.textContent = fill(place.texts.getAttribute("data-" + key), values || {});
      var remove = place.holder.querySelector('[data-action="remove"]');
      if (remove) remove.hidden = key !== "saved";
    });
  }

  function showSaved(id, meta) {
    if (meta) show(id, "saved", { saved: day(meta.saved, lang), version: meta.version.slice(0, 8) });
    else show(id, "none");
  }

  var known = null;  /* the saved packs' records as last read */

  function showAll(metas) {
    known = metas;
    Array.prototype.forEach.call(document.querySelectorAll('[data-action="save"][data-pack]'), function (control) {
      var id = control.getAttribute("data-pack");
      if (metas[id]) showSaved(id, metas[id]);
      else if (list && list.contains(control)) show(id, "none");
    });
  }

  function refresh() { return saved().then(showAll); }

  function send(message) {
    return navigator.serviceWorker.ready.then(function (registration) {
      registration.active.postMessage(message);
    });
  }

  navigator.serviceWorker.addEventListener("message", function (event) {
    var data = event.data || {};
    if (data.type === "progress") show(data.pack, "saving", { done: data.done, total: data.total });
    else if (data.type === "saved") showSaved(data.pack, data.meta);
    else if (data.type === "removed") showSaved(data.pack, null);
    else if (data.type === "failed") show(data.pack, "failed", { problem: data.problem });
  });

  document.addEventListener("click", function (event) {
    var control = event.target.closest && event.target.closest("[data-action][data-pack]");
    if (!control) return;
    event.preventDefault();
    var id = control.getAttribute("data-pack");
    if (control.getAttribute("data-action") === "remove") {
      send({ type: "remove", pack: id });
      return;
    }
    show(id, "saving", { done: 0, total: "…" });
    send({ type: "save", pack: id, lang: lang });
  });

  if (list) {
    Array.prototype.forEach.call(list.querySelectorAll(".pack-actions"), function (actions) { actions.hidden = false; });
    var warning = document.querySelector(".offline-needs-js");
    if (warning) warning.hidden = true;
  }
  /* After the page has loaded: reading the saved packs' records is not what the reader opened the page for. */
  if (document.readyState === "complete") refresh();
  else window.addEventListener("load", refresh);
  /* A page shown in place (pack-navigation.js): its save links say at once what was read for the page before. */
  document.addEventListener("judge:navigated", function () { if (known) showAll(known); else refresh(); });
})();
