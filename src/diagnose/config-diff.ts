// Which engine settings differ between the sides. One changed key makes attribution clean; several
// at once confound it (§9: "changing multiple things: you learn nothing").

import type { ConfigValue, RunMeta } from '../model/run';

export interface ConfigChange {
  key: string;
  base: ConfigValue | undefined;
  head: ConfigValue | undefined;
}

export function diffConfig(base: RunMeta, head: RunMeta): ConfigChange[] {
  const keys = [...new Set([...Object.keys(base.config), ...Object.keys(head.config)])].sort();
  const out: ConfigChange[] = [];
  for (const key of keys) {
    const b = base.config[key];
    const h = head.config[key];
    if (!sameValue(b, h)) out.push({ key, base: b, head: h });
  }
  return out;
}

function sameValue(a: ConfigValue | undefined, b: ConfigValue | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  // "64" and 64, "true" and true are the same setting written two ways.
  return String(a).toLowerCase() === String(b).toLowerCase();
}

export function describeValue(v: ConfigValue | undefined): string {
  return v === undefined ? '(unset)' : String(v);
}
