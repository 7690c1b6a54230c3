// @vitest-environment node
// Every message the app shows exists in both languages: each catalog (the shared one and one per
// feature) has the same messages in en.po and hi.po, every Hindi one translated, and written in
// Devanagari unless it is one of the words Indians write in Latin letters. `make test` extracts
// the catalogs from the code first (lingui extract), so a new string without Hindi fails here.
import { formatter } from "@lingui/format-po";
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { describe, expect, it } from "vitest";

const src = fileURLToPath(new URL("..", import.meta.url));
const catalogDirs = [
  path.join(src, "locales"),
  path.join(src, "locales", "errors"),
  path.join(src, "components", "OfflineNotice", "locales"),
  path.join(src, "features", "portal", "locales", "payment"),
  ...readdirSync(path.join(src, "features")).map((feature) => path.join(src, "features", feature, "locales")),
];
const po = formatter({ lineNumbers: false });
// Staff tools may be English only (issue 59): the QA console loads its English messages whatever
// the page's language (features/qa/catalog.ts), so its Hindi catalog stays untranslated.
const englishOnly = new Set([path.join(src, "features", "qa", "locales")]);

type Catalog = Record<string, { message?: string; translation?: string; obsolete?: boolean }>;

function read(dir: string, locale: string): Catalog {
  const catalog = po.parse(readFileSync(path.join(dir, `${locale}.po`), "utf8"), {
    locale,
    sourceLocale: "en",
    filename: `${locale}.po`,
  }) as Catalog;
  return Object.fromEntries(Object.entries(catalog).filter(([, m]) => !m.obsolete));
}

/** Hindi messages with no Devanagari are fine when they are only these, placeholders, digits or signs. */
const LATIN_WORDS_IN_HINDI = /^(OTP|UPI|GST|GSTIN|PDF|IFSC|PAN|KYC|EMI|NEFT|RTGS|IMPS|ID|SMS|COD|MRP|KFS|APR|UTR|PIN|FAQ|English|हिंदी)$/;
const DEVANAGARI = /[\u0900-\u097F]/;

function onlyLatinAllowed(text: string): boolean {
  // Placeholders and tags first: in one pass the run of signs before a tag swallows its "<".
  const words = text.replace(/\{[^}]*\}|<\/?\d+\/?>/g, " ").replace(/[^\p{L}]+/gu, " ").trim().split(/\s+/).filter(Boolean);
  return words.every((word) => LATIN_WORDS_IN_HINDI.test(word));
}

describe.each(catalogDirs.map((dir) => [path.relative(src, dir), dir]))("%s", (_name, dir) => {
  const en = read(dir, "en");
  const hi = read(dir, "hi");

  it("has the same messages in English and Hindi", () => {
    expect(Object.keys(hi).sort()).toEqual(Object.keys(en).sort());
  });

  it.skipIf(englishOnly.has(dir))("has every Hindi message translated, in Devanagari", () => {
    const untranslated = Object.values(hi).filter((m) => !m.translation).map((m) => m.message);
    expect(untranslated).toEqual([]);
    const notHindi = Object.values(hi)
      .filter((m) => m.translation && !DEVANAGARI.test(m.translation) && !onlyLatinAllowed(m.translation))
      .map((m) => m.translation);
    expect(notHindi).toEqual([]);
  });
});
