// The katto command's exit codes (cli/README.md "Exit codes"), and the one mapping from an error
// to a code and a one-line message saying what to do.
import { KattoApiError, KattoNetworkError, KattoTimeoutError } from "@katto/sdk";

export const EXIT = {
  ok: 0,
  /** Any other API error (4xx/5xx not listed below) or an unexpected failure. */
  error: 1,
  /** Bad command line: unknown command or option, missing argument, unreadable file. */
  usage: 2,
  /** No API key, or the API answered 401/403 (invalid, revoked or under-scoped key). */
  auth: 3,
  notFound: 4,
  /** 429 still after the retries the client allows. */
  rateLimited: 5,
  /** The job (or re-render) failed or was cancelled. */
  jobFailed: 6,
  /** The service could not be reached. */
  network: 7,
  /** `katto webhook verify`: the signature or timestamp is not valid. */
  invalidSignature: 8,
  /** Gave up waiting (--timeout); the work keeps running on the service. */
  timeout: 9,
} as const;

/** An error whose message is meant for the user, with its exit code. */
export class CliError extends Error {
  constructor(readonly exitCode: number, message: string) {
    super(message);
    this.name = "CliError";
  }
}

export const usageError = (message: string) => new CliError(EXIT.usage, message);

/** Exit code and one line (no stack) for any error thrown by a command. */
export function describeError(e: unknown): { code: number; message: string } {
  if (e instanceof CliError) return { code: e.exitCode, message: e.message };
  if (e instanceof KattoApiError) {
    const msg = e.message.replace(/\s+$/, "");
    if (e.status === 401) return { code: EXIT.auth, message: `${msg} Run \`katto login\` or set KATTO_API_KEY to a valid key.` };
    if (e.status === 403 && e.code !== "quota_exceeded") return { code: EXIT.auth, message: `${msg} Use a key with the needed scope (\`katto login\`).` };
    if (e.status === 404) return { code: EXIT.notFound, message: msg };
    if (e.status === 429) return { code: EXIT.rateLimited, message: `${msg} Still rate limited after retrying; try again${e.retryAfter ? ` in ${e.retryAfter} s` : " later"}.` };
    return { code: EXIT.error, message: e.requestId && e.status >= 500 ? `${msg} (request ${e.requestId})` : msg };
  }
  if (e instanceof KattoNetworkError) return { code: EXIT.network, message: `${e.message} Check your connection and the base URL (KATTO_BASE_URL or \`katto login --base-url\`).` };
  if (e instanceof KattoTimeoutError) return { code: EXIT.timeout, message: e.message };
  if ((e as Error)?.name === "AbortError") return { code: EXIT.error, message: "Interrupted." };
  return { code: EXIT.error, message: "Unexpected error. Run again with --debug for details." };
}
