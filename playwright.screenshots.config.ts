import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/** `npm run screenshots`: the capture of docs/screenshots/, apart from the test suite. */
export default defineConfig({
  ...base,
  testDir: 'e2e/screenshots',
  testIgnore: [],
  reporter: [['list']],
});
