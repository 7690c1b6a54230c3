// Renders /products in Node with each given product list answer as its first page, as the app
// renders that answer in the browser (and so as it hydrates the pre-rendered page): what
// tests/e2e/test_first_page_text.py holds the gateway's filled-in cards against. Uses the
// pre-renderer's SSR build (frontend/scripts/prerender.mjs), so run it after `npm run build`.
//   stdin:  {"config": <the gateway's /api/config>, "locale": "en" | "hi", "listings": [<ProductListView>, ...]}
//   stdout: [<the markup of #root for each listing>, ...]
import { text } from "node:stream/consumers";
import { fileURLToPath, pathToFileURL } from "node:url";
import path from "node:path";

const ssr = path.join(fileURLToPath(new URL("..", import.meta.url)), "node_modules", ".prerender", "entry-server.js");
const { render, renderWithFirstPage } = await import(pathToFileURL(ssr).href);

const { config, locale, listings } = JSON.parse(await text(process.stdin));
const pages = [];
for (const listing of listings) {
  renderWithFirstPage(listing);
  try {
    pages.push((await render("/products", config, locale)).html);
  } finally {
    renderWithFirstPage(undefined);
  }
}
process.stdout.write(JSON.stringify(pages));
