// R2 objects over HTTP: the GET response of a stored file, and the PUT of a file the backend sends.
// Keys never change content, so objects are cached as immutable.

/** A GET response for an R2 object, honouring Range (206) so players can seek. */
export function r2Response(obj: R2ObjectBody, req: Request): Response {
  const headers = new Headers();
  obj.writeHttpMetadata(headers);
  headers.set("etag", obj.httpEtag);
  headers.set("accept-ranges", "bytes");
  const range = obj.range as { offset?: number; length?: number; suffix?: number } | undefined;
  if (req.headers.has("range") && range) {
    const offset = range.suffix !== undefined ? obj.size - range.suffix : (range.offset ?? 0);
    const length = range.suffix !== undefined ? range.suffix : (range.length ?? obj.size - offset);
    headers.set("content-range", `bytes ${offset}-${offset + length - 1}/${obj.size}`);
    headers.set("content-length", String(length));
    return new Response(obj.body, { status: 206, headers });
  }
  headers.set("content-length", String(obj.size));
  return new Response(obj.body, { status: 200, headers });
}

/** Stream a body into R2 under `key`, marked immutable. */
export async function putImmutable(bucket: R2Bucket, key: string, body: ReadableStream, contentType: string | undefined): Promise<void> {
  await bucket.put(key, body, {
    httpMetadata: { contentType: contentType ?? "application/octet-stream", cacheControl: "public, max-age=31536000, immutable" },
  });
}
