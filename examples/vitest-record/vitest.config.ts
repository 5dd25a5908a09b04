import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    setupFiles: ['./test/setup.ts'],
    // At the end of the run: what was compared, what differs, and .search-emulator/verify/report.json.
    reporters: ['default', 'search-emulator/record/reporter'],
  },
});
