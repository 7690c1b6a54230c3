// @vitest-environment node
// The import rules (feature boundaries, axios only in api/) are only worth having if the lint
// really fails on a crossing: lint deliberate bad imports (never written to disk) with the
// repository's own ESLint config.
import { ESLint } from "eslint";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const eslint = new ESLint({ cwd: repo });

async function errorsOf(rule: string, filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

const boundaryErrors = (filePath: string, code: string) => errorsOf("import/no-restricted-paths", filePath, code);
const importErrors = (filePath: string, code: string) => errorsOf("no-restricted-imports", filePath, code);

describe("feature boundaries", { timeout: 60_000 }, () => {
  it("fails a feature that imports another feature", async () => {
    const errors = await boundaryErrors(
      "frontend/src/features/portal/pages/Crossing.tsx",
      'import { useStore } from "../../store/StoreContext";\nexport const x = useStore;\n',
    );
    expect(errors).toEqual([expect.stringContaining("must not import another feature")]);
  });

  it("fails checkout reaching into the store's files, and the store importing checkout", async () => {
    for (const internal of ["../../store/StoreContext", "../../store/api/get-cart", "../../store/components/StoreHeader"]) {
      const errors = await boundaryErrors(
        "frontend/src/features/checkout/pages/Crossing.tsx",
        `import { x as y } from "${internal}";\nexport const x = y;\n`,
      );
      expect(errors).toEqual([expect.stringContaining("must not import another feature")]);
    }
    const upward = await boundaryErrors(
      "frontend/src/features/store/pages/Crossing.tsx",
      'import { checkoutRoutes } from "../../checkout/routes";\nexport const x = checkoutRoutes;\n',
    );
    expect(upward).toEqual([expect.stringContaining("must not import another feature")]);
  });

  it("passes checkout using the store's public index", async () => {
    const errors = await boundaryErrors(
      "frontend/src/features/checkout/pages/Fine.tsx",
      'import { useStore, cartQuery } from "../../store";\nexport const x = [useStore, cartQuery];\n',
    );
    expect(errors).toEqual([]);
  });

  it("fails a feature or shared component that imports app/", async () => {
    const fromFeature = await boundaryErrors(
      "frontend/src/features/store/components/Up.tsx",
      'import { AppProviders } from "../../../app/providers";\nexport const x = AppProviders;\n',
    );
    expect(fromFeature).toEqual([expect.stringContaining("Nothing imports app/")]);
    const fromShared = await boundaryErrors(
      "frontend/src/components/Up.tsx",
      'import { createAppRouter } from "../app/router";\nexport const x = createAppRouter;\n',
    );
    expect(fromShared).toEqual([expect.stringContaining("Nothing imports app/")]);
  });

  it("fails shared code that imports a feature", async () => {
    const errors = await boundaryErrors(
      "frontend/src/lib/Down.ts",
      'import { rupees } from "../features/portal/amount";\nexport const x = rupees;\n',
    );
    expect(errors.length).toBeGreaterThan(0);
  });

  it("passes a feature importing its own files and the shared layers", async () => {
    const errors = await boundaryErrors(
      "frontend/src/features/portal/pages/Fine.tsx",
      'import { rupees } from "../../../lib/money";\nimport { amountProblem } from "../amount";\nexport const x = [rupees, amountProblem];\n',
    );
    expect(errors).toEqual([]);
  });
});

describe("axios only in api/", { timeout: 60_000 }, () => {
  it("fails a feature, a shared component or lib/ that imports axios or one of its files", async () => {
    for (const filePath of [
      "frontend/src/features/store/api/Direct.ts",
      "frontend/src/components/Direct.tsx",
      "frontend/src/lib/Direct.ts",
      "frontend/src/app/Direct.tsx",
    ]) {
      expect(await importErrors(filePath, 'import axios from "axios";\nexport const x = axios;\n')).toEqual([
        expect.stringContaining("Only frontend/src/api/ imports axios"),
      ]);
    }
    const deep = await importErrors(
      "frontend/src/features/portal/api/Deep.ts",
      'import { isCancel } from "axios/unsafe/cancel/isCancel.js";\nexport const x = isCancel;\n',
    );
    expect(deep).toEqual([expect.stringContaining("Only frontend/src/api/ imports axios")]);
  });

  it("passes api/ itself, and a feature calling through api/client", async () => {
    expect(await importErrors("frontend/src/api/Fine.ts", 'import axios from "axios";\nexport const x = axios;\n')).toEqual([]);
    expect(
      await importErrors(
        "frontend/src/features/store/api/Fine.ts",
        'import { api } from "../../../api/client";\nexport const x = api;\n',
      ),
    ).toEqual([]);
  });
});
