// The price of the hardware a run used, as teams write it: "$2.50/gpu-hour x 8",
// "2.5 per GPU-hour, 8 GPUs", "€3.1/h*4", "8 GPUs at USD 2.5/hr". Parsing never throws: a text that
// does not fit comes back as a message naming what was expected (a Result), like parseStat does.

import { err, ok, type Result } from '../model/result';

export interface CostSpec {
  /** Price of one GPU for one hour. */
  pricePerGpuHour: number;
  /** GPUs the deployment holds (fractional for shared or MIG slices). */
  gpus: number;
  /** As written: a symbol ("$", "€") or a three-letter code ("USD"); absent when the text gave none. */
  currency?: string;
}

const EXAMPLE = 'as in "$2.50/gpu-hour x 8" or "2.5 per GPU-hour, 8 GPUs"';
const SYMBOLS = '$€£¥₹';
const NUMBER = String.raw`(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?`;
// The unit may run straight into the "x" of the GPU count ("/hx4"), so it ends at any non-letter or x.
// Three letters that are not a word of the grammar ("per", "gpu", "for", …).
const CODE = String.raw`(?!(?:per|gpu|for|hrs|and)\b)[a-z]{3}\b`;
const CURRENCY = `[${SYMBOLS}]|${CODE}`;
const PRICE = `(?<pre>${CURRENCY})?\\s*(?<price>${NUMBER})\\s*(?<post>${CURRENCY})?`;
const UNIT = String.raw`(?<unit>(?:\/|\bper\b|\ba\b)\s*(?:gpu\s*(?:[-\s/·]\s*)?)?(?:hours|hour|hrs|hr|h)(?![a-wyz]))`;
const COUNT = String.raw`(?<count>${NUMBER})\s*(?:gpus?\b)?`;
const PRICE_FIRST = new RegExp(
  String.raw`^${PRICE}\s*${UNIT}\s*(?:[x×*,]|\bwith\b|\bon\b|\bfor\b|\btimes\b)?\s*${COUNT}$`,
  'iu',
);
const COUNT_FIRST = new RegExp(String.raw`^${COUNT}\s*(?:[x×*,]|\bat\b|\bfor\b)?\s*${PRICE}\s*${UNIT}$`, 'iu');

/** Parses a cost spec; an error message when the text does not fit. */
export function parseCostSpec(text: string): Result<CostSpec> {
  if (typeof text !== 'string') return err(`expected a text ${EXAMPLE}`);
  const input = text.trim().replace(/\s+/g, ' ');
  if (!input) return err(`empty cost: expected a price per GPU-hour and a GPU count, ${EXAMPLE}`);
  const match = PRICE_FIRST.exec(input) ?? COUNT_FIRST.exec(input);
  if (!match?.groups) return err(explain(input));
  const { pre, post, price, count } = match.groups;
  if (pre && post) return err(`cost "${input}": two currencies ("${pre}" and "${post}"); write one, ${EXAMPLE}`);
  const pricePerGpuHour = Number(price);
  const gpus = Number(count);
  if (!Number.isFinite(pricePerGpuHour) || pricePerGpuHour <= 0)
    return err(`cost "${input}": expected a positive price per GPU-hour, got ${price}`);
  if (!Number.isFinite(gpus) || gpus <= 0)
    return err(`cost "${input}": expected a positive number of GPUs, got ${count}`);
  const currency = pre ?? post;
  return ok({ pricePerGpuHour, gpus, ...(currency ? { currency: normaliseCurrency(currency) } : {}) });
}

/** The spec as parseCostSpec reads it back: "$2.5/gpu-hour x 8", "3.1 EUR/gpu-hour x 4". */
export function formatCostSpec(spec: CostSpec): string {
  const price = String(spec.pricePerGpuHour);
  const amount = !spec.currency
    ? price
    : isSymbol(spec.currency)
      ? `${spec.currency}${price}`
      : `${price} ${spec.currency}`;
  return `${amount}/gpu-hour x ${String(spec.gpus)}`;
}

/** An amount in the spec's currency: "$1.85", "1.85 EUR", "1.85" when no currency was given. */
export function money(value: number, currency: string | undefined): string {
  const a = Math.abs(value);
  const digits =
    a === 0 || a >= 0.01 ? a.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',') : String(Number(a.toPrecision(2)));
  const body = (value < 0 ? '−' : '') + digits;
  if (!currency) return body;
  return isSymbol(currency) ? `${currency}${body}` : `${body} ${currency}`;
}

function isSymbol(currency: string): boolean {
  return currency.length === 1 && SYMBOLS.includes(currency);
}

function normaliseCurrency(text: string): string {
  return isSymbol(text) ? text : text.toUpperCase();
}

/** Names the first missing piece, so the message says what to add rather than "invalid". */
function explain(input: string): string {
  const lower = input.toLowerCase();
  const numbers = lower.match(new RegExp(NUMBER, 'g')) ?? [];
  if (numbers.length === 0) return `cost "${input}": expected a price per GPU-hour and a GPU count, ${EXAMPLE}`;
  if (!new RegExp(UNIT, 'iu').test(lower))
    return `cost "${input}": expected the price to be per GPU-hour ("/gpu-hour", "/h" or "per GPU-hour"), ${EXAMPLE}`;
  if (numbers.length === 1)
    return `cost "${input}": expected the number of GPUs after the price ("x 8", ", 8 GPUs"; "x 1" for one), ${EXAMPLE}`;
  return `cost "${input}": expected one price per GPU-hour and one GPU count, ${EXAMPLE}`;
}
