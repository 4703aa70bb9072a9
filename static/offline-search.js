/* Rules Judge: search in the browser, on a document's saved index (offline, and in the static export).

   A query is understood as the server understands it: a rule number in any usual form (read by
   rule-number.js) opens the rule; anything else is words. Each word is folded (lower case, no
   accents) and looked up in the document's vocabulary, which gives its Snowball stem as the server computed
   it; a word the document does not have is corrected to one at distance 1 (one letter added, removed,
   changed, or two neighbours swapped; same first letter) when there is one, and the last word may be the
   start of a longer one. MiniSearch then ranks the entries by BM25, a keyword's or term's own title first.
   Results are built with DOM methods: nothing from the index is ever inserted as HTML. */
(function () {
  "use strict";

  var numbers = window.JudgeRuleNumber;  /* rule-number.js */
  var queryNumber = numbers.queryNumber;
  var parentOf = numbers.parentOf;
  var clean = numbers.clean;
  var MAX_CHARS = numbers.MAX_CHARS;

  /* --- words, as judge_app/search/analysis ------------------------------------------------------- */

  /* a rule number; a power/toughness or its change ("2/2", "+1/+1", "-X/-Y"); a word */
  var TOKEN = /[1-9]\d{2}\.\d{1,3}[a-z]?(?![\p{L}\p{N}_])|(?<![\p{L}\p{N}_\/])[+\-−–]?(?:\d{1,3}|[xy])\/[+\-−–]?(?:\d{1,3}|[xy])(?![\p{L}\p{N}_\/])|[\p{L}\p{N}_]+(?:['’][\p{L}\p{N}_]+)*/giu;
  var NOT_DECOMPOSED = { "æ": "ae", "œ": "oe", "ø": "o", "ß": "ss", "ł": "l", "đ": "d", "’": "'" };

  function words(text) { return String(text).match(TOKEN) || []; }

  function fold(word) {
    return word.toLowerCase().replace(/[æœøßłđ’]/g, function (ch) { return NOT_DECOMPOSED[ch]; })
      .normalize("NFKD").replace(/\p{M}/gu, "");
  }

  /* --- the index ----------------------------------------------------------------------------------- */

  function Index(data, miniSearchJson) {
    this.entries = data.entries;
    this.lang = data.lang;
    this.common = {};
    this.asks = {};
    this.stemOf = {};  /* folded word -> its stem (the index's term) */
    this.frequency = {};  /* stem -> entries holding it */
    this.byFirst = {};  /* first letter -> [folded words], the candidates for typo correction */
    this.numbers = {};
    var self = this;
    data.common.forEach(function (stem) { self.common[stem] = true; });
    data.asks.forEach(function (word) { self.asks[word] = true; });
    data.vocabulary.forEach(function (row) {
      var stem = row[0];
      self.frequency[stem] = row[1];
      row[2].forEach(function (word) {
        if (!(word in self.stemOf) || self.frequency[self.stemOf[word]] < row[1]) self.stemOf[word] = stem;
        (self.byFirst[word[0]] = self.byFirst[word[0]] || []).push(word);
      });
    });
    this.entries.forEach(function (entry, i) { if (entry[0] === "rule") self.numbers[entry[1]] = i; });
    this.search = MiniSearch.loadJSON(miniSearchJson, {
      fields: data.fields,
      tokenize: function (text) { return text.split(" "); },
      processTerm: function (term) { return term; },
    });
  }

  /* Damerau–Levenshtein (optimal string alignment) distance at most 1. */
  function withinOne(a, b) {
    if (a === b) return true;
    if (Math.abs(a.length - b.length) > 1) return false;
    var i = 0;
    while (i < a.length && i < b.length && a[i] === b[i]) i++;
    if (a.length === b.length) {
      return a.slice(i + 1) === b.slice(i + 1)
        || (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2));
    }
    return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
  }

  /* The folded word a typo stands for: distance 1, same first letter, the stem in most entries. */
  Index.prototype.correct = function (word) {
    if (word.length < 4 || /\d/.test(word)) return null;
    var best = null;
    var bestCount = 1;  /* a correction must be a word of at least two entries */
    var self = this;
    (this.byFirst[word[0]] || []).forEach(function (candidate) {
      var count = self.frequency[self.stemOf[candidate]];
      if (count > bestCount && withinOne(word, candidate)) { best = candidate; bestCount = count; }
    });
    return best;
  };

  var TITLE_BOOST = 3;
  var GLOSSARY_WEIGHT = 0.5;
  var LIMIT = 20;

  /* {number} for a rule number, else {hits: [{entry, stems}], corrected, query}. */
  Index.prototype.query = function (text) {
    var number = queryNumber(text);
    if (number) return { number: number, entry: this.number(number) };
    var self = this;
    var typed = words(clean(text).slice(0, MAX_CHARS).replace(/(?<=[\p{L}\p{N}_])[~^][\d.]*/gu, " "));
    var seen = {};
    typed = typed.filter(function (w) { var f = fold(w); if (seen[f]) return false; seen[f] = true; return true; });
    var asked = typed.filter(function (w) { return !self.asks[fold(w)]; });
    if (asked.length) typed = asked;
    var corrected = false;
    var stems = [];
    var prefixes = {};
    typed.forEach(function (word, i) {
      var folded = fold(word);
      if (/[\d\/]/.test(folded)) { stems.push(word.toLowerCase().replace(/[−–]/g, "-")); return; }
      var stem = self.stemOf[folded];
      if (!stem) {
        var fixed = self.correct(folded);
        if (fixed) { stem = self.stemOf[fixed]; corrected = true; typed[i] = fixed; }
      }
      if (!stem && i === typed.length - 1 && folded.length >= 3) { stem = folded; prefixes[folded] = true; }
      if (stem) stems.push(stem);
    });
    var rare = stems.filter(function (s) { return !self.common[s]; });
    if (rare.length) stems = rare;
    if (!stems.length) return { hits: [], corrected: corrected ? typed.join(" ") : "", empty: !typed.length };
    var options = {
      boost: { title: TITLE_BOOST },
      prefix: function (term) { return !!prefixes[term]; },
      boostDocument: function (id) { return self.entries[id][0] === "glossary" ? GLOSSARY_WEIGHT : 1; },
    };
    var joined = stems.join(" ");
    var found = this.search.search(joined, Object.assign({ combineWith: "AND" }, options));
    if (found.length < LIMIT && stems.length > 1) {
      var have = {};
      found.forEach(function (r) { have[r.id] = true; });
      found = found.concat(this.search.search(joined, Object.assign({ combineWith: "OR" }, options))
        .filter(function (r) { return !have[r.id]; }));
    }
    return {
      hits: found.slice(0, LIMIT).map(function (r) { return { entry: self.entries[r.id], stems: r.terms }; }),
      corrected: corrected ? typed.join(" ") : "",
    };
  };

  /* The entry of a rule number; else, for "did you mean", its nearest enclosing rule. */
  Index.prototype.number = function (number) {
    return number in this.numbers ? this.entries[this.numbers[number]] : null;
  };

  Index.prototype.nearest = function (number) {
    for (var n = parentOf(number); n; n = parentOf(n)) if (n in this.numbers) return this.entries[this.numbers[n]];
    return null;
  };

  function load(indexUrl, miniSearchUrl) {
    var get = function (url) {
      return fetch(url, { credentials: "same-origin" }).then(function (response) {
        if (!response.ok) throw new Error(url + ": HTTP " + response.status);
        return response.text();
      });
    };
    return Promise.all([get(indexUrl), get(miniSearchUrl)]).then(function (texts) {
      return new Index(JSON.parse(texts[0]), texts[1]);
    });
  }

  /* --- the page ------------------------------------------------------------------------------------ */

  function fill(template, values) {
    return (template || "").replace(/\{(\w+)\}/g, function (all, name) { return name in values ? values[name] : all; });
  }

  function marked(target, text, stems, index) {
    var last = 0;
    String(text).replace(TOKEN, function (word, offset) {
      var stem = index.stemOf[fold(word)] || fold(word);
      if (stems.indexOf(stem) >= 0) {
        target.appendChild(document.createTextNode(text.slice(last, offset)));
        var mark = document.createElement("mark");
        mark.textContent = word;
        target.appendChild(mark);
        last = offset + word.length;
      }
      return word;
    });
    target.appendChild(document.createTextNode(text.slice(last)));
  }

  function run(root) {
    var params = new URLSearchParams(window.location.search);
    var query = params.get("q") || "";
    var labels = {};
    (root.getAttribute("data-docs") || "").split("|").forEach(function (pair) {
      var parts = pair.split("=");
      labels[parts[0]] = parts[1];
    });
    var doc = params.get("doc");
    if (!(doc in labels)) doc = Object.keys(labels)[0];
    var status = document.getElementById("offline-search-status");
    var list = document.getElementById("offline-hits");
    var did = document.getElementById("offline-did-you-mean");
    var text = function (key, values) { return fill(root.getAttribute("data-" + key), values || {}); };
    var box = document.getElementById("q");
    if (box) {
      box.value = query;
      var hidden = box.form && box.form.elements.doc;
      if (hidden) hidden.value = doc;
    }
    if (!clean(query)) { status.textContent = text("empty"); return; }
    status.textContent = text("loading");
    var url = function (name) { return root.getAttribute(name).replace("DOC", encodeURIComponent(doc)); };
    load(url("data-index"), url("data-minisearch")).then(function (index) {
      var result = index.query(query);
      if (result.number) {
        if (result.entry) { window.location.replace(result.entry[3]); return; }
        status.textContent = text("no-rule", { number: result.number });
        var near = index.nearest(result.number);
        if (near) result = { hits: [{ entry: near, stems: [] }] };
        else return;
      }
      if (result.corrected) {
        did.hidden = false;
        did.textContent = text("did-you-mean") + ": ";
        var again = document.createElement("a");
        again.href = "?" + new URLSearchParams({ q: result.corrected, doc: doc }).toString();
        again.textContent = result.corrected;
        did.appendChild(again);
      }
      if (!result.number) {
        var count = result.hits.length;  /* one form for 1, the other for any other number (the catalogs' plural rule) */
        status.textContent = count ? text(count === 1 ? "count-one" : "count", { count: count }) : text("none", { query: query });
      }
      result.hits.forEach(function (hit) {
        var entry = hit.entry;
        var li = document.createElement("li");
        li.className = "hit hit-" + entry[0];
        var a = document.createElement("a");
        a.href = entry[3];
        var where = document.createElement("span");
        where.className = "where";
        where.textContent = labels[doc];
        var what = document.createElement("strong");
        what.className = "what";
        what.setAttribute("lang", index.lang);
        if (entry[0] === "rule") marked(what, entry[2], hit.stems, index);
        else marked(what, text("glossary") + ": " + entry[1], hit.stems, index);
        a.appendChild(where);
        a.appendChild(document.createTextNode(" "));
        a.appendChild(what);
        li.appendChild(a);
        if (entry[0] === "glossary") {
          var snippet = document.createElement("p");
          snippet.className = "snippet";
          snippet.setAttribute("lang", index.lang);
          marked(snippet, entry[2], hit.stems, index);
          li.appendChild(snippet);
        }
        list.appendChild(li);
      });
      if (window.performance && performance.mark) performance.mark("judge-search-done");  /* benchmarks/offline.py */
    }, function () {
      status.textContent = text("not-saved", { doc: labels[doc] });
    });
  }

  window.JudgeOfflineSearch = { queryNumber: queryNumber, load: load, Index: Index, fold: fold, words: words };
  var root = document.getElementById("offline-search");
  if (root) run(root);
})();
