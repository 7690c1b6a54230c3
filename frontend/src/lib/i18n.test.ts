// @vitest-environment jsdom
// The language switch offline: it needs only the words the page shows, and once the app is used,
// a catalog needed later comes in both languages.
import { i18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { activateLocale, ensureCatalog, keepBothLanguages, switchLocale, type Catalog, type Locale } from "./i18n";

/** A catalog whose languages load (or fail, as offline) as the test says; which were asked for. */
function catalog(name: string, loads: (locale: Locale) => boolean): Catalog & { asked: Locale[] } {
  const asked: Locale[] = [];
  return {
    name,
    asked,
    load: (locale) => {
      asked.push(locale);
      return loads(locale) ? Promise.resolve({ messages: { [`${name}-word`]: `${name} ${locale}` } }) : Promise.reject(new Error("offline"));
    },
  };
}

describe("the language switch", () => {
  it("is not held up by words the page asked for and never got", async () => {
    await activateLocale("en");
    await ensureCatalog(catalog("shown", () => true));
    const never = catalog("never", () => false); // its words failed to load offline, in either language
    await expect(ensureCatalog(never)).rejects.toThrow("offline");

    await switchLocale("hi");
    expect(i18n.locale).toBe("hi");
    expect(i18n._("shown-word")).toBe("shown hi");
    await switchLocale("en");
  });

  it("once the app is used, loads a catalog needed later in the other language too, for offline", async () => {
    expect(i18n.locale).toBe("en");
    await keepBothLanguages(); // the words shown in Hindi too; none held up by those never got
    let online = true;
    const later = catalog("later", () => online);
    await ensureCatalog(later);
    await new Promise((resolve) => setTimeout(resolve, 0)); // its Hindi, asked beside it
    online = false;

    await switchLocale("hi");
    expect(later.asked.sort()).toEqual(["en", "hi"]);
    expect(i18n._("later-word")).toBe("later hi");
    await switchLocale("en");
  });
});
