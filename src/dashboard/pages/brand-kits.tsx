/** @jsxImportSource hono/jsx */
// Brand kits: create, edit, delete, with a live caption preview (script in assets.ts; the preview
// is also right without it, for the saved values). Services: services/accounts/brand-kits.ts.
import { rawStyleFrom, StyleFields } from "../components/style-fields";
import type { Context, Hono } from "hono";
import { ServiceError } from "../../errors";
import { ASPECTS, AUTO_LAYOUT, CAPTION_FONTS, CAPTION_POSITIONS, DEFAULT_ASPECT, LAYOUT_MODES } from "@katto/protocol";
import { type BrandKit, createOwnBrandKit, deleteOwnBrandKit, listOwnBrandKits, updateOwnBrandKit } from "../../services/accounts/brand-kits";
import { Layout, renderPage } from "../components/layout";
import { Flash } from "../components/ui";
import { accountCtx, type DashboardEnv, formOf, requireSession } from "../session";

const BLANK: BrandKit = { name: "", primary_color: "#FFFFFF", accent_color: "#FFD400", caption_font: "Noto Sans", caption_position: "bottom", default_layout: AUTO_LAYOUT, watermark_url: null };

const KitForm = (p: { kit: BrandKit; id?: string }) => {
  const k = p.kit;
  const f = p.id ?? "new";
  return (
    <form method="post" action={p.id ? `/dashboard/brand-kits/${p.id}` : "/dashboard/brand-kits"} class="kit-grid" data-kit-form>
      <div>
        <label for={`kit-name-${f}`}>Name</label>
        <input id={`kit-name-${f}`} name="name" required maxlength={100} value={k.name} />
        <div class="row">
          <div>
            <label for={`kit-primary-${f}`}>Caption colour</label>
            <input id={`kit-primary-${f}`} name="primary_color" type="color" value={k.primary_color.toLowerCase()} data-preview="primary" />
          </div>
          <div>
            <label for={`kit-accent-${f}`}>Highlight colour</label>
            <input id={`kit-accent-${f}`} name="accent_color" type="color" value={k.accent_color.toLowerCase()} data-preview="accent" />
          </div>
        </div>
        <div class="row">
          <div>
            <label for={`kit-font-${f}`}>Font</label>
            <select id={`kit-font-${f}`} name="caption_font" data-preview="font">{CAPTION_FONTS.map((x) => <option value={x} selected={x === k.caption_font}>{x}</option>)}</select>
          </div>
          <div>
            <label for={`kit-pos-${f}`}>Caption position</label>
            <select id={`kit-pos-${f}`} name="caption_position" data-preview="position">{CAPTION_POSITIONS.map((x) => <option value={x} selected={x === k.caption_position}>{x}</option>)}</select>
          </div>
        </div>
        <label for={`kit-layout-${f}`}>Default layout</label>
        <select id={`kit-layout-${f}`} name="default_layout">{LAYOUT_MODES.map((x) => <option value={x} selected={x === k.default_layout}>{x}</option>)}</select>
        <label for={`kit-aspect-${f}`}>Default shape</label>
        <select id={`kit-aspect-${f}`} name="aspect" data-preview="aspect">{ASPECTS.map((x) => <option value={x} selected={x === (k.aspect ?? DEFAULT_ASPECT)}>{x}</option>)}</select>
        <label for={`kit-wm-${f}`}>Watermark (https URL of a PNG, optional)</label>
        <input id={`kit-wm-${f}`} name="watermark_url" type="url" value={k.watermark_url ?? ""} placeholder="https://…/logo.png" data-preview="watermark" />
        <StyleFields id={`kit-style-${f}`} value={k.style} aspect={k.aspect ?? undefined} accent={k.accent_color} color={k.primary_color} />
        <div class="actions">
          <button type="submit" class="btn primary">{p.id ? "Save changes" : "Create brand kit"}</button>
        </div>
      </div>
      <div class="preview" aria-label="Caption preview" data-preview-box data-aspect={k.aspect ?? DEFAULT_ASPECT}>
        {k.watermark_url && <img class="wm" src={k.watermark_url} alt="" />}
        <p class={`cap pos-${k.caption_position}`} data-cap data-color={k.primary_color} data-font={k.caption_font}>
          This is <span data-accent data-color={k.accent_color}>how</span> your captions look
        </p>
      </div>
    </form>
  );
};

async function kitsPage(c: Context<DashboardEnv>, p: { error?: string; notice?: string; draft?: BrandKit } = {}, status: 200 | 400 | 404 = 200) {
  const kits = await listOwnBrandKits(accountCtx(c));
  return c.html(
    await renderPage(
      <Layout title="Brand kits" account={c.get("session")} active="brand-kits">
        <h1>Brand kits</h1>
        <Flash error={p.error} notice={p.notice} />
        {kits.map((k) => (
          <section class="card" aria-label={`Brand kit ${k.name}`} data-kit={k.id}>
            <h2>{k.name}</h2>
            <KitForm kit={k} id={k.id} />
            <form method="post" action={`/dashboard/brand-kits/${k.id}/delete`} class="actions">
              <button type="submit" class="btn danger" aria-label={`Delete brand kit ${k.name}`}>Delete</button>
            </form>
          </section>
        ))}
        <section class="card" aria-labelledby="new-kit-h">
          <h2 id="new-kit-h">New brand kit</h2>
          <KitForm kit={p.draft ?? BLANK} />
        </section>
      </Layout>,
    ),
    status,
  );
}

async function kitFrom(c: Context) {
  const f = await formOf(c);
  return {
    name: f.one("name").trim(), primary_color: f.one("primary_color").toUpperCase(), accent_color: f.one("accent_color").toUpperCase(),
    caption_font: f.one("caption_font"), caption_position: f.one("caption_position"), default_layout: f.one("default_layout"),
    watermark_url: f.one("watermark_url").trim() || null,
    aspect: f.one("aspect") || undefined,
    // checked with the rest of the kit by the service, whose message names the field
    style: rawStyleFrom(f.one),
  };
}

export function registerBrandKitPages(d: Hono<DashboardEnv>) {
  d.get("/dashboard/brand-kits", requireSession, (c) => kitsPage(c));
  d.post("/dashboard/brand-kits", requireSession, async (c) => {
    const kit = await kitFrom(c);
    try {
      await createOwnBrandKit(accountCtx(c), kit);
    } catch (e) {
      if (e instanceof ServiceError) return kitsPage(c, { error: e.message, draft: { ...BLANK, ...(kit as Partial<BrandKit>) } }, 400);
      throw e;
    }
    return c.redirect("/dashboard/brand-kits", 303);
  });
  d.post("/dashboard/brand-kits/:id", requireSession, async (c) => {
    try {
      await updateOwnBrandKit(accountCtx(c), c.req.param("id"), await kitFrom(c));
    } catch (e) {
      if (e instanceof ServiceError) return kitsPage(c, { error: e.message }, e.code === "not_found" ? 404 : 400);
      throw e;
    }
    return c.redirect("/dashboard/brand-kits", 303);
  });
  d.post("/dashboard/brand-kits/:id/delete", requireSession, async (c) => {
    try {
      await deleteOwnBrandKit(accountCtx(c), c.req.param("id"));
    } catch (e) {
      if (e instanceof ServiceError) return kitsPage(c, { error: e.message }, 404);
      throw e;
    }
    return c.redirect("/dashboard/brand-kits", 303);
  });
}
