/* Rules Judge service worker: documents saved for offline use ("packs"), served when there is no network.

   A pack is saved in its own cache, "judge-pack:<id>:<version>" (how it is laid out and read: pack-store.js,
   which the pages use too): every page of the document as the server rendered it, the files those pages
   use, the search index, and last a small record of what was saved.

   Pages (navigations) go to the network first, as if this worker were not here; only when the network fails
   (or takes longer than NETWORK_WAIT for a page a pack holds) does the page come from a pack, with the
   offline indicator put at the top. Versioned files (/static/...?v=) and saved search indexes come from the
   packs first. Every page from the server says which release of the pages it is (X-Judge-Release); packs of
   another release are saved again right then, so a pack updates the first time it is online again. */
"use strict";

importScripts("/static/pack-store.js");  /* self.JudgePackStore; the worker is registered to check it for updates */
var store = self.JudgePackStore;
var NETWORK_WAIT = 4000;
var RELEASE_HEADER = "X-Judge-Release";
var saving = {};  /* pack id -> the promise of its save in progress */
var known = null;  /* savedPacks(), remembered until a save or removal changes it */

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) { event.waitUntil(self.clients.claim()); });

/* --- what is saved ------------------------------------------------------------------------------- */

/* Every complete saved pack: [{name, meta}], the most recently saved first. */
function savedPacks() {
  if (!known) known = store.readSaved().catch(function (error) { known = null; throw error; });
  return known.then(function (list) { return list.slice(); });
}

/* --- saving and removing ------------------------------------------------------------------------- */

function tell(message) {
  known = null;
  store.forget();
  return self.clients.matchAll({ includeUncontrolled: true }).then(function (clients) {
    clients.forEach(function (client) { client.postMessage(message); });
  });
}

function fetchOk(url) {
  return fetch(url, { cache: "no-store", credentials: "same-origin" }).then(function (response) {
    if (!response.ok) throw new Error(url + ": HTTP " + response.status);
    return response;
  });
}

/* Save pack `id` in interface language `lang`, unless that exact version is saved already. */
function save(id, lang) {
  if (saving[id]) return saving[id];
  var done = function () { delete saving[id]; };
  saving[id] = fetchOk("/offline/packs.json?lang=" + encodeURIComponent(lang))
    .then(function (response) { return response.json(); })
    .then(function (list) {
      var listed = list.packs.filter(function (p) { return p.id === id; })[0];
      if (!listed) throw new Error("no pack " + id);
      return savedPacks().then(function (saved) {
        var same = saved.filter(function (s) {
          return s.meta.id === id && s.meta.version === listed.version && s.meta.release === list.release;
        })[0];
        return same ? same.meta : download(listed);
      });
    })
    .then(function (meta) { done(); tell({ type: "saved", pack: id, meta: meta }); return meta; },
          function (error) { done(); tell({ type: "failed", pack: id, problem: String(error.message || error) }); throw error; });
  return saving[id];
}

function download(listed) {
  var id = listed.id;
  var name = store.PREFIX + id + ":" + listed.version;
  var cache;
  return caches.delete(name)
    .then(function () { return caches.open(name); })
    .then(function (opened) { cache = opened; return fetchOk(listed.url); })
    .then(function (response) { return response.json(); })
    .then(function (pack) {
      var total = store.BUCKETS + pack.files.length;
      var stored = 0;
      var progress = function () {
        stored += 1;
        if (stored % 8 === 0 || stored === total) tell({ type: "progress", pack: id, done: stored, total: total });
      };
      var chunks = [];
      for (var b = 0; b < store.BUCKETS; b++) chunks.push({});
      pack.pages.forEach(function (page) {
        var path = new URL(page[0], self.location.origin).pathname;  /* as the browser will ask for it */
        chunks[store.bucketOf(path, store.BUCKETS)][path] = page[1];
      });
      var json = { "Content-Type": "application/json" };
      var putChunks = Promise.all(chunks.map(function (chunk, bucket) {
        return cache.put(store.chunkKey(id, bucket), new Response(JSON.stringify(chunk), { headers: json })).then(progress);
      }));
      var putFiles = Promise.all(pack.files.map(function (url) {
        return fetchOk(url).then(function (response) { return cache.put(url, response); }).then(progress);
      }));
      var meta = {
        id: id, version: pack.version, release: pack.release, lang: pack.lang, label: pack.label,
        effective: pack.effective, banner: pack.banner, headers: pack.headers, saved: Date.now(),
        pages: pack.pages.length, buckets: store.BUCKETS,
      };
      return Promise.all([putChunks, putFiles]).then(function () {
        return cache.put(store.META + id, new Response(JSON.stringify(meta), { headers: json }));
      }).then(function () { return removeOthers(id, name); }).then(function () { return meta; });
    })
    .catch(function (error) { return caches.delete(name).then(function () { throw error; }); });
}

function removeOthers(id, keep) {
  known = null;
  store.forget();
  return store.packCaches().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.split(":")[1] === id && name !== keep;
    }).map(function (name) { return caches.delete(name); }));
  });
}

function remove(id) {
  return removeOthers(id, null).then(function () { tell({ type: "removed", pack: id }); });
}

/* Packs made by another release than the server's: saved again, in the language they were saved in. */
function update(release) {
  return savedPacks().then(function (saved) {
    return Promise.all(saved.filter(function (s) { return s.meta.release !== release; }).map(function (s) {
      return save(s.meta.id, s.meta.lang).catch(function () { /* tried again on the next page */ });
    }));
  });
}

self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type === "save") event.waitUntil(save(data.pack, data.lang).catch(function () {}));
  else if (data.type === "remove") event.waitUntil(remove(data.pack));
});

/* --- serving --------------------------------------------------------------------------------- */

/* The page from the saved packs, as {html, meta} (the pack it came from); else null. */
function fromPacks(url) {
  var wanted = store.packOf(url);
  return savedPacks().then(function (saved) {
    saved.sort(function (a, b) { return (b.meta.id === wanted) - (a.meta.id === wanted); });
    var attempt = function (i) {
      if (i >= saved.length) return Promise.resolve(null);
      return store.page(saved[i], url).then(function (html) {
        return html === null ? attempt(i + 1) : { html: html, meta: saved[i].meta };
      });
    };
    return attempt(0);
  });
}

/* A day as the interface language writes it ("23 de novembro de 2026"); the language is always one of ours. */
function day(time, language) {
  return new Date(time).toLocaleDateString(language, { year: "numeric", month: "long", day: "numeric" });
}

function offlineResponse(found, status, indicator) {
  var headers = new Headers(found.meta.headers);
  headers.set("X-Judge-Offline", found.meta.id + " " + found.meta.version);
  var html = found.html;
  if (indicator) {
    var banner = found.meta.banner.replace("{saved}", day(found.meta.saved, found.meta.lang));
    html = html.replace('<main id="main">', '<main id="main">' + banner);
  }
  return new Response(html, { status: status, headers: headers });
}

function offlinePage(url) {
  return fromPacks(url).then(function (found) {
    if (found) return offlineResponse(found, 200, true);
    return fromPacks(new URL("/offline/unavailable", url)).then(function (fallback) {
      return fallback ? offlineResponse(fallback, 503, false) : Response.error();
    });
  });
}

function navigate(event) {
  var url = new URL(event.request.url);
  return savedPacks().then(function (saved) {
    if (!saved.length) return fetch(event.request);  /* nothing saved: this worker stays out of the way */
    return new Promise(function (resolve) {
      var settled = false;
      var offline = function () {
        if (settled) return;
        settled = true;
        resolve(offlinePage(url));
      };
      var timer = setTimeout(function () {  /* a slow network: the pack's copy, if there is one */
        fromPacks(url).then(function (found) {
          if (found && !settled) { settled = true; resolve(offlineResponse(found, 200, true)); }
        });
      }, NETWORK_WAIT);
      fetch(event.request).then(function (response) {
        clearTimeout(timer);
        var release = response.headers.get(RELEASE_HEADER);
        if (release) event.waitUntil(update(release));
        if (!settled) { settled = true; resolve(response); }
      }, function () { clearTimeout(timer); offline(); });
    });
  });
}

/* A versioned file or a saved index: any saved pack's copy (one lookup across them all), else the network. */
function file(request) {
  var url = new URL(request.url);
  return caches.match(url.pathname + url.search).then(function (response) { return response || fetch(request); });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(navigate(event));
  } else if ((url.pathname.indexOf("/static/") === 0 && url.searchParams.has("v"))
             || /^\/offline\/[^/]+\/(index|minisearch)\.json$/.test(url.pathname)) {
    event.respondWith(file(request));
  }
});
