// Container sniffing by magic bytes: is an uploaded file really the video it claims to be?
export type ContainerFamily = "isobmff" | "ebml";

export const familyOf: Record<string, { family: ContainerFamily; docType?: string }> = {
  "video/mp4": { family: "isobmff" },
  "video/quicktime": { family: "isobmff" },
  "video/webm": { family: "ebml", docType: "webm" },
  "video/x-matroska": { family: "ebml", docType: "matroska" },
};

const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

/** What the first bytes of a file say it is: an ISO-BMFF (MP4/QuickTime) or EBML (WebM/Matroska). */
export function sniffContainer(head: Uint8Array): { family: ContainerFamily; docType?: string } | null {
  if (head.length >= 12) {
    const box = ascii(head, 4, 8);
    // MP4 starts with ftyp; QuickTime files may start with moov, mdat, wide, free, skip or pnot.
    if (["ftyp", "moov", "mdat", "wide", "free", "skip", "pnot"].includes(box)) return { family: "isobmff" };
  }
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) {
    const text = ascii(head, 0, Math.min(head.length, 64));
    const docType = text.includes("webm") ? "webm" : text.includes("matroska") ? "matroska" : undefined;
    return { family: "ebml", docType };
  }
  return null;
}

/** null when the bytes fit the declared content type, else a message saying what was found. */
export function checkDeclaredType(contentType: string, head: Uint8Array): string | null {
  const want = familyOf[contentType];
  const got = sniffContainer(head);
  if (!got) return `The uploaded file is not a video container (${contentType} declared; the first bytes match no MP4, QuickTime, WebM or Matroska header).`;
  if (got.family !== want.family) return `The uploaded file's bytes are ${got.family === "ebml" ? "WebM/Matroska" : "MP4/QuickTime"}, but ${contentType} was declared. Reserve again with the right content_type.`;
  if (want.docType && got.docType && got.docType !== want.docType) return `The uploaded file is ${got.docType}, but ${contentType} was declared. Reserve again with the right content_type.`;
  return null;
}
