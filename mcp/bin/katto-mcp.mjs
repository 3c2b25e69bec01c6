#!/usr/bin/env node
// katto-mcp: Katto's MCP tools over stdio. Runs the TypeScript sources through tsx's loader
// (Node >= 20, no build step). stdout carries only MCP messages; logs go to stderr.
import { register } from "tsx/esm/api";
register();
await import("../src/stdio.ts");
