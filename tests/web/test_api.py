"""The JSON API: the same dicts as the CLI's --json, clean JSON errors, and its documentation page."""

from __future__ import annotations

from webpages import page

from judge_app.corpus import serialize


def test_documents(client, corpus):
    data = client.get("/api/documents").get_json()
    assert [d["id"] for d in data["documents"]] == list(corpus.documents)
    assert data["documents"][0] == serialize.document(corpus.document("en-2026"))


def test_rule_is_the_serialized_rule(client, corpus):
    response = client.get("/api/rules/es-2026/702.19")
    assert response.status_code == 200 and response.mimetype == "application/json"
    assert response.get_json() == serialize.rule(corpus, corpus.rule("es-2026", "702.19"), depth=1)


def test_rule_depth_and_spellings(client, corpus):
    data = client.get("/api/rules/en-2026/CR%20702.19?depth=0").get_json()
    assert data["number"] == "702.19"
    assert data["children"] == [c.number for c in corpus.children("en-2026", "702.19")]
    assert client.get("/api/rules/en-2026/702.19?depth=two").status_code == 400


def test_unknown_rule_and_document_are_json_404s(client, corpus):
    response = client.get("/api/rules/en-2026/702.19z")
    assert response.status_code == 404
    assert response.get_json()["did_you_mean"] == corpus.suggest("en-2026", "702.19z")
    response = client.get("/api/rules/xx/702.19")
    assert response.status_code == 404 and "en-2026" in response.get_json()["documents"]
    response = client.get("/api/no-such-endpoint")
    assert response.status_code == 404 and response.get_json()["status"] == 404


def test_glossary_entry(client, corpus):
    data = client.get("/api/glossary/pt-2019/atropelar").get_json()
    # a 2019 document's entry says which of its rules are not the same in 2026 (702.19 is)
    assert data["entries"] == [{**serialize.glossary_entry(corpus.glossary_entry("pt-2019", "Atropelar")),
                                "stale_rules": {}}]
    assert data["entries"][0]["rules"] == ["702.19"]
    assert client.get("/api/glossary/pt-2019/nada-disso").status_code == 404


def test_api_page_documents_every_endpoint_with_a_working_example(client, app):
    soup = page(client, "/api/")
    examples = [("GET", a["href"], a) for a in soup.select("section.endpoint p a")]
    examples += [(c["data-method"], c["data-url"], c) for c in soup.select("section.endpoint p code.request")]
    endpoints = {rule.rule.split("<")[0] for rule in app.url_map.iter_rules() if rule.rule.startswith("/api/")}
    endpoints.discard("/api/")
    assert {e for e in endpoints if any(url.startswith(e) for _, url, _ in examples)} == endpoints
    assert {method for method, _, _ in examples} == {"GET", "POST"}
    for method, url, element in examples:
        if method == "GET":
            response = client.get(url)
        else:  # the page shows the body it sends: send it again
            body = element.find_parent("section").select_one("pre.request-body").get_text()
            response = client.post(url, data=body.encode())
        assert response.mimetype == "application/json"
        status = int(element.parent.get_text().rsplit("→", 1)[1])
        assert response.status_code == status
    assert {200, 422} <= {int(e.parent.get_text().rsplit("→", 1)[1]) for m, _, e in examples if m == "POST"}
