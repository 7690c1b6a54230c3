"""What a browser without JavaScript would show of a served page, read from its HTML: its language,
title, main headings, the text of the app's root and the links to its other languages."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser

# Elements that never have content or an end tag.
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
# Elements whose text is no reader's (scripts' data, styles).
UNSHOWN = {"script", "style", "template", "noscript"}


@dataclass
class PageOutline:
    lang: str | None = None
    title: str = ""
    main_headings: list[str] = field(default_factory=list)  # h1 and role=heading aria-level=1
    root_text: str = ""  # the text inside <div id="root">
    alternates: dict[str, str] = field(default_factory=dict)  # hreflang -> href


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.outline = PageOutline()
        self._open: list[str] = []  # what each open element's text goes to: "title", "h1", "root", ""
        self._root_depth = 0
        self._unshown = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "html":
            self.outline.lang = found.get("lang")
        if tag == "link" and found.get("rel") == "alternate" and found.get("hreflang"):
            self.outline.alternates[found["hreflang"] or ""] = found.get("href") or ""
        if tag in VOID:
            return
        if tag in UNSHOWN:
            self._unshown += 1
        if self._root_depth:
            self._root_depth += 1
        elif tag == "div" and found.get("id") == "root":
            self._root_depth = 1
        if tag == "h1" or (found.get("role") == "heading" and found.get("aria-level") == "1"):
            self.outline.main_headings.append("")
            self._open.append("h1")
        else:
            self._open.append("title" if tag == "title" else "")

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID or not self._open:
            return
        self._open.pop()
        if tag in UNSHOWN:
            self._unshown -= 1
        if self._root_depth:
            self._root_depth -= 1

    def handle_data(self, data: str) -> None:
        if self._unshown:
            return
        if self._root_depth:
            self.outline.root_text += data
        if "title" in self._open:
            self.outline.title += data
        if "h1" in self._open:
            self.outline.main_headings[-1] += data


def outline(html: str) -> PageOutline:
    reader = _Reader()
    reader.feed(html)
    reader.close()
    read = reader.outline
    read.title = " ".join(read.title.split())
    read.main_headings = [" ".join(heading.split()) for heading in read.main_headings]
    return read
