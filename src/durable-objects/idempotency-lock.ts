import { DurableObject } from "cloudflare:workers";
export class IdempotencyLock extends DurableObject {}
