// Part-of-speech tags and entities of English text with wink-nlp's English model (the model ships
// inside its npm package, nothing is fetched). Shared by the offline headline (headline.ts) and the
// key words captions emphasise (../captions/keywords.ts).
import model from "wink-eng-lite-web-model";
import winkNLP, { type ItemEntity, type ItemToken } from "wink-nlp";

export interface Tok {
  text: string;
  lower: string;
  /** universal POS tag: NOUN, PROPN, VERB, ADJ, NUM, PUNCT... */
  pos: string;
  /** entity type when the token is part of one (CARDINAL, DATE, PERSON...) */
  entity?: string;
}

let nlp: ReturnType<typeof winkNLP> | undefined;
const its = () => (nlp ??= winkNLP(model)).its;

/** Every token of `text` (punctuation and symbols included), in order. */
export function tagAll(text: string): Tok[] {
  nlp ??= winkNLP(model);
  const doc = nlp.readDoc(text);
  const toks: Tok[] = [];
  doc.tokens().each((t: ItemToken) => {
    const s = t.out();
    toks.push({ text: s, lower: s.toLowerCase(), pos: t.out(its().pos) as string });
  });
  doc.entities().each((e: ItemEntity) => {
    const [a, b] = e.out(its().span) as unknown as number[];
    const type = e.out(its().type) as string;
    for (let k = a!; k <= b! && k < toks.length; k++) toks[k]!.entity = type;
  });
  return toks;
}

/** The tokens of a sentence that are words (no punctuation, spaces or symbols). */
export function tag(sentence: string): Tok[] {
  return tagAll(sentence).filter((t) => t.pos !== "PUNCT" && t.pos !== "SPACE" && t.pos !== "SYM");
}
