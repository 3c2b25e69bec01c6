#!/usr/bin/env node
// The `katto` command. Runs the TypeScript sources through tsx's loader, so it works on Node >= 20
// right after `npm install` with no build step.
import { register } from "tsx/esm/api";
register();
await import("../src/main.ts");
