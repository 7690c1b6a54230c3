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
    for (const internal of ["../../store/StoreContext", "../../store/api/get-products", "../../store/components/StoreHeader"]) {
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

  it("fails any file of another feature, its shell, routes or parts alike (there are no public indexes)", async () => {
    for (const [filePath, index] of [
      ["frontend/src/features/checkout/pages/Crossing.tsx", "../../store/StoreShell"],
      ["frontend/src/features/portal/pages/Crossing.tsx", "../../loans/components/AllocationPreview"],
      ["frontend/src/features/credit/pages/Crossing.tsx", "../../checkout/routes"],
      // The three that were one (issue 60): checkout, orders and the address book.
      ["frontend/src/features/checkout/pages/Crossing.tsx", "../../orders/components/orderWords"],
      ["frontend/src/features/orders/pages/Crossing.tsx", "../../checkout/components/checkoutWords"],
      ["frontend/src/features/addresses/pages/Crossing.tsx", "../../checkout/components/AddressStep"],
    ]) {
      const errors = await boundaryErrors(filePath, `import { x as y } from "${index}";\nexport const x = y;\n`);
      expect(errors).toEqual([expect.stringContaining("must not import another feature")]);
    }
  });

  it("passes checkout using the storefront's shared parts, the shared cart and the order and address parts", async () => {
    const errors = await boundaryErrors(
      "frontend/src/features/checkout/pages/Fine.tsx",
      'import { useStore } from "../../../components/storefront/store-state";\nimport { StoreHeader } from "../../../components/storefront/StoreHeader";\nimport { cartQuery } from "../../../cart/get-cart";\nimport { OrderFigures } from "../../../components/orders/OrderFigures";\nimport { AddressFields } from "../../../components/addresses/AddressFields";\nexport const x = [useStore, StoreHeader, cartQuery, OrderFigures, AddressFields];\n',
    );
    expect(errors).toEqual([]);
  });

  it("passes the app's router composing two features", async () => {
    const errors = await boundaryErrors(
      "frontend/src/app/Compose.tsx",
      'import { portalRoutes } from "../features/portal/routes";\nimport { AllocationPreview } from "../features/loans/components/AllocationPreview";\nexport const x = [portalRoutes, AllocationPreview];\n',
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

  it("fails the shared cart importing a feature", async () => {
    const errors = await boundaryErrors(
      "frontend/src/cart/Down.ts",
      'import { StoreShell } from "../features/store/StoreShell";\nexport const x = StoreShell;\n',
    );
    expect(errors).toEqual([expect.stringContaining("Shared code must not import a feature")]);
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
