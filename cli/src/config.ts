// Where the key and base URL live: $XDG_CONFIG_HOME/katto/config.json, else ~/.config/katto/config.json,
// written with mode 0600 (owner only) in a 0700 directory. KATTO_API_KEY and KATTO_BASE_URL override it.
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEFAULT_BASE_URL } from "@katto/sdk";
import { CliError, EXIT } from "./exit-codes";

export interface StoredConfig {
  api_key?: string;
  base_url?: string;
}

export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME || path.join(env.HOME || os.homedir(), ".config");
  return path.join(base, "katto", "config.json");
}

export function readConfig(file = configPath()): StoredConfig {
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, "utf8")) as StoredConfig;
  } catch {
    throw new CliError(EXIT.usage, `The config file ${file} is not valid JSON: fix it or run \`katto logout\` and \`katto login\` again.`);
  }
}

export function writeConfig(config: StoredConfig, file = configPath()): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, JSON.stringify(config, null, 2) + "\n", { mode: 0o600 });
  chmodSync(file, 0o600); // an existing file keeps its old mode on write
}

export function removeConfig(file = configPath()): boolean {
  if (!existsSync(file)) return false;
  rmSync(file);
  return true;
}

export interface Credentials {
  apiKey?: string;
  baseUrl: string;
  source: "env" | "file" | "none";
}

export function resolveCredentials(env: NodeJS.ProcessEnv = process.env): Credentials {
  const file = readConfig(configPath(env));
  const apiKey = env.KATTO_API_KEY || file.api_key;
  return {
    apiKey,
    baseUrl: (env.KATTO_BASE_URL || file.base_url || DEFAULT_BASE_URL).replace(/\/+$/, ""),
    source: env.KATTO_API_KEY ? "env" : file.api_key ? "file" : "none",
  };
}
