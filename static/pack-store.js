/* Rules Judge: reading the documents saved for offline use ("packs"), in the service worker (sw.js, which
   also writes them) and in the pages (offline.js, pack-navigation.js). Both read the same caches the same
   way, so this is written once and loaded by both (importScripts in the worker).

   A pack is kept in its own cache, "judge-pack:<id>:<version>": its pages in BUCKETS chunks ({path: html}
   as JSON, the bucket a hash of the path), the files those pages use, the search index, and last a small
   record of what was saved (META + id). A cache without that record is a save that did not finish, and is
   never used. */
(function (scope) {
  "use strict";

  var PREFIX = "judge-pack:";
  var META = "/offline/saved/";
  /* A few hundred cache entries rather than thousands, which would take a phone minutes to write, each
     small enough (~50 KB for a CR document) to read and parse at every page opened offline. A pack records
     its count (packs saved before it was recorded have 64). */
  var BUCKETS = 256;

  function packCaches() {
    return caches.keys().then(function (names) {
      return names.filter(function (name) { return name.indexOf(PREFIX) === 0; });
    });
  }

  /* Every complete saved pack: [{name, meta}], the most recently saved first. */
  function readSaved() {
    return packCaches().then(function (names) {
      return Promise.all(names.map(function (name) {
        var id = name.split(":")[1];
        return caches.open(name)
          .then(function (cache) { return cache.match(META + id); })
          .then(function (response) { return response ? response.json() : null; })
          .then(function (meta) { return meta ? { name: name, meta: meta } : null; });
      }));
    }).then(function (found) {
      return found.filter(Boolean).sort(function (a, b) { return b.meta.saved - a.meta.saved; });
    });
  }

  function bucketOf(path, buckets) {
    var hash = 2166136261;
    for (var i = 0; i < path.length; i++) {
      hash ^= path.charCodeAt(i);
      hash = Math.imul(hash, 16777619);
    }
    return (hash >>> 0) % buckets;
  }

  function chunkKey(id, bucket) { return META + id + "/pages/" + bucket; }

  /* The pack a page belongs to: the document in its address ("/rules/pt-2019/…", "?doc=pt-2019"), else "". */
  function packOf(url) {
    var match = /^\/(?:rules|glossary|offline)\/([^/]+)/.exec(url.pathname);
    if (url.pathname.indexOf("/guides/") === 0) return "guides";
    return url.searchParams.get("doc") || (match && match[1]) || "";
  }

  /* Where a page is in a pack: searches become the offline search page; "/rules/x" is "/rules/x/". */
  function keysFor(url) {
    if (url.pathname === "/search") return ["/offline/search"];
    var keys = [url.pathname];
    if (/^\/(rules|glossary)\/[^/]+$/.test(url.pathname)) keys.push(url.pathname + "/");
    return keys;
  }

  var parsed = {};  /* the chunks read last, kept parsed (~1 MB): a page opened again costs no parse */
  var parsedOrder = [];
  var opened = {};  /* cache name -> the promise of the cache, opened once */

  function chunk(entry, bucket) {
    var key = entry.name + "|" + bucket;
    if (parsed[key]) return Promise.resolve(parsed[key]);
    if (!opened[entry.name]) opened[entry.name] = caches.open(entry.name);
    return opened[entry.name]
      .then(function (cache) { return cache.match(chunkKey(entry.meta.id, bucket)); })
      .then(function (response) { return response ? response.json() : {}; })
      .then(function (pages) {
        parsed[key] = pages;
        parsedOrder.push(key);
        if (parsedOrder.length > 24) delete parsed[parsedOrder.shift()];
        return pages;
      });
  }

  /* After a pack is saved again or removed: a cache of the same name may be a new one. */
  function forget() { opened = {}; }

  /* The HTML of the page at `url` in the saved pack `entry` ({name, meta}), or null. */
  function page(entry, url) {
    var keys = keysFor(url);
    var attempt = function (i) {
      if (i >= keys.length) return Promise.resolve(null);
      return chunk(entry, bucketOf(keys[i], entry.meta.buckets || 64)).then(function (pages) {
        return keys[i] in pages ? pages[keys[i]] : attempt(i + 1);
      });
    };
    return attempt(0);
  }

  scope.JudgePackStore = {
    PREFIX: PREFIX, META: META, BUCKETS: BUCKETS, packCaches: packCaches, readSaved: readSaved,
    bucketOf: bucketOf, chunkKey: chunkKey, packOf: packOf, page: page, forget: forget,
  };
})(self);
