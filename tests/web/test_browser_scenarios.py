"""Scenarios in a real headless Chromium against `judge serve`, on a phone-sized screen, with JavaScript on and off:
find a scenario, step through its board, follow a rule, run an edited scenario and a broken one.
Screenshots go to test-artifacts/."""

from __future__ import annotations

import json
import urllib.request

from browsing import follow, no_horizontal_scroll, shot, tap, type_into, wait_for

from judge_app import paths

TRAMPLE = "trample-deathtouch-two-blockers"
TEXT = (paths.scenarios_dir() / f"{TRAMPLE}.toml").read_text(encoding="utf-8")


def visible_frame(driver) -> str:
    from selenium.webdriver.common.by import By

    shown = [f.get_attribute("id") for f in driver.find_elements(By.CSS_SELECTOR, "#board .frame") if f.is_displayed()]
    assert len(shown) == 1, shown
    return shown[0]


def control(driver, rel: str):
    from selenium.webdriver.common.by import By

    return driver.find_element(By.CSS_SELECTOR, f"#{visible_frame(driver)} .controls a[rel={rel}]")


def step(driver, rel: str, expected: str) -> None:
    tap(driver, control(driver, rel))
    wait_for(driver, lambda d: visible_frame(d) == expected)


def wurm_is_tapped(driver) -> bool:
    from selenium.webdriver.common.by import By

    card = driver.find_element(By.CSS_SELECTOR, f'#{visible_frame(driver)} .card[data-id="wurm"]')
    return "tapped" in card.find_element(By.XPATH, "..").get_attribute("class").split()


def replace_text(driver, box, text: str) -> None:
    """Select everything in a text box and type `text` over it, as DevTools input (works without JavaScript)."""
    tap(driver, box)
    for kind in ("keyDown", "keyUp"):
        driver.execute_cdp_cmd("Input.dispatchKeyEvent", {"type": kind, "key": "a", "code": "KeyA",
                                                          "modifiers": 2, "windowsVirtualKeyCode": 65,
                                                          "commands": ["selectAll"] if kind == "keyDown" else []})
    driver.execute_cdp_cmd("Input.insertText", {"text": text})


def submit(driver, button) -> None:
    """Tap a form's button and wait for the page it returns, which may have the same address."""
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.expected_conditions import staleness_of
    from selenium.webdriver.support.ui import WebDriverWait

    page = driver.find_element(By.TAG_NAME, "html")
    tap(driver, button)
    # while the old page goes, asking about its element may fail otherwise than "stale": ask again
    WebDriverWait(driver, 10, ignored_exceptions=[WebDriverException]).until(staleness_of(page))
    wait_for(driver, lambda d: d.execute_script("return document.readyState") == "complete")


def test_find_a_scenario_step_through_its_board_and_follow_a_rule(browser, server):
    from selenium.webdriver.common.by import By

    browser.get(server + "/scenarios")
    total = len(browser.find_elements(By.CSS_SELECTOR, "#scenario-list .scenario-item"))
    with urllib.request.urlopen(server + "/api/scenarios?q=trample") as response:
        expected = [s["id"] for s in json.load(response)["scenarios"]]

    def shown_items(driver):
        return [li for li in driver.find_elements(By.CSS_SELECTOR, "#scenario-list .scenario-item")
                if li.is_displayed()]

    type_into(browser, browser.find_element(By.CSS_SELECTOR, "#scenario-filters input[name=q]"), "trample")
    if browser.javascript:  # filtered as it is typed, without leaving the page: wait for the whole word's list
        # (the list after "t" or "tram" is already shorter than the library, so a shorter count is not enough)
        wait_for(browser, lambda d: "of" in d.find_element(By.ID, "scenario-count").text
                 and [li.get_attribute("data-id") for li in shown_items(d)] == expected)
    else:
        follow(browser, browser.find_element(By.CSS_SELECTOR, "#scenario-filters button"))
        assert "q=trample" in browser.current_url
    shown = shown_items(browser)
    assert [li.get_attribute("data-id") for li in shown] == expected and 1 <= len(expected) < total
    assert no_horizontal_scroll(browser)
    shot(browser, "scenario-0-library-filtered")
    link = next(li for li in shown if li.get_attribute("data-id") == TRAMPLE).find_element(By.CSS_SELECTOR, "a")
    follow(browser, link)
    assert browser.current_url == f"{server}/scenarios/{TRAMPLE}"

    # The board after the last step is shown first; the first step, then forward and back.
    frames = browser.find_elements(By.CSS_SELECTOR, "#board .frame")
    assert visible_frame(browser) == frames[-1].get_attribute("id")
    board = browser.find_element(By.ID, "board")
    browser.execute_script("arguments[0].scrollIntoView()", board)
    shot(browser, "scenario-1-final-board")
    step(browser, "first", "frame-4")  # steps 1–4: both players pass up to declare attackers, one line
    assert not wurm_is_tapped(browser)
    cards = [c.text for c in browser.find_elements(By.CSS_SELECTOR, "#frame-4 .card .name")]
    assert sorted(cards) == ["Deathtouch Wurm", "Grizzly Bears", "Grizzly Bears"]
    step(browser, "next", "frame-5")
    assert wurm_is_tapped(browser)  # declared as an attacker: tapped, drawn on its side
    attacking = browser.find_element(By.CSS_SELECTOR, '#frame-5 .card[data-id="wurm"] .badge.combat').text
    assert attacking == "attacking Bob"
    assert no_horizontal_scroll(browser)
    shot(browser, "scenario-2-attack-declared")
    step(browser, "prev", "frame-4")
    assert not wurm_is_tapped(browser)
    if browser.javascript:
        from selenium.webdriver.common.keys import Keys

        browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
        wait_for(browser, lambda d: visible_frame(d) == "frame-5")
        assert browser.current_url.endswith("#frame-5")
        current = browser.find_element(By.CSS_SELECTOR, ".timeline li.step[aria-current]")
        assert current.get_attribute("id") == "step-5"

    # A step's rule: the title on hover, and a tap opens the rule.
    rule = browser.find_element(By.CSS_SELECTOR, f"#{visible_frame(browser)} .caption .rules a")
    number, title = rule.get_attribute("data-rule"), rule.get_attribute("title")
    assert title
    follow(browser, rule)
    assert browser.current_url == f"{server}/rules/en-2026/{number}"
    assert number in browser.find_element(By.CSS_SELECTOR, "article.rule h1").text
    shot(browser, "scenario-3-rule")


def test_try_your_own_runs_an_edited_scenario_and_points_at_a_mistake(browser, server):
    from selenium.webdriver.common.by import By

    browser.get(f"{server}/scenarios/try?from={TRAMPLE}")
    box = browser.find_element(By.ID, "scenario-text")
    assert box.get_attribute("value").startswith('title = "Trample and deathtouch')
    edited = TEXT.replace("[players.Bob]", "[players.Bob]\nlife = 3")
    replace_text(browser, box, edited)
    shot(browser, "scenario-4-editor")
    submit(browser, browser.find_element(By.CSS_SELECTOR, "form#editor button[type=submit]"))
    result = browser.find_element(By.ID, "result")
    assert result.find_element(By.CSS_SELECTOR, "h2").text == "Trample and deathtouch against two blockers"
    final = browser.find_element(By.ID, visible_frame(browser))
    assert "Alice wins" in final.find_element(By.CSS_SELECTOR, ".result").text
    browser.execute_script("arguments[0].scrollIntoView()", final)
    assert no_horizontal_scroll(browser)
    shot(browser, "scenario-5-edited-run")

    box = browser.find_element(By.ID, "scenario-text")
    assert box.get_attribute("value").replace("\r\n", "\n") == edited  # the text is kept
    broken = edited.replace('type = "Creature — Wurm"', 'type = "Creature — Wurm"\npower = 7')
    line = broken.splitlines().index("power = 7") + 1
    replace_text(browser, box, broken)
    submit(browser, browser.find_element(By.CSS_SELECTOR, "form#editor button[type=submit]"))
    refusal = browser.find_element(By.CSS_SELECTOR, "section.refusal")
    assert f"Line {line}:" in refusal.text and "unknown key 'power'" in refusal.text
    assert browser.find_element(By.CSS_SELECTOR, "ol.excerpt li.bad").text == "power = 7"
    shot(browser, "scenario-6-error")
    if browser.javascript:  # the line number takes the caret to the line in the editor
        tap(browser, refusal.find_element(By.CSS_SELECTOR, "a.goto-line"))
        selected = browser.execute_script(
            "const b = document.getElementById('scenario-text');"
            "return [document.activeElement === b, b.value.slice(b.selectionStart, b.selectionEnd)];")
        assert selected == [True, "power = 7"]
        assert browser.find_element(By.ID, "editor-status").text.startswith(f"{line}:")
        shot(browser, "scenario-7-error-line-selected")



def test_the_editor_shows_how_each_card_reads_and_where_a_text_is_not_read(browser, server):
    from selenium.webdriver.common.by import By

    from judge_app.cardtext import read

    browser.get(f"{server}/scenarios/try?from={TRAMPLE}")
    cards = browser.find_elements(By.CSS_SELECTOR, "#cards article.reading")
    assert [c.find_element(By.CSS_SELECTOR, "h3 span").text for c in cards] == [
        "Deathtouch Wurm", "Grizzly Bears", "Grizzly Bears"]
    oracle = ("Trample, deathtouch\nWhenever this creature deals combat damage to a player, that player discards "
              "a card.\nThis creature zorbles each opponent.")
    edited = TEXT.replace('text = "Trample, deathtouch"', f'text = """{oracle}"""')
    replace_text(browser, browser.find_element(By.ID, "scenario-text"), edited)
    submit(browser, browser.find_element(By.CSS_SELECTOR, "form#editor button[name=only][value=read]"))
    assert browser.find_elements(By.ID, "result") == []  # read, not replayed
    wurm = browser.find_element(By.CSS_SELECTOR, "#cards article.reading")
    assert [k.text for k in wurm.find_elements(By.CSS_SELECTOR, ".kind")] == [
        "keyword ability", "keyword ability", "triggered ability"]
    trigger = wurm.find_elements(By.CSS_SELECTOR, "li.ability")[2]
    assert trigger.find_element(By.CSS_SELECTOR, "dd").text == "Whenever this creature deals combat damage to a player"
    (error,) = read(oracle, name="Deathtouch Wurm", type_line="Creature — Wurm").errors
    said = wurm.find_element(By.CSS_SELECTOR, ".read-error")
    assert said.text.startswith(f"Line {error.line}, column {error.column}: not read.")
    assert said.find_element(By.CSS_SELECTOR, "mark").text == "zorbles"
    assert browser.find_element(By.ID, "scenario-text").get_attribute("value").replace("\r\n", "\n") == edited
    browser.execute_script("arguments[0].scrollIntoView()", wurm)
    assert no_horizontal_scroll(browser)
    shot(browser, "scenario-8-card-readings")
    trample = wurm.find_element(By.CSS_SELECTOR, 'ul.rules a[data-rule="702.19"]')
    follow(browser, trample)
    assert browser.current_url == f"{server}/rules/en-2026/702.19"
    assert "702.19" in browser.find_element(By.CSS_SELECTOR, "article.rule h1").text
