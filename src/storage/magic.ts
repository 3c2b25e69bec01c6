// Is an uploaded file really the video it claims to be? Its first bytes (@katto/protocol
// sniffContainer, the render backend's reading too) against its declared content type.
import { sniffContainer } from "@katto/protocol";

/** The container each upload type must be, and its EBML DocType where the type names one. */
const expected: Record<string, { name: "mp4/mov" | "matroska/webm"; docType?: "webm" | "matroska" }> = {
  "video/mp4": { name: "mp4/mov" },
  "video/quicktime": { name: "mp4/mov" },
  "video/webm": { name: "matroska/webm", docType: "webm" },
  "video/x-matroska": { name: "matroska/webm", docType: "matroska" },
};

/** null when the bytes fit the declared content type, else a message saying what was found. */
export function checkDeclaredType(contentType: string, head: Uint8Array): string | null {
  const want = expected[contentType];
  const got = sniffContainer(head);
  if (!got || (got.name !== "mp4/mov" && got.name !== "matroska/webm")) return `The uploaded file is not a video container (${contentType} declared; the first bytes match no MP4, QuickTime, WebM or Matroska header).`;
  if (got.name !== want.name) return `The uploaded file's bytes are ${got.name === "matroska/webm" ? "WebM/Matroska" : "MP4/QuickTime"}, but ${contentType} was declared. Reserve again with the right content_type.`;
  if (want.docType && got.docType && got.docType !== want.docType) return `The uploaded file is ${got.docType}, but ${contentType} was declared. Reserve again with the right content_type.`;
  return null;
}
