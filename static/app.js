/* Rules Judge: small enhancements; every page works without this file. */
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  /* "/" focuses the search box, unless the visitor is already typing somewhere. */
  document.addEventListener("keydown", function (event) {
    if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
    var active = document.activeElement;
    if (active && (active.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName))) return;
    var box = document.getElementById("q");
    if (!box) return;
    event.preventDefault();
    box.focus();
    box.select();
  });

  /* Glossary terms: the definition on hover (mouse) or first tap (touch); the link still opens the entry. */
  var tip = null;
  var tipFor = null;
  var cache = {};
  var canHover = window.matchMedia && window.matchMedia("(hover: hover)").matches;

  function apiUrl(link) {
    var url = new URL(link.href, window.location.href);
    return url.pathname.replace(/^\/glossary\//, "/api/glossary/");
  }

  function hide() {
    if (tip) tip.remove();
    tip = null;
    tipFor = null;
  }

  function show(link, data) {
    hide();
    var entry = data.entries && data.entries[0];
    if (!entry) return;
    tip = document.createElement("div");
    tip.className = "tip";
    tip.setAttribute("role", "tooltip");
    tip.id = "term-tip";
    var title = document.createElement("strong");
    title.textContent = entry.term;
    tip.appendChild(title);
    (entry.senses.length ? entry.senses : [entry.text]).forEach(function (sense) {
      var p = document.createElement("p");
      p.textContent = sense;
      tip.appendChild(p);
    });
    var more = document.createElement("a");
    more.href = link.href;
    more.textContent = document.body.getAttribute("data-term-open") || "Glossary";
    tip.appendChild(more);
    document.body.appendChild(tip);
    var box = link.getBoundingClientRect();
    var left = Math.max(8, Math.min(box.left + window.scrollX, window.scrollX + document.documentElement.clientWidth - tip.offsetWidth - 8));
    tip.style.left = left + "px";
    tip.style.top = (box.bottom + window.scrollY + 6) + "px";
    link.setAttribute("aria-describedby", "term-tip");
    tipFor = link;
  }

  function load(link) {
    var url = apiUrl(link);
    if (cache[url]) {
      show(link, cache[url]);
      return;
    }
    fetch(url, { headers: { Accept: "application/json" } })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (data) {
        if (!data) return;
        cache[url] = data;
        show(link, data);
      })
      .catch(function () { /* no definition: the link still works */ });
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a.term");
    if (link) {
      if (tipFor === link) return; /* second tap: follow the link */
      event.preventDefault();
      load(link);
      return;
    }
    if (tip && !tip.contains(event.target)) hide();
  });

  if (canHover) {
    var hoverTimer = null;
    document.addEventListener("mouseover", function (event) {
      var link = event.target.closest && event.target.closest("a.term");
      if (!link || link === tipFor) return;
      clearTimeout(hoverTimer);
      hoverTimer = setTimeout(function () { load(link); }, 250);
    });
    document.addEventListener("mouseout", function (event) {
      var link = event.target.closest && event.target.closest("a.term");
      if (link) clearTimeout(hoverTimer);
    });
  }

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") hide();
  });
  document.addEventListener("judge:navigated", hide);  /* another page shown in place (pack-navigation.js) */

  /* Instant search: matching rules under the box as the visitor types; Enter still submits the form. */
  function instantSearch(box) {
    var list = document.createElement("ul");
    var sequence = 0;
    var timer = null;
    list.className = "instant";
    list.id = "instant-results";
    list.setAttribute("aria-label", document.body.getAttribute("data-instant-label") || "");
    box.form.appendChild(list);
    box.setAttribute("aria-controls", list.id);
    box.setAttribute("aria-autocomplete", "list");

    var clear = function () { list.textContent = ""; };
    document.addEventListener("judge:navigated", clear);

    /* The snippet is escaped HTML with <mark>: rebuilt from its text and marks only, never inserted as HTML. */
    var snippetInto = function (target, html) {
      var parsed = new DOMParser().parseFromString("<p>" + html + "</p>", "text/html").body.firstChild;
      parsed.childNodes.forEach(function (node) {
        if (node.nodeType === 1 && node.tagName === "MARK") {
          var mark = document.createElement("mark");
          mark.textContent = node.textContent;
          target.appendChild(mark);
        } else {
          target.appendChild(document.createTextNode(node.textContent));
        }
      });
    };

    var item = function (url, where, what, snippet) {
      var li = document.createElement("li");
      var a = document.createElement("a");
      a.href = url;
      var top = document.createElement("span");
      top.className = "where";
      top.textContent = where;
      var title = document.createElement("strong");
      title.textContent = what;
      a.appendChild(top);
      a.appendChild(document.createTextNode(" "));
      a.appendChild(title);
      if (snippet) {
        var p = document.createElement("span");
        p.className = "snippet";
        snippetInto(p, snippet);
        a.appendChild(p);
      }
      li.appendChild(a);
      list.appendChild(li);
    };

    var show = function (data) {
      clear();
      if (data.jump) item(data.jump.url, data.jump.doc, data.jump.number + " " + (data.jump.title || ""), "");
      (data.hits || []).forEach(function (hit) {
        var what = hit.kind === "rule" ? hit.number + " " + (hit.title || "") : (hit.term || hit.title || "");
        item(hit.url, hit.doc, what, hit.snippet);
      });
    };

    var lookup = function () {
      var query = box.value.trim();
      if (query.length < 2) { clear(); return; }
      var doc = box.form.elements.doc ? box.form.elements.doc.value : "";
      var mine = ++sequence;
      fetch("/api/search?limit=8&q=" + encodeURIComponent(query) + "&doc=" + encodeURIComponent(doc))
        .then(function (response) { return response.ok ? response.json() : null; })
        .then(function (data) { if (data && mine === sequence) show(data); })
        .catch(function () { /* the form still works */ });
    };

    box.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(lookup, 150);
    });
    box.form.addEventListener("keydown", function (event) {
      var links = Array.prototype.slice.call(list.querySelectorAll("a"));
      var at = links.indexOf(document.activeElement);
      if (event.key === "ArrowDown" && links.length) {
        event.preventDefault();
        links[Math.min(at + 1, links.length - 1)].focus();
      } else if (event.key === "ArrowUp" && links.length) {
        event.preventDefault();
        if (at <= 0) box.focus(); else links[at - 1].focus();
      } else if (event.key === "Escape") {
        clear();
        box.focus();
      }
    });
  }

  var searchBox = document.getElementById("q");
  if (searchBox && searchBox.form && window.fetch && window.DOMParser) instantSearch(searchBox);

  function typing() {
    var active = document.activeElement;
    return active && (active.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName));
  }

  /* Scenario player: one frame per step, shown one at a time. The same #frame-N links step through them
     without script (CSS :target); here they move without scrolling, and the arrow keys do too. */
  function player(panel) {
    var frames = Array.prototype.slice.call(panel.querySelectorAll(".frame"));
    var steps = document.querySelectorAll(".timeline .step");
    var current = -1;
    var numberOf = function (href) {  /* the position of the frame a #frame-N link names (N: a trace step) */
      var match = /#(frame-\d+)$/.exec(href || "");
      if (!match) return -1;
      for (var i = 0; i < frames.length; i++) if (frames[i].id === match[1]) return i;
      return -1;
    };
    var show = function (index, remember) {
      index = Math.max(0, Math.min(frames.length - 1, index));
      if (index === current) return;
      if (current >= 0) frames[current].classList.remove("current");
      frames[index].classList.add("current");
      Array.prototype.forEach.call(steps, function (step, i) {
        if (i === index) step.setAttribute("aria-current", "step"); else step.removeAttribute("aria-current");
      });
      current = index;
      if (remember && window.history && history.replaceState) history.replaceState(null, "", "#" + frames[index].id);
    };
    panel.classList.add("stepper");
    var start = numberOf(window.location.hash);
    show(start >= 0 ? start : frames.length - 1, false);

    document.addEventListener("click", function (event) {
      var link = event.target.closest && event.target.closest('a[href^="#frame-"]');
      if (!link) return;
      var index = numberOf(link.getAttribute("href"));
      if (index < 0 || index >= frames.length) return;
      event.preventDefault();
      show(index, true);
      if (!panel.contains(link)) panel.scrollIntoView({ block: "start" });
    });
    document.addEventListener("keydown", function (event) {
      if (typing() || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === "ArrowRight") show(current + 1, true);
      else if (event.key === "ArrowLeft") show(current - 1, true);
      else if (event.key === "Home") show(0, true);
      else if (event.key === "End") show(frames.length - 1, true);
      else return;
      event.preventDefault();
    });
  }

  var board = document.getElementById("board");
  if (board && board.querySelector(".frame")) player(board);

  /* Scenario library: filter as the visitor types, asking the API which scenarios match (the same search as
     the form, which still works without script). */
  function liveFilter(form) {
    var items = document.querySelectorAll("#scenario-list .scenario-item");
    var count = document.getElementById("scenario-count");
    var sequence = 0;
    var timer = null;
    var apply = function () {
      var query = new URLSearchParams(new FormData(form)).toString();
      var mine = ++sequence;
      fetch("/api/scenarios?" + query)
        .then(function (response) { return response.ok ? response.json() : null; })
        .then(function (data) {
          if (!data || mine !== sequence) return;
          var keep = {};
          data.scenarios.forEach(function (scenario) { keep[scenario.id] = true; });
          Array.prototype.forEach.call(items, function (item) { item.hidden = !keep[item.getAttribute("data-id")]; });
          if (count) count.textContent = count.getAttribute("data-template").replace("{shown}", data.count);
          if (window.history && history.replaceState) history.replaceState(null, "", "?" + query);
        })
        .catch(function () { /* the form still works */ });
    };
    form.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(apply, 150);
    });
  }

  var filters = document.getElementById("scenario-filters");
  if (filters && window.fetch && window.URLSearchParams && window.FormData) liveFilter(filters);

  /* "Try your own": where the caret is (line and column), Ctrl/Cmd+Enter runs, and an error's line is selected. */
  function editor(box) {
    var status = document.getElementById("editor-status");
    var limits = status ? status.textContent : "";
    var where = function () {
      var before = box.value.slice(0, box.selectionStart);
      var line = before.split("\n").length;
      var column = before.length - before.lastIndexOf("\n");
      if (status) status.textContent = line + ":" + column + " · " + limits;
    };
    ["keyup", "click", "input", "focus"].forEach(function (name) { box.addEventListener(name, where); });
    box.addEventListener("keydown", function (event) {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        if (box.form.requestSubmit) box.form.requestSubmit(); else box.form.submit();
      }
    });
    var selectLine = function (number) {
      var lines = box.value.split("\n");
      var start = 0;
      for (var i = 0; i < number - 1 && i < lines.length; i++) start += lines[i].length + 1;
      box.focus();
      box.setSelectionRange(start, start + (lines[number - 1] || "").length);
      var lineHeight = parseFloat(window.getComputedStyle(box).lineHeight) || 18;
      box.scrollTop = Math.max(0, (number - 3) * lineHeight);
      where();
    };
    document.addEventListener("click", function (event) {
      var link = event.target.closest && event.target.closest("a[data-line]");
      if (!link) return;
      event.preventDefault();
      box.scrollIntoView({ block: "center" });
      selectLine(parseInt(link.getAttribute("data-line"), 10));
    });
  }

  var scenarioText = document.getElementById("scenario-text");
  if (scenarioText) editor(scenarioText);

  /* Card names complete from /api/cards?q= (a datalist: typing works alike without it). */
  function cardNames(box) {
    var list = document.getElementById(box.getAttribute("list"));
    var sequence = 0;
    var timer = null;
    var found = {};  /* name → the card's API address, for the names offered */
    var fill = function (data) {
      list.textContent = "";
      found = {};
      (data.cards || []).forEach(function (card) {
        var option = document.createElement("option");
        option.value = card.name;
        option.label = card.type;
        found[card.name] = card.api;
        list.appendChild(option);
      });
      (data.did_you_mean || []).forEach(function (name) {
        var option = document.createElement("option");
        option.value = name;
        list.appendChild(option);
      });
    };
    box.addEventListener("input", function () {
      clearTimeout(timer);
      var query = box.value.trim();
      if (query.length < 2) return;
      timer = setTimeout(function () {
        var mine = ++sequence;
        fetch(box.getAttribute("data-card-names") + "?q=" + encodeURIComponent(query))
          .then(function (response) { return response.ok ? response.json() : null; })
          .then(function (data) { if (data && mine === sequence) fill(data); })
          .catch(function () { /* the form still works */ });
      }, 150);
    });
    return function () { return found[box.value] || null; };
  }

  /* "Try your own": the card found added to the text as a [[cards]] table (TOML strings written as JSON's). */
  function cardAdder(box, button, text) {
    var known = cardNames(box);
    button.hidden = false;
    var table = function (card) {
      var id = card.name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "card";
      var lines = ["[[cards]]", "id = " + JSON.stringify(id), "name = " + JSON.stringify(card.face),
                   "owner = \"Alice\"", "type = " + JSON.stringify(card.type)];
      if (card.mana_cost) lines.push("cost = " + JSON.stringify(card.mana_cost));
      if (card.power !== null && card.toughness !== null) lines.push("pt = " + JSON.stringify(card.power + "/" + card.toughness));
      if (card.loyalty !== null && /^\d+$/.test(card.loyalty)) lines.push("loyalty = " + card.loyalty);
      if (card.text) lines.push("text = " + JSON.stringify(card.text));
      return lines.join("\n") + "\n";
    };
    button.addEventListener("click", function () {
      var address = known() || box.getAttribute("data-card-names") + "/" + encodeURIComponent(box.value.trim());
      fetch(address)
        .then(function (response) { return response.ok ? response.json() : null; })
        .then(function (card) {
          if (!card || Array.isArray(card)) { box.focus(); return; }  /* several or none: choose among the names */
          var at = text.value.search(/^\[\[actions\]\]/m);
          at = at < 0 ? text.value.length : at;
          var before = text.value.slice(0, at);
          var added = (before && !/\n\n$/.test(before) ? (/\n$/.test(before) ? "\n" : "\n\n") : "") + table(card) + "\n";
          text.value = before + added + text.value.slice(at);
          text.focus();
          text.setSelectionRange(at, at + added.length);
        })
        .catch(function () { box.focus(); });
    });
  }

  var cardSearch = document.querySelector("input[data-card-names]");
  var cardAdd = document.getElementById("card-add");
  if (cardSearch && window.fetch) {
    if (cardAdd && scenarioText) cardAdder(cardSearch, cardAdd, scenarioText); else cardNames(cardSearch);
  }
})();
