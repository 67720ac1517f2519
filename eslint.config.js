// One flat config for the whole tree.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Lucia v3 is deprecated upstream: it stays in one file, so replacing it is a one-file change.
const luciaMessage = 'Use the session store from packages/auth/src/lucia.ts.';
const luciaImport = { name: 'lucia', message: luciaMessage };
const luciaPackages = { group: ['@lucia-auth/*'], message: luciaMessage };

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/build/**',
      '**/build-bench/**',
      '**/.turbo/**',
      '**/.data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['apps/web/app/**/*.{ts,tsx}'],
    plugins: { react, 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: {
      globals: { ...globals.browser },
      parserOptions: { ecmaFeatures: { jsx: true } },
    },
    settings: { react: { version: '18.3' } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs['jsx-runtime'].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.recommended.rules,
      'react/prop-types': 'off',
    },
  },
  {
    // Lucia v3 is deprecated upstream: it stays in one file, so replacing it is a one-file change.
    files: ['**/*.{ts,tsx}'],
    ignores: ['packages/auth/src/lucia.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [luciaImport], patterns: [luciaPackages] }],
    },
  },
  {
    // Layers inside the API (docs/conventions.md, decision 033): an area's files call down into
    // src/shared (the marketplace reads every area uses), into the lower modules (audit,
    // notifications, payment: money in and out) and into the package's core (trpc, transaction,
    // prepared), never sideways into another area's folder. Lower modules import no area.
    // Tests may reach across to set up a case.
    files: ['packages/api/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [luciaImport],
          patterns: [
            luciaPackages,
            {
              regex: '^\\.\\./(?!\\.\\./|audit/|notifications/|payment/)',
              message:
                'An area never imports another area, and a lower module (audit, notifications, payment) imports none: move the shared read to src/shared, or call a lower module.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          // The base booking query owns the join of a booking to its place (decision 045).
          selector:
            "CallExpression[callee.property.name=/^(inner|left)Join$/][arguments.0.name=/^(listings|driveways|events)$/][callee.object.callee.property.name='from'][callee.object.arguments.0.name='bookings']",
          message:
            'Start from selectBookingPlaces (or selectBookingsWithPeople) in src/shared/booking-places.ts: the booking ⋈ listing ⋈ driveway ⋈ event join is written once.',
        },
      ],
    },
  },
  {
    files: ['**/scripts/**', '**/cli/**', 'bench/**', '**/*.test.ts', '**/tests/**'],
    rules: { 'no-console': 'off' },
  },
);
