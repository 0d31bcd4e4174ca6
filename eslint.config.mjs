import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.tsbuild/**',
      'e2e/artifacts/**',
      'bench/results/**',
      '**/*.config.*',
      'eslint.config.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  {
    // A transaction can lose a deadlock or a serialization check to a concurrent one: the
    // server's transactions all go through the helper that runs them again.
    files: ['server/src/**/*.ts'],
    ignores: [
      'server/src/db/retrying-transaction.ts',
      'server/src/**/*.test.ts',
      'server/src/test/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction'][arguments.length=0]",
          message: 'Use retryingTransaction (server/src/db/retrying-transaction.ts).',
        },
      ],
    },
  },
  {
    // The repository's own scripts run on Node and report on the console.
    files: ['scripts/**/*.mjs', 'edge/scripts/**/*.mjs', 'packages/contract/scripts/**/*.mjs'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
  },
  {
    // Imported by the generated service worker: runs in its global scope.
    files: ['web/public/*.js'],
    languageOptions: { globals: { self: 'readonly', URL: 'readonly' } },
  },
  {
    // Importing a server test file only declares its tests: `vitest list` and the collection of
    // every file must not build apps, open connections or install tools. That goes in `beforeAll`.
    files: ['server/src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'AwaitExpression:not(:function AwaitExpression)',
          message: 'No top-level await in a test file: set up in beforeAll.',
        },
        {
          selector: 'ForOfStatement[await=true]:not(:function ForOfStatement)',
          message: 'No top-level await in a test file: set up in beforeAll.',
        },
        {
          selector:
            'Program > ExpressionStatement > CallExpression[callee.name=/^(exec|execFile|spawn)(Sync)?$/]',
          message: 'No process started when a test file is imported: start it in beforeAll.',
        },
      ],
    },
  },
  {
    // What a reader sees is written by the one formatter module (numbers in the reader's locale,
    // a plant's times on the plant's clock with the zone named): no formatting of one's own.
    files: ['web/src/**/*.ts', 'web/src/**/*.tsx'],
    ignores: ['web/src/shared/format/**', 'web/src/**/*.test.ts', 'web/src/**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name='format'][callee.object.type='CallExpression'][callee.object.callee.name='dayjs']",
          message:
            'Format times with web/src/shared/format/formatters.ts (plantMoment, readerMoment, …).',
        },
        {
          selector:
            'CallExpression[callee.property.name=/^(toFixed|toLocaleString|toLocaleDateString|toLocaleTimeString)$/]',
          message:
            'Format numbers and times with web/src/shared/format/formatters.ts (decimalText, …).',
        },
        {
          selector:
            ":matches(NewExpression, CallExpression)[callee.object.name='Intl'][callee.property.name=/^(NumberFormat|DateTimeFormat)$/]",
          message:
            'Format numbers and times with web/src/shared/format/formatters.ts (readingText, readerClock, …).',
        },
        {
          selector: 'CallExpression[callee.property.name=/^get(Hours|Minutes|Seconds)$/]',
          message:
            "The browser's clock is not the plant's: use plantClock or readerClock (web/src/shared/format/formatters.ts).",
        },
      ],
    },
  },
  {
    files: ['web/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
);
