// Small English word lists the moment selector and the offline scorer read. Hand-written and
// deliberately short: each list serves one feature in engines/scorer/score-features.ts.

export const STOPWORDS: ReadonlySet<string> = new Set(
  ("a an the and or but so if then than that this these those there here is are was were be been being am " +
    "i you he she it we they me him her us them my your his its our their mine yours what which who whom whose " +
    "to of in on at by for with from up down out over under into onto about as just very really too also not no " +
    "do does did done have has had having will would shall should can could may might must get got go going " +
    "s t d ll re ve m don't it's i'm you're that's there's let's oh okay ok yeah yes well like um uh er ah hmm").split(" "),
);

/** One-word fillers (hesitations and discourse markers). */
export const FILLER_WORDS: ReadonlySet<string> = new Set(["um", "uh", "er", "erm", "ah", "hmm", "mm", "uhm", "umm", "like", "basically", "literally", "actually", "yeah", "okay"]);
/** Multi-word fillers, matched on consecutive tokens. */
export const FILLER_PHRASES: readonly string[][] = [
  ["you", "know"], ["i", "mean"], ["kind", "of"], ["sort", "of"], ["you", "see"], ["so", "yeah"], ["or", "whatever"], ["and", "stuff"],
];

/**
 * Words that tie a sentence to the one before it: a clip should not open with one
 * ("and", "but", "so", "because", "which", "that", ...).
 */
export const CONNECTORS: ReadonlySet<string> = new Set([
  "and", "but", "so", "because", "which", "that", "or", "nor", "then", "also", "plus", "though", "although",
  "however", "therefore", "thus", "hence", "anyway", "besides", "moreover", "furthermore", "meanwhile",
  "otherwise", "whereas", "while", "cause", "cuz", "um", "uh", "er",
]);

/** Words that open a question when they start a sentence (recognisers often drop the "?"). */
export const QUESTION_STARTERS: ReadonlySet<string> = new Set([
  "why", "how", "what", "when", "where", "who", "which", "whats", "what's", "hows", "how's", "whos",
  "do", "does", "did", "is", "are", "can", "could", "would", "should", "have", "has", "will", "ever", "isn't", "don't",
]);

/** Contrast and surprise markers: a hook that sets up a tension. */
export const CONTRAST_WORDS: ReadonlySet<string> = new Set([
  "but", "however", "instead", "actually", "never", "nobody", "nothing", "wrong", "mistake", "myth", "secret",
  "truth", "surprising", "surprisingly", "unlike", "despite", "yet", "opposite", "fail", "fails", "failed", "problem",
]);

/** Claim markers: a sentence that asserts or promises something. */
export const CLAIM_WORDS: ReadonlySet<string> = new Set([
  "always", "never", "every", "everyone", "best", "worst", "most", "biggest", "key", "reason", "rule", "need",
  "must", "important", "only", "here's", "how", "truth", "proven", "guarantee", "simple", "easiest", "fastest",
]);

/** Sentiment lexicon: word -> valence in -3..3; intensity uses the absolute value. */
export const SENTIMENT: Readonly<Record<string, number>> = {
  love: 3, amazing: 3, incredible: 3, awesome: 3, fantastic: 3, brilliant: 3, perfect: 3, best: 3, wonderful: 3,
  great: 2, good: 1, happy: 2, excited: 2, exciting: 2, beautiful: 2, win: 2, won: 2, success: 2, successful: 2,
  powerful: 2, easy: 1, free: 1, fun: 2, funny: 2, laugh: 2, wow: 3, proud: 2, hope: 1, like: 0, nice: 1, cool: 1,
  hate: -3, terrible: -3, horrible: -3, awful: -3, worst: -3, disaster: -3, insane: -2, crazy: -2, shocking: -3,
  bad: -2, wrong: -2, fail: -2, fails: -2, failed: -2, failure: -2, lose: -2, lost: -2, fear: -2, scared: -2, angry: -2,
  mistake: -2, mistakes: -2, problem: -1, problems: -1, hard: -1, difficult: -1, broke: -2, dead: -3, die: -3, kill: -3,
  killed: -3, danger: -2, dangerous: -2, risk: -1, pain: -2, sad: -2, crisis: -3, never: -1, nobody: -1, stupid: -2,
};

/** Words that amplify whatever follows. */
export const INTENSIFIERS: ReadonlySet<string> = new Set([
  "very", "really", "so", "extremely", "totally", "absolutely", "completely", "incredibly", "super", "insanely", "literally", "most",
]);

/** Per-genre vocabulary that makes a passage sound on-genre. */
export const GENRE_WORDS: Readonly<Record<string, readonly string[]>> = {
  podcast: ["story", "think", "believe", "honestly", "opinion", "life", "people", "guest", "conversation", "question"],
  education: ["learn", "explain", "because", "example", "step", "reason", "means", "understand", "rule", "how", "why", "first", "second"],
  gaming: ["game", "play", "win", "boss", "level", "kill", "clutch", "insane", "run", "team", "round"],
  comedy: ["funny", "laugh", "joke", "crazy", "weird", "ridiculous", "imagine", "wait"],
  news: ["today", "report", "announced", "government", "percent", "million", "according", "officials", "new", "week"],
};
