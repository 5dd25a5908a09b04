// .storybook/preview.js: msw-storybook-addon 3 starts the worker in its loader.
import { mswLoader } from 'msw-storybook-addon/csf3';

export default {
  loaders: [mswLoader()],
};
