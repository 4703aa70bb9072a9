"""Rule text to HTML: emphasis kept, links where the corpus says, and nothing in the text ever markup."""

from __future__ import annotations

from bs4 import BeautifulSoup

from judge_app.corpus import CR_IDS
from judge_app.corpus.markup import to_markdown
from judge_app.web import render
from judge_app.web.render import Link


def test_every_text_of_the_corpus_renders_from_its_markdown(corpus):
    """The fast path (emphasis kept) must apply everywhere, not fall back to plain text."""
    texts = [(r.markdown, r.text) for doc in CR_IDS for r in corpus.rules[doc].values()]
    texts += [(m, p) for doc in CR_IDS for r in corpus.rules[doc].values()
              for m, p in zip(r.examples_markdown, r.examples, strict=True)]
    texts += [(e.markdown, e.text) for doc in CR_IDS for e in corpus.glossary[doc]]
    texts += [(p.markdown, p.text) for doc in corpus.guides for s in corpus.guides[doc] for p in s.paragraphs]
    for markdown, plain in texts:
        aligned = render._plain_offsets(markdown)
        assert aligned is not None and aligned[0] == plain, markdown[:80]


def test_rendered_text_reads_as_the_plain_text(corpus):
    for rule in list(corpus.rules["es-2026"].values())[:400]:
        html = render.to_html(rule.markdown, rule.text)
        assert BeautifulSoup(html, "html.parser").get_text() == rule.text


def test_link_inside_emphasis_nests_properly():
    plain = "Al jugar Construido cada mazo"
    markdown = to_markdown(plain, [(9, 19, "em")])
    html = render.to_html(markdown, plain, [Link(9, 19, "/rules/es-2026/100.2a", "ref")])
    soup = BeautifulSoup(html, "html.parser")
    assert soup.em.a["href"] == "/rules/es-2026/100.2a" and soup.em.a.get_text() == "Construido"


HOSTILE = '<script>alert(1)</script> <img src=x onerror=alert(1)> [x](javascript:alert(1)) <http://evil.example>'


def test_markup_in_the_text_is_shown_as_text():
    plain = HOSTILE + "\n# heading\n1. item\n    indented\n> quote"
    for markdown in (to_markdown(plain), plain):  # as the corpus writes it, and raw
        html = str(render.to_html(markdown, plain, [Link(0, 8, "/rules/en-2026/1", "ref")]))
        soup = BeautifulSoup(html, "html.parser")
        assert soup.find("script") is None and soup.find("img") is None and soup.find("h1") is None
        assert soup.find("ol") is None and soup.find("blockquote") is None and soup.find("pre") is None
        assert [a["href"] for a in soup.find_all("a")] == ["/rules/en-2026/1"]
        assert "<script>" in soup.get_text()


def test_link_attributes_are_escaped():
    html = render.to_html("a b", "a b", [Link(0, 1, '/x?a=1&b="><script>', 'c" onclick="x')])
    anchor = BeautifulSoup(html, "html.parser").a
    assert anchor["href"] == '/x?a=1&b="><script>'
    assert anchor["class"] == ['c"', 'onclick="x']  # one attribute value, quotes escaped
    assert not anchor.has_attr("onclick") and BeautifulSoup(html, "html.parser").find("script") is None


def test_overlapping_or_out_of_range_links_are_dropped():
    html = render.to_html("abcdef", "abcdef", [Link(0, 3, "/a"), Link(2, 5, "/b"), Link(4, 99, "/c")])
    assert [a["href"] for a in BeautifulSoup(html, "html.parser").find_all("a")] == ["/a"]


def test_free_markdown_keeps_emphasis_and_our_links_and_nothing_else(corpus):
    """A scenario's question: written by anyone, so raw HTML, links, images and blocks stay text."""
    source = ("Does *trample* (702.19b) apply?\nWrapped line. <script>alert(1)</script> <img src=x onerror=y>\n"
              "[a link](javascript:alert(1)) ![img](http://x/y.png) `code`\n\n# not a heading\n- not a list\n\n"
              "&amp; &lt;b&gt; 702.19c")
    links = [Link(source.index("702.19b"), source.index("702.19b") + 7, "/rules/en-2026/702.19b", "ref",
                  (("title", 'Tr"ample'),)),
             Link(len(source) - 7, len(source), "/rules/en-2026/702.19c", "ref")]
    html = render.markdown_html(source, links)
    soup = BeautifulSoup(html, "html.parser")
    assert [a["href"] for a in soup.find_all("a")] == ["/rules/en-2026/702.19b", "/rules/en-2026/702.19c"]
    assert soup.find("a")["title"] == 'Tr"ample' and soup.find("em").get_text() == "trample"
    assert not soup.find_all(["script", "img", "h1", "ul", "li", "code", "br"])
    assert "<script>alert(1)</script>" in soup.get_text() and "[a link](javascript:alert(1))" in soup.get_text()
    assert "Wrapped line" in soup.find("p").get_text()  # a wrapped line joins its paragraph
    # marks in the text itself (private-use characters) cannot be turned into links: none are added
    hostile = "\ue000" + "0\ue001 702.19b\ue002"
    assert "<a" not in render.markdown_html(hostile, [Link(len(hostile) - 8, len(hostile) - 1, "/x")])
