/* Rules Judge: the pages of a saved document open in place. When the document of the page is saved for
   offline use (in the interface's language), tapping a link to another of its pages (a rule reference, the
   contents, a search result, the glossary) or typing a rule number in the search box shows that page from
   the saved pack inside the current one: nothing is asked of the network, no new page is built. The address,
   the title and the history follow (the back button comes back, where the reader was), the view goes to the
   rule or its anchor and the focus to its heading, as a screen reader expects of a new page; the offline
   indicator stays. Anything else is a normal navigation: other documents, pages the pack does not hold, a
   click with a modifier key, no pack saved. What is shown is our own server's pages from the pack, rule
   text escaped there; nothing typed or read from elsewhere is ever inserted as HTML.

   The pack's page is read as soon as the finger is down on the link (pointerdown), shown on the click. Each
   page shown this way is timed from the tap's click (benchmarks/offline.py reads the measures): to its HTML
   read from the pack ("judge-page-read"), to its content in the page ("judge-page-built"), and to the first
   frame painted after that ("judge-page-shown"). */
(function () {
  "use strict";
  var store = window.JudgePackStore;
  var numbers = window.JudgeRuleNumber;
  var main = document.getElementById("main");
  if (!store || !numbers || !main || !window.caches || !window.DOMParser || !(window.history && history.pushState)) return;

  var KEEP = 12;  /* pages left, kept as they were (open sections, search results) to come back to */
  var lang = document.documentElement.lang;
  var pack = null;  /* {name, meta}: the saved pack of this page's document, in the interface's language */
  var shown = where(window.location);  /* the page shown: its path and query */
  var current = 0;  /* the number of the history entry shown (0: the page as loaded, not numbered yet) */
  var entries = 0;
  var kept = {};
  var keptOrder = [];
  var latest = 0;  /* the latest page asked for: an earlier one arriving after it is dropped */

  function where(url) { return url.pathname + url.search; }

  store.readSaved().then(function (saved) {
    var id = store.packOf(new URL(window.location.href));
    pack = saved.filter(function (s) { return s.meta.id === id && s.meta.lang === lang; })[0] || null;
    if (pack) document.documentElement.setAttribute("data-in-place", pack.meta.id);  /* for the tests, and CSS */
  }).catch(function () { /* no pack: every link is a normal navigation */ });

  /* Whether `url` is another page of the saved document (a page the pack may hold). */
  function inPack(url) {
    return !!pack && url.origin === window.location.origin && !url.search && store.packOf(url) === pack.meta.id;
  }

  function parse(html) {
    var page = new DOMParser().parseFromString(html, "text/html");
    var content = page.getElementById("main");
    if (!content) return null;
    return { nodes: Array.prototype.slice.call(content.childNodes), footer: page.querySelector("body > footer"),
             title: page.title, scroll: null };
  }

  function footer() { return document.querySelector("body > footer"); }

  /* The page shown now, put aside as it is, with where the reader was on it. */
  function keep() {
    if (!current) {
      current = ++entries;
      history.replaceState(Object.assign({}, history.state, { judgeEntry: current }), "");
    }
    var nodes = Array.prototype.filter.call(main.childNodes, function (node) {
      return !(node.classList && node.classList.contains("offline-status"));
    });
    if (!kept[current]) keptOrder.push(current);
    kept[current] = { nodes: nodes, footer: footer(), title: document.title, scroll: window.scrollY };
    while (keptOrder.length > KEEP) delete kept[keptOrder.shift()];
  }

  function show(page, url, started) {
    var indicator = main.querySelector(".offline-status");
    main.textContent = "";
    if (indicator) main.appendChild(indicator);
    page.nodes.forEach(function (node) { main.appendChild(node); });
    var old = footer();
    if (old && page.footer && old !== page.footer) old.replaceWith(page.footer);
    document.title = page.title;
    shown = where(url);
    var heading = main.querySelector("h1");
    if (heading) {
      heading.setAttribute("tabindex", "-1");
      heading.focus({ preventScroll: true });
    }
    var anchor = url.hash && document.getElementById(decodeURIComponent(url.hash.slice(1)));
    if (page.scroll !== null) window.scrollTo(0, page.scroll);
    else if (anchor) anchor.scrollIntoView();
    else window.scrollTo(0, 0);
    document.dispatchEvent(new CustomEvent("judge:navigated"));
    timed(started);
  }

  function measure(name, started) {
    try { performance.measure(name, { start: started, end: performance.now() }); } catch (e) { /* an older browser */ }
  }

  /* "judge-page-built" now, and "judge-page-shown" once the frame showing the page is painted (a message
     posted from the frame's requestAnimationFrame is received after it). */
  function timed(started) {
    if (!window.performance || !performance.measure || !window.requestAnimationFrame || !window.MessageChannel) return;
    measure("judge-page-built", started);
    requestAnimationFrame(function () {
      var channel = new MessageChannel();
      channel.port1.onmessage = function () { measure("judge-page-shown", started); };
      channel.port2.postMessage(null);
    });
  }

  /* Show the pack's page at `url` as a new history entry; a normal navigation to `fallback` when the pack
     does not have it. */
  function open(url, fallback, started) {
    var mine = ++latest;
    store.page(pack, url).then(function (html) {
      if (mine !== latest) return;
      measure("judge-page-read", started);
      var page = html && parse(html);
      if (!page) { window.location.assign(fallback.href); return; }
      keep();
      current = ++entries;
      history.pushState({ judgeEntry: current }, "", url.href);
      show(page, url, started);
    }).catch(function () { window.location.assign(fallback.href); });
  }

  /* The address of the link an event is on, when it is another page of the saved document; else null. */
  function target(event) {
    if (!pack || event.defaultPrevented || event.button !== 0
        || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
    var link = event.target.closest && event.target.closest("a[href]");
    if (!link || (link.target && link.target !== "_self") || link.hasAttribute("download")) return null;
    var url = new URL(link.href, window.location.href);
    return inPack(url) && where(url) !== shown ? url : null;  /* the same page: its anchors are the browser's */
  }

  /* The finger is down on a link: its page is read from the pack meanwhile (a press lasts ~100 ms). */
  document.addEventListener("pointerdown", function (event) {
    var url = target(event);
    if (url) store.page(pack, url).catch(function () { /* read again on the click */ });
  });

  document.addEventListener("click", function (event) {
    var url = target(event);
    if (!url) return;
    event.preventDefault();
    open(url, url, event.timeStamp);
  });

  /* A rule number typed in a search box of the saved document: the rule, as the server's search would answer. */
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!pack || event.defaultPrevented || form.getAttribute("role") !== "search" || !form.elements.q) return;
    if (form.elements.doc && form.elements.doc.value !== pack.meta.id) return;
    var number = numbers.queryNumber(form.elements.q.value);
    if (!number) return;
    event.preventDefault();
    var asked = new URL(form.action, window.location.href);
    asked.search = new URLSearchParams(new FormData(form)).toString();
    open(new URL("/rules/" + encodeURIComponent(pack.meta.id) + "/" + number, window.location.href), asked,
         event.timeStamp);
  });

  /* Back and forward between pages shown in place: the page kept, else the pack's, else the browser's. */
  window.addEventListener("popstate", function (event) {
    var url = new URL(window.location.href);
    if (where(url) === shown) return;  /* only the anchor changed */
    var state = event.state || {};
    var mine = ++latest;
    var ready = kept[state.judgeEntry]
      ? Promise.resolve(kept[state.judgeEntry])
      : (inPack(url) ? store.page(pack, url) : Promise.resolve(null)).then(function (html) { return html && parse(html); });
    ready.then(function (page) {
      if (mine !== latest) return;
      if (!page) { window.location.reload(); return; }
      keep();
      current = state.judgeEntry || ++entries;
      if (!state.judgeEntry) history.replaceState(Object.assign({}, history.state, { judgeEntry: current }), "");
      show(page, url, event.timeStamp);
    }).catch(function () { window.location.reload(); });
  });
})();
