// Pre-renders the public pages (frontend/src/app/prerendered.ts) after `vite build`, in Node,
// without the network: Vite's SSR build of src/entry-server.tsx renders each path with the
// browser's own route tree, and the result goes beside the app shell:
//
//   dist/.prerendered/<n>.<lang>.html  index.html with #root filled in the language (en, hi),
//                                <html lang>, the page's title, description and stylesheets
//                                (inlined); settings as %%tokens%% (below)
//   dist/.prerendered/routes.json  { "<path>": { "en": "<n>.en.html", "hi": "<n>.hi.html" } }:
//                                what the gateway serves as HTML, in the visitor's language
//
// Settings differ per deployment (PRODUCT_NAME, sign-in and app links), so the pages are
// rendered with a token in each string setting, e.g. %%productName%% or %%signIn.anchor%%; the
// gateway fills them in (HTML-escaped) when it serves the page (gateway/spa/pages.py).
import { mkdir, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import path from "node:path";
import postcss from "postcss";
import { build } from "vite";

const frontend = fileURLToPath(new URL("..", import.meta.url));
const dist = path.join(frontend, "dist");
const ssrOut = path.join(frontend, "node_modules", ".prerender");
const outDir = path.join(dist, ".prerendered");

// Every string setting as its token; the checkout settings are not shown on any page.
const CONFIG = {
  productName: "%%productName%%",
  productSlug: "%%productSlug%%",
  signIn: { anchor: "%%signIn.anchor%%", portal: "%%signIn.portal%%", lender: "%%signIn.lender%%" },
  appLinks: { android: "%%appLinks.android%%", ios: "%%appLinks.ios%%" },
  checkout: { adapter: "mock", mode: "sandbox" },
};

const escapeHtml = (text) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * In the pre-renderer's own build only: each dynamic `import("...")` in src/ reports the module it
 * loads (as the browser build's manifest keys it) to `globalThis.__prerenderImported`, so a page's
 * HTML can preload the code its routes load (below).
 */
const reportImports = {
  name: "prerender-report-imports",
  async transform(code, id) {
    if (!id.startsWith(path.join(frontend, "src") + path.sep)) return null;
    const dynamic = /\bimport\(\s*(["'])([^"'\n]+)\1\s*\)/g;
    const keys = new Map();
    for (const [, , specifier] of code.matchAll(dynamic)) {
      const resolved = keys.has(specifier) ? null : await this.resolve(specifier, id);
      if (resolved) keys.set(specifier, path.relative(frontend, resolved.id).split(path.sep).join("/"));
    }
    if (keys.size === 0) return null;
    return code.replace(dynamic, (call, _quote, specifier) =>
      keys.has(specifier) ? `(globalThis.__prerenderImported ?? ((_, p) => p))(${JSON.stringify(keys.get(specifier))}, ${call})` : call,
    );
  },
};

await build({
  configFile: path.join(frontend, "vite.config.ts"),
  logLevel: "warn",
  plugins: [reportImports],
  build: {
    ssr: "src/entry-server.tsx",
    outDir: ssrOut,
    emptyOutDir: true,
    manifest: false,
    copyPublicDir: false,
    minify: false,
  },
});
const { render, markUntilHydrated, renderWithFirstPage, PAGE_SIZE, PRERENDERED_PATHS, READS_QUERY, LOCALES } = await import(pathToFileURL(path.join(ssrOut, "entry-server.js")).href);

const template = await readFile(path.join(dist, "index.html"), "utf8");
const manifest = JSON.parse(await readFile(path.join(dist, ".vite", "manifest.json"), "utf8"));

// The stylesheets of lazily loaded chunks, by the class names each defines. A page links those
// whose classes its markup uses, so it paints styled before any script runs (Vite's loader
// later finds the same <link> and does not load it twice).
// Classes the global stylesheet (already linked) defines, such as .btn, do not count: a chunk's
// rule like `._actions .btn` is not a reason to load that chunk's stylesheet.
const linked = new Set([...template.matchAll(/href="(\/assets\/[^"]+\.css)"/g)].map((m) => m[1]));
const classesIn = (text) => [...text.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]);
const classesOf = (css) => new Set(classesIn(css.replace(/url\([^)]*\)/g, "")));
/**
 * Each selector of a stylesheet as the classes an element and its ancestors must all wear for it
 * to apply (a :not()'s are left out). By single classes, `._carousel .swiper` would count as used
 * wherever Swiper's classes are: the store home once took the site carousel's stylesheet and, with
 * it, preloaded (and compiled) the site's carousel and Swiper's code.
 */
function selectorsOf(css) {
  const selectors = [];
  postcss.parse(css).walkRules((rule) => {
    for (const selector of rule.selectors) selectors.push(new Set(classesIn(selector.replace(/:not\([^)]*\)/g, ""))));
  });
  return selectors;
}
const globalClasses = new Set();
const inline = new Map(); // href -> the stylesheet's text, to put in the page

/** A stylesheet's text fit for a <style> element in a page at any path. */
function inlinable(css) {
  if (/<\/style/i.test(css)) throw new Error("a stylesheet contains '</style'");
  // Relative url()s were relative to /assets/; in the page they must say so. (The quote, if any, is
  // taken whole: without the lookahead's first branch a quoted data: URL would pass as relative.)
  return css.replace(/url\((["']?)(?!["']|data:|https?:|\/|#)/g, "url($1/assets/");
}

/**
 * The stylesheets go into the page itself, so its first paint waits for no request. Each keeps a
 * disabled <link> (never fetched): Vite's loader sees it and does not fetch the file again when
 * the page's chunk loads.
 */
function inlined(href) {
  return `<style data-href="${href}">${inline.get(href)}</style><link rel="stylesheet" crossorigin href="${href}" disabled>`;
}
const sheets = [];
for (const name of (await readdir(path.join(dist, "assets"))).sort()) {
  if (!name.endsWith(".css")) continue;
  const href = `/assets/${name}`;
  const text = await readFile(path.join(dist, "assets", name), "utf8");
  if (linked.has(href)) classesOf(text).forEach((c) => globalClasses.add(c));
  else sheets.push({ href, file: `assets/${name}`, selectors: selectorsOf(text) });
  inline.set(href, inlinable(text));
}
for (const sheet of sheets) sheet.selectors.forEach((classes) => globalClasses.forEach((c) => classes.delete(c)));
/** Whether a selector of the stylesheet applies to the markup whose classes are `used`. */
const appliesTo = (sheet, used) => sheet.selectors.some((classes) => classes.size > 0 && [...classes].every((c) => used.has(c)));

/** The chunk files of the modules keyed `keys` in the manifest, with their static imports, less the entry's. */
function chunksOf(keys) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    (chunk.imports ?? []).forEach(visit);
  };
  keys.forEach(visit);
  for (const file of entryFiles) files.delete(file);
  return files;
}

/** The chunk files that carry `cssFile`, with their static imports: preloaded beside the stylesheet. */
function chunksWithCss(cssFile) {
  const keys = Object.entries(manifest).filter(([key, chunk]) => key !== "index.html" && (chunk.css ?? []).includes(cssFile));
  return chunksOf(keys.map(([key]) => key));
}
const chunkByFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
/** Whether one of the chunk files `files` carries `cssFile`. */
const carries = (files, cssFile) => [...files].some((file) => (chunkByFile.get(file)?.css ?? []).includes(cssFile));
const entryFiles = new Set();
(function entry(key) {
  const chunk = manifest[key];
  if (!chunk || entryFiles.has(chunk.file)) return;
  entryFiles.add(chunk.file);
  (chunk.imports ?? []).forEach(entry);
})("index.html");

for (const route of READS_QUERY) {
  if (!PRERENDERED_PATHS.includes(route)) throw new Error(`READS_QUERY names ${route}, which is not pre-rendered`);
}
/**
 * A page's markup for its HTML: React puts a preload for each eagerly loaded image at the start;
 * those go to <head> instead, ahead of the scripts, so the browser asks for those images (the
 * hero: the largest paint) first, the one marked high priority ahead of the logo and badges.
 * Form controls wait for the app: typed or clicked before hydration, React would not see it (a
 * search not run, a form posted natively). Each comes alive once the component that owns it has
 * hydrated (src/lib/until-hydrated.ts).
 */
function pageMarkup(html) {
  const imagePreloads = [];
  const rest = html.replace(/^(?:<link rel="preload" as="image"[^>]*\/>)+/, (links) => {
    imagePreloads.push(...links.match(/<link[^>]*\/>/g));
    return "";
  });
  const high = (link) => (/fetchPriority="high"/i.test(link) ? 0 : 1);
  imagePreloads.sort((a, b) => high(a) - high(b));
  return { markup: markUntilHydrated(rest), imagePreloads };
}

// The product list's first page, filled in by the gateway for a visitor (gateway/store/first_page.py):
// the page rendered again with PAGE_SIZE sample products whose every shown value is a token or a
// number found again below. The amounts are the gateway's own texts (priceText, mrpText), shown
// by the app as they are: the gateway fills in the same strings it sends beside the cards. What differs from the shell (the empty list and 'Loading...') is
// what the gateway replaces; each card is kept by its place in the list, since its image's
// loading depends on it. The gateway fills in the same markup React renders in the browser from
// the same answer, so the app hydrates the cards rather than redrawing them.
// The pages whose product list the gateway fills in, each with its own template: the cards'
// markup differs by page (on /products the list opens the page and its first row's images load at
// once; on the store home it sits below the banners and every image waits until it is near the
// screen).
// `opensThePage`: the list is the first thing on the page, so its first image is the largest
// paint and the gateway asks for it from the head (gateway/store/first_page.py).
// One template a language: <file>.<lang>.json (gateway/store/first_page.py).
const FIRST_PAGES = {
  "/products": { file: "products-first-page", opensThePage: true },
  "/product-home": { file: "product-home-first-page", opensThePage: false },
};
const SAMPLE_ID = 990000;
const SAMPLE_PRICE = "1111111.11";
const SAMPLE_MRP = "2222222.22";
const SAMPLE_PERCENT = "97";
const RATINGS = 11; // 0 to 5 stars in halves

async function firstPageTemplate(route, shell, locale) {
  const sample = (overrides) => Array.from({ length: PAGE_SIZE }, (_, i) => ({
    id: SAMPLE_ID + i,
    productName: "%%name%%",
    productDetail: "%%detail%%",
    filePath1: "%%image%%",
    // One source whose every value is a token: the gateway writes one such element per source.
    pictureSources: [{ type: "%%type%%", srcset: "%%srcset%%", lightSrcset: "%%srcset%%" }],
    listingPrice: SAMPLE_PRICE,
    mrp: SAMPLE_MRP,
    priceText: "%%price%%",
    mrpText: "%%mrp%%",
    discount: null,
    ratings: (i % RATINGS) / 2,
    discountToMerchant: SAMPLE_PERCENT,
    distributorId: 1,
    quantity: 0,
    brandId: null,
    brandName: null,
    category: null,
    hsnCode: null,
    gstRate: null,
    packSize: null,
    warranty: null,
    stockQuantity: null,
    ...overrides,
  }));
  const renderWith = async (records) => {
    renderWithFirstPage({ records, page: 1, pageSize: PAGE_SIZE, hasMore: true });
    try {
      return pageMarkup((await render(route, CONFIG, locale)).html).markup;
    } finally {
      renderWithFirstPage(undefined);
    }
  };
  const filled = await renderWith(sample({}));
  // The same page with every product sold out: its cards' actions say Out of stock.
  const soldOut = await renderWith(sample({ stockQuantity: 0 }));
  const fail = (what) => {
    throw new Error(`${route}'s first page (${locale}): ${what} (features/store changed its markup? see FIRST_PAGES in this script)`);
  };
  // Where the two differ, widened to whole tags.
  let start = 0;
  while (start < shell.length && shell[start] === filled[start]) start++;
  start = shell.lastIndexOf("<", start);
  let tail = 0;
  while (tail < shell.length - start && shell[shell.length - 1 - tail] === filled[filled.length - 1 - tail]) tail++;
  while (tail > 0 && shell[shell.length - tail] !== "<") tail--;
  const replaced = shell.slice(start, shell.length - tail);
  const list = filled.slice(start, filled.length - tail);
  const cardStart = /<li [^>]*data-testid="product-card"[^>]*>/g;
  const starts = [...list.matchAll(cardStart)].map((m) => m.index);
  if (starts.length !== PAGE_SIZE) fail(`${starts.length} cards rendered, not ${PAGE_SIZE}`);
  if (!list.endsWith("</ul>")) fail("the list does not end its cards");
  const bounds = [...starts, list.length - "</ul>".length];
  // In the page's language: '97% off', '97% छूट' (one text, or the number and the words apart).
  const offSpan = new RegExp(`<span class="[^"]*">${SAMPLE_PERCENT}[^<]*(?:<!-- -->[^<]*)?</span>`);
  const stars = /<span [^>]*role="img" aria-label="[^"]*"[^>]*><\/span>/;
  const once = (text, needle, what) => {
    const parts = text.split(needle);
    if (parts.length !== 2) fail(`${what} is ${parts.length - 1} times in a card, not once`);
    return parts;
  };
  // A card's actions (its buttons, from the first to the last); the same in every card.
  const actionsOf = (card) => {
    const from = card.indexOf("<button");
    const to = card.lastIndexOf("</button>");
    if (from < 0 || to < from) fail("no actions in a card");
    return card.slice(from, to + "</button>".length);
  };
  // The struck M.R.P.: the span around it, shown only where the M.R.P. is above the price.
  const mrpOf = (card) => {
    const at = card.indexOf("%%mrp%%");
    const from = card.lastIndexOf("<span ", at);
    const to = card.indexOf("</span>", at);
    if (at < 0 || from < 0 || to < 0) fail("no M.R.P. in a card");
    return card.slice(from, to + "</span>".length);
  };
  const soldOutList = soldOut.slice(start, soldOut.length - tail);
  const soldOutCard = soldOutList.slice(soldOutList.search(cardStart));
  // The card's element ids carry its product's id (ProductCard.tsx): %%id%%, in the actions too.
  const idsOf = (card, i) => card.split(`"product-${SAMPLE_ID + i}-`).join('"product-%%id%%-').split(` product-${SAMPLE_ID + i}-`).join(" product-%%id%%-");
  const actions = { buy: null, soldOut: actionsOf(idsOf(soldOutCard.slice(0, soldOutCard.indexOf("</li>")), 0)) };
  let mrp = null;
  let off = null;
  let source = null;
  const sourceTag = /<source [^>]*>/;
  const ratings = new Array(RATINGS).fill(null);
  const cards = starts.map((at, i) => {
    let card = list.slice(at, bounds[i + 1]);
    card = card.split(`/product-details/${SAMPLE_ID + i}"`).join('/product-details/%%id%%"');
    card = idsOf(card, i);
    once(card, "%%price%%", "the price");
    once(card, "%%mrp%%", "the M.R.P.");
    mrp ??= mrpOf(card);
    if (mrpOf(card) !== mrp) fail("the M.R.P. differs between cards");
    card = card.replace(mrp, "%%mrpstruck%%");
    actions.buy ??= actionsOf(card);
    if (actionsOf(card) !== actions.buy) fail("the actions differ between cards");
    card = card.replace(actions.buy, "%%actions%%");
    if (!actions.soldOut.includes("disabled") || actions.soldOut === actions.buy) fail("no sold-out actions");
    const offMatch = card.match(offSpan) ?? fail("no percent off");
    off ??= offMatch[0].replace(`>${SAMPLE_PERCENT}`, ">%%percent%%");
    card = card.replace(offSpan, "%%off%%");
    const starsMatch = card.match(stars) ?? fail("no star rating");
    ratings[i % RATINGS] ??= starsMatch[0];
    card = card.replace(stars, "%%rating%%");
    const sourceMatch = card.match(sourceTag) ?? fail("no <source> in a card's picture");
    source ??= sourceMatch[0];
    if (sourceMatch[0] !== source) fail("the picture's sources differ between cards");
    card = card.replace(source, "%%sources%%");
    if (sourceTag.test(card)) fail("more than one <source> in a card");
    for (const token of ["%%id%%", "%%name%%", "%%detail%%", "%%image%%", "%%sources%%"]) if (!card.includes(token)) fail(`${token} not in a card`);
    if (card.includes(String(SAMPLE_ID)) || card.includes("1111111") || card.includes("2222222")) fail("a sample value left in a card");
    return card;
  });
  if (ratings.includes(null)) fail("a star rating not rendered");
  for (const token of ['type="%%type%%"', 'srcset="%%srcset%%"']) if (!source.toLowerCase().includes(token)) fail(`${token} not in a card's <source>`);
  const sizes = source.match(/ sizes="([^"&]*)"/)?.[1] ?? fail("no plain sizes on a card's <source>");
  return {
    replaced,
    listOpen: list.slice(0, starts[0]),
    listClose: "</ul>",
    cards,
    ratings,
    off,
    mrp,
    actions,
    source,
    sizes,
    pageSize: PAGE_SIZE,
    opensThePage: FIRST_PAGES[route].opensThePage,
  };
}

await rm(outDir, { recursive: true, force: true });
await mkdir(outDir, { recursive: true });
// <html lang> of each language (the app reads its language from it: lib/i18n.ts's pageLocale), and
// the shell's title for a page that sets none (as gateway/spa/pages.py writes the shell's).
const LANGUAGE_TAGS = { en: "en-IN", hi: "hi-IN" };
const SHELL_TITLES = { en: template.match(/<title>([\s\S]*?)<\/title>/)[1], hi: "बिजली का सामान उधार पर खरीदें" };
const routes = {};
for (const [index, route] of PRERENDERED_PATHS.entries()) {
  routes[route] = {};
  // The modules the page's routes load while it renders (its page, the Markdown renderer ...), as
  // its first render reports them (a lazy module loads once: a second render reports none).
  const imported = new Set();
  for (const locale of LOCALES) {
    globalThis.__prerenderImported = (key, loading) => (imported.add(key), loading);
    const rendered = await render(route, CONFIG, locale);
    globalThis.__prerenderImported = undefined;
    const { markup, imagePreloads } = pageMarkup(rendered.html);
    const meta = rendered.meta;
    if (!markup.trim()) throw new Error(`${route} rendered nothing`);
    // The Content-Security-Policy allows no inline script: markup must work without one.
    if (/<script\b/i.test(markup)) throw new Error(`${route} rendered an inline <script>`);
    // The product list's first page, filled in by the gateway, is styled from the start as well.
    const firstPage = route in FIRST_PAGES ? await firstPageTemplate(route, markup, locale) : null;
    const shown = firstPage
      ? markup + firstPage.cards.join("") + firstPage.ratings.join("") + firstPage.off + firstPage.mrp + firstPage.actions.buy + firstPage.actions.soldOut
      : markup;
    const used = new Set([...shown.matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1].split(/\s+/)));
    const styles = sheets.filter((s) => appliesTo(s, used));
    // With each stylesheet the page's own chunks do not carry (a module loaded by an earlier page's
    // render, as React.lazy loads once), the chunks that do; one they carry adds none: Swiper's
    // stylesheet is carried by the site's carousels too.
    const pageChunks = chunksOf(imported);
    const scripts = new Set([...pageChunks, ...styles.filter((s) => !carries(pageChunks, s.file)).flatMap((s) => [...chunksWithCss(s.file)])]);
    // The page is on screen without its scripts: public/start.js fetches them only once the page
    // has been painted (with its hero, the image marked high priority, where it has one), so they
    // cannot hold that paint back on a slow phone; then they hydrate it.
    const head = [...imagePreloads, ...styles.map((s) => inlined(s.href))].join("\n    ");
    // A page whose render reads the query says so, for main.tsx: with a query it is rendered anew.
    const rootTag = READS_QUERY.has(route) ? '<div id="root" data-reads-query="">' : '<div id="root">';
    let page = template.replace('<div id="root"></div>', `${rootTag}${markup}</div>`);
    page = page.replace(/<html lang="[^"]*"/, `<html lang="${LANGUAGE_TAGS[locale]}"`);
    for (const href of linked) page = page.replace(new RegExp(`<link rel="stylesheet"[^>]*href="${href}"[^>]*>`), () => inlined(href));
    if (page === template) throw new Error("index.html has no empty <div id=\"root\"></div>");
    // The page's own title, else the shell's ('{product} | Buy electrical goods on credit', as gateway/spa/pages.py writes it).
    const title = meta ? meta.title : `${CONFIG.productName} | ${SHELL_TITLES[locale]}`;
    page = page.replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(title)}</title>`);
    if (meta) {
      if (meta.description !== undefined) {
        page = page.replace(/<meta name="description" content="[^"]*"/, `<meta name="description" content="${escapeHtml(meta.description)}"`);
      }
  }
  // The app's script after the page's own stylesheets and images (it is deferred either way).
  const entryScript = page.match(/<script type="module"[^>]*><\/script>\s*/)[0];
  const entrySrc = entryScript.match(/src="([^"]+)"/)[1];
  // Vite links the chunks the entry imports (when Rolldown splits some out of it) for preloading
  // at once; those wait for start.js too, first in its list as the entry needs them first.
  const entryPreloads = [...page.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>\s*/g)];
  for (const [link] of entryPreloads) page = page.replace(link, "");
  const preloads = [...new Set([...entryPreloads.map((m) => m[1]), ...[...scripts].map((f) => `/${f}`)])].join(" ");
  const starter = `<script src="/start.js" data-entry="${entrySrc}" data-preload="${preloads}" defer></script>`;
  page = page.replace(entryScript, "").replace("</head>", `  ${head}\n    ${starter}\n  </head>`);
  const file = `${index}.${locale}.html`;
  if (firstPage) {
    if (page.split(firstPage.replaced).length !== 2) throw new Error(`${route}: the list to fill in is not once in the page`);
    await writeFile(path.join(outDir, `${FIRST_PAGES[route].file}.${locale}.json`), JSON.stringify(firstPage) + "\n");
  }
  await writeFile(path.join(outDir, file), page);
  routes[route][locale] = file;
  console.log(`pre-rendered ${route} (${locale}) -> dist/.prerendered/${file} (${styles.length} stylesheets)`);
  }
}
await writeFile(path.join(outDir, "routes.json"), JSON.stringify(routes, null, 2) + "\n");
