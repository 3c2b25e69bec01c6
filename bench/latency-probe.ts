// The latency half of the load bench (bench/load.ts), run as its own process: one client that
// sends the routes in turn, one request at a time, each round starting with the bare baseline, so
// drift of a shared machine falls on every route alike. Times are taken with performance.now()
// (autocannon's histogram counts whole milliseconds, too coarse for routes of a few ms).
// Input: one JSON argument { rounds, warmup, routes: [{ name, url, method?, headers?, body? }] }.
// Output: one JSON line { [name]: { p50, p90, p99, mean, bad } } in milliseconds.

type Route = { name: string; url: string; method?: string; headers?: Record<string, string>; body?: string };
const { rounds, warmup, routes } = JSON.parse(process.argv[2]!) as { rounds: number; warmup: number; routes: Route[] };

const samples = new Map<string, number[]>(routes.map((r) => [r.name, []]));
const bad = new Map<string, number>(routes.map((r) => [r.name, 0]));

async function once(r: Route): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(r.url, { method: r.method ?? "GET", headers: r.headers, body: r.body });
  await res.arrayBuffer();
  const ms = performance.now() - t0;
  if (res.status >= 300) bad.set(r.name, bad.get(r.name)! + 1);
  return ms;
}

for (let i = 0; i < warmup; i++) for (const r of routes) await once(r);
for (let i = 0; i < rounds; i++) for (const r of routes) samples.get(r.name)!.push(await once(r));

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const out: Record<string, { p50: number; p90: number; p99: number; mean: number; bad: number }> = {};
for (const [name, xs] of samples) {
  const sorted = [...xs].sort((a, b) => a - b);
  out[name] = { p50: pct(sorted, 0.5), p90: pct(sorted, 0.9), p99: pct(sorted, 0.99), mean: xs.reduce((a, b) => a + b, 0) / xs.length, bad: bad.get(name)! };
}
console.log(JSON.stringify(out));
