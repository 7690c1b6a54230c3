// @vitest-environment node
// The rule that keeps every shown string in the catalogs (issue 32) is only worth having if the
// lint really fails on a raw string: lint deliberate examples (never written to disk) with the
// repository's own ESLint config.
import { ESLint } from "eslint";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const eslint = new ESLint({ cwd: repo });
const FILE = "frontend/src/features/portal/pages/Example.tsx";

async function unlocalized(code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath: FILE });
  return result.messages.filter((m) => m.ruleId === "lingui/no-unlocalized-strings").length;
}

describe("no raw strings for users", { timeout: 60_000 }, () => {
  it("fails JSX text, a shown attribute and a string in code that reach the user", async () => {
    expect(await unlocalized("export const A = () => <p>Pay now</p>;\n")).toBe(1);
    expect(await unlocalized('export const A = () => <img src="/a.png" alt="A switch" />;\n')).toBe(1);
    expect(await unlocalized('export const A = () => <input placeholder="Mobile number" />;\n')).toBe(1);
    expect(await unlocalized('export const message = "Something went wrong";\n')).toBe(1);
  });

  it("passes the same through the translation layer, and what is not words", async () => {
    const translated = [
      'import { Trans, useLingui } from "@lingui/react/macro";',
      "export function A() {",
      "  const { t } = useLingui();",
      '  return <p className="lead" id="pay"><Trans>Pay now</Trans><input placeholder={t`Mobile number`} type="tel" /></p>;',
      "}",
      "",
    ].join("\n");
    expect(await unlocalized(translated)).toBe(0);
  });
});
