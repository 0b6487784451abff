// @ts-check
import js from "@eslint/js";
import formatjs from "eslint-plugin-formatjs";
import jsxA11y from "eslint-plugin-jsx-a11y";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**"] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  ...tseslint.configs.stylisticTypeChecked,
  jsxA11y.flatConfigs.strict,
  {
    languageOptions: {
      globals: { ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    settings: { "jsx-a11y": { polymorphicPropName: "as" } },
    rules: {
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true }],
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
      eqeqeq: "error",
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  // No words typed into a page: every user-visible string is a catalogue message
  // (src/i18n/messages/*.json, docs/web.md "Languages"). JSX text, string literals in JSX and the
  // attributes people read or hear (aria-label, title, alt, placeholder, label) are refused. The
  // component gallery is a developer's page and the tests build fixtures: both are left out.
  {
    files: ["src/**/*.tsx"],
    ignores: ["src/gallery/**", "src/**/*.test.tsx"],
    plugins: { formatjs },
    rules: {
      "formatjs/no-literal-string-in-jsx": [
        "error",
        { props: { include: [["*", "{label,heading,lead,legend,caption}"]] } },
      ],
    },
  },
  {
    files: ["eslint.config.js"],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
