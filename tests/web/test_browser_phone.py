"""The first screen of a phone (390×844) and a desktop (1280×800), measured in a real headless Chromium:
the first result above the fold, tap targets, numbers that never break, details that look openable, whole
type lines on the board, the breadcrumb separator with its crumb; axe-core's accessibility rules; the
keyboard alone. Screenshots of the pages a judge meets go to test-artifacts/ (`<name>-390.png`, `-1280.png`).
"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from browsing import ARTIFACTS, DESKTOP, PHONE_390, new_browser, shot, wait_for

SCENARIO = "trample-deathtouch-two-blockers"
SHOTS = {  # what a judge meets, in Portuguese: results, a stale 2019 rule, a term added since, a scenario
    "results": "/search?q=dano+de+combate&doc=pt-2019",
    "stale-rule": "/rules/pt-2019/510.1c",
    "later-term": "/search?q=t%C3%B3xico&doc=pt-2019",
    "scenario": f"/scenarios/{SCENARIO}?doc=pt-2019",
}
QUERIES = [  # (query, document, interface language) whose first result must show without scrolling
    ("trample", "en-2026", "en"), ("atropelar", "pt-2019", "pt"), ("arrollar", "es-2026", "es"),
    ("combat damage", "all", "en"), ("dano de combate", "pt-2019", "pt"), ("toque mortal", "es-2026", "es"),
    ("lhurgoyf", "pt-2019", "pt"), ("state-based actions", "en-2026", "en"), ("mana pool", "en-2019", "en"),
    ("manter mão mulligan", "pt-2019", "pt"), ("copia de un hechizo", "es-2026", "es"), ("tramlpe", "en-2026", "en"),
]
# the home page, a rule page in each document, results, glossary, the scenario library, a scenario, the editor,
# a card, the card search
AXE_PAGES = [
    "/", "/rules/en-2026/702.19", "/rules/es-2026/702.19", "/rules/en-2019/702.19", "/rules/pt-2019/510.1c",
    "/search?q=trample&doc=all", "/glossary/pt-2019/", "/glossary/en-2026/Trample", "/scenarios",
    f"/scenarios/{SCENARIO}", "/scenarios/try", "/rules/pt-2019/702.164", "/cards/Dand%C3%A2n?doc=pt-2019",
    "/cards?q=jace",
]
MEASURED = ["/", "/rules/pt-2019/510.1", "/search?q=trample&doc=all", f"/scenarios/{SCENARIO}", "/glossary/pt-2019/",
            "/rules/en-2026/702.19", "/scenarios", "/scenarios/try", "/rules/es-2026/", "/quality",
            "/cards/Jace,%20the%20Mind%20Sculptor", "/cards?q=jace"]
# Links inside running text are exempt from the target size (WCAG 2.2, 2.5.8 "inline").
INLINE = ".text, .snippet, .example, .diff, .question, .answer, .para, .what, .note, .facts, .tip p, .issues, p"


@pytest.fixture(scope="module")
def phone(server):
    driver = new_browser(javascript=True, screen=PHONE_390)
    driver.get(server + "/settings/lang/pt?next=/")  # the judge reads the interface in Portuguese
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def desktop(server):
    driver = new_browser(javascript=True, screen=DESKTOP)
    driver.get(server + "/settings/lang/pt?next=/")
    yield driver
    driver.quit()


def load(driver, url: str) -> None:
    driver.get(url)
    wait_for(driver, lambda d: d.execute_script("return document.readyState") == "complete")


def test_screenshots_of_what_a_judge_meets(phone, desktop, server):
    assert phone.execute_script("return [innerWidth, innerHeight]") == [PHONE_390["width"], PHONE_390["height"]]
    assert phone.execute_script("return innerWidth") == 390
    assert desktop.execute_script("return [innerWidth, innerHeight]") == [DESKTOP["width"], DESKTOP["height"]]
    for name, url in SHOTS.items():
        for driver, size in ((phone, "390"), (desktop, "1280")):
            load(driver, server + url)
            assert driver.execute_script("return document.documentElement.scrollWidth <= innerWidth"), (url, size)
            shot(driver, f"judge-{name}", size)


def first_result_on_screen(driver) -> dict:
    return driver.execute_script("""
        const hit = document.querySelector('ol.hits li.hit');
        if (!hit) return {found: false};
        const what = hit.querySelector('.what').getBoundingClientRect();
        const snippet = hit.querySelector('.snippet');
        let line = what.bottom;
        if (snippet) {
          const first = snippet.getClientRects()[0];
          line = first.top + parseFloat(getComputedStyle(snippet).lineHeight || 20);
        }
        return {found: true, number: what.bottom, line: line, fold: innerHeight};
    """)


def test_the_first_result_and_its_first_line_show_without_scrolling(phone, server):
    above = []
    for query, doc, language in QUERIES:
        phone.get(f"{server}/settings/lang/{language}?next=/")
        load(phone, f"{server}/search?q={query}&doc={doc}")
        seen = first_result_on_screen(phone)
        assert seen["found"], query
        if seen["number"] <= seen["fold"] and seen["line"] <= seen["fold"]:
            above.append(query)
    phone.get(server + "/settings/lang/pt?next=/")
    (ARTIFACTS / "first-result-above-fold.json").write_text(json.dumps({"pages": len(QUERIES), "above": len(above)}))
    assert len(above) == len(QUERIES), sorted({q for q, _, _ in QUERIES} - set(above))


SMALL_TARGETS = """
    const inline = arguments[0];
    const out = [];
    const actions = 'a[href], button, summary, select, input:not([type=hidden]), textarea';
    for (const el of document.querySelectorAll(actions)) {
      const box = el.getBoundingClientRect();
      if (!box.width || !box.height || getComputedStyle(el).visibility === 'hidden') continue;
      if (el.closest('.visually-hidden, .skip') || (el.tagName === 'A' && el.closest(inline))) continue;
      const main = el.closest('footer nav.links, header.top');
      const name = (el.textContent || el.name || '').trim().slice(0, 30);
      if (box.height < (main ? 44 : 24) || box.width < 24)
        out.push(`${el.tagName} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
    return out;
"""


def test_tap_targets_are_at_least_24_px_and_the_main_navigation_44(phone, server):
    small = {}
    for url in MEASURED:
        load(phone, server + url)
        found = phone.execute_script(SMALL_TARGETS, INLINE)
        if found:
            small[url] = found[:5]
    assert small == {}


BROKEN_NUMBERS = """
    const lines = el => {  // how many lines the element's text takes
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      const rects = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        rects.push(...[...range.getClientRects()].filter(r => r.width));
      }
      rects.sort((a, b) => a.top - b.top);
      let count = 0, bottom = -Infinity;
      for (const r of rects) if (r.top >= bottom - 2) { count++; bottom = r.bottom; }
      return count;
    };
    return [...document.querySelectorAll('.num, a.ref, .rules a, .stale-mark .num')]
      .filter(el => /^\\d{3}\\.\\d+[a-z]?$/.test(el.textContent.trim()) && lines(el) > 1)
      .map(el => el.textContent.trim()).slice(0, 5);
"""
LONE_SEPARATOR = """
    return [...document.querySelectorAll('.crumbs li + li')].filter(li => {
      const a = li.querySelector('a').getClientRects()[0];
      return a.top - li.getBoundingClientRect().top > 4;  // the crumb starts below its "›"
    }).map(li => li.textContent.trim());
"""
TOUCHING_DIFF_WORDS = """
    document.querySelectorAll('details.changes').forEach(d => { d.open = true; });
    return [...document.querySelectorAll('.diff del + ins, .diff ins + del')]
      .filter(el => el.previousSibling === el.previousElementSibling)  // nothing between the two
      .filter(el => {
        const before = [...el.previousElementSibling.getClientRects()].pop(), after = el.getClientRects()[0];
        return Math.abs(before.top - after.top) < 2 && after.left - before.right < 2;
      }).map(el => el.textContent.slice(0, 20));
"""
MARKERS = """
    return [...document.querySelectorAll('summary')].filter(s => s.getBoundingClientRect().height)
      .filter(s => parseFloat(getComputedStyle(s, '::before').width) < 4).map(s => s.textContent.trim());
"""


def test_numbers_never_break_and_separators_and_markers_stay_visible(phone, server):
    for url in [*MEASURED, "/rules/pt-2019/702.52", "/rules/pt-2019/510.1c", "/search?q=dano+de+combate&doc=pt-2019"]:
        load(phone, server + url)
        assert phone.execute_script(BROKEN_NUMBERS) == [], url
        assert phone.execute_script(LONE_SEPARATOR) == [], url
        assert phone.execute_script(MARKERS) == [], url  # every <details> shows it opens
        assert phone.execute_script(TOUCHING_DIFF_WORDS) == [], url  # a deleted word never touches its insertion


TRUNCATED_TYPES = """
    return [...document.querySelectorAll('.frame .card')].filter(card => card.getBoundingClientRect().height)
      .filter(card => {  // in the card's own layout (a tapped card is turned: its screen box is not)
        const type = card.querySelector('.type');
        const end = type.offsetTop + type.offsetHeight;
        return end > card.clientHeight || type.scrollWidth > type.clientWidth + 1
          || card.querySelector('.badges').offsetTop < end - 1;
      }).map(card => card.querySelector('.type').textContent);
"""


def test_type_lines_are_never_cut_on_the_board(phone, server):
    load(phone, f"{server}/scenarios/{SCENARIO}")
    frames = phone.find_elements("css selector", "#board .frame")
    checked = 0
    for frame in frames:
        phone.execute_script("document.querySelector(`a.step-no[href='#${arguments[0]}']`).click()",
                             frame.get_attribute("id"))
        wait_for(phone, lambda d, f=frame: f.is_displayed())
        assert phone.execute_script(TRUNCATED_TYPES) == []
        checked += len(frame.find_elements("css selector", ".card"))
    assert checked > 0


def test_the_header_keeps_its_height(phone, desktop, server):
    for driver, most in ((phone, 140), (desktop, 80)):
        for url in MEASURED[:4]:
            load(driver, server + url)
            height = driver.execute_script("return document.querySelector('header.top').getBoundingClientRect().height")
            assert height <= most, (url, height)


def test_no_serious_or_critical_accessibility_violation(phone, desktop, server):
    from axe_selenium_python import Axe

    impacts: Counter = Counter()
    serious = []
    for driver in (phone, desktop):
        for url in AXE_PAGES:
            load(driver, server + url)
            axe = Axe(driver)
            axe.inject()
            results = axe.run(options='{"resultTypes": ["violations"]}')
            for violation in results["violations"]:
                impacts[violation["impact"]] += len(violation["nodes"])
                if violation["impact"] in ("serious", "critical"):
                    serious.append((url, violation["id"], [n["target"] for n in violation["nodes"][:3]]))
    (ARTIFACTS / "axe.json").write_text(json.dumps({"pages": len(AXE_PAGES) * 2, "violations": impacts}))
    assert serious == []


FOCUS = """
    const el = document.activeElement;
    const style = getComputedStyle(el);
    const visible = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2)
      || style.boxShadow !== 'none';
    return [el.tagName + (el.id ? '#' + el.id : '') + ' ' + (el.textContent || '').trim().slice(0, 20), visible,
            el.getAttribute('href') || el.name || el.id || el.textContent.trim().slice(0, 20)];
"""
ACTIONABLE = """
    return [...document.querySelectorAll('a[href], button, summary, select, input:not([type=hidden]), textarea')]
      .filter(el => el.checkVisibility() && el.getBoundingClientRect().height)
      .filter(el => !el.closest('[hidden], .visually-hidden'))
      .map(el => el.getAttribute('href') || el.name || el.id || el.textContent.trim().slice(0, 20));
"""


@pytest.mark.parametrize("url", ["/", "/rules/pt-2019/510.1c", "/search?q=trample&doc=all", "/scenarios/try"])
def test_the_keyboard_reaches_every_action_with_focus_visible(desktop, server, url):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    load(desktop, server + url)
    wanted = set(desktop.execute_script(ACTIONABLE))
    desktop.execute_script(  # start where a visitor does: before the first element of the page
        "document.body.insertAdjacentHTML('afterbegin', '<span id=kb-start tabindex=-1></span>');"
        "document.getElementById('kb-start').focus()")
    reached, invisible = set(), []
    for _ in range(len(wanted) + 40):
        ActionChains(desktop).send_keys(Keys.TAB).perform()
        name, visible, key = desktop.execute_script(FOCUS)
        if name.startswith("BODY"):
            break
        reached.add(key)
        if not visible:
            invisible.append(name)
    assert invisible == []
    assert wanted - reached == set()
