// Ids of publishing rows: a prefix that says what it is and 16 random bytes (base64url).
import { randomToken } from "../../lib/crypto";

export { sha256Hex } from "../../lib/crypto";

export const newConnectionId = () => `con_${randomToken(16)}`;
export const newPublicationId = () => `pub_${randomToken(16)}`;
/** An OAuth `state`: 32 random bytes; only its SHA-256 is stored. */
export const newState = () => randomToken(32);
