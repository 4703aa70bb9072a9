""""Try your own" and the scenario API: real replays of edited text, precise errors, and abuse that gets a clear
4xx quickly, never a 500, a traceback or a hung worker."""

from __future__ import annotations

import os
import time

import pytest
from scenario_texts import ENDLESS
from webpages import page, soup_of

from judge_app import paths
from judge_app.cardtext import read, render
from judge_app.scenarios import sandbox

TRAMPLE = "trample-deathtouch-two-blockers"
TEXT = (paths.scenarios_dir() / f"{TRAMPLE}.toml").read_text(encoding="utf-8")
# Seconds within which any answer comes back, whatever the load: a child is stopped by its processor-time
# limit on an idle machine, by the wall-clock backstop on a busy one (a busy CI machine reached 4.5 s).
QUICK = sandbox.WALL_LIMIT + sandbox.GRACE + 2.0


def post_form(client, text: str, doc: str = "en-2026", **kwargs):
    return client.post("/scenarios/try", data={"text": text, "doc": doc}, content_type="multipart/form-data",
                       **kwargs)


def test_editor_opens_with_a_scenarios_text(client):
    soup = page(client, "/scenarios/try")
    assert soup.select_one("textarea#scenario-text").get_text() == TEXT
    soup = page(client, "/scenarios/try?from=shroud")
    assert soup.select_one("textarea#scenario-text").get_text() == (paths.scenarios_dir() / "shroud.toml").read_text()
    assert soup.select_one('select[name=from] option[selected]')["value"] == "shroud"
    soup = page(client, "/scenarios/try?from=../../pyproject.toml")
    assert soup.select_one("textarea#scenario-text").get_text() == TEXT
    form = soup.select_one("form#editor")
    assert form["method"] == "post" and form["enctype"] == "multipart/form-data"
    scenario = page(client, f"/scenarios/{TRAMPLE}")
    assert scenario.select_one(".actions a.button")["href"] == f"/scenarios/try?from={TRAMPLE}"


def test_running_an_edited_scenario_shows_its_trace_and_outcome(client):
    edited = (TEXT.replace("[players.Bob]", "[players.Bob]\nlife = 3").replace("Bob = 17", "Bob = 0")
              .replace('result = "ongoing"', 'result = "Alice wins"'))
    response = post_form(client, edited, doc="pt-2019")
    assert response.status_code == 200
    checks = client.post("/api/scenarios/run", data=edited.encode()).get_json()["checks"]
    soup = soup_of(response)
    assert soup.select_one("#result h2").get_text() == "Trample and deathtouch against two blockers"
    final = soup.select("#board .frame")[-1]
    bob = next(s for s in final.select(".seat") if s.select_one(".who").get_text() == "Bob")
    assert bob.select_one(".life strong").get_text() == "0" and bob.select_one(".flag.lost")
    assert "Alice wins" in final.select_one(".result").get_text()
    # the game ended in combat: the rules of the cleanup step the scenario expected were never cited
    assert [c["what"] for c in checks if not c["ok"]] == ["rules"]
    verdict = soup.select_one(".outcome .verdict").get_text()
    assert verdict == f"✗ {len(checks) - 1} of {len(checks)} expectations held."
    assert [li.select_one("code").get_text() for li in soup.select(".checks li.bad")] == ["rules"]
    assert soup.select_one('.timeline .rules a[data-rule="117.3a"]')["href"] == "/rules/pt-2019/116.3a"
    assert soup.select_one("textarea#scenario-text").get_text().startswith("title = ")  # the text is kept


def test_a_broken_scenario_shows_the_line_and_what_is_wrong(client):
    broken = TEXT.replace('pt = "5/5"', 'pt = "five"')
    line = broken.splitlines().index('pt = "five"') + 1
    response = post_form(client, broken)
    assert response.status_code == 422
    soup = soup_of(response)
    refusal = soup.select_one("section.refusal")
    assert refusal["role"] == "alert"
    assert refusal.select_one("a.goto-line")["data-line"] == str(line)
    assert f"Line {line}:" in refusal.get_text()
    bad = refusal.select_one("ol.excerpt li.bad")
    assert bad.get_text() == 'pt = "five"'
    assert int(refusal.select_one("ol.excerpt")["start"]) == line - 2
    assert soup.select_one("textarea#scenario-text").get_text() == broken  # nothing lost


def test_the_api_runs_text_as_the_library_replays_it(client):
    for doc in ("en-2026", "pt-2019"):
        text = f"{TEXT}\n# {time.time_ns()}\n"  # never replayed before: not answered from memory
        ran = client.post(f"/api/scenarios/run?doc={doc}", data=text.encode())
        assert ran.status_code == 200 and ran.mimetype == "application/json"
        stored = client.get(f"/api/scenarios/{TRAMPLE}?doc={doc}").get_json()
        data = ran.get_json()
        assert data["trace"] == stored["trace"] and data["checks"] == stored["checks"] and data["ok"] is True
        assert data["document"] == stored["document"]
        assert 0 < data["seconds"] < QUICK
    rules = {r["number"]: r for step in data["trace"] for r in step["rules"]}
    assert rules["117.3a"] == {"number": "117.3a", "doc_number": "116.3a", "title": "Tempo e prioridade",
                               "found": True, "url": "/rules/pt-2019/116.3a"}


def test_the_api_error_gives_the_line_and_message(client):
    broken = TEXT.replace('[players.Alice]', '[players.Alice]\nlif = 20')
    response = client.post("/api/scenarios/run", data=broken.encode())
    assert response.status_code == 422
    data = response.get_json()
    line = broken.splitlines().index("lif = 20") + 1
    assert data["line"] == line and data["kind"] == "scenario"
    assert data["problem"] == "unknown key 'lif' in [players.Alice] (did you mean 'life'?)"
    assert data["error"].startswith(f"line {line}: unknown key 'lif'")
    assert client.post("/api/scenarios/run?doc=xx", data=TEXT.encode()).status_code == 404


def test_scenario_api_list_and_one(client, corpus):
    data = client.get("/api/scenarios").get_json()
    files = [p.stem for p in sorted(paths.scenarios_dir().glob("*.toml"))]
    assert [s["id"] for s in data["scenarios"]] == files and data["total"] == len(files)
    first = data["scenarios"][0]
    assert {"id", "title", "tags", "question", "steps", "ok", "rules", "url", "api"} <= set(first)
    assert client.get(first["api"]).status_code == 200 and client.get(first["url"]).status_code == 200
    filtered = client.get("/api/scenarios?tag=trample&rule=702.19b").get_json()
    assert filtered["count"] >= 1
    assert all("trample" in s["tags"] and "702.19b" in s["rules"] for s in filtered["scenarios"])
    one = client.get(f"/api/scenarios/{TRAMPLE}").get_json()
    assert one["source"] == TEXT and one["document"]["id"] == "en-2026"
    assert one["trace"][-1]["snapshot"]["battlefield"][0]["name"] == "Deathtouch Wurm"
    missing = client.get("/api/scenarios/nope")
    assert missing.status_code == 404 and missing.get_json()["error"] == "no scenario 'nope'"


# Beside the editor, each card as the card-text grammar reads it: a real card that reads, one whose text does
# not (a word no card uses), and markup in names and text, which must stay text.
HELIX = "Lightning Helix deals 3 damage to any target and you gain 3 life."
ODD = "Odd <script>alert(1)</script> Drake"
UNREAD = "Flying\nThis creature deals 3 damage to any target <b>and</b> zorbles it."
WITH_CARDS = TEXT + f"""
[[cards]]
id = "helix"
name = "Lightning Helix"
owner = "Alice"
type = "Instant"
zone = "hand"
text = "{HELIX}"

[[cards]]
id = "odd"
name = "{ODD}"
owner = "Bob"
type = "Creature — Drake"
pt = "2/2"
text = '''{UNREAD}'''
"""


def readings(soup) -> dict[str, object]:
    return {a.select_one("h3 span").get_text(): a for a in soup.select("section#cards article.reading")}


def test_the_editor_reads_each_card_as_judge_card_read_does(client):
    response = client.post("/scenarios/try", data={"text": WITH_CARDS, "doc": "pt-2019", "only": "read"},
                           content_type="multipart/form-data")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "<script>alert(1)</script>" not in html and "<b>and</b>" not in html
    soup = soup_of(response)
    assert soup.select_one("#result") is None  # reading the cards replays nothing
    names = [a.select_one("h3 span").get_text() for a in soup.select("section#cards article.reading")]
    assert names == ["Deathtouch Wurm", "Grizzly Bears", "Grizzly Bears", "Lightning Helix", ODD]
    shown = readings(soup)
    helix = shown["Lightning Helix"]
    expected = read(HELIX, name="Lightning Helix", type_line="Instant")
    abilities = helix.select("li.ability")
    assert len(abilities) == len(expected.abilities) == 1
    assert abilities[0].select_one(".kind").get_text() == "spell ability"
    assert abilities[0].select_one("q").get_text() == HELIX
    fields = {dt.get_text(): [dd.get_text(" ", strip=True) for dd in dt.find_next_siblings("dd")]
              for dt in abilities[0].select("dt")}
    assert fields["Targets"][0] == "any target (target 1)"
    steps = [li.get_text() for li in abilities[0].select("ol.instructions li")]
    assert [step.split(";")[0] for step in steps] == ["deal damage", "gain life"]
    assert "by: Lightning Helix" in steps[0] and "amount: 3" in steps[1]
    links = abilities[0].select("ul.rules a")
    assert [a["data-rule"] for a in links] == list(render.all_rules(expected.abilities[0]))
    for link in links:  # in the chosen document, or the 2026 rules for a rule the 2019 rules do not have
        assert link["href"].startswith("/rules/pt-2019/") or "fallback" in link.get("class", [])
        assert client.get(link["href"]).status_code == 200
    odd = shown[ODD]
    assert "unread" in odd["class"]
    assert [a.select_one("q").get_text() for a in odd.select("li.ability")] == ["Flying"]
    error = read(UNREAD, name=ODD, type_line="Creature — Drake").errors[0]
    said = odd.select_one(".read-error")
    assert said.select_one("p").get_text().startswith(f"Line {error.line}, column {error.column}: not read.")
    assert error.message in said.get_text()
    assert said.select_one("pre").get_text() == UNREAD.splitlines()[1]
    assert error.message == "unexpected character '<'" and said.select_one("mark").get_text() == "<"


def test_running_shows_the_readings_beside_a_refusal_and_in_the_pages_language(client):
    response = post_form(client, WITH_CARDS)
    assert response.status_code == 422  # the engine refuses the card it cannot read
    soup = soup_of(response)
    assert soup.select_one("section.refusal") and "unread" in readings(soup)[ODD]["class"]
    assert soup.select_one("textarea#scenario-text").get_text() == WITH_CARDS
    soup = page(client, f"/scenarios/try?from={TRAMPLE}", headers={"Accept-Language": "pt"})
    wurm = readings(soup)["Deathtouch Wurm"]
    assert [k.get_text() for k in wurm.select(".kind")] == ["habilidade de palavra-chave"] * 2
    trample = wurm.select_one('ul.rules a[data-rule="702.19"]')
    assert trample["href"] == "/rules/pt-2019/702.19" and trample["lang"] == "pt"
    bears = [a for a in soup.select("section#cards article.reading")
             if a.select_one("h3 span").get_text() != "Deathtouch Wurm"]
    assert [a.select_one(".note").get_text() for a in bears] == ["Sem texto de regras."] * 2

# --- abuse: each comes back quickly with a clear 4xx, never a 500 ------------------------------------------------

ABUSE = {
    "oversized": ("x = 1\n" * 12000).encode(),
    "binary garbage": os.urandom(4096) + b"\xff\xfe\x00",
    "nul bytes": b'title = "x\x00"\nquestion = "?"\n',
    "nested arrays": b'title = "Bomb"\nquestion = "?"\ntags = ' + b"[" * 20000 + b"]" * 20000,
    "nested inline tables": b'title = "Bomb"\nquestion = "?"\n[choices]\ntrigger_targets = ' + b"{a = " * 5000
                            + b"1" + b"}" * 5000,
    "many tables": b'title = "Tables"\nquestion = "?"\n' + b"".join(b"[t%d]\n" % i for i in range(6000)),
    "huge library": b'title = "Big"\nquestion = "?"\n[players.Alice]\nlibrary = 2000000000\n[players.Bob]\n',
    "endless game": ENDLESS.encode(),
    "long text": ('title = "Long"\nquestion = "' + "word " * 12000 + '"\n').encode(),
    "path-like strings": b'title = "/etc/passwd"\nquestion = "file:///etc/passwd"\n[players.Alice]\n'
                         b'[players.Bob]\n[[cards]]\nname = "../../../../etc/passwd"\nowner = "Alice"\n'
                         b'type = "Creature \xe2\x80\x94 Bear"\npt = "2/2"\ntext = "/etc/shadow"\n',
    "an include key": b'include = "/etc/passwd"\ntitle = "x"\nquestion = "?"\n',
    "template syntax": b'title = "{{ 7*7 }} <script>alert(1)</script>"\nquestion = "{% raw %} <img src=x>"\n'
                       b"[players.A]\n[players.B]\n",
}


@pytest.mark.parametrize("name", list(ABUSE))
def test_abuse_of_the_run_endpoint_gets_a_quick_clear_4xx(client, name):
    body = ABUSE[name]
    start = time.monotonic()
    response = client.post("/api/scenarios/run", data=body)
    took = time.monotonic() - start
    assert took < QUICK, (name, took)
    data = response.get_json()
    assert response.mimetype == "application/json"
    if name == "template syntax":  # not abuse at all: it is replayed, and its text stays text
        assert response.status_code == 200 and data["scenario"]["title"].startswith("{{ 7*7 }}")
        return
    assert 400 <= response.status_code < 500, (name, response.status_code, data)
    assert data["error"] and data["status"] == response.status_code
    assert "root:" not in response.get_data(as_text=True) and "Traceback" not in response.get_data(as_text=True)
    expected = {"oversized": ("size", 413), "binary garbage": ("encoding", 422), "huge library": ("time", 422),
                "endless game": ("time", 422), "nested arrays": ("scenario", 422), "an include key": ("scenario", 422),
                "path-like strings": ("scenario", 422)}
    if name in expected:
        assert (data.get("kind"), response.status_code) == expected[name]
    if name == "binary garbage":
        assert data["line"] >= 1 and "not UTF-8" in data["problem"]
    if name == "path-like strings":
        assert "its text can't be read at line 1, column 1" in data["problem"]
    if name == "an include key":
        assert data["line"] == 1 and data["problem"].startswith("unknown key 'include'")


@pytest.mark.parametrize("name", ["oversized", "binary garbage", "nested arrays", "endless game",
                                  "path-like strings", "template syntax"])
def test_abuse_of_the_try_page_gets_a_friendly_page(client, name):
    body = ABUSE[name]
    start = time.monotonic()
    if name == "binary garbage":  # a form field is decoded by the server: send raw bytes as a file would be
        response = client.post("/scenarios/try", data=body, content_type="multipart/form-data; boundary=x")
    else:
        response = post_form(client, body.decode("utf-8"))
    assert time.monotonic() - start < QUICK
    html = response.get_data(as_text=True)
    assert response.status_code < 500 and "Traceback" not in html and "root:" not in html
    soup = soup_of(response)
    assert soup.select_one("main h1")
    assert "<script>alert(1)</script>" not in html and "<img src=x>" not in html
    if name == "template syntax":
        assert response.status_code == 200
        assert soup.select_one("#result h2").get_text() == "{{ 7*7 }} <script>alert(1)</script>"
    elif name == "oversized":
        assert response.status_code == 413 and "the limit is 65,536" in soup.select_one(".refusal").get_text()
    elif name != "binary garbage":
        assert response.status_code == 422 and soup.select_one("section.refusal h2")


def test_a_busy_server_says_when_to_retry(client, monkeypatch):
    """Busy: every child's turn taken and as many replays waiting as may wait (a flood)."""
    text = f"{TEXT}\n# {time.time_ns()}\n"  # a text nobody replayed: no remembered answer
    taken = [sandbox._turns.take() for _ in range(sandbox.MAX_CONCURRENT)]
    monkeypatch.setattr(sandbox._turns, "waiting", sandbox.MAX_WAITING)
    try:
        api = client.post("/api/scenarios/run", data=text.encode())
        form = post_form(client, text)
    finally:
        for _ in taken:
            sandbox._turns.give_back()
        monkeypatch.undo()
    assert all(taken) and api.status_code == form.status_code == 503
    assert api.headers["Retry-After"] == form.headers["Retry-After"] == "2"
    assert api.get_json()["kind"] == "busy"
    assert post_form(client, TEXT).status_code == 200


BY_NAME = TEXT + """
[[cards]]
id = "angel"
name = "Serra Angel"
owner = "Bob"
"""


def test_a_card_by_name_is_read_from_the_card_database_and_the_trace_says_so(client, cards):
    response = post_form(client, f"{BY_NAME}\n# {time.time_ns()}\n")
    assert response.status_code == 200
    soup = soup_of(response)
    first = soup.select(".timeline li.step")[0]
    assert "kind-setup" in first["class"]
    assert first.select_one(".what").get_text().startswith(f"Card characteristics from {cards.provenance.label}: ")
    assert readings(soup)["Serra Angel"].select_one("q").get_text() == cards.get("Serra Angel").text.split("\n")[0]
    typo = BY_NAME.replace('name = "Serra Angel"', 'name = "Sera Angel"')
    refused = post_form(client, typo)
    assert refused.status_code == 422
    refusal = soup_of(refused).select_one("section.refusal")
    line = typo.splitlines().index('name = "Sera Angel"') + 1
    assert refusal.select_one("a.goto-line")["data-line"] == str(line)
    assert "did you mean 'Serra Angel'?" in refusal.get_text()
