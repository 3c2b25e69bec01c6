import type { Hono } from "hono";
import { errorBody } from "../../errors";
import type { AppEnv } from "../../middleware/types";
import { verifyLocalBrollSignature } from "../../storage/presign";
import { receiveLocalBrollUpload } from "../../services/broll/library";

/** Local-mode B-roll upload target (signed, expiring URL from POST /broll). */
export function registerLocalBrollUploadTarget(app: Hono<AppEnv>) {
  app.put("/broll-uploads/:id", async (c) => {
    const id = c.req.param("id");
    const bad = await verifyLocalBrollSignature(c.env, id, c.req.query("expires"), c.req.query("sig"));
    if (bad) return c.json(errorBody("forbidden", bad), 403);
    await receiveLocalBrollUpload(c.env, id, c.req.raw);
    return c.body(null, 200);
  });
}
