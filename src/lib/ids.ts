/** Row ids: random UUIDs (v4, Web Crypto). Tokens, digests and MACs live in ./crypto. */
export const newId = () => crypto.randomUUID();
