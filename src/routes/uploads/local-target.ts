import type { Hono } from "hono";
import { errorBody } from "../../errors";
import type { AppEnv } from "../../middleware/types";
import { verifyLocalUploadSignature } from "../../storage/presign";
import { receiveLocalUpload } from "../../services/uploads/uploads";

/** Local-mode upload target (signed, expiring URL from POST /uploads). */
export function registerLocalUploadTarget(app: Hono<AppEnv>) {
  app.put("/uploads/:id", async (c) => {
    const id = c.req.param("id");
    const bad = await verifyLocalUploadSignature(c.env, id, c.req.query("expires"), c.req.query("sig"));
    if (bad) return c.json(errorBody("forbidden", bad), 403);
    await receiveLocalUpload(c.env, id, c.req.raw);
    return c.body(null, 200);
  });
}
