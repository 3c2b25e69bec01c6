// The katto command: finds the command from its words, parses options with node:util parseArgs,
// runs it, and turns any error into one line on stderr and a documented exit code (exit-codes.ts).
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { type Context, GLOBAL_OPTIONS, helpText, makeKatto } from "./command";
import { COMMANDS } from "./commands";
import { resolveCredentials } from "./config";
import { CliError, describeError, EXIT, usageError } from "./exit-codes";
import { createUi } from "./output";

export { COMMANDS };

const version = (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }).version;

function overview(): string {
  const w = Math.max(...COMMANDS.map((c) => c.words.join(" ").length));
  return [
    "katto: make short vertical clips from long videos with the Katto API.",
    "",
    "Usage: katto <command> [options]",
    "",
    "Commands:",
    ...COMMANDS.map((c) => `  ${c.words.join(" ").padEnd(w)}  ${c.summary}`),
    "",
    "Global options: --json (only JSON on stdout), --debug (stack traces), -h/--help, --version",
    "Config: `katto login` saves the key in $XDG_CONFIG_HOME/katto/config.json (or ~/.config/katto/config.json);",
    "        KATTO_API_KEY and KATTO_BASE_URL override it.",
    "Exit codes: 0 ok, 1 API error, 2 usage, 3 auth, 4 not found, 5 rate limited, 6 job failed, 7 network, 8 invalid webhook, 9 timeout.",
    "",
    "Examples:",
    "  katto login",
    "  katto clip talk.mp4",
    "  katto jobs list --json",
    "  katto clip --help",
  ].join("\n");
}

export async function main(rawArgv: string[]): Promise<number> {
  // Global flags may come before the command (`katto --json jobs list`): move them after it.
  const lead = rawArgv.findIndex((a) => a !== "--json" && a !== "--debug");
  const argv = lead > 0 ? [...rawArgv.slice(lead), ...rawArgv.slice(0, lead)] : rawArgv;
  const wantsJson = argv.includes("--json");
  const debug = argv.includes("--debug");
  const ui = createUi(wantsJson);
  try {
    const words = argv.filter((a) => !a.startsWith("-"));
    if (argv[0] === "--version" || argv[0] === "-v") {
      ui.result({ version }, () => version);
      return EXIT.ok;
    }
    if (words.length === 0 || words[0] === "help") {
      if (words[0] !== "help" && !argv.some((a) => a === "--help" || a === "-h")) {
        process.stderr.write(overview() + "\n");
        return EXIT.usage;
      }
      process.stdout.write(overview() + "\n");
      return EXIT.ok;
    }
    // The longest command whose words start the positionals (options may not sit between them).
    const command = COMMANDS.filter((c) => c.words.every((w, i) => argv[i] === w)).sort((a, b) => b.words.length - a.words.length)[0];
    if (!command) {
      const group = COMMANDS.filter((c) => c.words[0] === argv[0] && c.words.length > 1);
      if (group.length && (argv.length === 1 || argv[1].startsWith("-"))) {
        const text = `Usage: katto ${argv[0]} <${group.map((c) => c.words[1]).join("|")}>\n\n${group.map((c) => `  katto ${c.words.join(" ")}  ${c.summary}`).join("\n")}`;
        if (argv.includes("--help") || argv.includes("-h")) {
          process.stdout.write(text + "\n");
          return EXIT.ok;
        }
        throw usageError(`\`katto ${argv[0]}\` needs a subcommand: ${group.map((c) => c.words[1]).join(", ")}. See \`katto ${argv[0]} --help\`.`);
      }
      throw usageError(`Unknown command "${argv[0]}". Run \`katto --help\` for the list.`);
    }
    let parsed: ReturnType<typeof parseArgs>;
    try {
      parsed = parseArgs({ args: argv.slice(command.words.length), options: { ...GLOBAL_OPTIONS, ...command.options }, allowPositionals: true, strict: true });
    } catch (e) {
      throw usageError(`${(e as Error).message.split(/\.( |$)/)[0]}. See \`katto ${command.words.join(" ")} --help\`.`);
    }
    const values = parsed.values as Record<string, string | boolean | string[] | undefined>;
    if (values.help) {
      process.stdout.write(helpText(command) + "\n");
      return EXIT.ok;
    }
    const [min, max] = typeof command.args === "number" ? [command.args, command.args] : (command.args ?? [0, Infinity]);
    if (parsed.positionals.length < min || parsed.positionals.length > max)
      throw usageError(`Wrong number of arguments. Usage: ${command.usage}`);
    const creds = resolveCredentials();
    const ctx: Context = { ui, creds, katto: makeKatto(creds, ui, version), version };
    const code = await command.run(ctx, parsed.positionals, values);
    return code ?? EXIT.ok;
  } catch (e) {
    ui.done();
    const { code, message } = describeError(e);
    process.stderr.write(`katto: ${message}\n`);
    if (debug && e instanceof Error && !(e instanceof CliError && e.exitCode === EXIT.usage)) process.stderr.write(`${e.stack}\n${e.cause ? `cause: ${String((e.cause as Error).stack ?? e.cause)}\n` : ""}`);
    return code;
  }
}

process.exitCode = await main(process.argv.slice(2));
