// docs/architecture.md names every room (issue 34): each top-level folder and file of src/ and
// container/src appears there by its path (`src/db/`, `container/src/work/pipeline.ts`), so a room added
// without a line in the doc fails here, and a newcomer who reads the doc finds the house it describes.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { rooms, ROOT } from "./source-files";

const DOC = readFileSync(path.join(ROOT, "docs/architecture.md"), "utf8");

/** The rooms the doc does not name (a path counts when it stands as written, e.g. in backquotes). */
export const unnamed = (doc: string, all: readonly string[]) => all.filter((room) => !doc.includes(room));

describe("docs/architecture.md names every room", () => {
  it("the check finds a room the doc leaves out", () => {
    expect(unnamed("| `src/db/` | tables |", ["src/db/", "src/queues/", "src/app.ts"])).toEqual(["src/queues/", "src/app.ts"]);
    expect(rooms("src")).toContain("src/db/");
    expect(rooms("container/src")).toContain("container/src/server.ts");
    expect(rooms("container/src")).toContain("container/src/work/");
  });

  it.each(["src", "container/src"])("every top-level folder and file of %s/", (dir) => {
    const all = rooms(dir);
    expect(all.length).toBeGreaterThan(10);
    expect(unnamed(DOC, all)).toEqual([]);
  });
});
