"""Driving a real headless Chromium (Debian's) in the browser tests: the browser, and a finger's taps.

Screenshots go to test-artifacts/. Without a browser the tests skip, except in CI (CI=true), where a
missing browser is a failure. The fixtures (`server`, `browser`, `js_browser`) are in conftest.py.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

from judge_app import paths

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage"]
PHONE = {"width": 360, "height": 740, "pixelRatio": 2.0}
PHONE_390 = {"width": 390, "height": 844, "pixelRatio": 3.0}  # a common phone of today, in CSS pixels
DESKTOP = {"width": 1280, "height": 800}
ARTIFACTS = paths.PROJECT_ROOT / "test-artifacts"


def require_browser() -> None:
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


def new_browser(javascript: bool, screen: dict | None = None):
    """Headless Chromium as a phone (`PHONE` unless `screen` says otherwise), or as a desktop (`DESKTOP`)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = str(CHROMIUM)
    for flag in FLAGS:
        options.add_argument(flag)
    screen = screen or PHONE
    if "pixelRatio" in screen:
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": screen})
    else:
        options.add_argument(f"--window-size={screen['width']},{screen['height']}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})  # the console, for `what_it_shows`
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    driver.set_page_load_timeout(30)
    if "pixelRatio" not in screen:  # the window's size is not its viewport's: set the viewport itself
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": screen["width"], "height": screen["height"], "deviceScaleFactor": 1, "mobile": False})
    driver.javascript = javascript
    return driver


def shot(driver, name: str, suffix: str | None = None) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    suffix = suffix or ("js" if driver.javascript else "nojs")
    driver.save_screenshot(str(ARTIFACTS / f"{name}-{suffix}.png"))


def what_it_shows(driver, name: str) -> str:
    """What a failed wait found, for the test's message: the address, the page's visible text, the browser's
    console, and a screenshot saved to a temporary file it names."""
    from selenium.webdriver.common.by import By

    picture = Path(tempfile.mkdtemp(prefix="judge-failure-")) / f"{name}.png"
    driver.save_screenshot(str(picture))
    text = driver.find_element(By.TAG_NAME, "body").text
    console = "\n".join(f"  {entry['level']} {entry['message']}" for entry in driver.get_log("browser"))
    return (f"at {driver.current_url} (screenshot: {picture})\n--- visible text ---\n{text[:1500]}\n"
            f"--- console ---\n{console or '  (nothing)'}")


def no_horizontal_scroll(driver) -> bool:
    return driver.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")


def wait_for(driver, condition, timeout: float = 30):
    """Wait until `condition(driver)` holds. It returns as soon as it does: the timeout only bounds a failure,
    and is generous because a CI machine shared with other work answers a page in seconds, not milliseconds
    (10 s timed out once under a load of 10 on two cores)."""
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


def click_still(driver, element) -> None:
    """Click `element` once it is in view and stays where it is painted, as a finger taps what it sees.

    WebDriver's own click scrolls and presses within a frame, where no finger can: on a rule page the sections
    below the text (content-visibility: auto, app.css) are laid out only once scrolled to, which moves the
    footer by ~100 px a frame later, so that click could land where the link was and miss it.
    """
    driver.execute_async_script("""
        const [element, done] = arguments;
        element.scrollIntoView({block: "center"});
        let seen = null;
        const look = () => {
          const box = element.getBoundingClientRect();
          const now = [box.left, box.top, box.width, box.height].join();
          if (now === seen) return done();
          seen = now;
          requestAnimationFrame(() => requestAnimationFrame(look));
        };
        requestAnimationFrame(look);""", element)
    element.click()


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
