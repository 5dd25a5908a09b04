// .storybook/main.js
export default {
  stories: ['../stories/*.stories.js'],
  // search-emulator/storybook adds the "Search emulator" panel: the story's emulator, live.
  addons: ['msw-storybook-addon', 'search-emulator/storybook'],
  framework: '@storybook/html-vite',
  staticDirs: ['../public'], // where `npx msw init public` put mockServiceWorker.js
  core: { disableTelemetry: true },
};
