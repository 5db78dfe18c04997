import base from './eslint.config.js';
export default [
  ...base,
  { files: ['apps/web/src/**/*.{ts,tsx}', 'apps/admin/src/**/*.{ts,tsx}'], ignores: ['**/*.test.{ts,tsx}'], rules: { 'max-lines-per-function': ['error', { max: 150 }] } },
];
