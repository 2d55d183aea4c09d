import { defineConfig } from 'vitest/config';
import vue from '@vitejs/plugin-vue';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          // The exact-odds checks simulate 100,000 rolls each; give them room on a busy 2-core machine.
          testTimeout: 30_000,
          include: ['shared/**/*.test.ts', 'main/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/**/*.test.ts'],
        },
      },
      {
        plugins: [vue()],
        test: {
          name: 'renderer',
          environment: 'happy-dom',
          include: ['renderer/**/*.test.ts'],
          setupFiles: ['renderer/test/setup.ts'],
        },
      },
    ],
  },
});
