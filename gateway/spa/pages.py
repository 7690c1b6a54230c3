"""Serving the built React app: files from dist/, the app shell for every other non-API path.

The shell carries the client configuration inline (a JSON script element the app reads
before it renders) and the product's name in its title, so a first visit paints without
waiting for a round trip to /api/config. It is built once per build of index.html.

The public pages are pre-rendered at build time (frontend/scripts/prerender.mjs writes
dist/.prerendered/: one HTML file per path and routes.json); those paths get their page's HTML,
which paints before the JavaScript runs and is then hydrated. The pages were rendered with a
`%%name%%` token for each string setting (%%productName%%, %%signIn.anchor%%, ...): they are
filled in here, HTML-escaped, once per build of each file. A route group may fill a page in
further for each request (`fillers`: the store's first page of products in /products).

Every HTML answer also carries who is logged in (`GET /api/session`'s answer, #app-session), so a
page's first render asks the gateway nothing: the API client (axios) then arrives with the page's
first real call, not with every first visit (docs/decisions/bundle-budgets.md). That makes the
HTML the visitor's own: it is sent `private`, never kept by a shared cache.

Every page exists in English and Hindi (routes.json: path -> {"en": file, "hi": file}); the app
shell is filled in once per language. A request gets the language of `?lang=` in its address
(which also sets the `lang` cookie: the native app's web views open pages so), else of the `lang`
cookie, else of its `Accept-Language`, else English (gateway/language/resolution.py), in
`<html lang>`, which is where the app reads it from. The answer says it varies by those headers,
and each pre-rendered page names its other language (`<link rel="alternate" hreflang>`).
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Mapping
from html import escape
from pathlib import Path
from typing import Any, cast
from urllib.parse import quote

import msgspec
from litestar import HttpMethod, Request, Response, route
from litestar.exceptions import NotFoundException
from litestar.handlers import HTTPRouteHandler
from litestar.params import FromPath
from litestar.response import File

from gateway.language.codes import LANGUAGES, Language
from gateway.language.resolution import cookie_language, language_cookie, query_language, visitor_language
from gateway.spa.build_files import BuildFile
from gateway.spa.client_config import ClientConfig
from gateway.spa.kept_files import KeptFiles, kept_files_middleware

PRERENDERED_DIR = ".prerendered"  # written by frontend/scripts/prerender.mjs
CONFIG_ELEMENT = "app-config"  # the id the app reads (frontend/src/lib/config.tsx)
SESSION_ELEMENT = "app-session"  # the id the app reads (frontend/src/lib/session.ts)
# <html lang> and hreflang: the app reads its language from the first two letters.
LANGUAGE_TAGS: dict[Language, str] = {"en": "en-IN", "hi": "hi-IN"}
# The shell's title until the app sets the page's own.
_TITLES: dict[Language, str] = {"en": "Buy electrical goods on credit", "hi": "बिजली का सामान उधार पर खरीदें"}
# A page's HTML depends on these request headers (the language), besides its address.
VARY = "Cookie, Accept-Language"
# Chromium sends the link's measured speed (ECT) on the requests after a page asks for it: every
# page asks, so a visitor who comes to a page filled in per request (`fillers`) from another page
# already sends it.
ACCEPT_CH = "ECT"
# A page filled in per request (the store's first page of products) also depends on Save-Data
# and ECT: its pictures are the smallest files on either (gateway/store/first_page.py). Save-Data
# needs no asking (a browser saving data always says so). A first visit's navigation carries no
# ECT and is not asked again for it (Critical-CH): that retry cost every first visitor a round
# trip to save a slow link about 11 KB (docs/decisions/light-pictures.md).
FILLED_VARY = f"{VARY}, Save-Data, ECT"


_NO_APP = (
    "<!doctype html><title>App not built</title><h1>The app is not built</h1>"
    "<p>Run <code>make run</code> (or <code>npm run build</code>) to build frontend/dist.</p>"
)


# The service worker and the manifest name every other file of a build: asked for again on every
# visit, so a new build reaches a returning visitor on their next one (docs/decisions/offline-reading.md).
MANIFEST = "manifest.webmanifest"
UNFINGERPRINTED_BUILD_FILES = frozenset({"sw.js", MANIFEST})
MANIFEST_TYPE = "application/manifest+json"  # Python's table has no type for .webmanifest


def file_caching(path: str) -> str:
    """Cache-Control of a file of the build at `path` (relative to dist/)."""
    if path.startswith("assets/"):  # Vite fingerprints everything under assets/: cached for good
        return "public, max-age=31536000, immutable"
    if path in UNFINGERPRINTED_BUILD_FILES or path.startswith("workbox-"):
        return "no-cache"
    return "public, max-age=3600"


# A pre-rendered page as this request should see it (the page's bytes in, the filled-in bytes out).
PageFiller = Callable[[Request[Any, Any, Any], bytes, Language], Awaitable[bytes]]
# The request's session as GET /api/session answers it (None when the session store cannot be read:
# the page then goes without it and the app asks, which answers that outage as the API does).
SessionReader = Callable[[Request[Any, Any, Any]], Awaitable[msgspec.Struct | None]]


class AppShell:
    """index.html with the configuration filled in, in each language; rebuilt when the file changes."""

    def __init__(self, index: Path, config: ClientConfig) -> None:
        self.config = config
        self._pages = BuildFile(index, lambda raw: {lang: self._fill(raw.decode(), lang) for lang in LANGUAGES})

    def render(self, language: Language) -> bytes | None:
        pages = self._pages.read()
        return None if pages is None else pages[language]

    def _fill(self, html: str, language: Language) -> bytes:
        title = f"<title>{escape(self.config.product_name)} | {_TITLES[language]}</title>"
        html = re.sub(r"<title>.*?</title>", lambda _: title, html, count=1, flags=re.S)
        html = with_language(html, language)
        return with_config(html, self.config).encode()


def with_language(html: str, language: Language) -> str:
    """`html` with its <html lang> saying `language`."""
    tag = f'<html lang="{LANGUAGE_TAGS[language]}"'
    html, found = re.subn(r'<html lang="[^"]*"', tag, html, count=1)
    return html if found else html.replace("<html", tag, 1)


def alternate_links(public_url: str, path: str) -> str:
    """The page's <link rel="alternate" hreflang> for each language, and for a visitor whose
    language is neither (the address without ?lang=, which follows the browser's)."""
    address = escape(public_url.rstrip("/") + quote(path, safe="/'-._~!$&()*+,;=:@"), quote=True)
    links = [
        f'<link rel="alternate" hreflang="{LANGUAGE_TAGS[lang]}" href="{address}?lang={lang}">' for lang in LANGUAGES
    ]
    links.append(f'<link rel="alternate" hreflang="x-default" href="{address}">')
    return "".join(links)


def with_data(html: str, element: str, value: object) -> str:
    """`html` with `value` as a JSON script element (id `element`) the app reads, before </head>."""
    # "<" escaped, so no value can close the script element early.
    data = msgspec.json.encode(value).decode().replace("<", "\\u003c")
    script = f'<script id="{element}" type="application/json">{data}</script>'
    return html.replace("</head>", f"    {script}\n  </head>", 1)


def with_config(html: str, config: ClientConfig) -> str:
    """`html` with the configuration as the JSON script element the app reads, before </head>."""
    return with_data(html, CONFIG_ELEMENT, config)


def setting_tokens(config: ClientConfig) -> dict[str, str]:
    """'%%productName%%' -> the value, HTML-escaped, for every string setting (dotted when nested)."""
    tokens: dict[str, str] = {}

    def walk(prefix: str, value: object) -> None:
        if isinstance(value, dict):
            for key, inner in value.items():
                walk(f"{prefix}{key}.", inner)
        elif isinstance(value, str):
            tokens[f"%%{prefix[:-1]}%%"] = escape(value, quote=True)

    walk("", msgspec.to_builtins(config))
    return tokens


def named_manifest(raw: bytes, product_name: str) -> bytes:
    """The build's web app manifest with the deployment's product name: the build writes the
    default name (frontend/vite.config.ts), and a renamed product installs under its own."""
    manifest = msgspec.json.decode(raw, type=dict[str, Any])
    manifest["name"] = manifest["short_name"] = product_name
    return msgspec.json.encode(manifest)


class PrerenderedPages:
    """The pre-rendered pages of a build, settings filled in; each rebuilt when its file changes."""

    def __init__(self, directory: Path, config: ClientConfig, public_url: str) -> None:
        self.directory = directory
        self.config = config
        self.public_url = public_url
        self._tokens = setting_tokens(config)
        self._token = re.compile("|".join(re.escape(t) for t in sorted(self._tokens, key=len, reverse=True)))
        self._routes = BuildFile(
            directory / "routes.json", lambda raw: msgspec.json.decode(raw, type=dict[str, dict[Language, str]])
        )
        self._pages: dict[str, BuildFile[bytes]] = {}

    def routes(self) -> dict[str, dict[Language, str]]:
        """Path -> language -> file name, from routes.json (empty when the build has no pre-rendered pages)."""
        return self._routes.read() or {}

    def render(self, path: str, language: Language) -> bytes | None:
        """The page for `path` ('/dpd') in `language`, or None when it is not pre-rendered."""
        name = self.routes().get(path, {}).get(language)
        if name is None or "/" in name:
            return None
        page = self._pages.get(name)
        if page is None:
            page = self._pages[name] = BuildFile(self.directory / name, lambda raw: self._fill(raw, path))
        return page.read()

    def _fill(self, raw: bytes, path: str) -> bytes:
        html = self._token.sub(lambda m: self._tokens[m.group(0)], raw.decode())
        html = html.replace("</head>", f"  {alternate_links(self.public_url, path)}\n  </head>", 1)
        return with_config(html, self.config).encode()


def build_spa_handler(
    static_dir: str,
    config: ClientConfig,
    reserved: tuple[str, ...] = ("/api",),
    fillers: Mapping[str, PageFiller] | None = None,
    *,
    public_url: str = "",
    secure_cookies: bool = False,
    session: SessionReader | None = None,
    absent: tuple[str, ...] = (),
) -> HTTPRouteHandler:
    """Serve dist/ and the app shell everywhere but under `reserved` (404 there, as JSON);
    under `absent` the shell answers 404 (a route group this deployment lacks: the app shows its
    not-found page);
    the pre-rendered page of a path in `fillers` goes through its filler first. `public_url`
    starts the pages' hreflang addresses; `session` reads the session each page carries."""
    fillers = dict(fillers or {})
    root = Path(static_dir).resolve()
    prefixes = tuple(p.strip("/") for p in reserved)
    missing = tuple(p.strip("/") for p in absent)
    under_prefixes = tuple(f"{p}/" for p in prefixes)
    shell = AppShell(root / "index.html", config)
    prerendered = PrerenderedPages(root / PRERENDERED_DIR, config, public_url)
    manifest = BuildFile(root / MANIFEST, lambda raw: named_manifest(raw, config.product_name))

    def answered_here(relative: str) -> bool:
        """The paths this handler answers itself, never as a kept file (kept_files.py)."""
        return (
            relative == MANIFEST
            or relative in prefixes
            or relative.startswith(under_prefixes)
            or any(part.startswith(".") for part in relative.split("/"))
        )

    files = KeptFiles(root, file_caching, answered_here)

    # HEAD as well as GET: link checkers, uptime probes and caches ask for the headers alone
    # (the server sends no body for HEAD).
    @route(
        ["/", "/{path:path}"],
        http_method=[HttpMethod.GET, HttpMethod.HEAD],
        include_in_schema=False,
        name="spa",
        middleware=[cast(Any, kept_files_middleware(files))],  # the build's files, from memory
    )
    async def spa(request: Request[Any, Any, Any], path: FromPath[str] = "") -> Response[bytes] | File:
        path = path.lstrip("/")
        if path in prefixes or path.startswith(tuple(f"{p}/" for p in prefixes)):
            raise NotFoundException()
        if any(part.startswith(".") for part in path.split("/")):
            # dist/.vite (the build manifest) and dist/.prerendered (pages with unfilled tokens)
            raise NotFoundException()
        if path == MANIFEST and (named := manifest.read()) is not None:
            return Response(named, media_type=MANIFEST_TYPE, headers={"Cache-Control": file_caching(path)})
        if path:
            candidate = (root / path).resolve()
            if candidate.is_relative_to(root) and candidate.is_file():
                return File(
                    candidate,
                    filename=candidate.name,  # without it Litestar sends application/octet-stream
                    content_disposition_type="inline",
                    media_type=MANIFEST_TYPE if candidate.suffix == ".webmanifest" else None,
                    headers={"Cache-Control": file_caching(path)},
                )
            if candidate.suffix and candidate.suffix not in (".html",) and "." in path.rsplit("/", 1)[-1]:
                # A missing file (image, script) is a 404, not the app shell.
                raise NotFoundException()
        route_path = "/" + path.rstrip("/")
        asked = query_language(request)
        language = asked or visitor_language(request)
        page = prerendered.render(route_path, language)
        filler = fillers.get(route_path)
        if page is not None and filler is not None and request.method == HttpMethod.GET:
            page = await filler(request, page, language)
        page = page or shell.render(language)
        if page is None:
            return Response(_NO_APP.encode(), media_type="text/html", status_code=503)
        view = await session(request) if session is not None else None
        if view is not None:
            page = with_data(page.decode(), SESSION_ELEMENT, view).encode()
        headers = {
            "Cache-Control": "private, no-cache",
            "Vary": VARY,
            "Accept-CH": ACCEPT_CH,
            "Content-Language": LANGUAGE_TAGS[language],
        }
        if filler is not None:
            headers["Vary"] = FILLED_VARY
        # ?lang= is kept for the pages that follow (the app's own links carry no ?lang=).
        keep = asked is not None and asked != cookie_language(request)
        cookies = [language_cookie(asked, secure=secure_cookies)] if asked and keep else []
        status = 404 if path in missing or path.startswith(tuple(f"{p}/" for p in missing)) else 200
        return Response(page, media_type="text/html", headers=headers, cookies=cookies, status_code=status)

    return spa
