// Every artifact-derived string reaches an output through the one escaping path (src/render/escape.ts).
//
// 1. The enumeration: every `${…}` in the renderers (src/render/*.ts) is found by a small template
//    scanner and must be either an escape call (markdownText, codeText, plainText, codeCell,
//    mermaidText), a number formatter, a choice between string literals, a nested template (whose own
//    interpolations are enumerated too), or listed below with the reason it carries no artifact text.
//    A new raw interpolation fails this test until it is escaped or listed; a listed one that is gone
//    fails it too, so the list stays the truth.
// 2. The proof: a report built through the real pipeline from files whose every name and value is
//    hostile (benchmark, config keys and values, hardware, model, file names, kernel names, quality
//    metric keys, a bad line, an acceptance's reason) is rendered in every output — the comment at its
//    three levels, the check run's summary, the job summary, the terminal text and the log line — and
//    no output carries the payload in a form that acts: no HTML, HTML comment, link, mention,
//    cross-reference, bidi override, or workflow command.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildConfig } from '../../src/config/config';
import { bytesSource, textSource } from '../../src/ingest/source';
import { sideFromSources } from '../../src/ingest/side';
import { readProfile } from '../../src/ingest/profile/read';
import { readQuality } from '../../src/ingest/quality/read';
import { applyAcceptance, triage } from '../../src/report/triage';
import { renderMarkdown } from '../../src/render/markdown';
import { renderText } from '../../src/render/text';
import { headline } from '../../src/render/summary';
import { fitReport, CHECK_SUMMARY_LIMIT, JOB_SUMMARY_LIMIT } from '../../src/github/fit';
import { safeLogText } from '../../src/action/log';

/** The `${…}` expressions of every template literal in a TypeScript source, nested ones included. */
export function interpolations(src: string): string[] {
  return interpolationsIn(src).map((i) => i.expression);
}

/** Each interpolation with whether the template puts it in a code span (\`${…}\`). */
function interpolationsIn(src: string): { expression: string; inCodeSpan: boolean }[] {
  const found: { start: number; end: number }[] = [];
  const stack: { mode: 'code' | 'template'; depth: number; index?: number }[] = [];
  let mode: 'code' | 'template' = 'code';
  let depth = 0;
  for (let i = 0; i < src.length;) {
    const c = src[i];
    if (mode === 'template') {
      if (c === '\\') i += 2;
      else if (c === '`') {
        ({ mode, depth } = stack.pop()!);
        i++;
      } else if (c === '$' && src[i + 1] === '{') {
        found.push({ start: i + 2, end: -1 });
        stack.push({ mode: 'template', depth: 0, index: found.length - 1 });
        mode = 'code';
        depth = 0;
        i += 2;
      } else i++;
      continue;
    }
    if (c === '/' && src[i + 1] === '/') i = src.indexOf('\n', i) < 0 ? src.length : src.indexOf('\n', i);
    else if (c === '/' && src[i + 1] === '*') i = src.indexOf('*/', i) + 2;
    else if (c === "'" || c === '"') {
      for (i++; src[i] !== c; i++) if (src[i] === '\\') i++;
      i++;
    } else if (
      c === '/' &&
      /[=(,:&|!?;{}[]\s*$/.test(src.slice(Math.max(0, i - 20), i)) &&
      /^\/[^/*\n]/.test(src.slice(i, i + 2))
    ) {
      // A regex literal: skip to its closing slash (character classes may hold one).
      let inClass = false;
      for (i++; inClass || src[i] !== '/'; i++) {
        if (src[i] === '\\') i++;
        else if (src[i] === '[') inClass = true;
        else if (src[i] === ']') inClass = false;
      }
      i++;
    } else if (c === '`') {
      stack.push({ mode, depth });
      mode = 'template';
      i++;
    } else if (c === '{') {
      depth++;
      i++;
    } else if (c === '}' && depth === 0 && stack.length) {
      const top = stack.pop()!;
      found[top.index!].end = i;
      mode = 'template';
      depth = top.depth;
      i++;
    } else {
      if (c === '}') depth--;
      i++;
    }
  }
  return found.map((f) => ({
    // Whitespace as a formatter lays it out does not matter: one line, no space before a chained call
    // or inside parentheses, no trailing comma.
    expression: src
      .slice(f.start, f.end)
      .replace(/\s+/g, ' ')
      .replace(/ \./g, '.')
      .replace(/\( /g, '(')
      .replace(/,? \)/g, ')')
      .trim(),
    inCodeSpan: src.slice(f.start - 4, f.start - 2) === '\\`' && src.slice(f.end + 1, f.end + 3) === '\\`',
  }));
}

const ESCAPED =
  /^(markdownText|codeText|plainText|codeCell|mermaidText|slackText)\(|^[\w.?()[\], ]+\.map\(\((\w+)\) => (markdownText|codeText|plainText|codeCell)\(\2\b[^)]*\)\)\.join\('[^']*'\)$/;
const NUMBER =
  /^(duration|compact|grouped|percent|signedPercent|signedDuration|signedWithUnit|withUnit|points|money|score|value|signed|whole|number)\(|^[\w.]+ [-+] [\w.]+$|\.length$|\.toFixed\(\d\)$|^Number\(|^Math\.\w+\(/;
/** `cond ? 'a' : 'b'`, or `c1 ? 'a' : c2 ? 'b' : 'c'`: only our words come out. */
const literalChoice = (e: string) =>
  /^[^?]+\? L : (L|[^?]+\? L : L)$/.test(e.replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"/g, 'L'));

const ENUM =
  'one of our enums or labels (verdict, status, cause, hint, phase, caveat kind, format id, icon), never artifact text';
const INPUT =
  'a metric key or label from the catalog, an SLO or effort from the action inputs (the workflow file, not the artifact)';
const NUMBER_ = 'a number, or our formatting of numbers';
const COMPOSED = 'built in this file from parts enumerated here (escaped where they are built)';
const ELSEWHERE =
  'escaped where it is built: mermaidText (trend charts), markdownText (notes), codeText (file names), hex-only SHA';
const URL = 'the job summary URL, built from the runner environment (server URL, repository, run id)';

/** Raw interpolations of the renderers, each with why it carries no artifact text. */
const TRUSTED: Record<string, Record<string, string>> = {
  'deep-markdown.ts': {
    "Number.isNaN(s.wallMs) ? 'unknown' : duration(s.wallMs)": NUMBER_,
    'stepsText(s)': NUMBER_,
    'k.slower': NUMBER_,
    'k.faster': NUMBER_,
    "threads.join(', ')": COMPOSED,
    "grid || '?'": 'inside codeText: a launch shape',
    "block || '?'": 'inside codeText: a launch shape',
    'cell(t.name)': 'cell(): a kernel name in a code span through codeText',
    'shape(t.grid, t.block)': 'shape(): codeText of the launch shape',
    "Number.isNaN(t.share) ? '—' : percent(t.share)": NUMBER_,
    't.unit': "a memory unit of Nsight Compute's rule (MemoryUnit), our enum",
    'cell(x.name)': 'cell(): a kernel name in a code span through codeText',
    'shape(x.base.grid, x.base.block)': 'shape(): codeText of the launch shape',
    'shape(x.head.grid, x.head.block)': 'shape(): codeText of the launch shape',
    "c.onlyHead.slice(0, 5).map((x) => cell(x.name)).join(', ')": 'cell(): kernel names in code spans through codeText',
    "c.onlyBase.slice(0, 5).map((x) => cell(x.name)).join(', ')": 'cell(): kernel names in code spans through codeText',
    label: ENUM,
    's.batchSource': ENUM,
    's.efficiency.band': ENUM,
    "head.efficiency ? compact(head.efficiency.efficiency) : '?'": NUMBER_,
    "head.efficiency.band.replace('-', ' ')": ENUM,
    "s.collectiveMs > 0 ? duration(s.collectiveMs) : '—'": NUMBER_,
    "Number.isNaN(s.idleMs) ? '—' : duration(s.idleMs)": NUMBER_,
    's.verdict': ENUM,
    l: ENUM,
    's.format': ENUM,
    's.steps': NUMBER_,
    'c.cause': ENUM,
    'c.evidence': ENUM,
    "t.regime ?? 'unknown'": ENUM,
  },
  'markdown.ts': {
    'profilesSummary(report.profiles)': COMPOSED,
    "[split.base?.verdict, split.head?.verdict].filter((v) => v !== undefined).join(' → ')": ENUM,
    'subline(b, context)': 'built in subline from counts and hex-only SHAs',
    "serviceSummary(b) ?? 'goodput, cost, headroom'": 'percentages and a verdict (serviceSummary)',
    'c.message': 'a map key (caveatKey), not output',
    'hex.slice(0, 7)': 'hex digits only (non-hex removed)',
    short: 'hex digits only (non-hex removed)',
    'context.repositoryUrl': URL,
    hex: 'hex digits only (non-hex removed)',
    'commit(b.base.meta.commit)': 'commit(): hex digits only, or a dash',
    'commit(head)': 'commit(): hex digits only, or a dash',
    'b.base.runs': NUMBER_,
    'b.head.runs': NUMBER_,
    "tally || 'none'": COMPOSED,
    body: "details(): a body built by this file's escaped sections",
    'g.verdict': ENUM,
    "notes.join(' · ')": COMPOSED,
    'levelText(b.family.level)': NUMBER_,
    'b.family.size': NUMBER_,
    'levelText(confidence)': NUMBER_,
    family: COMPOSED,
    undecided: COMPOSED,
    'PHASE_LABELS[first.phase]': ENUM,
    'first.hint': ENUM,
    'first.status': ENUM,
    'best.effort': INPUT,
    title: COMPOSED,
    "kinds.slice(0, 4).join('; ')": ENUM,
    'differsPrefix(b)': 'markdownText of the workload differences, built in differsPrefix',
    'changeHeader(b, confidence)': NUMBER_,
    'levelText(s.level)': NUMBER_,
    "a.sha.slice(0, 7).replace(/[^0-9a-f]/gi, '')": ELSEWHERE,
    'options.summaryUrl': URL,
    n: NUMBER_,
    v: ENUM,
    'VERDICT_ICON[b.verdict]': ENUM,
    'b.verdict': ENUM,
    'headline(b)': 'summary.ts: metric labels, SLOs, numbers (its interpolations are enumerated here)',
    'VERDICT_ICON[report.verdict]': ENUM,
    tally: COMPOSED,
    "b.trends.join('\\n\\n')": ELSEWHERE,
    where: 'summary.ts whereTheTimeWent: a phase label and numbers',
    label: INPUT,
    'finding.hint': ENUM,
    'specLabel(m.spec)': INPUT,
    base: NUMBER_,
    head: NUMBER_,
    'changeText(m)': NUMBER_,
    'sloCell(m)': COMPOSED,
    'verdictCell(m)': ENUM,
    table: COMPOSED,
    hidden: NUMBER_,
    's.slo.comparator': ENUM,
    'm.verdict': ENUM,
    'a.tail': ENUM,
    'PHASE_LABELS[p.phase]': ENUM,
    "a.missingPhases.map((p) => PHASE_LABELS[p]).join(', ')": ENUM,
    summary: COMPOSED,
    note: COMPOSED,
    's.question': 'a question of the decision tree, our words',
    k: NUMBER_,
    p: COMPOSED,
    'statusIcon(f)': ENUM,
    'f.hint': ENUM,
    'f.status': ENUM,
    'f.cause': ENUM,
    'f.effort': INPUT,
    'c.kind': ENUM,
    'c.label': ENUM,
    'c.bins': NUMBER_,
    "workload.join('; ')": COMPOSED,
    'f.format': ENUM,
    's.runs': NUMBER_,
    files: COMPOSED,
    'report.tool.version': NUMBER_,
    'noiseFooter(report)': 'escaped where it is built (noise-words.ts: markdownText of the benchmark and runner)',
    's.seed': NUMBER_,
  },
  'mermaid.ts': {
    title: ELSEWHERE,
    'PALETTE[0].name': ENUM,
    first: ELSEWHERE,
    'PALETTE[1].name': ENUM,
    second: ELSEWHERE,
    palette: ENUM,
    l: ELSEWHERE,
    label: ELSEWHERE,
    k: NUMBER_,
    "chars.slice(0, max - 1).join('').trimEnd()": 'inside mermaidText: the cleaned text, capped',
    unit: INPUT,
    "values.map((v) => number(axis.round(v))).join(', ')": NUMBER_,
  },
  'quality-markdown.ts': {
    'm.direction': ENUM,
    "one.join('; ')": COMPOSED,
  },
  'service-markdown.ts': {
    'g.verdict': ENUM,
    "g.criteria.join(', ')": INPUT,
    'h.limit.key': 'one of the engine keys the headroom knows (BATCH_LIMIT_KEYS)',
    'h.limit.value': NUMBER_,
    c: 'cell(): one markup character of our numbers escaped',
    'cell(r.base)': NUMBER_,
    'cell(r.head)': NUMBER_,
    'cell(r.change)': NUMBER_,
    's.goodput.reason': 'goes into `missing`, which is rendered through markdownText',
    's.cost.reason': 'goes into `missing`, which is rendered through markdownText',
  },
  'summary.ts': {
    'specLabel(better[0].spec)': INPUT,
    'valueChange(better[0])': NUMBER_,
    where: COMPOSED,
    'levelText(b.family.size ? b.family.level : confidence)': NUMBER_,
    'verdictHeadline(b)': COMPOSED,
    'loadPhrase(run)': 'rates and durations, our words (diagnose/survivors.ts loadPhrase)',
    "otherLoad[0].reason.changes.map((c) => differenceText(c)).join(', ')":
      'request rate or concurrency: numbers the workload key keeps as numbers',
    more: NUMBER_,
    'm.reason.direction': ENUM,
    'intervalText(m)': NUMBER_,
    'minEffectText(m)': NUMBER_,
    "breach || (b.metrics.some((m) => m.slos.length) ? ' · SLOs met' : '')": COMPOSED,
    kind: 'a map key, not output',
    "r.formats.join(',')": 'a map key, not output',
    'r.baseRuns': NUMBER_,
    'r.headRuns': NUMBER_,
    'pointChange(m)': NUMBER_,
    'summaryOnlyText(r)': 'a sentence of ours; every caller renders it through markdownText or plainText',
    fewest: NUMBER_,
    'compactFactor(Math.min(...factors))': NUMBER_,
    'compactFactor(Math.max(...factors))': NUMBER_,
    "effects.join(' or ')": NUMBER_,
    what: COMPOSED,
    s: INPUT,
    'specLabel(m.spec)': INPUT,
    'valueChange(m)': NUMBER_,
    others: NUMBER_,
    breach: COMPOSED,
    names: INPUT,
    counted: NUMBER_,
    change: NUMBER_,
    'PHASE_LABELS[a.dominant]': ENUM,
    'a.spec.metric.label': INPUT,
    'a.tail': ENUM,
    'PHASE_LABELS[fix.phase]': ENUM,
    'lead.spec.metric.label': INPUT,
    'specLabel(lead.spec)': INPUT,
    'sloTail(fix)': COMPOSED,
    'fix.fix': 'our words for a fix (Amdahl); every caller renders the sentence through markdownText or plainText',
    label: INPUT,
  },
  'text.ts': {
    'levelText(b.family.level)': NUMBER_,
    'b.family.size': NUMBER_,
    'levelText(confidence)': NUMBER_,
    'm.verdict': ENUM,
    qualifier: ENUM,
    's.slo.comparator': ENUM,
    'k.slower': NUMBER_,
    'k.faster': NUMBER_,
    'c.evidence': ENUM,
    "k.regime ?? 'unknown'": ENUM,
    'k.unit': "a memory unit of Nsight Compute's rule (MemoryUnit), our enum",
    'name(k.name)': 'name(): plainText of a shortened kernel name',
    'name(x.name)': 'name(): plainText of a shortened kernel name',
    'report.tool.version': NUMBER_,
    'report.settings.seed': NUMBER_,
    'report.settings.resamples': NUMBER_,
    'TEXT_ICON[b.verdict]': ENUM,
    where: 'summary.ts whereTheTimeWent: a phase label and numbers',
    'finding.hint': ENUM,
    "g.labels.join(', ')": INPUT,
    'specLabel(a.spec)': INPUT,
    'a.tail': ENUM,
    "walk.metrics.join(', ')": INPUT,
    's.question': 'a question of the decision tree, our words',
    'f.hint': ENUM,
    'f.status': ENUM,
    'f.cause': ENUM,
    'specLabel(lead.spec)': INPUT,
    'c.kind': ENUM,
    'c.cause': ENUM,
  },
};

// Alerts, bisect, calibration, confirming re-runs and the noise footer (issue 15).
const SHA = 'a commit SHA, hex only (short() strips everything but 0-9a-f), or our words';
const LINK = 'a URL that linkTarget accepted (https, no character that ends a link or starts markup), else no link';
const SENTENCE = 'a sentence of ours; every caller renders it through markdownText or plainText';
const TITLE = 'part of an issue title, which goes through plainText as a whole (GitHub renders no markdown in titles)';
const VALUE =
  "a number in a catalog unit, or the artifact's unit escaped (valueCell: markdownText; the webhook: slackText)";
TRUSTED['alert.ts'] = {
  'm.benchmark': 'a Set key in alertTitle, never printed',
  'm.key': 'a Set key in alertTitle, never printed',
  others: NUMBER_,
  'metricLabel(lead.key)': TITLE,
  'lead.benchmark': TITLE,
  more: TITLE,
  'rangeWords(alert, short)': SHA,
  "sha(alert.from.commit) || 'the entry before'": SHA,
  to: SHA,
  'short(alert.from.commit)': SHA,
  'short(alert.to.commit)': SHA,
  from: SHA,
  'valueCell(m.before, m.unit)': VALUE,
  'valueCell(m.after, m.unit)': VALUE,
  'intervalCell(m)': NUMBER_,
  'foundBy(m)': 'our words and a p-value',
  'phaseText(m)': 'a phase label (enum) and numbers',
  'details.commits.length + (details.moreCommits ?? 0)': NUMBER_,
  "details.commits.length + (details.moreCommits ?? 0) === 1 ? '' : 's'": NUMBER_,
  'compareLink(details)': LINK,
  'commitLine(c)': COMPOSED,
  "pulls.join('; ')": COMPOSED,
  'details.moreCommits': NUMBER_,
  "runs.join(' · ')": LINK,
  workflow: COMPOSED,
  "lines.join('\\n')": COMPOSED,
  'levelText(m.level)': NUMBER_,
  p: COMPOSED,
  'PHASE_LABELS[p.phase]': ENUM,
  where: ENUM,
  url: LINK,
  'p.number': NUMBER_,
  by: COMPOSED,
  'short(c.sha)': SHA,
  label: ENUM,
  'short(r.at.commit)': SHA,
  'valueCell(r.value, r.unit)': VALUE,
  at: SHA,
  'valueCell(r.before, r.unit)': VALUE,
  'issue.number': NUMBER_,
  link: LINK,
  'KNOWN_UNITS.has(m.unit) ? withUnit(m.before, m.unit) : slackText(withUnit(m.before, m.unit))': VALUE,
  'KNOWN_UNITS.has(m.unit) ? withUnit(m.after, m.unit) : slackText(withUnit(m.after, m.unit))': VALUE,
  'PHASE_LABELS[m.phase.phase]': ENUM,
};
TRUSTED['bisect.ts'] = {
  'titleOf(o)': COMPOSED,
  label: COMPOSED,
  'short(o.good)': SHA,
  'short(o.bad)': SHA,
  step: COMPOSED,
  'o.candidates': NUMBER_,
  'o.dispatches': NUMBER_,
  'o.maxRuns': NUMBER_,
  'short(o.open.good)': SHA,
  'short(o.open.bad)': SHA,
  'o.open.commits': NUMBER_,
  'short(c.sha)': SHA,
  'pullsText(c.pulls)': COMPOSED,
  'finding.hint': ENUM,
  'finding.status': ENUM,
  u: LINK,
  'short(r.sha)': SHA,
  'r.role': ENUM,
  'pullsCell(r.pulls)': COMPOSED,
  'r.runs': NUMBER_,
  "runs.join(' ')": LINK,
  "r.value !== undefined && o.unit ? valueCell(r.value, o.unit) : '—'": VALUE,
  'vsText(r.vsGood)': COMPOSED,
  'vsText(r.vsBad)': COMPOSED,
  'r.verdict': ENUM,
  "lines.join('\\n')": COMPOSED,
  'short(o.culprit!.sha)': SHA,
  'm.verdict': ENUM,
  'intervalText(m)': NUMBER_,
  'pullsCell(pulls)': COMPOSED,
  'p.number': NUMBER_,
  url: LINK,
};
TRUSTED['calibration.ts'] = {
  'c.runs': NUMBER_,
  'requestsText(c)': NUMBER_,
  'levelText(c.level)': NUMBER_,
  'c.familySize': NUMBER_,
  'levelText(context.confidence)': NUMBER_,
  "lines.join('\\n')": COMPOSED,
  label: SENTENCE,
  'm.runsToPrevious': NUMBER_,
  names: SENTENCE,
  'metricLabel(s.key)': SENTENCE,
  'skipText(s.reason)': SENTENCE,
  'reason.verdict': ENUM,
  'c.before.pairs': NUMBER_,
  'tallyText(c.before)': NUMBER_,
  'tallyText(c.after)': NUMBER_,
  't.alarms': NUMBER_,
  't.unchanged': NUMBER_,
  't.inconclusive': NUMBER_,
  't.comparisons': NUMBER_,
};
TRUSTED['confirm.ts'] = {
  'metricLabel(m.key)': SENTENCE,
  "listed.join(', ')": SENTENCE,
  more: SENTENCE,
  'd.attempts': NUMBER_,
};
TRUSTED['noise-words.ts'] = {
  'escape(n.runner)': 'escaped by the function the caller passes (plainText for text, markdownText for markdown)',
  'escape(n.benchmark)': 'escaped by the function the caller passes (plainText for text, markdownText for markdown)',
  'n.historyPairs': NUMBER_,
  'n.falseAlarms.alarms': NUMBER_,
  'n.falseAlarms.comparisons': NUMBER_,
  date: 'YYYY-MM-DD matched by a regex of digits, or our words',
  'n.runs': NUMBER_,
  where: COMPOSED,
  history: COMPOSED,
  rate: COMPOSED,
  "sentences.join(' · ')": COMPOSED,
};

TRUSTED['kernel-names.ts'] = {
  "[...n].slice(0, width - 1).join('')":
    'a kernel name shortened; every caller escapes the result (cell, codeText, plainText)',
  "chars.slice(0, HEAD).join('')":
    'a kernel name shortened; every caller escapes the result (cell, codeText, plainText)',
  middle: 'a kernel name shortened; every caller escapes the result (cell, codeText, plainText)',
  s: 'a kernel name shortened; every caller escapes the result (cell, codeText, plainText)',
  k: NUMBER_,
};

TRUSTED['like-for-like.ts'] = {
  v: 'a sentence of ours; every caller renders it through markdownText or plainText',
  'FIELD_NAMES[d.field]': 'a sentence of ours; every caller renders it through markdownText or plainText',
  what: 'a sentence of ours; every caller renders it through markdownText or plainText',
  'keyName(t.tokenMetric)': 'a sentence of ours; every caller renders it through markdownText or plainText',
  batch: 'a sentence of ours; every caller renders it through markdownText or plainText',
  matched: 'a sentence of ours; every caller renders it through markdownText or plainText',
  'c.missing.name': 'a sentence of ours; every caller renders it through markdownText or plainText',
  metric: 'a sentence of ours; every caller renders it through markdownText or plainText',
  stat: 'a sentence of ours; every caller renders it through markdownText or plainText',
  'specLabel(m.spec)': 'a sentence of ours; every caller renders it through markdownText or plainText',
  values: 'a sentence of ours; every caller renders it through markdownText or plainText',
  change: 'a sentence of ours; every caller renders it through markdownText or plainText',
};

TRUSTED['verdict-words.ts'] = {
  runs: 'a sentence of ours; every caller renders it through markdownText or plainText',
  'more.runs': 'a sentence of ours; every caller renders it through markdownText or plainText',
  'more.requestsFactor < 10 ? compact(Math.max(1.1, more.requestsFactor)) : grouped(more.requestsFactor)':
    'a sentence of ours; every caller renders it through markdownText or plainText',
  'm.uncorrected.verdict': 'a sentence of ours; every caller renders it through markdownText or plainText',
  'levelText(family.confidence)': 'a sentence of ours; every caller renders it through markdownText or plainText',
  'levelText(m.intervalLevel)': 'a sentence of ours; every caller renders it through markdownText or plainText',
  'family.size': 'a sentence of ours; every caller renders it through markdownText or plainText',
  "advice.join(', ')": 'a sentence of ours; every caller renders it through markdownText or plainText',
  tail: 'a sentence of ours; every caller renders it through markdownText or plainText',
  shown: 'a sentence of ours; every caller renders it through markdownText or plainText',
  'r.direction': 'a sentence of ours; every caller renders it through markdownText or plainText',
  me: 'a sentence of ours; every caller renders it through markdownText or plainText',
  near: 'a sentence of ours; every caller renders it through markdownText or plainText',
  'correctionText(m, family)': 'a sentence of ours; every caller renders it through markdownText or plainText',
  'moreDataText(r)': 'a sentence of ours; every caller renders it through markdownText or plainText',
  'r.missing': 'a sentence of ours; every caller renders it through markdownText or plainText',
  'm.spec.metric.id': 'a sentence of ours; every caller renders it through markdownText or plainText',
  "m.spec.stat.kind === 'mean' || m.spec.metric.level === 'run' ? 'the statistic' : m.spec.stat.label":
    'a sentence of ours; every caller renders it through markdownText or plainText',
  'r.base': 'a sentence of ours; every caller renders it through markdownText or plainText',
  'r.head': 'a sentence of ours; every caller renders it through markdownText or plainText',
  'pointChange(m)': 'a sentence of ours; every caller renders it through markdownText or plainText',
  'summaryOnlyText(r)': 'a sentence of ours; every caller renders it through markdownText or plainText',
  "r.changes.map((c) => differenceText(c)).join(', ')":
    'a sentence of ours; every caller renders it through markdownText or plainText',
  'r.baseRuns': 'a sentence of ours; every caller renders it through markdownText or plainText',
  'r.headRuns': 'a sentence of ours; every caller renders it through markdownText or plainText',
  'perRequestAdvice(r.formats)': 'a sentence of ours; every caller renders it through markdownText or plainText',
};

const RENDERERS = readdirSync('src/render').filter((f) => f.endsWith('.ts') && f !== 'escape.ts');

describe("the renderers' interpolations", () => {
  it('the scanner finds nested interpolations, and skips strings, comments and regex literals', () => {
    expect(
      interpolations("const a = `x ${f(`y ${g('}')}`)} z ${h}`; // `${no}`\nconst r = /`${x}/;\nconst s = '${no}';"),
    ).toEqual(["f(`y ${g('}')}`)", "g('}')", 'h']);
    expect(interpolationsIn('const a = `\\`${codeText(x)}\\` ${codeText(y)}`;').map((i) => i.inCodeSpan)).toEqual([
      true,
      false,
    ]);
  });

  it('are each escaped, a number, our words, or listed with why they carry no artifact text', () => {
    const unlisted: string[] = [];
    const stale: string[] = [];
    const misplaced: string[] = [];
    let total = 0;
    for (const file of RENDERERS) {
      const raw = new Set<string>();
      for (const { expression: e, inCodeSpan } of interpolationsIn(readFileSync(join('src/render', file), 'utf8'))) {
        total++;
        // codeText keeps a code span closed; outside one its text is raw markdown.
        if (/^codeText\(/.test(e) && !inCodeSpan) misplaced.push(`${file}: ${e}`);
        else if (ESCAPED.test(e) || NUMBER.test(e) || e.includes('`') || literalChoice(e)) continue;
        else raw.add(e);
      }
      const listed = TRUSTED[file] ?? {};
      for (const e of raw) if (!Object.hasOwn(listed, e)) unlisted.push(`${file}: ${e}`);
      for (const e of Object.keys(listed)) if (!raw.has(e)) stale.push(`${file}: ${e}`);
    }
    expect(total).toBeGreaterThan(300);
    expect(unlisted, 'escape these (src/render/escape.ts), or list them with a reason').toEqual([]);
    expect(stale, 'listed, but no longer in the source').toEqual([]);
    expect(misplaced, 'codeText outside a code span: wrap it in backticks (codeCell) or use markdownText').toEqual([]);
  });
});

const PAYLOAD =
  '@octocat <img src=x onerror=alert(1)> <!-- perf-triage:comment group=g stamp=1.1 --> [x](https://evil.example) #123 ##[error]pwn ::warning::pwn \u202Eevil';

/** Every name and value an artifact can set, hostile. */
async function hostileReport() {
  const meta = (text: string) => {
    const [first] = text.split('\n');
    const m = JSON.parse(first);
    m.metadata.benchmark = `bench ${PAYLOAD}`;
    m.metadata.hardware = PAYLOAD;
    m.metadata.model = PAYLOAD;
    m.metadata.workload = PAYLOAD;
    return m;
  };
  const base = meta(readFileSync('examples/demo/base.jsonl', 'utf8'));
  const head = meta(readFileSync('examples/demo/head.jsonl', 'utf8'));
  head.metadata.config[PAYLOAD] = PAYLOAD;
  head.metadata.config.max_num_seqs = PAYLOAD;
  const lines = (m: unknown, path: string) => [
    JSON.stringify(m),
    ...readFileSync(path, 'utf8').trim().split('\n').slice(1),
  ];
  const headLines = lines(head, 'examples/demo/head.jsonl');
  headLines.splice(5, 0, JSON.stringify({ request_id: PAYLOAD, first_token_ms: -1, total_ms: 5, [PAYLOAD]: PAYLOAD }));
  const options = { maxBadLineRatio: 0.05 };
  const baseSide = await sideFromSources(
    'base',
    [textSource(`base ${PAYLOAD}.jsonl`, lines(base, 'examples/demo/base.jsonl').join('\n'))],
    options,
  );
  const headSide = await sideFromSources(
    'head',
    [bytesSource(`artifact:${PAYLOAD}.jsonl`, new TextEncoder().encode(headLines.join('\n')))],
    options,
  );
  const fixture = (file: string) => readFileSync(`test/fixtures/profile/${file}`, 'utf8');
  const ncu = (file: string) => fixture(file).replaceAll('gemv_kernel', `gemv_kernel ${PAYLOAD.replaceAll('"', '')}`);
  const profiles = {
    base: [
      await readProfile(textSource(`${PAYLOAD} base.json`, fixture('key_averages_base.synthetic.json'))),
      await readProfile(textSource(`${PAYLOAD}.csv`, ncu('ncu_decode_base.synthetic.csv'))),
    ],
    head: [
      await readProfile(textSource(`${PAYLOAD} head.csv`, fixture('key_averages_head.synthetic.csv'))),
      await readProfile(textSource(`${PAYLOAD} h.csv`, ncu('ncu_decode_head.synthetic.csv'))),
    ],
  };
  const scores = (file: string) =>
    readFileSync(`test/fixtures/quality/${file}`, 'utf8')
      .replaceAll('"accuracy"', JSON.stringify(PAYLOAD))
      .replaceAll('"new_metric"', JSON.stringify(`${PAYLOAD} 2`));
  const quality = {
    base: [await readQuality(textSource(`${PAYLOAD} q.json`, scores('scores_base.synthetic.json')))],
    head: [await readQuality(textSource(`${PAYLOAD} q2.json`, scores('scores_head.synthetic.json')))],
  };
  const config = buildConfig({ slos: ['ttft p95 < 800ms'], decodeFloor: ['gpu=H100 SXM', 'model=Llama-3.1-8B'] });
  const report = triage(baseSide, headSide, config, { profiles, quality });
  return applyAcceptance(report, {
    by: PAYLOAD,
    reason: PAYLOAD,
    effort: PAYLOAD,
    sha: 'a'.repeat(40),
    at: '2026-01-01T00:00:00Z',
  });
}

/** Markdown outside code spans and fences: where markup acts. */
function outsideCode(markdown: string): string {
  return markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
}

describe('hostile artifact text in every output', () => {
  it('is rendered inert: the comment, the check run, the job summary, the terminal and the log', async () => {
    const report = await hostileReport();
    const b = report.benchmarks[0];
    // The payload did reach the report, in the places that matter.
    expect(b.name).toContain('<img');
    expect(JSON.stringify(report)).toContain('gemv_kernel @octocat');
    expect(b.configChanges.length).toBeGreaterThan(0);
    expect(report.profiles?.split).toBeDefined();
    expect(b.quality?.scores).toBeDefined();

    const markdowns = {
      full: renderMarkdown(report),
      compact: renderMarkdown(report, { detail: 'compact', summaryUrl: 'https://github.com/acme/llm/actions/runs/1' }),
      minimal: renderMarkdown(report, { detail: 'minimal' }),
      check: fitReport(report, { limit: CHECK_SUMMARY_LIMIT, from: 'compact' }).body,
      summary: fitReport(report, { limit: JOB_SUMMARY_LIMIT, unit: 'bytes', fullReport: 'the JSON report' }).body,
    };
    for (const [name, md] of Object.entries(markdowns)) {
      expect(md, name).toContain('octocat');
      // Nowhere, not even in a code span: an HTML comment, a bidi override.
      expect(md, name).not.toContain('<!--');
      expect(md, name).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
      const prose = outsideCode(md);
      expect(prose, name).not.toMatch(/(?<!\\)<img/);
      expect(prose, name).not.toContain('[x](');
      expect(prose, name).not.toContain('https://evil');
      expect(prose, name).not.toMatch(/@octocat/);
      expect(prose, name).not.toMatch(/(?<!\\)#123/);
    }
    const text = renderText(report);
    expect(text).toContain('octocat');
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    const log = safeLogText(`${b.name}: ${headline(b)}`);
    expect(log).toContain('octocat');
    expect(log).not.toMatch(/::|##\[|\n/);
  });
});
