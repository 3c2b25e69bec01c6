import { Hono } from "hono";
export { RateLimiter } from "./durable-objects/rate-limiter";
export { IdempotencyLock } from "./durable-objects/idempotency-lock";
export { RenderContainer } from "./render/container";
const app = new Hono();
app.get("/", (c) => c.text("hi"));
export default app;
