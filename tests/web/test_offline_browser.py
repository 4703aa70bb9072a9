"""Offline use in a real headless Chromium: install, save two documents, lose the network, keep reading.

How offline is made real: the browser talks to the site through a small proxy (offline_proxy.py) in front
of the session's `judge serve`; closing the proxy refuses every connection to that origin, the service
worker's own fetches included (DevTools' `Network.emulateNetworkConditions` does not reach a service
worker's fetches, so it is not used). The test checks that the origin really refuses connections before
reading offline.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from browsing import click_still, shot, type_into, wait_for, what_it_shows
from offline_proxy import Proxy, refused

CASES = json.loads((Path(__file__).parent / "offline_cases.json").read_text(encoding="utf-8"))
SAVE_TIMEOUT = 240  # building a pack the first time renders ~4000 pages on a shared machine


@pytest.fixture()
def origin(server):
    proxy = Proxy(server)
    yield proxy
    proxy.close()


def state_of(driver, pack: str) -> str:
    from selenium.webdriver.common.by import By

    return driver.find_element(By.CSS_SELECTOR, f"#pack-{pack} .pack-state").text


def saved_meta(driver, pack: str) -> dict | None:
    return driver.execute_async_script("""
        const [pack, done] = arguments;
        caches.keys().then(async names => {
          for (const name of names.filter(n => n.startsWith("judge-pack:" + pack + ":"))) {
            const found = await (await caches.open(name)).match("/offline/saved/" + pack);
            if (found) return done(await found.json());
          }
          done(null);
        });""", pack)


def search_offline(driver, origin_url: str, query: str) -> list[str]:
    """Type a query in the header's search box and submit it; the hits' addresses."""
    from selenium.webdriver.common.by import By

    box = driver.find_element(By.ID, "q")
    box.clear()
    type_into(driver, box, query)
    box.submit()
    wait_for(driver, lambda d: "search?" in d.current_url or "/rules/" in d.current_url)
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#offline-hits li a")
             or "/rules/" in d.current_url, timeout=20)
    return [a.get_attribute("href").removeprefix(origin_url)
            for a in driver.find_elements(By.CSS_SELECTOR, "#offline-hits li a")]


def test_install_save_and_read_offline(js_browser, origin):
    from selenium.webdriver.common.by import By

    driver = js_browser
    site = origin.url
    driver.get(site + "/offline/")
    assert driver.execute_cdp_cmd("Page.getInstallabilityErrors", {})["installabilityErrors"] == []
    assert driver.execute_async_script(
        "navigator.serviceWorker.ready.then(r => arguments[0](r.active.scriptURL))") == site + "/sw.js"

    # The browser's reading of rule numbers is the server's (the server's side: test_offline_pages.py).
    driver.get(site + "/offline/search")
    numbers = driver.execute_script("return arguments[0].map(c => JudgeOfflineSearch.queryNumber(c[0]))",
                                    CASES["numbers"])
    assert numbers == [expected for _, expected in CASES["numbers"]]

    # en-2026 saved by a judge reading the interface in English, pt-2019 by one reading it in Portuguese:
    # a pack's pages, its offline indicator and its search speak the language it was saved in.
    for language, pack, saved in (("en", "en-2026", "Saved on "), ("pt", "pt-2019", "Guardado em ")):
        driver.get(f"{site}/settings/lang/{language}?next=/offline/")
        driver.find_element(By.CSS_SELECTOR, f'button[data-pack="{pack}"][data-action="save"]').click()
        wait_for(driver, lambda d, p=pack, s=saved: state_of(d, p).startswith(s), timeout=SAVE_TIMEOUT)
    assert state_of(driver, "en-2026").startswith("Guardado em ")
    assert state_of(driver, "en-2019") == "Não guardado neste aparelho."

    # A new release on the server: a pack saved from another release is saved again on the next page online.
    old = saved_meta(driver, "pt-2019")
    driver.execute_async_script("""
        const done = arguments[0];
        caches.keys().then(async names => {
          const name = names.find(n => n.startsWith("judge-pack:pt-2019:"));
          const cache = await caches.open(name);
          const meta = await (await cache.match("/offline/saved/pt-2019")).json();
          meta.release = "an-older-release";
          await cache.put("/offline/saved/pt-2019", new Response(JSON.stringify(meta)));
          done();
        });""")
    driver.get(site + "/settings/lang/en?next=/offline/")
    wait_for(driver, lambda d: (saved_meta(d, "pt-2019") or {}).get("release") == old["release"]
             and saved_meta(d, "pt-2019")["saved"] > old["saved"], timeout=60)
    assert saved_meta(driver, "pt-2019")["lang"] == "pt"  # saved again in the language it was saved in
    driver.refresh()
    wait_for(driver, lambda d: state_of(d, "pt-2019").startswith("Saved on "))
    assert state_of(driver, "en-2019") == "Not saved on this device."
    shot(driver, "offline-0-saved")

    origin.close()
    assert refused(site + "/"), "the site must be unreachable before reading offline"

    english = "Offline: served from your saved copy of EN 2026 (rules of January 16, 2026, version "
    portuguese = "Offline: servido da sua cópia guardada de PT 2019 (regras de 25 de janeiro de 2019, versão "
    for path, heading, indicator, language in [("/rules/en-2026/702.19", "702.19. Trample", english, "en"),
                                               ("/rules/pt-2019/704.5k", "704.5k", portuguese, "pt"),
                                               ("/rules/en-2026/702.19c", "702.19c", english, "en")]:
        driver.get(site + path)
        assert driver.find_element(By.CSS_SELECTOR, "article.rule h1").text == heading
        shown = driver.find_element(By.CSS_SELECTOR, ".offline-status").text
        assert shown.startswith(indicator), shown
        assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == language
    # Its links open too: a reference, the contents, the glossary.
    driver.find_element(By.CSS_SELECTOR, '[id="702.19c"] a.ref').click()
    wait_for(driver, lambda d: d.current_url == site + "/rules/en-2026/702.19b")
    assert driver.find_element(By.CSS_SELECTOR, "article.rule h1").text == "702.19b"
    assert driver.find_element(By.CSS_SELECTOR, ".offline-status")
    for path, selector in [("/rules/pt-2019/", ".toc details"), ("/glossary/pt-2019/", "ul.terms a"),
                           ("/glossary/pt-2019/Atropelar", "article.glossary-entry h1")]:
        driver.get(site + path)
        assert driver.find_elements(By.CSS_SELECTOR, selector), path
    shot(driver, "offline-1-glossary-entry")

    # The number jump, in a form the server accepts, from the search box.
    driver.get(site + "/rules/en-2026/100.1")
    assert search_offline(driver, site, "cr 702.19C") == []
    assert driver.current_url == site + "/rules/en-2026/702.19c"
    assert driver.find_element(By.CSS_SELECTOR, "article.rule h1").text == "702.19c"

    # Keyword search in each document, in its language, accents and a typo forgiven.
    hits = search_offline(driver, site, "trample")
    assert "/rules/en-2026/702.19" in hits[:5]
    assert driver.find_element(By.CSS_SELECTOR, ".offline-status")
    shot(driver, "offline-2-search-en")
    assert driver.find_element(By.ID, "offline-search-status").text.endswith(" results in the saved copy")
    driver.get(site + "/rules/pt-2019/100.1")
    assert "/rules/pt-2019/702.2" in search_offline(driver, site, "toque mortifero")[:5]
    assert "/rules/pt-2019/702.19" in search_offline(driver, site, "atropelra")[:5]
    assert driver.find_element(By.ID, "offline-did-you-mean").text == "Você quis dizer: atropelar"
    assert driver.find_element(By.ID, "offline-search-status").text.endswith(" resultados na cópia guardada")
    assert driver.find_element(By.CSS_SELECTOR, ".offline-status").text.startswith(portuguese)

    # A document not saved: said plainly, in the language of the pack saved last (pt-2019, saved again above).
    driver.get(site + "/rules/en-2019/702.19")
    assert driver.find_element(By.TAG_NAME, "h1").text == "Não guardado para uso offline"
    driver.get(site + "/scenarios")
    assert driver.find_element(By.TAG_NAME, "h1").text == "Não guardado para uso offline"
    assert "Os cenários (a biblioteca, o tabuleiro, rodar o seu)" in driver.find_element(By.TAG_NAME, "main").text


def wait(driver, condition, timeout: float = 30) -> None:
    """`wait_for`, failing with what the page shows instead (its text, address, console, a screenshot)."""
    from selenium.common.exceptions import TimeoutException

    try:
        wait_for(driver, condition, timeout)
    except TimeoutException:
        script = "return [document.documentElement.dataset.inPlace, window.judgeSameDocument]"
        pack, same = driver.execute_script(script)
        pytest.fail(f"waited {timeout} s in vain; in-place pack {pack}, same document {same}; "
                    f"{what_it_shows(driver, 'offline-in-place')}")


def shown_in_place(driver) -> bool:
    """Whether the page is still the document loaded before (a marker set on it survives), not a new one."""
    return driver.execute_script("return window.judgeSameDocument === true")


def test_pages_of_a_saved_document_open_in_place(js_browser, origin):
    """With en-2026 saved, its links, the number jump and the back button stay in the page, from the pack;
    a link to a document not saved is a normal navigation."""
    from selenium.webdriver.common.by import By

    driver = js_browser
    site = origin.url
    driver.get(site + "/offline/")
    click_still(driver, driver.find_element(By.CSS_SELECTOR, 'button[data-pack="en-2026"][data-action="save"]'))
    wait(driver, lambda d: state_of(d, "en-2026").startswith("Saved on "), timeout=SAVE_TIMEOUT)
    origin.close()
    assert refused(site + "/"), "the site must be unreachable before reading offline"

    def heading() -> str:
        return driver.find_element(By.CSS_SELECTOR, "main h1").text

    def focused_heading() -> bool:
        return driver.execute_script("return document.activeElement === document.querySelector('main h1')")

    driver.get(site + "/rules/en-2026/702.19c")
    wait(driver, lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("data-in-place") == "en-2026")
    driver.execute_script("window.judgeSameDocument = true")
    indicator = driver.find_element(By.CSS_SELECTOR, ".offline-status").text
    assert indicator.startswith("Offline: served from your saved copy of EN 2026")

    # A rule reference in the text.
    click_still(driver, driver.find_element(By.CSS_SELECTOR, '[id="702.19c"] a.ref'))
    wait(driver, lambda d: d.current_url == site + "/rules/en-2026/702.19b")
    wait(driver, lambda d: heading() == "702.19b")
    assert shown_in_place(driver)
    assert focused_heading()
    assert driver.title.startswith("702.19b")
    assert driver.find_element(By.CSS_SELECTOR, ".offline-status").text == indicator
    version = driver.find_element(By.CSS_SELECTOR, ".save-offline .pack-state")
    assert version.text.startswith("Saved on ") and " · version " in version.text  # at once, with the page
    shot(driver, "offline-3-in-place")

    # The contents (the footer's link), then a section in them.
    click_still(driver, driver.find_element(By.CSS_SELECTOR, "footer a[href='/rules/en-2026/']"))
    wait(driver, lambda d: d.current_url == site + "/rules/en-2026/" and d.find_elements(By.CSS_SELECTOR, ".toc"))
    click_still(driver, driver.find_element(By.CSS_SELECTOR, ".toc a[href='/rules/en-2026/101']"))
    wait(driver, lambda d: d.current_url == site + "/rules/en-2026/101")
    assert heading() == "101. The Magic Golden Rules"
    assert shown_in_place(driver) and focused_heading()
    assert driver.execute_script("return window.scrollY") == 0

    # Back twice: the contents, then the rule as it was; forward again.
    driver.back()
    wait(driver, lambda d: d.current_url == site + "/rules/en-2026/" and d.find_elements(By.CSS_SELECTOR, ".toc"))
    driver.back()
    wait(driver, lambda d: d.current_url == site + "/rules/en-2026/702.19b")
    assert heading() == "702.19b" and driver.title.startswith("702.19b")
    driver.forward()
    wait(driver, lambda d: d.current_url == site + "/rules/en-2026/" and d.find_elements(By.CSS_SELECTOR, ".toc"))
    assert shown_in_place(driver)

    # The number jump, in a form the server accepts.
    search_offline(driver, site, "cr 702.19C")
    wait(driver, lambda d: d.current_url == site + "/rules/en-2026/702.19c")
    assert heading() == "702.19c" and shown_in_place(driver)

    # Another document (not saved): a normal navigation, which says it is not saved.
    click_still(driver, driver.find_element(By.CSS_SELECTOR, ".others a[href='/rules/es-2026/702.19c']"))
    wait(driver, lambda d: d.current_url == site + "/rules/es-2026/702.19c")
    wait(driver, lambda d: heading() == "Not saved for offline use")
    assert not shown_in_place(driver)
