/**
 * Exponential back-off: `firstS` seconds after the first failure (tries = 0), doubling with each
 * further try, never more than `maxS`. Pure; every retry schedule of the Worker that doubles uses it.
 */
export const backoffSeconds = (tries: number, o: { firstS: number; maxS: number }) => Math.min(o.firstS * 2 ** tries, o.maxS);
