#!/usr/bin/env node
// `npx search-emulator serve`: the standalone server (see docs/server.md).
import { main } from '../dist/server.js';

main(process.argv.slice(2)).then((code) => process.exit(code));
