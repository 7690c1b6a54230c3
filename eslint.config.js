// The frontend's lint: TypeScript's recommended rules, the hooks rules, and the import rules
// that keep the shape (features never import each other; nothing but main.tsx imports app/).
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import { importX } from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";

const SRC = "./frontend/src";
const features = readdirSync(new URL("./frontend/src/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The layers, top to bottom: app → features → components, lib, api. An import only goes down. */
export const boundaryZones = [
  // A feature is self-contained: what two features share moves down to components/ or lib/.
  ...features.map((feature) => ({
    target: `${SRC}/features/${feature}`,
    from: `${SRC}/features`,
    except: [`./${feature}`],
    message: "A feature must not import another feature; move what they share to components/ or lib/.",
  })),
  // app/ is the top (router and providers): only main.tsx and app/ itself may import it.
  {
    target: [`${SRC}/features`, `${SRC}/components`, `${SRC}/lib`, `${SRC}/api`, `${SRC}/content`, `${SRC}/styles`],
    from: `${SRC}/app`,
    message: "Nothing imports app/ (it holds the router and providers); use lib/ instead.",
  },
  // Shared code is below the features.
  {
    target: [`${SRC}/components`, `${SRC}/lib`, `${SRC}/api`],
    from: `${SRC}/features`,
    message: "Shared code must not import a feature.",
  },
];

export default tseslint.config(
  { ignores: ["frontend/dist/**", "frontend/src/api/schema.d.ts", "node_modules/**", ".venv/**"] },
  {
    files: ["frontend/**/*.{ts,tsx}"],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    plugins: { "react-hooks": reactHooks, "import-x": importX },
    languageOptions: { ecmaVersion: 2022, sourceType: "module" },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "frontend/tsconfig.json" })],
    },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "import-x/no-restricted-paths": ["error", { zones: boundaryZones }],
      "import-x/no-cycle": "error",
    },
  },
);
