"""Rule text → HTML: the document's emphasis kept, links added, nothing in the text trusted as markup.

The corpus gives each text twice: plain (with link offsets into it) and Markdown in which only the
emphasis is markup. We mark each link's ends in the Markdown with private-use characters, render it
with a Markdown converter whose raw-HTML, link and block features are all removed, then replace the
marks with anchor tags we build ourselves. If the two forms ever fail to line up, the plain text is
escaped and linked instead: emphasis is lost, safety is not.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import lru_cache

import markdown
from markupsafe import Markup, escape

_OPEN, _SEP, _CLOSE = "\ue000", "\ue001", "\ue002"
_PRIVATE = (_OPEN, _SEP, _CLOSE)
_ENTITIES = {"&amp;": "&", "&lt;": "<", "&gt;": ">"}
# Everything Python-Markdown could turn into markup other than paragraphs, emphasis, escapes, line breaks.
_INLINE_REMOVED = ("html", "reference", "link", "image_link", "image_reference", "short_reference",
                   "short_image_ref", "autolink", "automail", "backtick")
_BLOCKS_REMOVED = ("indent", "code", "hashheader", "setextheader", "hr", "olist", "ulist", "quote", "reference")


@dataclass(frozen=True, slots=True)
class Link:
    """A link over `start:end` of the plain text; `attrs` become the anchor's attributes (escaped)."""

    start: int
    end: int
    href: str
    cls: str = ""
    attrs: tuple[tuple[str, str], ...] = ()

    def open_tag(self) -> str:
        parts = [f'<a href="{escape(self.href)}"']
        if self.cls:
            parts.append(f' class="{escape(self.cls)}"')
        parts.extend(f' {name}="{escape(value)}"' for name, value in self.attrs)
        return "".join(parts) + ">"


def _converter(line_breaks: bool) -> markdown.Markdown:
    md = markdown.Markdown(extensions=["nl2br"] if line_breaks else [], output_format="html")
    md.preprocessors.deregister("html_block")
    for name in _INLINE_REMOVED:
        md.inlinePatterns.deregister(name)
    for name in _BLOCKS_REMOVED:
        md.parser.blockprocessors.deregister(name, strict=False)
    return md


_local = threading.local()


@lru_cache(maxsize=32768)
def _markdown_to_html(source: str, line_breaks: bool = True) -> str:
    """Rule text keeps its line breaks (`nl2br`); free Markdown (a scenario's question) joins wrapped lines.

    Kept: the same text comes back on many pages (a rule on its own page, its parent's, its counterparts'
    side by side), and the output depends on the source alone (link marks carry indexes, not addresses)."""
    name = "md" if line_breaks else "md_wrapped"
    md = getattr(_local, name, None)
    if md is None:
        md = _converter(line_breaks)
        setattr(_local, name, md)
    md.reset()
    return md.convert(source)


@lru_cache(maxsize=32768)
def _plain_offsets(source: str) -> tuple[str, tuple[int, ...]] | None:
    """The plain text the Markdown `source` stands for, and each plain character's index in `source`.

    Only what `judge_app.corpus.markup.to_markdown` writes is understood: `\\x` escapes, the three
    entities, and `*` runs as emphasis. None if anything else turns up. Kept, like the conversion.
    """
    plain: list[str] = []
    where: list[int] = []
    i = 0
    n = len(source)
    while i < n:
        ch = source[i]
        if ch == "\\" and i + 1 < n:
            plain.append(source[i + 1])
            where.append(i)
            i += 2
        elif ch == "*":
            i += 1
        elif ch == "&":
            for entity, char in _ENTITIES.items():
                if source.startswith(entity, i):
                    plain.append(char)
                    where.append(i)
                    i += len(entity)
                    break
            else:
                return None
        else:
            plain.append(ch)
            where.append(i)
            i += 1
    return "".join(plain), tuple(where)


def _usable(links: list[Link], length: int) -> list[Link]:
    """Links inside the text, in order, none overlapping an earlier-starting one."""
    out: list[Link] = []
    end = 0
    for link in sorted(links, key=lambda k: (k.start, -k.end)):
        if link.start >= end and link.start < link.end <= length:
            out.append(link)
            end = link.end
    return out


def _plain_html(plain: str, links: list[Link]) -> Markup:
    out: list[str] = []
    last = 0
    for link in links:
        out.append(str(escape(plain[last:link.start])))
        out.append(link.open_tag() + str(escape(plain[link.start:link.end])) + "</a>")
        last = link.end
    out.append(str(escape(plain[last:])))
    html = "<br>\n".join("".join(out).split("\n"))
    return Markup(f"<p>{html}</p>")


def to_html(source_markdown: str, plain: str, links: list[Link] = ()) -> Markup:
    """`plain` as HTML paragraphs, with the emphasis of `source_markdown` and `links` as anchors."""
    links = _usable(list(links), len(plain))
    aligned = _plain_offsets(source_markdown)
    if aligned is None or aligned[0] != plain or any(c in source_markdown for c in _PRIVATE):
        return _plain_html(plain, links)
    _, where = aligned
    marked = source_markdown
    # Insert from the end so earlier offsets stay valid. An end mark goes right after the link's
    # last character (before any closing emphasis), a start mark right before its first one.
    for index in range(len(links) - 1, -1, -1):
        link = links[index]
        last = where[link.end - 1]
        stop = last + (2 if marked[last] == "\\" else _entity_length(marked, last))
        marked = marked[:stop] + _CLOSE + marked[stop:]
        begin = where[link.start]
        marked = marked[:begin] + f"{_OPEN}{index}{_SEP}" + marked[begin:]
    html = _anchored(_markdown_to_html(marked), links)
    return _plain_html(plain, links) if html is None else html


def _anchored(html: str, links: list[Link]) -> Markup | None:
    """The converted HTML with each link's marks replaced by its anchor; None if the marks came out wrong."""
    pieces = html.split(_OPEN)
    if html.count(_CLOSE) != len(links) or len(pieces) != len(links) + 1:
        return None
    out = [pieces[0]]
    for piece in pieces[1:]:
        number, _, rest = piece.partition(_SEP)
        if not number.isdigit() or int(number) >= len(links):
            return None
        out.append(links[int(number)].open_tag() + rest)
    return Markup("".join(out).replace(_CLOSE, "</a>"))


def markdown_html(source: str, links: list[Link] = ()) -> Markup:
    """Free Markdown (a scenario's question and answer) as HTML, by the same converter: raw HTML, links,
    images, code and block syntax other than paragraphs stay text. `links` (offsets into `source`, placed
    on plain characters) become our anchors; if their marks do not come out whole, the text goes without."""
    links = [] if any(c in source for c in _PRIVATE) else _usable(list(links), len(source))
    marked = source
    for index in range(len(links) - 1, -1, -1):
        link = links[index]
        marked = marked[:link.start] + f"{_OPEN}{index}{_SEP}" + marked[link.start:link.end] + _CLOSE + \
            marked[link.end:]
    html = _anchored(_markdown_to_html(marked, line_breaks=False), links)
    return Markup(_markdown_to_html(source, line_breaks=False)) if html is None else html


def _entity_length(text: str, index: int) -> int:
    for entity in _ENTITIES:
        if text.startswith(entity, index):
            return len(entity)
    return 1
