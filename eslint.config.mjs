// Lint and format as Effect-TS/effect (v3) does: eslint's and typescript-eslint's recommended
// rules, and dprint run as the rule `@effect/dprint`, so `npm run format` is `eslint . --fix`.
// Its style is the code's own: 2 spaces, no semicolons, double quotes, no trailing commas, and
// 160 columns (120 would rewrap ~4,000 lines and push a dozen more files past 200 lines).
// Imports keep their order: dprint sorting them moves tokens, and `--fix` then merges that
// with consistent-type-imports' edit on the same lines into a wrong import.
import * as effectEslint from "@effect/eslint-plugin"
import js from "@eslint/js"
import { defineConfig } from "eslint/config"
import tseslint from "typescript-eslint"

export default defineConfig(
  { ignores: ["**/node_modules", "**/dist", ".build", "**/coverage", "**/*.md"] },
  js.configs.recommended,
  tseslint.configs.recommended,
  effectEslint.configs.dprint,
  {
    languageOptions: { ecmaVersion: "latest", sourceType: "module" },
    rules: {
      "no-fallthrough": "off",
      "no-irregular-whitespace": "off",
      "object-shorthand": "error",
      "prefer-destructuring": "off",
      "sort-imports": "off",
      "no-unused-vars": "off",
      "require-yield": "off",
      "prefer-rest-params": "off",
      "prefer-spread": "off",
      "no-duplicate-imports": ["error", { allowSeparateTypeImports: true }],

      "@typescript-eslint/array-type": ["warn", { default: "generic", readonly: "generic" }],
      "@typescript-eslint/consistent-type-imports": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-non-null-assertion": "off",
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-empty-object-type": "off",
      "@typescript-eslint/no-unsafe-function-type": "off",
      "@typescript-eslint/no-wrapper-object-types": "off",
      "@typescript-eslint/ban-ts-comment": "off",
      "@typescript-eslint/no-array-constructor": "off",
      "@typescript-eslint/no-namespace": "off",

      "@effect/dprint": ["error", {
        config: {
          indentWidth: 2,
          lineWidth: 160,
          semiColons: "asi",
          quoteStyle: "alwaysDouble",
          trailingCommas: "never",
          operatorPosition: "maintain",
          "arrowFunction.useParentheses": "force",
          "module.sortImportDeclarations": "maintain",
          "importDeclaration.sortNamedImports": "maintain"
        }
      }]
    }
  },
  {
    // The service logs through Effect, and a spread push overflows the stack on a long array.
    files: ["src/**"],
    rules: {
      "no-console": "error",
      "no-restricted-syntax": ["error", {
        selector: "CallExpression[callee.property.name='push'] > SpreadElement.arguments",
        message: "Do not use spread arguments in Array.push"
      }]
    }
  },
  {
    files: ["**/*.cjs"],
    languageOptions: {
      sourceType: "commonjs",
      globals: { require: "readonly", module: "writable", process: "readonly", console: "readonly" }
    },
    rules: { "@typescript-eslint/no-require-imports": "off" }
  }
)
