// Ids of publishing rows: a prefix that says what it is and 16 random bytes (base64url).
import { base64Url } from "./platforms/platform";

const random = () => base64Url(crypto.getRandomValues(new Uint8Array(16)));
export const newConnectionId = () => `con_${random()}`;
export const newPublicationId = () => `pub_${random()}`;
/** An OAuth `state`: 32 random bytes; only its SHA-256 is stored. */
export const newState = () => base64Url(crypto.getRandomValues(new Uint8Array(32)));

export async function sha256Hex(s: string): Promise<string> {
  const d = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(s)));
  return Array.from(d, (b) => b.toString(16).padStart(2, "0")).join("");
}
