"""Cards in a real headless Chromium against `judge serve`, at phone size (390×844), with JavaScript on and off:
a card's page shows the card first; the card search finds a card however typed, its names completing as they are
typed with JavaScript; the editor adds a card of the database to the scenario. Screenshots go to test-artifacts/."""

from __future__ import annotations

import pytest
from browsing import PHONE_390, new_browser, no_horizontal_scroll, shot, tap, type_into, wait_for


@pytest.fixture(params=[True, False], ids=["js", "no-js"])
def phone(request, server):
    driver = new_browser(javascript=request.param, screen=PHONE_390)
    yield driver
    driver.quit()


def _loaded(driver, url: str) -> None:
    driver.get(url)
    wait_for(driver, lambda d: d.execute_script("return document.readyState") == "complete")


def test_a_card_page_shows_the_card_on_the_first_screen(phone, server):
    _loaded(phone, server + "/cards/Jace,%20the%20Mind%20Sculptor?doc=pt-2019")
    assert no_horizontal_scroll(phone)
    fold = phone.execute_script("return innerHeight")
    for selector in ("h1", ".type-line", ".oracle p"):
        bottom = phone.execute_script(f"return document.querySelector('{selector}').getBoundingClientRect().bottom")
        assert bottom <= fold, selector
    refused = phone.find_elements("css selector", ".card-readings li.ability.refused .verdict ul.rules a")
    assert refused and all("/rules/" in a.get_attribute("href") for a in refused)
    shot(phone, "judge-card", "390-js" if phone.javascript else "390-nojs")


def test_the_card_search_finds_a_card_however_typed(phone, server):
    _loaded(phone, server + "/cards")
    box = phone.find_element("css selector", "form.card-search input[name=q]")
    type_into(phone, box, "tarmogoyf")
    if phone.javascript:  # the datalist fills from /api/cards?q=
        wait_for(phone, lambda d: "Tarmogoyf" in d.execute_script(
            "return [...document.querySelectorAll('#card-names option')].map(o => o.value)"))
    tap(phone, phone.find_element("css selector", "form.card-search button[type=submit]"))
    wait_for(phone, lambda d: d.current_url.endswith("/cards/Tarmogoyf"))
    assert phone.find_element("css selector", "h1").text.startswith("Tarmogoyf")
    _loaded(phone, server + "/cards?q=jace")
    assert len(phone.find_elements("css selector", ".card-list a")) > 5 and no_horizontal_scroll(phone)
    shot(phone, "judge-card-search", "390-js" if phone.javascript else "390-nojs")


def test_the_editor_adds_a_card_of_the_database(phone, server):
    _loaded(phone, server + "/scenarios/try")
    add = phone.find_element("css selector", "#card-add")
    if not phone.javascript:  # without a script the lookup is a plain search of the card's page
        assert not add.is_displayed()
        return
    box = phone.find_element("css selector", "#card-lookup input[name=q]")
    type_into(phone, box, "Grizzly Bears")
    wait_for(phone, lambda d: "Grizzly Bears" in d.execute_script(
        "return [...document.querySelectorAll('#card-names option')].map(o => o.value)"))
    tap(phone, add)
    text = phone.find_element("css selector", "#scenario-text")
    wait_for(phone, lambda d: 'name = "Grizzly Bears"' in text.get_attribute("value"))
    value = text.get_attribute("value")
    assert 'type = "Creature — Bear"' in value and 'cost = "{1}{G}"' in value and 'pt = "2/2"' in value
    assert value.index('name = "Grizzly Bears"') < value.index("[[actions]]")
    tap(phone, phone.find_element("css selector", ".editor button[type=submit]:not([name])"))
    wait_for(phone, lambda d: d.find_elements("css selector", "#result"))
    assert not phone.find_elements("css selector", ".refusal")
