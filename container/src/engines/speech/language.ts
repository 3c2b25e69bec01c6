// The language a Whisper engine reports, as the code Katto stores (transcript `lang`). Whisper
// front ends report a code ("en", "haw"), a tag ("pt-BR") or a name ("english"); the code is kept
// whole, so Hawaiian stays "haw" instead of becoming Hausa's "ha".

/** Whisper's languages (its tokenizer's list): ISO 639-1 codes, plus haw and yue, which have none. */
export const WHISPER_LANGUAGES = (
  "en zh de es ru ko fr ja pt tr pl ca nl ar sv it id hi fi vi he uk el ms cs ro da hu ta no th ur hr bg lt la mi ml cy sk te fa lv bn sr az sl kn et mk br eu is hy ne mn bs kk sq sw gl mr pa si km sn yo so af oc ka be tg sd gu am yi lo uz fo ht ps tk nn mt sa lb my bo tl mg as tt haw ln ha ba jw su yue"
).split(" ");

let byName: Map<string, string> | undefined;
/** "english" -> "en": English names of Whisper's languages, from the runtime's ICU data. */
function codeOfName(name: string): string | undefined {
  if (!byName) {
    const names = new Intl.DisplayNames(["en"], { type: "language" });
    byName = new Map(WHISPER_LANGUAGES.map((code) => [names.of(code)?.toLowerCase() ?? code, code]));
  }
  return byName.get(name);
}

/** The reported language as a lower-case code, or null when there is none or it is not one. */
export function languageCode(reported: string | null | undefined): string | null {
  const s = reported?.trim().toLowerCase();
  if (!s) return null;
  // A name first: "Lao" is a name of three letters.
  const named = codeOfName(s);
  if (named) return named;
  const primary = s.split(/[-_]/)[0]!;
  return /^[a-z]{2,3}$/.test(primary) ? primary : null;
}
