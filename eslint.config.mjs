// ESLint: the recommended JavaScript and typescript-eslint rules, plus the type-aware rules that catch
// bugs a type check lets through (a promise nobody awaits, a promise where a value is expected, an
// object printed in a template). The tools and their TypeScript 6.0 live in tools/lint/ (see index.mjs).
// Type-aware rules need a TypeScript program, which is most of the run time; .mjs scripts go without.
import { globals, js, tseslint } from 'perf-triage-lint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'coverage/',
      '.tmp/',
      '.stryker-tmp/',
      'reports/',
      'test/fixtures/',
      'test/golden/',
      '**/node_modules/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // Escaping and sanitising code matches control characters on purpose (src/render/escape.ts and its tests).
      'no-control-regex': 'off',
      // `let { name, text } = …` where only text changes stays one destructuring.
      'prefer-const': ['error', { destructuring: 'all' }],
      // A leading underscore marks a binding kept on purpose; `{ field, ...rest }` drops a field.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/restrict-template-expressions': 'error',
      // Not no-base-to-string: its only hits were `String(field ?? '')` on unknown JSON (typed `{}`), which
      // GitHub and the tools write as strings; templates are covered by restrict-template-expressions.
      '@typescript-eslint/no-implied-eval': 'error',
      '@typescript-eslint/only-throw-error': 'error',
      '@typescript-eslint/prefer-promise-reject-errors': 'error',
    },
  },
  {
    // The REST emulator takes request bodies as GitHub's clients send them, arbitrary JSON checked at run
    // time against the OpenAPI description; typing each body would restate that description.
    files: ['test/github/emulator/**', 'test/github/emulator.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Plain Node scripts (bundling, dist check, mutation runs): not in tsconfig, so no type information.
    files: ['**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
);
