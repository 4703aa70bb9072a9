"""The parsed corpus, checked against the real documents."""

from judge_app import paths
from judge_app.corpus import CR_IDS, numbers


def _count(corpus, doc, *levels):
    return sum(1 for r in corpus.rules[doc].values() if r.level in levels)


def test_every_document_of_the_manifest_is_loaded(corpus):
    assert list(corpus.documents)[:4] == list(CR_IDS)
    kinds = {d.id: d.kind for d in corpus.documents.values()}
    assert sorted(k for k in kinds.values() if k != "comprehensive-rules") == [
        "basic-rulebook", "community-notes", "lesson"]


def test_english_counts_match_a_plain_line_scan(corpus):
    assert _count(corpus, "en-2026", "rule", "subrule") == 3114
    assert _count(corpus, "en-2026", "section") == 146
    assert _count(corpus, "en-2026", "chapter") == 9
    assert 720 <= len(corpus.glossary["en-2026"]) <= 730
    assert _count(corpus, "en-2019", "rule", "subrule") == 2328
    assert _count(corpus, "en-2019", "section") == 130
    assert 550 <= len(corpus.glossary["en-2019"]) <= 560


def test_effective_dates_are_read_from_the_documents(corpus):
    assert corpus.document("en-2026").effective == "2026-01-16"
    assert corpus.document("en-2019").effective == "2019-01-25"
    assert corpus.document("pt-2019").effective == "2019-01-25"
    assert corpus.document("es-2026").effective == "2026-01-16"


def test_translations_cover_their_english_original_and_every_absence_is_listed(corpus):
    for doc, original, share in (("es-2026", "en-2026", 0.99), ("pt-2019", "en-2019", 0.98)):
        english = {n for n, r in corpus.rules[original].items() if r.level in ("rule", "subrule")}
        have = set(corpus.rules[doc])
        assert len(english & have) / len(english) >= share
        listed = {m.number for m in corpus.missing[doc]}
        assert listed == set(corpus.rules[original]) - have
        assert all(m.cause for m in corpus.missing[doc])
        assert {m.number for m in corpus.extra[doc]} == have - set(corpus.rules[original])


def test_references_resolve_and_the_unresolved_are_the_only_exceptions(corpus):
    for doc in CR_IDS:
        refs = [r for rule in corpus.rules[doc].values() for r in rule.references]
        assert len(refs) > 700
        resolved = sum(1 for r in refs if r.ok)
        assert resolved / len(refs) >= 0.99, doc
        for ref in refs:
            assert set(ref.resolved) | set(ref.unresolved) == set(ref.numbers)
            assert all(n in corpus.rules[doc] for n in ref.resolved)


def test_spanish_trample_text(corpus):
    rule = corpus.rule("es-2026", "702.19b")
    assert rule.text.startswith("El controlador de una criatura atacante con la habilidad de arrollar")
    assert corpus.rule("es-2026", "702.19").title == "Arrollar"
    assert rule.parent == "702.19"
    assert "702.19b" in corpus.rule("es-2026", "702.19").children


def test_portuguese_glossary_points_trample_to_its_rule(corpus):
    entry = corpus.glossary_entry("pt-2019", "Atropelar")
    assert entry.rules == ["702.19"]
    assert "Atropelar" in corpus.rule("pt-2019", "702.19").cited_by_glossary
    assert corpus.glossary_entry("pt-2019", "atropelar") is entry  # case and accents ignored


def test_the_2019_english_card_names_read_correctly(corpus):
    text = " ".join(r.text for r in corpus.rules["en-2019"].values())
    assert "Juzám Djinn" in text and "Dandân" in text
    assert "Juz\xa0m" not in text


def test_examples_are_kept_apart_from_the_rule_text(corpus):
    for doc, label in (("en-2026", "Example"), ("pt-2019", "Exemplo"), ("es-2026", "Ejemplo")):
        rule = corpus.rule(doc, "101.2")
        assert len(rule.examples) == 1
        assert label not in rule.text
        assert not rule.examples[0].startswith((label, "*", ":"))
    source = (paths.corpus_dir() / "cr-en-2026-01-16.txt").read_bytes().decode("utf-8-sig")
    printed = sum(1 for line in source.split("\r") if line.startswith("Example:"))
    assert sum(len(r.examples) for r in corpus.rules["en-2026"].values()) == printed


def test_translation_markup_is_stripped_but_emphasis_kept(corpus):
    for doc in ("pt-2019", "es-2026"):
        for rule in corpus.rules[doc].values():
            assert "**" not in rule.text and not rule.text.startswith(("#", "- ")), rule.number
    rule = corpus.rule("pt-2019", "102.1")
    assert rule.text.startswith("Um jogador é uma das pessoas no jogo.")
    assert "*jogador*" in rule.markdown


def test_sentences_broken_across_lines_are_joined(corpus):
    # PT 101.2 is printed as "… o" + blank line + "efeito “não pode” tem precedência."
    assert corpus.rule("pt-2019", "101.2").text.endswith("o efeito “não pode” tem precedência.")
    # ES 100.4d is printed as "… son" + blank line + "asignadas al sidebar …"
    assert "jugadores son asignadas al sidebar" in corpus.rule("es-2026", "100.4d").text


def test_a_rule_number_inside_a_sentence_is_not_a_new_rule(corpus):
    # PT 710.4 breaks a line right before "regra 702.86) em todos os momentos"
    rule = corpus.rule("pt-2019", "710.4")
    assert "(consulte a regra 702.86) em todos os momentos" in rule.text
    assert "702.86" in [n for ref in rule.references for n in ref.resolved]


def test_misprinted_numbers_are_corrected_and_keep_their_printed_form(corpus):
    for number, printed in (("702.52a", "502.48a"), ("702.111b", "701.131b"), ("702.129b", "702.12ba"),
                            ("702.95b", "702.")):
        rule = corpus.rule("pt-2019", number)
        assert rule.printed == printed
        assert rule.corrected
        anomaly = next(a for a in corpus.anomalies["pt-2019"] if a.corrected_to == number)
        assert anomaly.printed == printed.rstrip(".")
    assert corpus.rule("es-2026", "111.10s").printed == "111.10S"


def test_anomalies_are_reported(corpus):
    kinds = {a.kind for a in corpus.anomalies["pt-2019"]}
    assert {"out-of-sequence", "duplicate", "malformed-number"} <= kinds
    assert corpus.anomalies["en-2026"]  # 606.5 without its period, 119.1d. with one
    assert any(a.printed == "606.5" and a.kind == "period" for a in corpus.anomalies["en-2026"])


def test_parents_children_and_citations_are_consistent(corpus):
    for doc in CR_IDS:
        rules = corpus.rules[doc]
        for rule in rules.values():
            for child in rule.children:
                assert rules[child].parent == rule.number
            for citing in rule.cited_by:
                assert rule.number in {n for ref in rules[citing].references for n in ref.resolved}
    assert "702.19c" in corpus.rule("en-2026", "702.19b").cited_by
    assert [a.number for a in corpus.ancestors("en-2026", "702.19b")] == ["7", "702", "702.19"]


def test_glossary_numbered_senses_and_see_also(corpus):
    ability = corpus.glossary_entry("en-2026", "Ability")
    assert len(ability.senses) == 2
    assert set(ability.rules) >= {"113", "6"}
    assert corpus.glossary_entry("en-2026", "Reach").see_also == ["Flying"]
    assert len(corpus.glossary_entries("es-2026", "Equipo")) == 2  # equipment and team


def test_keyword_names_link_to_their_keyword_rule(corpus):
    rule = corpus.rule("en-2026", "122.1b")  # keyword counters: flying, first strike, … trample …
    targets = {link.target for link in rule.keyword_links}
    assert {"702.9", "702.19", "702.2"} <= targets
    for link in rule.keyword_links:
        assert rule.text[link.start:link.end].lower() == corpus.rule("en-2026", link.target).title.lower()


def test_guides_carry_kind_date_authority_and_link_to_portuguese_rules(corpus):
    rulebook = corpus.document("pt-rulebook-2007")
    assert rulebook.effective == "2007" and rulebook.authority > corpus.document("pt-2019").authority
    lesson = corpus.guides["pt-lesson-turn"]
    refs = [r for section in lesson for p in section.paragraphs for r in p.references]
    assert any(r.text.lower() == "veja regra 504.1" and r.resolved == ("504.1",) for r in refs)
    assert all(r.target_doc == "pt-2019" for r in refs)
    notes = corpus.guides["pt-notes-2008"]
    assert any(s.title.startswith("MTG: Condições de vitória") for s in notes)


def test_unknown_numbers_get_suggestions(corpus):
    assert corpus.rule("en-2026", "702.19z") is None
    assert corpus.suggest("en-2026", "702.19z")[0] == "702.19"
    assert corpus.rule("en-2026", "CR 702.19C").number == "702.19c"
    assert numbers.parse("702.19c").level == "subrule"
