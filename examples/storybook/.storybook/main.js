// .storybook/main.js
export default {
  stories: ['../stories/*.stories.js'],
  addons: ['msw-storybook-addon'],
  framework: '@storybook/html-vite',
  staticDirs: ['../public'], // where `npx msw init public` put mockServiceWorker.js
  core: { disableTelemetry: true },
};
