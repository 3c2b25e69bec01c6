// Operator admin API, authenticated by `Authorization: Bearer <ADMIN_TOKEN>`.
// Documented at /admin/v1/openapi.json, apart from the public API's document.
import { createRoute, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { workerConfig } from "../../config";
import { UnauthorizedError } from "../../errors";
import { timingSafeEqual } from "../../lib/crypto";
import type { App, AppEnv } from "../../middleware/types";
import { BrandKitSchema, ScopeSchema } from "@katto/protocol/api";
import { errorResponses, UuidParam } from "../../schemas/common";
import { extendComponent } from "../../schemas/components";
import { createAccount, createBrandKit, createKey, deleteBrandKit, getAccountById, revokeKey, updateAccount } from "../../services/accounts/admin";
import { PASSWORD_MIN_LENGTH } from "../../services/auth/passwords";
import { createSignInLink, SIGN_IN_LINK_PATH } from "../../services/auth/sessions";
import { publicBaseUrl } from "../../services/context";
import { planNames } from "../../services/plans";

export const adminAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = workerConfig(c.env).adminToken;
  const m = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "");
  if (!token || !m || !timingSafeEqual(m[1], token)) throw new UnauthorizedError("Missing or invalid admin token. Send `Authorization: Bearer <ADMIN_TOKEN>`.");
  await next();
};

const security = [{ adminToken: [] }];
const PlanSchema = z.enum(planNames, { error: `plan must be one of ${planNames.join(", ")}` });
const AdminAccountSchema = z.object({ id: z.uuid(), email: z.string(), plan: PlanSchema }).openapi("AdminAccount");
const CreatedKeySchema = z
  .object({ id: z.uuid(), key: z.string().openapi({ description: "Shown only in this response." }), scopes: z.array(ScopeSchema), name: z.string().nullable() })
  .openapi("CreatedApiKey");
const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { error: `password must be at least ${PASSWORD_MIN_LENGTH} characters` })
  .max(1024, { error: "password must be at most 1024 characters" })
  .openapi({ description: "Dashboard sign-in password (stored only as a PBKDF2 hash)." });
const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { "application/json": { schema } } });
const body = <T extends z.ZodType>(schema: T) => ({ required: true, content: { "application/json": { schema } } });
const AccountParams = z.object({ id: UuidParam.openapi({ param: { name: "id", in: "path" } }) });

const createAccountRoute = createRoute({
  method: "post", path: "/admin/v1/accounts", operationId: "adminCreateAccount", tags: ["Admin"], summary: "Create an account", security,
  request: { body: body(z.strictObject({ email: z.email({ error: "email must be an e-mail address" }), plan: PlanSchema, password: PasswordSchema.optional() })) },
  responses: { 201: json(AdminAccountSchema, "Created."), ...errorResponses(400, 401, 409) },
});
const getAccountRoute = createRoute({
  method: "get", path: "/admin/v1/accounts/{id}", operationId: "adminGetAccount", tags: ["Admin"], summary: "Get an account", security,
  request: { params: AccountParams },
  responses: { 200: json(AdminAccountSchema, "The account."), ...errorResponses(400, 401, 404) },
});
const patchAccountRoute = createRoute({
  method: "patch", path: "/admin/v1/accounts/{id}", operationId: "adminUpdateAccount", tags: ["Admin"], summary: "Change an account's plan or dashboard password", security,
  request: { params: AccountParams, body: body(z.strictObject({ plan: PlanSchema.optional(), password: PasswordSchema.optional() })) },
  responses: { 200: json(AdminAccountSchema, "Updated."), ...errorResponses(400, 401, 404) },
});
const signInLinkRoute = createRoute({
  method: "post", path: "/admin/v1/accounts/{id}/sign-in-links", operationId: "adminCreateSignInLink", tags: ["Admin"], summary: "Mint a one-time dashboard sign-in link", security,
  request: { params: AccountParams },
  responses: {
    201: json(z.object({ url: z.string(), expires_at: z.string() }).openapi("SignInLink"), "A single-use link, valid 15 minutes; only its hash is stored."),
    ...errorResponses(400, 401, 404),
  },
});
const createKeyRoute = createRoute({
  method: "post", path: "/admin/v1/accounts/{id}/keys", operationId: "adminCreateKey", tags: ["Admin"], summary: "Create an API key", security,
  request: {
    params: AccountParams,
    body: body(z.strictObject({ scopes: z.array(ScopeSchema).min(1, { error: "scopes must list read and/or write" }), name: z.string().max(100).optional() })),
  },
  responses: { 201: json(CreatedKeySchema, "Created; the key is shown once."), ...errorResponses(400, 401, 404) },
});
const revokeKeyRoute = createRoute({
  method: "delete", path: "/admin/v1/keys/{id}", operationId: "adminRevokeKey", tags: ["Admin"], summary: "Revoke an API key (immediate)", security,
  request: { params: AccountParams },
  responses: { 200: json(z.object({ id: z.uuid(), revoked: z.literal(true) }), "Revoked."), ...errorResponses(400, 401, 404) },
});
const createKitRoute = createRoute({
  method: "post", path: "/admin/v1/accounts/{id}/brand-kits", operationId: "adminCreateBrandKit", tags: ["Admin"], summary: "Add a brand kit", security,
  request: { params: AccountParams, body: body(BrandKitSchema.extend({ watermark_url: BrandKitSchema.shape.watermark_url.optional().default(null) }).strict()) },
  responses: { 201: json(extendComponent(BrandKitSchema, { id: z.uuid() }), "Created."), ...errorResponses(400, 401, 404) },
});
const deleteKitRoute = createRoute({
  method: "delete", path: "/admin/v1/accounts/{id}/brand-kits/{kit_id}", operationId: "adminDeleteBrandKit", tags: ["Admin"], summary: "Delete a brand kit", security,
  request: { params: AccountParams.extend({ kit_id: UuidParam.openapi({ param: { name: "kit_id", in: "path" } }) }) },
  responses: { 200: json(z.object({ id: z.uuid(), deleted: z.literal(true) }), "Deleted."), ...errorResponses(400, 401, 404) },
});

export function registerAdmin(app: App) {
  app.openAPIRegistry.registerComponent("securitySchemes", "adminToken", { type: "http", scheme: "bearer" });
  app.openapi(createAccountRoute, async (c) => c.json(await createAccount(c.env.DB, c.req.valid("json")), 201));
  app.openapi(getAccountRoute, async (c) => c.json((await getAccountById(c.env.DB, c.req.valid("param").id)) as z.infer<typeof AdminAccountSchema>, 200));
  app.openapi(patchAccountRoute, async (c) => c.json((await updateAccount(c.env, c.req.valid("param").id, c.req.valid("json"))) as z.infer<typeof AdminAccountSchema>, 200));
  app.openapi(signInLinkRoute, async (c) => {
    const account = await getAccountById(c.env.DB, c.req.valid("param").id);
    const link = await createSignInLink(c.env.DB, account.id);
    const url = `${publicBaseUrl(c.env, c.req.url)}${SIGN_IN_LINK_PATH}?token=${encodeURIComponent(link.token)}`;
    return c.json({ url, expires_at: link.expiresAt }, 201);
  });
  app.openapi(createKeyRoute, async (c) => c.json(await createKey(c.env.DB, c.req.valid("param").id, c.req.valid("json")), 201));
  app.openapi(revokeKeyRoute, async (c) => c.json(await revokeKey(c.env, c.req.valid("param").id), 200));
  app.openapi(createKitRoute, async (c) => c.json((await createBrandKit(c.env.DB, c.req.valid("param").id, c.req.valid("json"))) as never, 201));
  app.openapi(deleteKitRoute, async (c) => c.json(await deleteBrandKit(c.env.DB, c.req.valid("param").id, c.req.valid("param").kit_id), 200));
}
