// Platform tokens at rest: AES-256-GCM under a key derived (HKDF-SHA256, RFC 5869) from the Worker
// secret PUBLISH_TOKEN_KEY (falling back to APP_SECRET, under its own HKDF purpose, so local mode
// needs no extra setup). Every sealed value names the id of the key that sealed it, so the operator
// can rotate: set the new secret as PUBLISH_TOKEN_KEY and the old one as PUBLISH_TOKEN_KEY_PREVIOUS;
// values sealed with the previous key still open and are resealed with the current one on their
// next write (every refresh). The associated data binds a sealed value to its row, so a ciphertext
// copied into another row does not open. Tokens are never logged.
import { workerConfig } from "../../config";
import { aesGcmDecrypt, aesGcmEncrypt, base64url, fromBase64, hkdfAesGcmKey, hkdfHex } from "../../lib/crypto";

const HKDF_INFO = "katto publishing tokens v1";

interface VaultKey {
  id: string;
  key: CryptoKey;
}

async function deriveKey(secret: string): Promise<VaultKey> {
  // The key id is derived under a different info string: it names the key without revealing it.
  return { id: await hkdfHex(secret, `${HKDF_INFO} key id`, 64), key: await hkdfAesGcmKey(secret, HKDF_INFO) };
}

export class TokenVault {
  private constructor(private readonly current: VaultKey, private readonly previous: VaultKey | undefined) {}

  static async fromEnv(env: object): Promise<TokenVault> {
    // Without a key of its own the vault follows APP_SECRET, and so its rotation (src/config.ts).
    const { current, previous } = workerConfig(env).publishing.tokenKeys;
    return new TokenVault(await deriveKey(current), previous ? await deriveKey(previous) : undefined);
  }

  get keyId(): string {
    return this.current.id;
  }

  /** `v1.<key id>.<iv>.<ciphertext+tag>`, base64url parts; `boundTo` is the row it belongs to. */
  async seal(plaintext: string, boundTo: string): Promise<string> {
    const { iv, ciphertext } = await aesGcmEncrypt(this.current.key, plaintext, boundTo);
    return `v1.${this.current.id}.${base64url(iv)}.${base64url(ciphertext)}`;
  }

  /** Opens a sealed value; throws when the key is unknown or the value was tampered with or moved. */
  async open(sealed: string, boundTo: string): Promise<{ plaintext: string; stale: boolean }> {
    const [version, kid, iv, ct] = sealed.split(".");
    if (version !== "v1" || !kid || !iv || !ct) throw new Error("not a sealed token value");
    const key = kid === this.current.id ? this.current : kid === this.previous?.id ? this.previous : undefined;
    if (!key) throw new Error(`sealed with an unknown key (${kid}); was PUBLISH_TOKEN_KEY rotated without PUBLISH_TOKEN_KEY_PREVIOUS?`);
    const plaintext = await aesGcmDecrypt(key.key, fromBase64(iv), fromBase64(ct), boundTo);
    return { plaintext, stale: key !== this.current };
  }
}
