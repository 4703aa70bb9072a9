"""End to end in a real headless Chromium (Debian's), against `judge serve` (gunicorn) on loopback.

The journey a judge makes at the table, on a phone-sized screen, with JavaScript on and off.
Screenshots go to test-artifacts/. Without a browser these tests skip, except in CI (CI=true),
where a missing browser is a failure.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from judge_app import paths

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage"]
PHONE = {"width": 360, "height": 740, "pixelRatio": 2.0}
ARTIFACTS = paths.PROJECT_ROOT / "test-artifacts"


def _require_browser() -> None:
    missing = [str(p) for p in (CHROMIUM, CHROMEDRIVER) if not p.exists()]
    try:
        import selenium  # noqa: F401
    except ImportError:
        missing.append("the selenium package")
    if missing:
        message = f"browser tests need {', '.join(missing)} (apt-get install chromium chromium-driver)"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def server():
    """`judge serve` in a child process: the real gunicorn set-up, on a free loopback port."""
    _require_browser()
    port = _free_port()
    ARTIFACTS.mkdir(exist_ok=True)
    log = open(ARTIFACTS / "server.log", "w")  # noqa: SIM115 - closed at teardown
    command = [sys.executable, "-c", "from judge_app.cli import main; main()", "serve", "--port", str(port),
               "--workers", "1"]
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(base + "/", timeout=2) as response:
                if response.status == 200:
                    break
        except OSError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            log.close()
            pytest.fail(f"judge serve did not start; see {ARTIFACTS / 'server.log'}")
        time.sleep(0.2)
    yield base
    process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
    log.close()


def _browser(javascript: bool):
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = str(CHROMIUM)
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": PHONE})
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    driver.set_page_load_timeout(30)
    return driver


@pytest.fixture(params=[True, False], ids=["js", "no-js"])
def browser(request, server):
    driver = _browser(javascript=request.param)
    driver.javascript = request.param
    yield driver
    driver.quit()


@pytest.fixture()
def js_browser(server):
    driver = _browser(javascript=True)
    driver.javascript = True
    yield driver
    driver.quit()


def shot(driver, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    driver.save_screenshot(str(ARTIFACTS / f"{name}-{'js' if driver.javascript else 'nojs'}.png"))


def no_horizontal_scroll(driver) -> bool:
    return driver.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")


def wait_for(driver, condition, timeout: float = 10):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout).until(condition)


def tap(driver, element) -> None:
    """A real pointer press and release at the element's centre, as a finger would.

    Sent through DevTools input events rather than WebDriver's click, which relies on running
    script in the page and hangs when the page's JavaScript is disabled.
    """
    x, y = driver.execute_script(
        "arguments[0].scrollIntoView({block: 'center'});"
        "const box = arguments[0].getBoundingClientRect();"
        "return [box.left + box.width / 2, box.top + box.height / 2];",
        element)
    for kind in ("mousePressed", "mouseReleased"):
        driver.execute_cdp_cmd("Input.dispatchMouseEvent",
                               {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1})


def type_into(driver, element, text: str) -> None:
    """Tap a text box and type, through DevTools input like `tap`."""
    tap(driver, element)
    driver.execute_cdp_cmd("Input.insertText", {"text": text})


def follow(driver, element) -> None:
    """Tap a link and wait for the page it leads to."""
    before = driver.current_url
    tap(driver, element)
    wait_for(driver, lambda d: d.current_url != before
             and d.execute_script("return document.readyState") == "complete")


def test_journey_search_rule_reference_language_switch(browser, server):
    """Search "trample" → 702.19 → a reference → up the breadcrumbs → Spanish → 702.19 in Spanish."""
    from selenium.webdriver.common.by import By

    browser.get(server + "/")
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("class") == ("js" if browser.javascript else "")
    type_into(browser, browser.find_element(By.ID, "q"), "trample")
    shot(browser, "0-home-search")
    follow(browser, browser.find_element(By.CSS_SELECTOR, "main form[role=search] button"))
    assert browser.current_url.startswith(server + "/search?q=trample")
    first = browser.find_element(By.CSS_SELECTOR, "ol.hits li.hit > a")
    assert first.get_attribute("href") == server + "/rules/en-2026/702.19"
    assert no_horizontal_scroll(browser)
    shot(browser, "1-search-results")
    follow(browser, first)

    heading = browser.find_element(By.CSS_SELECTOR, "article.rule h1")
    assert heading.text == "702.19. Trample"
    subrules = [s.get_attribute("id") for s in browser.find_elements(By.CSS_SELECTOR, "article.rule section.entry")]
    assert subrules[:3] == ["702.19", "702.19a", "702.19b"]
    assert no_horizontal_scroll(browser)
    shot(browser, "2-rule-702.19")

    reference = browser.find_element(By.CSS_SELECTOR, '[id="702.19c"] a.ref')
    assert reference.text == "702.19b"
    follow(browser, reference)
    assert browser.current_url == server + "/rules/en-2026/702.19b"
    assert browser.find_element(By.CSS_SELECTOR, "article.rule h1").text == "702.19b"
    shot(browser, "3-reference-702.19b")

    crumb = browser.find_elements(By.CSS_SELECTOR, "nav.crumbs a")[-1]
    assert crumb.text == "702.19. Trample"
    follow(browser, crumb)
    switch = browser.find_element(By.CSS_SELECTOR, 'nav.langs a[lang="es"]')
    follow(browser, switch)
    assert browser.current_url == server + "/rules/es-2026/702.19"
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "es"
    assert browser.find_element(By.CSS_SELECTOR, "article.rule h1").text == "702.19. Arrollar"
    assert browser.find_element(By.CSS_SELECTOR, "header button").text == "Buscar"
    assert no_horizontal_scroll(browser)
    shot(browser, "4-rule-702.19-es")

    # The choice is remembered: a fresh page comes in Spanish too.
    browser.get(server + "/")
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "es"


def test_glossary_term_definition_on_tap(browser, server):
    from selenium.webdriver.common.by import By

    browser.get(server + "/rules/en-2026/702.19")
    term = browser.find_element(By.CSS_SELECTOR, "article.rule a.term")
    name = term.text
    if browser.javascript:
        tap(browser, term)
        tip = wait_for(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".tip"))
        assert tip.find_element(By.TAG_NAME, "strong").text.lower() == name.lower()
        assert len(tip.text) > len(name) + 20
        assert no_horizontal_scroll(browser)
        shot(browser, "5-term-tooltip")
        follow(browser, tip.find_element(By.TAG_NAME, "a"))
    else:
        follow(browser, term)
    assert "/glossary/en-2026/" in browser.current_url
    assert browser.find_element(By.CSS_SELECTOR, "article.glossary-entry h1").text.lower() == name.lower()


def test_slash_focuses_search(js_browser, server):
    """A keyboard shortcut is an enhancement: without JavaScript the box is one tap away."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    browser = js_browser
    browser.get(server + "/rules/en-2026/702.19")
    browser.find_element(By.TAG_NAME, "body").send_keys("/")
    assert browser.switch_to.active_element.get_attribute("id") == "q"
    browser.switch_to.active_element.send_keys("702.19c" + Keys.ENTER)
    wait_for(browser, lambda d: d.current_url.endswith("/rules/en-2026/702.19c"))


def test_instant_search_lists_matching_rules_as_you_type(js_browser, server):
    from selenium.webdriver.common.by import By

    browser = js_browser
    browser.get(server + "/")
    type_into(browser, browser.find_element(By.ID, "q"), "trample")
    first = wait_for(browser, lambda d: d.find_element(By.CSS_SELECTOR, "ul.instant li a"))
    assert first.get_attribute("href") == server + "/rules/en-2026/702.19"
    assert [m.text.lower() for m in browser.find_elements(By.CSS_SELECTOR, "ul.instant mark")][:1] == ["trample"]
    assert no_horizontal_scroll(browser)
    shot(browser, "6-instant-search")
    follow(browser, first)
    assert browser.current_url == server + "/rules/en-2026/702.19"


@pytest.mark.parametrize("path", ["/", "/rules/en-2026/702.19", "/rules/pt-2019/", "/glossary/es-2026/",
                                  "/glossary/en-2026/Trample", "/guides/", "/guides/pt-rulebook-2007", "/quality",
                                  "/api/", "/rules/en-2026/702.19z", "/search?q=trample&doc=all"])
def test_phone_width_has_no_horizontal_scroll(browser, server, path):
    from selenium.webdriver.common.by import By

    browser.get(server + path)
    assert browser.execute_script("return window.innerWidth") == PHONE["width"]
    assert browser.find_element(By.CSS_SELECTOR, "main h1").is_displayed()
    assert no_horizontal_scroll(browser), path
    if path in ("/", "/quality", "/api/"):
        shot(browser, "phone" + path.replace("/", "_").rstrip("_"))


def test_tap_targets_are_large(browser, server):
    from selenium.webdriver.common.by import By

    browser.get(server + "/rules/en-2026/702.19")
    for selector in ("header button", "#q", "nav.pager a", "nav.langs a", "section.others ul.chips a",
                     "section.others summary", "nav.crumbs a"):
        for element in browser.find_elements(By.CSS_SELECTOR, selector):
            assert element.size["height"] >= 40, (selector, element.size)

