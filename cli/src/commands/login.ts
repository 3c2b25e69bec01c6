import { createKatto, DEFAULT_BASE_URL } from "@katto/sdk";
import type { Command } from "../command";
import { configPath, readConfig, removeConfig, writeConfig } from "../config";
import { CliError, EXIT, usageError } from "../exit-codes";

async function readStdin(): Promise<string> {
  let text = "";
  for await (const chunk of process.stdin) text += chunk;
  return text.trim();
}

/** Reads a line from the terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    process.stderr.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding("utf8");
    let value = "";
    const onData = (ch: string) => {
      for (const c of ch) {
        if (c === "\r" || c === "\n") {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off("data", onData);
          process.stderr.write("\n");
          return resolve(value.trim());
        }
        if (c === "\u0003") {
          stdin.setRawMode(false);
          stdin.off("data", onData);
          return reject(new CliError(EXIT.usage, "Cancelled."));
        }
        if (c === "\u007f") value = value.slice(0, -1);
        else value += c;
      }
    };
    stdin.on("data", onData);
  });
}

export const login: Command = {
  words: ["login"],
  summary: `Save an API key (and base URL) in ${"$XDG_CONFIG_HOME/katto/config.json"} (owner-only, 0600). Checks the key first.`,
  usage: "katto login [--key KEY] [--base-url URL]   (or pipe the key on stdin; prompts on a terminal)",
  args: 0,
  noAuth: true,
  options: { key: { type: "string" }, "base-url": { type: "string" } },
  examples: ["katto login", "katto login --base-url http://127.0.0.1:8787 --key katto_live_…", "echo $KEY | katto login"],
  async run(ctx, _args, v) {
    const stored = readConfig();
    const baseUrl = ((v["base-url"] as string | undefined) ?? process.env.KATTO_BASE_URL ?? stored.base_url ?? DEFAULT_BASE_URL).replace(/\/+$/, "");
    try {
      new URL(baseUrl);
    } catch {
      throw usageError(`--base-url must be a URL like https://api.katto.dev, got "${baseUrl}".`);
    }
    let key = v.key as string | undefined;
    if (!key) key = process.stdin.isTTY ? await promptHidden(`API key for ${baseUrl}: `) : await readStdin();
    if (!key) throw usageError("No key given: pass --key, pipe it on stdin, or type it at the prompt.");
    const katto = createKatto({ apiKey: key, baseUrl });
    const me = await katto.unwrap(katto.api.GET("/api/v1/me"));
    const file = configPath();
    writeConfig({ api_key: key, base_url: baseUrl }, file);
    ctx.ui.result({ config: file, base_url: baseUrl, user_id: me.user_id, plan: me.plan }, () => `Logged in to ${baseUrl} as ${me.user_id} (${me.plan}). Saved in ${file}.`);
    if (process.env.KATTO_API_KEY) ctx.ui.note("Note: KATTO_API_KEY is set and overrides the saved key.");
  },
};

export const logout: Command = {
  words: ["logout"],
  summary: "Delete the saved key (the config file).",
  usage: "katto logout",
  args: 0,
  noAuth: true,
  examples: ["katto logout"],
  async run(ctx) {
    const file = configPath();
    const removed = removeConfig(file);
    ctx.ui.result({ removed, config: file }, () => (removed ? `Removed ${file}.` : `Not logged in (no ${file}).`));
  },
};
