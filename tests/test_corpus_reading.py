"""Bytes to text, on the real files' quirks."""

from judge_app import paths
from judge_app.corpus.reading import decode, lines


def test_line_endings_and_bom_are_normalised():
    assert decode(b"\xef\xbb\xbfa\rb\r\nc\nd") == "a\nb\nc\nd"


def test_code_page_437_bytes_become_letters_and_nothing_is_dropped():
    decoded = decode(b"Dand\x83n, Juz\xa0m Djinn, Jun\xa3n Efreet, Ma'r\x96f")
    assert decoded == "Dandân, Juzám Djinn, Junún Efreet, Ma'rûf"


def test_the_2019_english_file_decodes_to_its_card_names():
    data = (paths.corpus_dir() / "cr-en-2019-01-25.txt").read_bytes()
    assert b"\r\n" in data
    text = decode(data)
    for name in ("Dandân", "Juzám Djinn", "Junún Efreet", "Khabál Ghoul", "El-Hajjâj", "Ghazbán Ogre", "Ma'rûf"):
        assert name in text
    assert "\r" not in text


def test_the_2026_english_file_has_a_bom_and_bare_carriage_returns():
    data = (paths.corpus_dir() / "cr-en-2026-01-16.txt").read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")
    first = lines(data)
    assert first[0] == "Magic: The Gathering Comprehensive Rules"
    assert len(first) > 9000
