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
    var timer = null;
    document.addEventListener("mouseover", function (event) {
      var link = event.target.closest && event.target.closest("a.term");
      if (!link || link === tipFor) return;
      clearTimeout(timer);
      timer = setTimeout(function () { load(link); }, 250);
    });
    document.addEventListener("mouseout", function (event) {
      var link = event.target.closest && event.target.closest("a.term");
      if (link) clearTimeout(timer);
    });
  }

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") hide();
  });
})();
