// The frontend's lint: TypeScript's recommended rules, the hooks rules, and the import rules
// that keep the shape (a feature never imports another; nothing but main.tsx imports app/; only
// api/ imports axios).
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import importPlugin from "eslint-plugin-import";
import linguiPlugin from "eslint-plugin-lingui";

const SRC = "./frontend/src";
const features = readdirSync(new URL("./frontend/src/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The layers, top to bottom: app → features → components, lib, api. An import only goes down. */
export const boundaryZones = [
  // A feature is self-contained: what two features share moves down to cart/, components/ or lib/,
  // or is composed by the app's router (app/); a feature never imports another, not even its index.
  ...features.map((feature) => ({
    target: `${SRC}/features/${feature}`,
    from: `${SRC}/features`,
    except: [`./${feature}`],
    message:
      "A feature must not import another feature; move what they share to cart/, components/ or lib/, or compose them in app/.",
  })),
  // app/ is the top (router and providers): only main.tsx and app/ itself may import it.
  {
    target: [`${SRC}/features`, `${SRC}/cart`, `${SRC}/components`, `${SRC}/lib`, `${SRC}/api`, `${SRC}/content`, `${SRC}/styles`],
    from: `${SRC}/app`,
    message: "Nothing imports app/ (it holds the router and providers); use lib/ instead.",
  },
  // Shared code is below the features (cart/: the cart the store and checkout both use).
  {
    target: [`${SRC}/cart`, `${SRC}/components`, `${SRC}/lib`, `${SRC}/api`],
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

/**
 * Every string a user sees goes through the translation layer (Lingui's t, msg, <Trans>): a raw
 * string in JSX or in code is an error. What is not words for a person is let through: class
 * names, routes, ids and other attribute values a reader never sees, calls to the console and
 * to DOM or storage APIs, and strings without a letter.
 */
export const unlocalizedStrings = {
  ignore: [
    "^[a-z][a-zA-Z0-9_.:-]*$", // identifiers, keys, CSS and event names
    "^(https?:|mailto:|tel:|/|#|\\.|data:)", // addresses and selectors
    "^[A-Z][A-Z0-9_]+$", // codes (GSTIN, UPI, error codes)
  ],
  ignoreNames: [
    {
      regex: {
        pattern:
          "^(className|class|to|href|src|type|id|name|role|key|rel|target|method|as|variant|autoComplete|inputMode|enterKeyHint|pattern|htmlFor|lang|dir|size|sizes|srcSet|loading|decoding|fetchPriority|accept|path|element|mode|style|width|height|viewBox|fill|d|stroke.*|xmlns|queryKey|mutationKey|cacheKey|code|field|status|state|kind|tone|icon|testId|form|formMethod|encType|capture|step|min|max|minLength|maxLength|spellCheck|autoCapitalize|autoCorrect|display|position|align|justify|color|theme|route|url|endpoint|storageKey|cookie)$",
      },
    },
    { regex: { pattern: "^(aria-(describedby|labelledby|controls|live|current|haspopup|hidden|expanded|relevant|atomic|owns|busy)|data-.*)$" } },
  ],
  ignoreFunctions: [
    "console.*",
    "Error",
    "*.setAttribute",
    "*.getAttribute",
    "*.querySelector",
    "*.querySelectorAll",
    "*.getElementById",
    "*.addEventListener",
    "*.removeEventListener",
    "*.getItem",
    "*.setItem",
    "*.removeItem",
    "*.get",
    "*.post",
    "*.put",
    "*.delete",
    "*.has",
    "*.set",
    "*.toggle",
    "*.startsWith",
    "*.endsWith",
    "*.includes",
    "*.split",
    "*.replace",
    "*.join",
    "URLSearchParams",
    "URL",
    "Intl.*",
    "new Intl.*",
    "matchMedia",
    "*.matchMedia",
    "import",
    "require",
  ],
  useTsTypes: false,
};

/**
 * Files whose strings are not in the catalogs yet (issue 32 is moving them, feature by feature).
 * The list only shrinks: a new file is checked from its first line.
 */
export const notYetTranslated = [
].map((file) => `frontend/src/${file}`);

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
  {
    files: ["frontend/src/**/*.{ts,tsx}"],
    ignores: [
      "frontend/src/**/*.test.{ts,tsx}",
      "frontend/src/testing/**",
      "frontend/src/api/schema.d.ts",
      "frontend/src/vite-env.d.ts",
      ...notYetTranslated,
    ],
    plugins: { lingui: linguiPlugin },
    rules: { "lingui/no-unlocalized-strings": ["error", unlocalizedStrings] },
  },
);
