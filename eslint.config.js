// The frontend's lint: TypeScript's recommended rules, the hooks rules, and the import rules
// that keep the shape (a feature imports another only through its public index.ts; nothing but
// main.tsx imports app/; only api/ imports axios).
import { existsSync, readdirSync } from "node:fs";
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import importPlugin from "eslint-plugin-import";

const SRC = "./frontend/src";
const features = readdirSync(new URL("./frontend/src/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// A feature's public face (e.g. the store's cart hooks that checkout uses): its index.ts, if it has one.
const publicIndexes = features
  .filter((feature) => existsSync(new URL(`./frontend/src/features/${feature}/index.ts`, import.meta.url)))
  .map((feature) => `./${feature}/index.ts`);

/** The layers, top to bottom: app → features → components, lib, api. An import only goes down. */
export const boundaryZones = [
  // A feature is self-contained: what two features share moves down to components/ or lib/, or
  // is exported by the owning feature's index.ts; never reach into another feature's files.
  ...features.map((feature) => ({
    target: `${SRC}/features/${feature}`,
    from: `${SRC}/features`,
    except: [`./${feature}`, ...publicIndexes.filter((index) => !index.startsWith(`./${feature}/`))],
    message:
      "A feature must not import another feature's files; use its index.ts, or move what they share to components/ or lib/.",
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

/** axios is the app's one HTTP client, and frontend/src/api/ is the one place that uses it. */
const AXIOS_ONLY_IN_API = "Only frontend/src/api/ imports axios: call the gateway through api/client.";
export const axiosRestriction = {
  paths: [{ name: "axios", message: AXIOS_ONLY_IN_API }],
  patterns: [{ group: ["axios/*"], message: AXIOS_ONLY_IN_API }],
};

export default tseslint.config(
  { ignores: ["frontend/dist/**", "frontend/src/api/schema.d.ts", "node_modules/**", ".venv/**"] },
  {
    files: ["frontend/**/*.{ts,tsx}"],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    plugins: { "react-hooks": reactHooks, import: importPlugin },
    languageOptions: { ecmaVersion: 2022, sourceType: "module" },
    settings: {
      "import/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import/resolver": { node: { extensions: [".ts", ".tsx", ".js"] } },
    },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "import/no-restricted-paths": ["error", { zones: boundaryZones }],
      "no-restricted-imports": ["error", axiosRestriction],
    },
  },
  {
    files: ["frontend/src/api/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": "off" },
  },
);
