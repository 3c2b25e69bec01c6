// English number words, so "25" in a reference and "twenty five" from a recogniser compare equal.

const ONES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
  "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"];
const TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];

/** Integer 0..999999 -> English words ("twenty five"); other inputs are returned as digits. */
export function numberToWords(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n > 999_999) return String(n);
  if (n < 20) return ONES[n]!;
  if (n < 100) return TENS[Math.floor(n / 10)]! + (n % 10 ? ` ${ONES[n % 10]}` : "");
  if (n < 1000) return `${ONES[Math.floor(n / 100)]} hundred` + (n % 100 ? ` ${numberToWords(n % 100)}` : "");
  return `${numberToWords(Math.floor(n / 1000))} thousand` + (n % 1000 ? ` ${numberToWords(n % 1000)}` : "");
}

export const NUMBER_WORDS: ReadonlySet<string> = new Set([
  ...ONES.slice(1), ...TENS.filter(Boolean), "hundred", "thousand", "million", "billion", "percent", "half", "double", "triple",
]);
