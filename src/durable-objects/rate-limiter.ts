import { DurableObject } from "cloudflare:workers";
export class RateLimiter extends DurableObject {}
